"""How long Cover-cover games last without a round limit (the default, as the source plays).

Run ``python -m bench.cover_cover_lengths [--games N] [--seed S] [--cap R]``. Each
game is played on the pure engine with ``auto`` on and ``round_limit`` 0: one press
lets the bot play a block of rounds, chance (the deal and every shuffle of a
winnings pile) drawn from a seeded generator. For 2 to 6 players it prints the
median, 90th percentile and longest game in rounds, how each game ended, and how
many games were still going after ``--cap`` rounds (a game that cycles for ever
would show up there; none has so far, see README "Cover-cover game length").
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from bot.engine import CHANCE
from bot.games.cover_cover.rules import CoverCoverRules
from bot.games.cover_cover.state import CoverState

RULES = CoverCoverRules()
OPTIONS = {"round_limit": "0", "auto": "on", "auto_summary_every": "50"}


def play(seats: int, seed: int, cap: int) -> CoverState:
    """Play one auto game to its end, or until ``cap`` rounds; return the last state."""
    rng = random.Random(seed)
    state: CoverState = RULES.initial_state(seats, OPTIONS)
    while state.phase != "over" and state.round <= cap:
        to_act = RULES.to_act(state)
        if CHANCE in to_act:
            action = RULES.chance_outcome(state, rng)
            state = RULES.apply(state, CHANCE, action).state
        else:
            seat = min(to_act)
            (press,) = RULES.legal_actions(state, seat)
            state = RULES.apply(state, seat, press).state
    return state


def percentile(values: list[int], share: float) -> int:
    """Return the value below which ``share`` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    """Play the games and print the distribution of game lengths per player count."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=int, default=20000, help="rounds before giving up")
    args = parser.parse_args()
    print(f"Cover-cover, no round limit, {args.games} auto games per player count")
    for seats in range(2, 7):
        began = time.perf_counter()
        lengths: list[int] = []
        endings: Counter[str] = Counter()
        unfinished = 0
        for game in range(args.games):
            state = play(seats, args.seed * 1_000_003 + seats * 10_007 + game, args.cap)
            if state.phase != "over":
                unfinished += 1
                continue
            lengths.append(state.round)
            endings[state.termination] += 1
        elapsed = time.perf_counter() - began
        if lengths:
            figures = (
                f"median {statistics.median(lengths):.0f}, p90 {percentile(lengths, 0.9)}, "
                f"max {max(lengths)} rounds"
            )
        else:
            figures = "no game ended"
        print(
            f"{seats} players: {figures}; endings {dict(endings)}; "
            f"unfinished after {args.cap} rounds: {unfinished} ({elapsed:.1f} s)"
        )


if __name__ == "__main__":
    main()
