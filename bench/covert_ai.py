"""The Covert planner against random-legal seats: win rate, scores, decision time, games/s.

Run ``python -m bench.covert_ai [--games N] [--seed S] [--seats K]``. The planner
takes seat ``game % seats`` so it plays every position equally often; the other
seats play the random Covert policy (a uniformly random legal action, reactions
declined). Seats are asked in seat order with ``must_act=False`` first, as the
match service does. Ties count as a fraction of a win (1 / number of winners);
"outright" counts the games it won alone.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from bench.common import percentile
from bot.engine import CHANCE, Match, Policy
from bot.games.covert.ai import RandomPolicy
from bot.games.covert.planner import PlannerPolicy
from bot.games.covert.rules import CovertRules


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
    planner_missions: int = 0
    rounds: int = 0
    timings: list[float] = field(default_factory=list)
    """Seconds per planner decision."""
    endings: Counter[str] = field(default_factory=Counter)
    steps: int = 0


def ask(match: Match, policies: list[Policy], rng: random.Random, tally: Tally) -> None:
    """Ask the seats that may act, in seat order, as the match service does."""
    rules, state = match.rules, match.state
    seats = sorted(s for s in rules.to_act(state) if s >= 0)
    for must_act in (False, True):
        for seat in seats:
            policy = policies[seat]
            view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
            began = time.perf_counter()
            action = policy.choose(view, legal, rng, must_act=must_act)
            if isinstance(policy, PlannerPolicy):
                tally.timings.append(time.perf_counter() - began)
            if action is not None:
                match.step(seat, action.token())
                return
    raise RuntimeError("nobody acted")


def play(rules: CovertRules, seats: int, game: int, seed: int, tally: Tally) -> None:
    """Play one seeded game with the planner in seat ``game % seats``."""
    match = Match.new(rules, seats, {})
    chance = random.Random(f"{seed}:{game}:chance")
    ai = random.Random(f"{seed}:{game}:ai")
    me = game % seats
    policies: list[Policy] = [RandomPolicy() for _ in range(seats)]
    policies[me] = PlannerPolicy()
    while match.outcome is None:
        if match.chance_pending:
            match.step(CHANCE, rules.chance_outcome(match.state, chance).token())
        else:
            ask(match, policies, ai, tally)
    record(match, me, tally)


def record(match: Match, me: int, tally: Tally) -> None:
    """Add a finished game to the tally."""
    outcome = match.outcome
    assert outcome is not None and outcome.scores is not None
    tally.games += 1
    tally.steps += match.seq
    tally.rounds += match.state.round
    tally.endings[outcome.termination] += 1
    tally.planner_missions += len(match.state.players[me].done_missions)
    winners = [s for s, r in enumerate(outcome.ranks) if r == 1]
    if me in winners:
        tally.share += 1 / len(winners)
        tally.outright += len(winners) == 1
    for seat, points in enumerate(outcome.scores):
        if seat == me:
            tally.planner_points += int(points)
        else:
            tally.random_points += int(points)
            tally.random_seats += 1


def report(tally: Tally, seats: int, elapsed: float) -> None:
    """Print the figures."""
    ms = [t * 1000 for t in tally.timings]
    print(f"Covert planner vs {seats - 1} random seats, {tally.games} games")
    print(
        f"  planner win rate {tally.share / tally.games:.1%} (outright {tally.outright}); "
        f"a random seat's expected share {1 / seats:.1%}"
    )
    print(
        f"  mean score: planner {tally.planner_points / tally.games:.2f}, "
        f"random seats {tally.random_points / tally.random_seats:.2f}; "
        f"planner missions {tally.planner_missions / tally.games:.2f} per game"
    )
    print(
        f"  endings {dict(tally.endings)}, {tally.rounds / tally.games:.1f} rounds and "
        f"{tally.steps / tally.games:.0f} steps per game"
    )
    print(
        f"  decision time mean {sum(ms) / len(ms):.2f} ms, p99 {percentile(ms, 99):.2f} ms, "
        f"max {max(ms):.2f} ms over {len(ms)} decisions"
    )
    print(f"  {tally.games / elapsed:.2f} games/s ({elapsed:.1f} s)")


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=3)
    args = parser.parse_args()
    rules, tally = CovertRules(), Tally()
    began = time.perf_counter()
    for game in range(args.games):
        play(rules, args.seats, game, args.seed, tally)
    report(tally, args.seats, time.perf_counter() - began)


if __name__ == "__main__":
    main()
