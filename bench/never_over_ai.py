"""The NEVER OVER planner against random-legal seats: mean score, win rate, decision time.

Run ``python -m bench.never_over_ai [--games N] [--seed S] [--seats K] [--pack P]
[--against random|greedy] [--partnerships off|rotating] [--session G]``. The
planner takes seat ``game % seats`` so it plays every position equally often;
every other seat plays a uniformly random legal action (or, with ``--against
greedy``, a baseline that scores its best green, raises its cap only to unlock a
green, never caps anyone, and otherwise discards). Games are played as ``bench.duel`` describes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bench.duel import Duel, duel_arguments, play
from bot.engine import Action, Policy, RandomPolicy, Rng
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


BASELINES: dict[str, Callable[[], Policy]] = {"random": RandomPolicy, "greedy": GreedyPolicy}


def report(duel: Duel, options: dict[str, str], seats: int) -> None:
    """Print the figures."""
    against = options["against"]
    print(
        f"NEVER OVER planner vs {seats - 1} {against} seats, {options['pack']} pack, "
        f"{options['hand_size']} cards each, {duel.games} games"
        + (
            f", partnerships {options['partnerships']}, {options['games']} per match"
            if "partnerships" in options
            else ""
        )
    )
    print(duel.win_line("planner", seats))
    print(duel.score_line("planner", against))
    print(f"  {duel.steps / duel.games:.1f} steps per game")
    print("\n".join(duel.timing_lines()))


def main() -> None:
    """Play the games and print the figures."""
    parser = duel_arguments(__doc__)
    parser.add_argument(
        "--pack", choices=("standard", "offensive", "defensive"), default="standard"
    )
    parser.add_argument("--hand-size", default="8")
    parser.add_argument("--against", choices=tuple(BASELINES), default="random")
    parser.add_argument("--partnerships", choices=("off", "rotating"), default="off")
    parser.add_argument("--session", default="1", help="games per match (10 for a full rotation)")
    args = parser.parse_args()
    options = {"pack": args.pack, "hand_size": args.hand_size, "against": args.against}
    given = {"pack": args.pack, "hand_size": args.hand_size}
    if args.partnerships != "off" or args.session != "1":
        given |= {"partnerships": args.partnerships, "games": args.session}
        options |= {"partnerships": args.partnerships, "games": args.session}
    duel, baseline = Duel(), BASELINES[args.against]
    play(NeverOverRules(), given, PlannerPolicy, baseline, duel, args)
    report(duel, options, args.seats)


if __name__ == "__main__":
    main()
