"""The COVERTA deducer against random seats: win rate, decision time and games per second.

Run ``python -m bench.coverta_ai [--games N] [--seed S] [--mode bluff] [--steal on]``.
The deducer takes seat ``game % seats`` so it plays every position equally often;
AI seats are asked in seat order with ``must_act=False`` first, as the match
service does, and ties count as a fraction of a win (1 / number of winners).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from bot.engine import CHANCE, Match, Policy, RandomPolicy
from bot.games.coverta.ai import DeducingPolicy
from bot.games.coverta.rules import CovertaRules


@dataclass
class Tally:
    """What the games so far added up to."""

    games: int = 0
    share: float = 0.0
    """Wins of the deducer, ties counted fractionally."""
    outright: int = 0
    timings: list[float] = field(default_factory=list)
    """Seconds per deducer decision."""
    endings: Counter[str] = field(default_factory=Counter)
    steps: int = 0


def ask(match: Match, policies: list[Policy], rng: random.Random, tally: Tally) -> str | None:
    """Ask the seats that may act, in seat order, as the match service does."""
    rules, state = match.rules, match.state
    seats = sorted(s for s in rules.to_act(state) if s >= 0)
    for must_act in (False, True):
        for seat in seats:
            policy = policies[seat]
            view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
            began = time.perf_counter()
            action = policy.choose(view, legal, rng, must_act=must_act)
            if isinstance(policy, DeducingPolicy):
                tally.timings.append(time.perf_counter() - began)
            if action is not None:
                match.step(seat, action.token())
                return action.token()
    return None


def play(rules: CovertaRules, options: dict[str, str], game: int, seed: int, tally: Tally) -> None:
    """Play one seeded game with the deducer in seat ``game % seats``."""
    seats = int(options["seats"])
    match = Match.new(rules, seats, {k: v for k, v in options.items() if k != "seats"})
    chance = random.Random(f"{seed}:{game}:chance")
    ai = random.Random(f"{seed}:{game}:ai")
    me = game % seats
    policies: list[Policy] = [RandomPolicy() for _ in range(seats)]
    policies[me] = DeducingPolicy()
    while match.outcome is None:
        if match.chance_pending:
            match.step(CHANCE, rules.chance_outcome(match.state, chance).token())
        elif ask(match, policies, ai, tally) is None:
            raise RuntimeError("nobody acted")
    outcome = match.outcome
    tally.games += 1
    tally.steps += match.seq
    tally.endings[outcome.termination] += 1
    if me in outcome.winners:
        tally.share += 1 / len(outcome.winners)
        tally.outright += len(outcome.winners) == 1


def percentile(values: list[float], q: float) -> float:
    """Return the q-th percentile (0..100) of a list of numbers."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def report(tally: Tally, options: dict[str, str], elapsed: float) -> None:
    """Print the figures."""
    seats = int(options["seats"])
    ms = [t * 1000 for t in tally.timings]
    print(
        f"COVERTA deducer vs {seats - 1} random seats, mode {options['mode']}, "
        f"steal {options['steal']}, {tally.games} games"
    )
    print(
        f"  deducer win rate {tally.share / tally.games:.1%} "
        f"(outright {tally.outright}); random's expected share {1 / seats:.1%}"
    )
    print(f"  endings {dict(tally.endings)}, {tally.steps / tally.games:.1f} steps per game")
    print(
        f"  decision time mean {sum(ms) / len(ms):.2f} ms, p99 {percentile(ms, 99):.2f} ms, "
        f"max {max(ms):.2f} ms over {len(ms)} decisions"
    )
    print(f"  {tally.games / elapsed:.1f} games/s ({elapsed:.1f} s)")


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--mode", choices=("strict", "bluff"), default="strict")
    parser.add_argument("--steal", choices=("off", "on"), default="off")
    args = parser.parse_args()
    options = {"mode": args.mode, "steal": args.steal, "seats": str(args.seats)}
    rules, tally = CovertaRules(), Tally()
    began = time.perf_counter()
    for game in range(args.games):
        play(rules, options, game, args.seed, tally)
    report(tally, options, time.perf_counter() - began)


if __name__ == "__main__":
    main()
