"""The NEVER OVER planner against random-legal seats: mean score, win rate, decision time.

Run ``python -m bench.never_over_ai [--games N] [--seed S] [--seats K] [--pack P]
[--against random|greedy]``. The planner takes seat ``game % seats`` so it plays
every position equally often; every other seat plays a uniformly random legal
action (or, with ``--against greedy``, a baseline that scores its best green,
raises its cap only to unlock a green, never caps anyone, and otherwise
discards). Ties count as a fraction of a win (1 / number of winners);
"outright" counts the games it won alone.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import CHANCE, Action, Match, Policy, RandomPolicy, Rng
from bot.games.never_over.actions import Discard, Play, Retire
from bot.games.never_over.ai import PlannerPolicy
from bot.games.never_over.cards import kind_points
from bot.games.never_over.rules import NeverOverRules


class GreedyPolicy:
    """A baseline: best green now, else a raise that unlocks a green, else discard the least."""

    name = "greedy"

    def choose(
        self, view: Any, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick by the baseline's fixed order of preference."""
        plays = [a for a in legal if isinstance(a, Play)]
        greens = [a for a in plays if a.pile == "green"]
        if greens:
            return max(greens, key=lambda a: kind_points(a.kind))
        cap = view.public.players[view.seat].cap
        wanted = [c.points for c in view.hand if c.colour == "green" and c.points > cap]
        raises = [a for a in plays if a.owner == view.seat and a.pile == "red"]
        useful = [a for a in raises if wanted and kind_points(a.kind) >= min(wanted)]
        if useful:
            return min(useful, key=lambda a: kind_points(a.kind))
        if view.public.stock == 0:
            return Retire()
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda a: (a.kind[0] == "g", kind_points(a.kind)))


BASELINES = {"random": RandomPolicy, "greedy": GreedyPolicy}


@dataclass
class Tally:
    """What the games so far added up to."""

    games: int = 0
    share: float = 0.0
    """Wins of the planner, ties counted fractionally."""
    outright: int = 0
    planner_points: int = 0
    random_points: int = 0
    random_seats: int = 0
    timings: list[float] = field(default_factory=list)
    """Seconds per planner decision."""
    steps: int = 0


def play(
    rules: NeverOverRules, options: dict[str, str], game: int, seed: int, tally: Tally
) -> None:
    """Play one seeded game with the planner in seat ``game % seats``."""
    seats = int(options["seats"])
    given = {k: v for k, v in options.items() if k not in ("seats", "against")}
    match = Match.new(rules, seats, given)
    chance = random.Random(f"{seed}:{game}:chance")
    ai = random.Random(f"{seed}:{game}:ai")
    me = game % seats
    policies: list[Policy] = [BASELINES[options["against"]]() for _ in range(seats)]
    policies[me] = PlannerPolicy()
    while match.outcome is None:
        if match.chance_pending:
            match.step(CHANCE, rules.chance_outcome(match.state, chance).token())
            continue
        (seat,) = rules.to_act(match.state)
        view, legal = rules.view(match.state, seat), rules.legal_actions(match.state, seat)
        began = time.perf_counter()
        action = policies[seat].choose(view, legal, ai, must_act=True)
        if seat == me:
            tally.timings.append(time.perf_counter() - began)
        assert action is not None
        match.step(seat, action.token())
    record(tally, match, me)


def record(tally: Tally, match: Match, me: int) -> None:
    """Add one finished game to the tally."""
    outcome = match.outcome
    assert outcome is not None and outcome.scores is not None
    tally.games += 1
    tally.steps += match.seq
    tally.planner_points += int(outcome.scores[me])
    others = [int(s) for seat, s in enumerate(outcome.scores) if seat != me]
    tally.random_points += sum(others)
    tally.random_seats += len(others)
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
        f"NEVER OVER planner vs {seats - 1} {options['against']} seats, {options['pack']} pack, "
        f"{options['hand_size']} cards each, {tally.games} games"
    )
    print(
        f"  planner win rate {tally.share / tally.games:.1%} (outright {tally.outright}); "
        f"an even share would be {1 / seats:.1%}"
    )
    print(
        f"  mean score: planner {tally.planner_points / tally.games:.2f}, "
        f"{options['against']} seat {tally.random_points / tally.random_seats:.2f}"
    )
    print(f"  {tally.steps / tally.games:.1f} steps per game")
    print(
        f"  decision time mean {sum(ms) / len(ms):.3f} ms, p99 {percentile(ms, 99):.3f} ms, "
        f"max {max(ms):.3f} ms over {len(ms)} decisions"
    )
    print(f"  {tally.games / elapsed:.1f} games/s ({elapsed:.1f} s)")


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument(
        "--pack", choices=("standard", "offensive", "defensive"), default="standard"
    )
    parser.add_argument("--hand-size", default="8")
    parser.add_argument("--against", choices=tuple(BASELINES), default="random")
    args = parser.parse_args()
    options = {"pack": args.pack, "hand_size": args.hand_size, "seats": str(args.seats)}
    options["against"] = args.against
    rules, tally = NeverOverRules(), Tally()
    began = time.perf_counter()
    for game in range(args.games):
        play(rules, options, game, args.seed, tally)
    report(tally, options, time.perf_counter() - began)


if __name__ == "__main__":
    main()
