"""Cover-cover components as data: the standard 52-card deck and how it is dealt."""

from __future__ import annotations

from typing import Final

import msgspec

from bot.engine.phrase import Phrase, pphrase

RANKS: Final = tuple(range(2, 15))
"""Ranks low to high; J = 11, Q = 12, K = 13, A = 14."""
SUITS: Final = ("♤", "♥", "♦", "♧")
"""Suits have no effect on play; they only make the cards look familiar.

Spades and clubs are written hollow (♤ ♧): Discord draws ♠ and ♣ as black emoji,
which vanish on the dark theme, while ♤ and ♧ are text in the theme's own colour,
readable on dark and light alike. Hearts and diamonds are red on both."""
TYPED_SUITS: Final = {"♠": "♤", "♣": "♧", "\ufe0f": "", "\ufe0e": ""}
"""How a typed spade or club (or an emoji variant) is read back."""
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
RANK_TEXT: Final = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_PLURALS: Final[dict[int, Phrase]] = {
    11: pphrase("tie", "jacks"),
    12: pphrase("tie", "queens"),
    13: pphrase("tie", "kings"),
    14: pphrase("tie", "aces"),
}
DECK_SIZE: Final = 52
MAX_SEATS: Final = 6


class Card(msgspec.Struct, frozen=True):
    """A playing card; only its rank counts."""

    rank: int
    """2..14, aces high."""
    suit: int
    """Index into SUITS."""

    @property
    def id(self) -> int:
        """Return the card's number 0..51, as the state stores it."""
        return self.suit * 13 + self.rank - 2

    def text(self) -> str:
        """Return the short name, e.g. ``10♦`` or ``K♤``."""
        return rank_text(self.rank) + SUITS[self.suit]


def rank_text(rank: int) -> str:
    """Return a rank as it is printed on a card (``7``, ``Q``)."""
    return RANK_TEXT.get(rank, str(rank))


def rank_plural(rank: int) -> Phrase:
    """Return a rank in words for a tie, e.g. ``kings`` or ``7s`` (worded when read)."""
    return RANK_PLURALS.get(rank) or pphrase("tie", "{rank}s", rank=rank)


CARDS: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in range(4) for rank in RANKS)
"""The 52 cards; ``CARDS[i].id == i``."""


def card(number: int) -> Card:
    """Return the card with this number (0..51)."""
    return CARDS[number]


def rank_of(number: int) -> int:
    """Return the rank of a card number."""
    return number % 13 + 2


def parse(text: str) -> int:
    """Return the number of a card written as ``K♤`` (or ``K♠``) or ``10♦`` (tests and tools)."""
    for typed, shown in TYPED_SUITS.items():
        text = text.replace(typed, shown)
    for item in CARDS:
        if item.text() == text:
            return item.id
    raise ValueError(f"there is no card {text!r}")


def hand_sizes(seats: int) -> tuple[int, ...]:
    """Return the cards dealt to each player, starting left of the dealer (house rule)."""
    base, extra = divmod(DECK_SIZE, seats)
    return tuple(base + (1 if k < extra else 0) for k in range(seats))
