"""A match as a pure fold: the initial state plus the log of (seat, action)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.engine.errors import MatchOver, NotYourTurn
from bot.engine.rules import Event, GameRules, Outcome, may_act
from bot.engine.seats import CHANCE, Seat

LogEntry = tuple[Seat, str]
"""One logged step: the seat (or CHANCE) and its action token."""


class Match:
    """The live state of one match and the number of steps applied so far."""

    def __init__(self, rules: GameRules, state: Any, seq: int = 0) -> None:
        self.rules = rules
        self.state = state
        self.seq = seq

    @classmethod
    def new(cls, rules: GameRules, seats: int, options: Mapping[str, str]) -> Match:
        """Start a match at step 0."""
        return cls(rules, rules.initial_state(seats, options))

    @classmethod
    def replay(
        cls,
        rules: GameRules,
        seats: int,
        options: Mapping[str, str],
        log: Iterable[LogEntry],
    ) -> Match:
        """Rebuild a match from its whole log; never draws a random number."""
        match = cls.new(rules, seats, options)
        match.extend(log)
        return match

    def extend(self, log: Iterable[LogEntry]) -> None:
        """Apply logged steps in order."""
        for seat, token in log:
            self.step(seat, token)

    def step(self, seat: Seat, token: str) -> tuple[Event, ...]:
        """Decode and apply one action for a seat; return its events."""
        if self.rules.outcome(self.state) is not None:
            raise MatchOver()
        if seat not in may_act(self.rules, self.state):
            raise NotYourTurn()
        action = self.rules.decode(token)
        transition = self.rules.apply(self.state, seat, action)
        self.state = transition.state
        self.seq += 1
        return transition.events

    @property
    def chance_pending(self) -> bool:
        """Tell whether the next step is random."""
        return CHANCE in self.rules.to_act(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """Return the outcome once the match is over."""
        return self.rules.outcome(self.state)
