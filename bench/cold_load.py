"""Cold load time of a long match: latest snapshot plus the tail of the log.

Two logs are loaded. COVERTA matches rarely pass ~110 logged steps, so the
benchmark plays seeded "stalling" COVERTA matches (6 seats, bluff, steal on:
draw, steal and try plays in place before shedding) and keeps the longest; and
it plays a random NEVER OVER session (6 seats, 12 cards, 6 games) cut at
exactly ``--events`` logged steps, a match in progress. Each log and its
snapshots are written the way MatchService does, then loaded in fresh services
with nothing cached. The replay cost per event is printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

import msgspec

from bench.common import Bench, open_bench
from bot.app.matches import MatchService
from bot.engine import CHANCE, Match
from bot.games import build_registry
from bot.store import NewMatch

STALLING_ORDER = ("S.", "B", "P.", "C", "A.", "E")
COVERTA = ("coverta", {"mode": "bluff", "steal": "on"})
NEVER_OVER = ("never_over", {"hand_size": "12", "games": "6"})
SEATS = 6


def longest_log(target: int, tries: int) -> list[tuple[int, str]]:
    """Return the log of the longest stalling match found (stopping early at the target)."""
    best: list[tuple[int, str]] = []
    for seed in range(tries):
        log = record(*COVERTA, seed, STALLING_ORDER)
        if len(log) > len(best):
            best = log
        if len(best) >= target:
            break
    return best[:target]


def record(
    game: str, options: dict[str, str], seed: int, order: tuple[str, ...] = (), cap: int = 10**6
) -> list[tuple[int, str]]:
    """Play a seeded match (actions starting with ``order``'s prefixes first); keep its log."""
    rules = build_registry().get(game).rules
    rng = random.Random(seed)
    match = Match.new(rules, SEATS, options)
    log: list[tuple[int, str]] = []
    while match.outcome is None and len(log) < cap:
        to_act = sorted(rules.to_act(match.state))
        seat = CHANCE if CHANCE in to_act else rng.choice(to_act)
        if seat == CHANCE:
            token = rules.chance_outcome(match.state, rng).token()
        else:
            legal = [a.token() for a in rules.legal_actions(match.state, seat)]
            groups = [[t for t in legal if t.startswith(p)] for p in order]
            token = rng.choice(next((g for g in groups if g), legal))
        match.step(seat, token)
        log.append((seat, token))
    return log


Game = tuple[str, dict[str, str]]


async def store_match(bench: Bench, game: Game, log: list[tuple[int, str]], every: int) -> int:
    """Write a match, its seats, its log and its snapshots as MatchService would."""
    repo, (key, options) = bench.matches.repo, game
    match_id = await repo.create_match(NewMatch(1, 1, key, 1, options, 1, 1, status="active"))
    await repo.set_seats(match_id, [(s, 100 + s, None, f"p{s}") for s in range(SEATS)])
    rules = build_registry().get(key).rules
    match = Match.new(rules, SEATS, options)
    for seat, token in log:
        events = msgspec.to_builtins(match.step(seat, token))
        await repo.append_events(match_id, match.seq - 1, [(seat, token, events)])
        if match.seq % every == 0:
            await repo.save_snapshot(match_id, match.seq, msgspec.json.encode(match.state))
    return match_id


async def time_loads(game: Game, log: list[tuple[int, str]], runs: int, every: int) -> list[float]:
    """Return the wall time of each cold load of the stored match."""
    bench = await open_bench(snapshot_every=every)
    match_id = await store_match(bench, game, log, every)
    times = []
    for _ in range(runs):
        fresh = MatchService(bench.matches.repo, bench.matches.registry, bench.matches.publisher)
        began = time.perf_counter()
        live = await fresh.load(match_id)
        times.append(time.perf_counter() - began)
        assert live.version == len(log)
    await bench.engine.dispose()
    return times


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--tries", type=int, default=200)
    args = parser.parse_args()
    log = longest_log(args.events, args.tries)
    print(f"longest stalling COVERTA match found: {len(log)} logged events")
    report(COVERTA, log, args.runs)
    log = record(*NEVER_OVER, seed=1, cap=args.events)
    print(f"NEVER OVER session in progress: {len(log)} logged events")
    report(NEVER_OVER, log, args.runs)


def report(game: Game, log: list[tuple[int, str]], runs: int) -> None:
    """Time cold loads with snapshots every 50 steps and with the whole log replayed."""
    replay_only = 10**6
    for every, label in ((50, "snapshots every 50"), (replay_only, "whole log replayed")):
        times = asyncio.run(time_loads(game, log, runs, every))
        median, worst = statistics.median(times) * 1000, max(times) * 1000
        print(f"  cold load, {label}: median {median:.2f} ms, max {worst:.2f} ms")
        if every == replay_only:
            print(f"    about {median / len(log) * 1e3:.0f} µs per logged event (read + replay)")


if __name__ == "__main__":
    main()
