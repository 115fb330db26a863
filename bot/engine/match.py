"""A match as a pure fold: the initial state plus the log of (seat, action)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.engine.errors import MatchOver, NotYourTurn
from bot.engine.rules import Event, GameRules, Outcome, may_act
from bot.engine.seats import CHANCE, Seat

LogEntry = tuple[Seat, str]
"""One logged step: the seat (or CHANCE) and its action token."""

_UNKNOWN: Any = object()
"""A derived value not computed yet for the current state."""


class Match:
    """The live state of one match and the number of steps applied so far.

    What the rules derive from a state (who is to act, who may act, the outcome)
    is worked out once per state and kept until the next step: the services ask
    for it many times per move.
    """

    def __init__(self, rules: GameRules, state: Any, seq: int = 0) -> None:
        self.rules = rules
        self.state = state
        self.seq = seq

    @property
    def state(self) -> Any:
        """Return the current game state."""
        return self._state

    @state.setter
    def state(self, state: Any) -> None:
        self._state = state
        self._to_act: frozenset[Seat] = _UNKNOWN
        self._may_act: frozenset[Seat] = _UNKNOWN
        self._outcome: Outcome | None = _UNKNOWN

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

    def fork(self) -> Match:
        """Return a copy at the same state and step, to try steps on (the state is immutable)."""
        copy = Match(self.rules, self._state, self.seq)
        copy._to_act, copy._may_act, copy._outcome = self._to_act, self._may_act, self._outcome
        return copy

    def extend(self, log: Iterable[LogEntry]) -> None:
        """Apply logged steps in order."""
        for seat, token in log:
            self.step(seat, token)

    def step(self, seat: Seat, token: str) -> tuple[Event, ...]:
        """Decode and apply one action for a seat; return its events."""
        if self.outcome is not None:
            raise MatchOver()
        if seat not in self.may_act:
            raise NotYourTurn()
        action = self.rules.decode(token)
        transition = self.rules.apply(self._state, seat, action)
        self.state = transition.state
        self.seq += 1
        return transition.events

    @property
    def to_act(self) -> frozenset[Seat]:
        """Return the seats to act now, {CHANCE}, or nothing (the rules' `to_act`)."""
        if self._to_act is _UNKNOWN:
            self._to_act = self.rules.to_act(self._state)
        return self._to_act

    @property
    def may_act(self) -> frozenset[Seat]:
        """Return the seats whose action is accepted now (see `bot.engine.rules.may_act`)."""
        if self._may_act is _UNKNOWN:
            self._may_act = may_act(self.rules, self._state, self.to_act)
        return self._may_act

    @property
    def chance_pending(self) -> bool:
        """Tell whether the next step is random."""
        return CHANCE in self.to_act

    @property
    def outcome(self) -> Outcome | None:
        """Return the outcome once the match is over."""
        if self._outcome is _UNKNOWN:
            self._outcome = self.rules.outcome(self._state)
        return self._outcome
