"""Random COVERTA playouts per second, through the pure rules (no storage, no Discord)."""

from __future__ import annotations

import argparse
import random
import time

from bot.engine import CHANCE, Match
from bot.games import build_registry


def playout(rules: object, seats: int, options: dict[str, str], rng: random.Random) -> int:
    """Play one match with random legal actions; return the number of steps."""
    match = Match.new(rules, seats, options)  # type: ignore[arg-type]
    while match.outcome is None:
        to_act = sorted(match.rules.to_act(match.state))
        seat = rng.choice(to_act)
        if seat == CHANCE:
            action = match.rules.chance_outcome(match.state, rng)
        else:
            legal = match.rules.legal_actions(match.state, seat)
            action = legal[rng.randrange(len(legal))]
        match.step(seat, action.token())
    return match.seq


def main() -> None:
    """Run the benchmark for each mode and print playouts per second."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seats", type=int, default=3)
    args = parser.parse_args()
    rules = build_registry().get("coverta").rules
    for options in ({"mode": "strict", "steal": "off"}, {"mode": "bluff", "steal": "on"}):
        rng = random.Random(1)
        began = time.perf_counter()
        steps = sum(playout(rules, args.seats, options, rng) for _ in range(args.games))
        elapsed = time.perf_counter() - began
        print(
            f"{options['mode']}, steal {options['steal']}, {args.seats} seats: "
            f"{args.games / elapsed:,.0f} playouts/s, {steps / elapsed:,.0f} steps/s, "
            f"{steps / args.games:.1f} steps per game"
        )


if __name__ == "__main__":
    main()
