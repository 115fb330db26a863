"""The Coins sampler against two random-legal seats: win rate, scores and decision time.

Run ``python -m bench.coins_ai [--games N] [--seed S] [--target T] [--deals D]``.
Games are played as ``bench.duel`` describes, the sampler in seat ``game % 3``;
the other two seats play a uniformly random card (or, with ``--against greedy``,
the sampler's rollout player).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bench.duel import Duel, duel_arguments, play
from bot.engine import Action, Match, Policy, RandomPolicy, Rng
from bot.games.coins.actions import Play
from bot.games.coins.ai import SamplingPolicy
from bot.games.coins.rollout import quick_card
from bot.games.coins.rules import CoinsRules

SEATS = 3


class GreedyPolicy:
    """A baseline: take a trick worth taking when playing last, else a random card, Coins kept."""

    name = "greedy"

    def choose(
        self, view: Any, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick as the sampler's rollout player does."""
        table = [p.card.number for p in view.public.trick]
        card = quick_card([c.number for c in view.hand], table, rng.random())
        return Play(card)


BASELINES: dict[str, Callable[[], Policy]] = {"random": RandomPolicy, "greedy": GreedyPolicy}


@dataclass
class CoinsDuel(Duel):
    """The duel's figures plus the hands played."""

    hands: int = 0


def report(duel: CoinsDuel, options: dict[str, str], deals: int) -> None:
    """Print the figures."""
    against = options["against"]
    print(
        f"Coins sampler ({deals} deals per decision) vs 2 {against} seats, "
        f"target {options['target']}, {duel.games} games"
    )
    print(duel.win_line("sampler", SEATS))
    hands = duel.hands / duel.games
    print(duel.score_line("sampler", against) + f"; {hands:.2f} hands per game")
    print("\n".join(duel.timing_lines()))


def main() -> None:
    """Play the games and print the figures."""
    parser = duel_arguments(__doc__, fixed_seats=SEATS)
    parser.add_argument("--target", choices=("10", "15", "20"), default="15")
    parser.add_argument("--against", choices=tuple(BASELINES), default="random")
    parser.add_argument("--deals", type=int, default=SamplingPolicy().deals)
    parser.add_argument("--work", type=int, default=SamplingPolicy().work)
    parser.add_argument("--wild", type=float, default=SamplingPolicy().wild)
    parser.add_argument("--worry", type=float, default=SamplingPolicy().worry)
    args = parser.parse_args()
    sampler = SamplingPolicy(args.deals, args.work, args.wild, args.worry)
    options = {"target": args.target, "against": args.against}
    duel, baseline = CoinsDuel(), BASELINES[args.against]

    def tally(match: Match, me: int) -> None:
        duel.hands += match.state.hand

    given = {"target": args.target}
    play(CoinsRules(), given, lambda: sampler, baseline, duel, args, tally)
    report(duel, options, args.deals)


if __name__ == "__main__":
    main()
