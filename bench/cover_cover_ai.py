"""Cover-cover with every seat an AI: how fast auto matches run to their end.

Run ``python -m bench.cover_cover_ai [--games N] [--seed S]``. Part one plays seeded
matches on the pure engine, chance seeded per step as the match service does and
AI seats asked as its driver does, with ``auto`` on and off, for 2 to 6 seats.
Part two runs whole auto matches through the real services on SQLite: a member
opens the lobby, adds AI seats, starts and leaves, and the AI driver plays the
rest (every step written to the database).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from bench.common import open_bench
from bot.engine import CHANCE, Match
from bot.games.cover_cover import GAME

RULES = GAME.rules


@dataclass
class Tally:
    """What the games of one configuration added up to."""

    seconds: list[float] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    presses: list[int] = field(default_factory=list)
    covers: int = 0
    deepest: Counter[int] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)


def play(seats: int, options: dict[str, str], seed: int, tally: Tally) -> None:
    """Play one all-AI match on the pure engine."""
    began = time.perf_counter()
    match = Match.new(RULES, seats, options)
    policy, presses = GAME.policy(None), 0
    while match.outcome is None:
        if match.chance_pending:
            rng = random.Random(f"{seed}:{match.seq}")
            match.step(CHANCE, RULES.chance_outcome(match.state, rng).token())
            continue
        seat = min(RULES.to_act(match.state))
        legal = RULES.legal_actions(match.state, seat)
        action = policy.choose(
            RULES.view(match.state, seat), legal, random.Random(0), must_act=False
        )
        assert action is not None
        match.step(seat, action.token())
        presses += 1
    state = match.state
    tally.seconds.append(time.perf_counter() - began)
    tally.rounds.append(state.round)
    tally.steps.append(match.seq)
    tally.presses.append(presses)
    tally.covers += state.covers
    tally.deepest[state.deepest] += 1
    tally.endings[state.termination] += 1


def report(label: str, tally: Tally) -> None:
    """Print one configuration's figures."""
    ms = [1000 * s for s in tally.seconds]
    rounds = sum(tally.rounds)
    print(
        f"{label}: {len(ms)} games, {statistics.mean(ms):.1f} ms mean / {max(ms):.1f} ms max; "
        f"{statistics.mean(tally.rounds):.0f} rounds, {statistics.mean(tally.steps):.0f} steps, "
        f"{statistics.mean(tally.presses):.0f} AI presses per game"
    )
    deepest = ", ".join(f"{d}: {n}" for d, n in sorted(tally.deepest.items()))
    print(
        f"  {100 * tally.covers / max(1, rounds):.1f} Cover-covers per 100 rounds; "
        f"deepest nesting per game {{{deepest}}}; endings {dict(tally.endings)}"
    )


async def service_run(seats: int, seed: int) -> tuple[float, int]:
    """Run one auto match through the services; return seconds and logged steps."""
    bench = await open_bench()
    bench.lobbies.seeds = random.Random(seed)
    options: dict[str, str | None] = {"auto": "on", "round_limit": "300"}
    lobby = await bench.lobbies.open(
        guild_id=1, channel_id=1, game="cover_cover", options=options, host=(1, "host")
    )
    for _ in range(seats - 1):
        await bench.lobbies.add_ai(lobby.match_id, 1)
    began = time.perf_counter()
    await bench.lobbies.start(lobby.match_id, 1)
    await bench.matches.leave(lobby.match_id, 1)
    live = await bench.matches.load(lobby.match_id)
    while live.row.status == "active" and time.perf_counter() - began < 60:
        await asyncio.sleep(0.001)
    assert live.row.status == "finished", live.row.status
    elapsed = time.perf_counter() - began
    await bench.engine.dispose()
    return elapsed, live.version


async def services(games: int, seed: int) -> None:
    """Print how long whole auto matches take through the services and the database."""
    for seats in (2, 4, 6):
        runs = [await service_run(seats, seed + g) for g in range(games)]
        ms = [1000 * t for t, _ in runs]
        steps = statistics.mean(v for _, v in runs)
        print(
            f"services, {seats} AI seats, auto on, limit 300: {statistics.mean(ms):.0f} ms mean / "
            f"{max(ms):.0f} ms max from Start to finished, {steps:.0f} logged steps"
        )


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    for auto in ("on", "off"):
        for limit in ("300", "0"):
            for seats in range(2, 7):
                tally = Tally()
                options = {"auto": auto, "round_limit": limit}
                for game in range(args.games):
                    play(seats, options, args.seed * 1000 + game, tally)
                shown = "none" if limit == "0" else limit
                report(f"engine, {seats} seats, auto {auto}, limit {shown}", tally)
    asyncio.run(services(max(1, args.games // 10), args.seed))


if __name__ == "__main__":
    main()
