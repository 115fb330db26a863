"""The Coins match state and small read-only helpers on it."""

from __future__ import annotations

from typing import Generic, Literal, TypeVar

import msgspec

from bot.games.coins.cards import COINS_PER_HAND, SEATS, Case, Suit, is_coin

Phase = Literal["deal", "play", "over"]


Seen = TypeVar("Seen")
"""How a trick holds its cards: numbers 0..47 in the state, ``Card`` values in views."""


class Played(msgspec.Struct, Generic[Seen], frozen=True):
    """One card played into a trick, and by whom."""

    seat: int
    card: Seen


class Trick(msgspec.Struct, Generic[Seen], frozen=True):
    """A completed trick: its three cards in play order, who won it and why."""

    plays: tuple[Played[Seen], ...]
    winner: int
    """Seat that won the trick."""
    case: Case
    missing: Suit | None
    """The suit absent from a three-suit trick."""
    points: int
    """Coins cards in the trick, scored by the winner."""

    @property
    def winning(self) -> Seen:
        """Return the card that won the trick."""
        return next(p.card for p in self.plays if p.seat == self.winner)


class CoinsState(msgspec.Struct, frozen=True):
    """Everything about a Coins match, secrets included."""

    target: int = 15
    phase: Phase = "deal"
    hand: int = 0
    """Number of the hand being played (0 before the first deal)."""
    dealer: int = 0
    """Dealer of the current hand; before a redeal, the dealer of the next one."""
    leader: int = 0
    """Seat that led the current trick."""
    turn: int = 0
    """Seat to play next (meaningful only while the phase is ``play``)."""
    hands: tuple[tuple[int, ...], ...] = ((),) * SEATS
    trick: tuple[Played[int], ...] = ()
    """The current trick's cards, in play order."""
    taken: tuple[Trick[int], ...] = ()
    """The completed tricks of the current hand, in order."""
    last: Trick[int] | None = None
    """The last completed trick of this hand (its cards go back into the deck at a redeal)."""
    scores: tuple[int, ...] = (0,) * SEATS
    """Match scores, carried from hand to hand."""
    winner: int | None = None
    """Seat that reached the target, once the match is over."""

    @property
    def seats(self) -> int:
        """Return the number of players: always three."""
        return SEATS

    def tricks_won(self, seat: int) -> int:
        """Return how many tricks the seat has taken in the current hand."""
        return sum(1 for t in self.taken if t.winner == seat)

    def coins_unseen(self) -> int:
        """Return 12 minus the Coins cards played so far in this hand."""
        return COINS_PER_HAND - sum(1 for c in self.played() if is_coin(c))

    def played(self) -> list[int]:
        """Return every card played face up in this hand, completed tricks first."""
        return [p.card for t in self.taken for p in t.plays] + [p.card for p in self.trick]
