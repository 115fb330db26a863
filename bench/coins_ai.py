"""The Coins sampler against two random-legal seats: win rate, scores and decision time.

Run ``python -m bench.coins_ai [--games N] [--seed S] [--target T] [--deals D]``.
The sampler takes seat ``game % 3`` so it plays every position equally often;
the other two seats play a uniformly random card. Coins has no ties for the win
(only a trick's winner scores), so the win rate is plain; an even share is 1/3.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.common import percentile
from bot.engine import CHANCE, Action, Match, Policy, RandomPolicy, Rng
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


BASELINES = {"random": RandomPolicy, "greedy": GreedyPolicy}


@dataclass
class Tally:
    """What the games so far added up to."""

    games: int = 0
    wins: int = 0
    sampler_points: int = 0
    random_points: int = 0
    hands: int = 0
    timings: list[float] = field(default_factory=list)
    """Seconds per sampler decision."""


def play(
    rules: CoinsRules,
    sampler: SamplingPolicy,
    options: dict[str, str],
    game: int,
    seed: int,
    tally: Tally,
) -> None:
    """Play one seeded game with the sampler in seat ``game % 3``."""
    match = Match.new(rules, SEATS, {"target": options["target"]})
    chance = random.Random(f"{seed}:{game}:chance")
    ai = random.Random(f"{seed}:{game}:ai")
    me = game % SEATS
    policies: list[Policy] = [BASELINES[options["against"]]() for _ in range(SEATS)]
    policies[me] = sampler
    while match.outcome is None:
        if match.chance_pending:
            match.step(CHANCE, rules.chance_outcome(match.state, chance).token())
            continue
        (seat,) = rules.to_act(match.state)
        began = time.perf_counter()
        token = decide(rules, match, policies[seat], seat, ai)
        if seat == me:
            tally.timings.append(time.perf_counter() - began)
        match.step(seat, token)
    record(tally, match, me)


def decide(rules: CoinsRules, match: Match, policy: Policy, seat: int, rng: random.Random) -> str:
    """Ask a seat's policy for its card, from that seat's view only."""
    view, legal = rules.view(match.state, seat), rules.legal_actions(match.state, seat)
    action = policy.choose(view, legal, rng, must_act=True)
    assert action is not None
    return action.token()


def record(tally: Tally, match: Match, me: int) -> None:
    """Add one finished game to the tally."""
    outcome = match.outcome
    assert outcome is not None and outcome.scores is not None
    tally.games += 1
    tally.hands += match.state.hand
    tally.wins += me in outcome.winners
    tally.sampler_points += int(outcome.scores[me])
    tally.random_points += sum(int(s) for seat, s in enumerate(outcome.scores) if seat != me)


def report(tally: Tally, options: dict[str, str], deals: int, elapsed: float) -> None:
    """Print the figures."""
    ms = [t * 1000 for t in tally.timings]
    against = options["against"]
    print(
        f"Coins sampler ({deals} deals per decision) vs 2 {against} seats, "
        f"target {options['target']}, {tally.games} games"
    )
    print(f"  sampler win rate {tally.wins / tally.games:.1%}; an even share would be 33.3%")
    print(
        f"  mean final score: sampler {tally.sampler_points / tally.games:.2f}, "
        f"{against} seat {tally.random_points / (2 * tally.games):.2f}; "
        f"{tally.hands / tally.games:.2f} hands per game"
    )
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
    parser.add_argument("--target", choices=("10", "15", "20"), default="15")
    parser.add_argument("--against", choices=tuple(BASELINES), default="random")
    parser.add_argument("--deals", type=int, default=SamplingPolicy().deals)
    parser.add_argument("--work", type=int, default=SamplingPolicy().work)
    parser.add_argument("--wild", type=float, default=SamplingPolicy().wild)
    parser.add_argument("--worry", type=float, default=SamplingPolicy().worry)
    args = parser.parse_args()
    sampler = SamplingPolicy(args.deals, args.work, args.wild, args.worry)
    options = {"target": args.target, "against": args.against}
    rules, tally = CoinsRules(), Tally()
    began = time.perf_counter()
    for game in range(args.games):
        play(rules, sampler, options, game, args.seed, tally)
    report(tally, options, args.deals, time.perf_counter() - began)


if __name__ == "__main__":
    main()
