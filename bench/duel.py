"""One AI seat against baseline seats over seeded games: the shared part of the AI benchmarks.

Each game is played on the pure engine the way the match service plays AI seats:
chance from its own seeded generator, the seats that may act asked in seat order
(first without, then with ``must_act``). The measured seat is ``game % seats``,
so it plays every position equally often. Ties count as a fraction of a win
(1 / number of winners); "outright" counts the games it won alone.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bench.common import percentile
from bot.engine import CHANCE, GameRules, Match, Policy


@dataclass
class Duel:
    """Running figures of the measured seat."""

    games: int = 0
    share: float = 0.0
    """Wins, a tie counting 1 / number of winners."""
    outright: int = 0
    steps: int = 0
    own_points: float = 0.0
    other_points: float = 0.0
    other_seats: int = 0
    timings: list[float] = field(default_factory=list)
    """Seconds per decision of the measured seat."""
    endings: Counter[str] = field(default_factory=Counter)
    elapsed: float = 0.0
    """Seconds spent playing the games."""

    def count(self, match: Match, me: int) -> None:
        """Add a finished game."""
        outcome = match.outcome
        assert outcome is not None
        self.games += 1
        self.steps += match.seq
        self.endings[outcome.termination] += 1
        if me in outcome.winners:
            self.share += 1 / len(outcome.winners)
            self.outright += len(outcome.winners) == 1
        for seat, points in enumerate(outcome.scores or ()):
            if seat == me:
                self.own_points += points
            else:
                self.other_points += points
                self.other_seats += 1

    def win_line(self, who: str, seats: int) -> str:
        """Return the win-rate line."""
        return (
            f"  {who} win rate {self.share / self.games:.1%} (outright {self.outright}); "
            f"an even share would be {1 / seats:.1%}"
        )

    def score_line(self, who: str, others: str) -> str:
        """Return the mean-score line."""
        mine = self.own_points / self.games
        theirs = self.other_points / max(1, self.other_seats)
        return f"  mean score: {who} {mine:.2f}, {others} seat {theirs:.2f}"

    def timing_lines(self) -> list[str]:
        """Return the decision-time and speed lines."""
        ms, elapsed = [t * 1000 for t in self.timings], self.elapsed
        return [
            f"  decision time mean {sum(ms) / len(ms):.3f} ms, p99 {percentile(ms, 99):.3f} ms, "
            f"max {max(ms):.3f} ms over {len(ms)} decisions",
            f"  {self.games / elapsed:.2f} games/s ({elapsed:.1f} s)",
        ]


def play(
    rules: GameRules,
    options: Mapping[str, str],
    mine: Callable[[], Policy],
    baseline: Callable[[], Policy],
    duel: Duel,
    args: argparse.Namespace,
    each: Callable[[Match, int], None] | None = None,
) -> None:
    """Play seeded games of a ``mine()`` seat against ``baseline()`` seats.

    ``args`` holds the common options (:func:`duel_arguments`): ``games`` games of
    ``seats`` seats from ``seed``. Each finished game is counted in ``duel`` (with the
    time they all took) and handed to ``each`` with the measured seat, for a benchmark's
    own figures.
    """
    seats, seed = args.seats, args.seed
    began = time.perf_counter()
    for game in range(args.games):
        match = Match.new(rules, seats, dict(options))
        chance = random.Random(f"{seed}:{game}:chance")
        ai = random.Random(f"{seed}:{game}:ai")
        me = game % seats
        players = [mine() if seat == me else baseline() for seat in range(seats)]
        while match.outcome is None:
            if match.chance_pending:
                match.step(CHANCE, rules.chance_outcome(match.state, chance).token())
            else:
                ask(match, players, ai, me, duel)
        duel.count(match, me)
        if each is not None:
            each(match, me)
    duel.elapsed += time.perf_counter() - began


def ask(match: Match, players: list[Policy], rng: random.Random, me: int, duel: Duel) -> None:
    """Ask the seats that may act, in seat order, as the match service does."""
    rules, state = match.rules, match.state
    seats = sorted(s for s in rules.to_act(state) if s >= 0)
    for must_act in (False, True):
        for seat in seats:
            view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
            began = time.perf_counter()
            action = players[seat].choose(view, legal, rng, must_act=must_act)
            if seat == me:
                duel.timings.append(time.perf_counter() - began)
            if action is not None:
                match.step(seat, action.token())
                return
    raise RuntimeError("nobody acted")


def duel_arguments(
    description: str | None, games: int = 600, *, fixed_seats: int | None = None
) -> argparse.ArgumentParser:
    """Return a parser with the options every AI benchmark takes: --games, --seed, --seats
    (no --seats for a game of ``fixed_seats``)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=1)
    if fixed_seats is None:
        parser.add_argument("--seats", type=int, default=3)
    else:
        parser.set_defaults(seats=fixed_seats)
    return parser
