"""Shared set-up for the Cover-cover tests: constructed tables and a small driver."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from bot.engine import CHANCE, Event, Match
from bot.engine.phrase import words
from bot.games.cover_cover.cards import DECK_SIZE, parse
from bot.games.cover_cover.rules import CoverCoverRules
from bot.games.cover_cover.state import NO_CARD, CoverState
from bot.games.cover_cover.views import PrivateView, PublicView
from tests.support.games import MatchTable

RULES = CoverCoverRules()


def cards(*texts: str) -> tuple[int, ...]:
    """Return card numbers from texts like ``K♠``."""
    return tuple(parse(t) for t in texts)


def others(taken: Sequence[int], count: int, skip: int = 0) -> tuple[int, ...]:
    """Return ``count`` card numbers not in ``taken``, after skipping ``skip`` of them."""
    free = [c for c in range(DECK_SIZE) if c not in set(taken)]
    return tuple(free[skip : skip + count])


def constructed(
    hands: Sequence[Sequence[int]],
    winnings: Sequence[Sequence[int]] | None = None,
    options: Mapping[str, str] | None = None,
) -> CoverState:
    """Return a state at the start of round 1 with these hands (top first) and winnings."""
    seats = len(hands)
    base = RULES.initial_state(seats, options or {})
    return msgspec.structs.replace(
        base,
        phase="flip",
        round=1,
        hands=tuple(tuple(h) for h in hands),
        winnings=tuple(tuple(w) for w in winnings) if winnings else ((),) * seats,
        showing=(NO_CARD,) * seats,
    )


class Table(MatchTable[CoverState, PublicView, PrivateView]):
    """A match driven step by step from a constructed state, keeping the last step's events."""

    rules = RULES
    public_type = PublicView
    private_type = PrivateView

    def __init__(self, state: CoverState, rules: CoverCoverRules = RULES) -> None:
        super().__init__(Match(rules, state))
        self.log: list[str] = []

    def play(self, seat: int, token: str) -> tuple[Event, ...]:
        """Apply one step, keep its events and add their text to the log."""
        events = super().play(seat, token)
        self.log += [words(e.text) for e in events]
        return events

    def flip_all(self) -> None:
        """Every seat expected to press does so, in seat order."""
        for seat in sorted(RULES.to_act(self.state)):
            self.play(seat, RULES.legal_actions(self.state, seat)[0].token())

    def text(self) -> str:
        """Return the last step's events as one text."""
        return "\n".join(words(e.text) for e in self.events)

    def hand(self, seat: int) -> tuple[int, ...]:
        """Return a seat's hand, top first."""
        return self.state.hands[seat]

    def total(self) -> int:
        """Return hands + winnings + table: always 52 in a real match."""
        s = self.state
        held = sum(len(h) for h in s.hands) + sum(len(w) for w in s.winnings)
        return held + s.table_size()


def chance_pending(state: CoverState) -> bool:
    """Tell whether the next step is random."""
    return RULES.to_act(state) == frozenset({CHANCE})
