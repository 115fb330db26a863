"""Coins components as data: the Spanish 48-card deck, the suit cycle and who wins a trick.

A card is numbered 0..47: ``suit * 12 + strength - 1``, suits in cycle order
(Cups, Coins, Swords, Clubs) and strength 1 (the 2) to 12 (the Ace). The rules
and the AI judge tricks on these numbers; ``Card`` is the readable form the
views and pictures use.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Final, Literal

import msgspec

from bot.engine.phrase import Phrase, phrase, pphrase


class Suit(IntEnum):
    """The four suits in cycle order: each suit beats the next one (Clubs beats Cups)."""

    CUPS = 0
    COINS = 1
    SWORDS = 2
    CLUBS = 3

    @property
    def word(self) -> str:
        """Return the suit's name in the current language, e.g. ``Coins`` (``Denari``)."""
        return self.phrase.words()

    @property
    def phrase(self) -> Phrase:
        """Return the suit's name, worded when read."""
        return SUIT_PHRASES[self]

    @property
    def spanish(self) -> str:
        """Return the suit's Spanish name, e.g. ``Oros``."""
        return SPANISH_NAMES[self]

    @property
    def beats(self) -> Suit:
        """Return the one suit this suit beats."""
        return Suit((self + 1) % 4)


SUIT_NAMES: Final[dict[Suit, str]] = {
    Suit.CUPS: "Cups",
    Suit.COINS: "Coins",
    Suit.SWORDS: "Swords",
    Suit.CLUBS: "Clubs",
}
SUIT_PHRASES: Final[dict[Suit, Phrase]] = {
    Suit.CUPS: pphrase("suit", "Cups"),
    Suit.COINS: pphrase("suit", "Coins"),
    Suit.SWORDS: pphrase("suit", "Swords"),
    Suit.CLUBS: pphrase("suit", "Clubs"),
}
"""The suits' names as the Italian rule text has them: Coppe, Denari, Spade, Bastoni."""
SPANISH_NAMES: Final[dict[Suit, str]] = {
    Suit.CUPS: "Copas",
    Suit.COINS: "Oros",
    Suit.SWORDS: "Espadas",
    Suit.CLUBS: "Bastos",
}

RANKS: Final = 12
"""Ranks per suit; a card's strength runs from 1 (the 2) to 12 (the Ace)."""
DECK_SIZE: Final = 48
HAND_SIZE: Final = 16
SEATS: Final = 3
COINS_PER_HAND: Final = 12
"""Every Coins card is worth one point, so a hand holds 12 points."""

RANK_NAMES: Final[dict[int, str]] = {12: "Ace", 11: "King", 10: "Knight", 9: "Knave"}
RANK_PHRASES: Final[dict[int, Phrase]] = {
    12: pphrase("rank", "Ace"),
    11: pphrase("rank", "King"),
    10: pphrase("rank", "Knight"),
    9: pphrase("rank", "Knave"),
}
RANK_INDEX: Final[dict[int, Phrase]] = {
    12: pphrase("corner", "A"),
    11: pphrase("corner", "K"),
    10: pphrase("corner", "N"),
    9: pphrase("corner", "J"),
}
"""Corner letters of the pictured ranks (N for the kNight, J for the Knave, as on a jack)."""

Case = Literal["same", "pair", "three"]


class Card(msgspec.Struct, frozen=True):
    """One card of the Spanish deck."""

    suit: Suit
    strength: int
    """1 for the 2 up to 12 for the Ace: the value used in every comparison."""

    @property
    def number(self) -> int:
        """Return the card's number 0..47."""
        return int(self.suit) * RANKS + self.strength - 1

    @property
    def rank_name(self) -> str:
        """Return the rank in words (``Ace`` ... ``Knave``) or as a number (``9`` ... ``2``),
        in the current language."""
        rank = self.rank_phrase
        return rank if isinstance(rank, str) else rank.words()

    @property
    def rank_phrase(self) -> Phrase | str:
        """Return the rank: a word worded when read, or the number."""
        return RANK_PHRASES.get(self.strength, str(self.strength + 1))

    @property
    def index(self) -> str:
        """Return the short rank printed in the card's corners, in the current language."""
        letter = RANK_INDEX.get(self.strength)
        return str(self.strength + 1) if letter is None else letter.words()

    @property
    def points(self) -> int:
        """Return the card's points: 1 for a Coins card, else 0."""
        return int(self.suit == Suit.COINS)

    def name(self) -> str:
        """Return e.g. ``King of Swords`` in the current language."""
        return self.phrase().words()

    def phrase(self) -> Phrase:
        """Return the card's name, worded when read."""
        return phrase("{rank} of {suit}", rank=self.rank_phrase, suit=self.suit.phrase)


CARDS: Final[tuple[Card, ...]] = tuple(
    Card(suit, strength) for suit in Suit for strength in range(1, RANKS + 1)
)
"""The 48 cards; ``CARDS[n].number == n``."""


def card(number: int) -> Card:
    """Return the card with this number."""
    if not 0 <= number < DECK_SIZE:
        raise ValueError(f"there is no card {number}")
    return CARDS[number]


def find(rank: str, suit: str) -> Card:
    """Return a card from its English rank and suit names (``"Ace"``, ``"Coins"``; ``"7"``)."""
    for c in CARDS:
        english = RANK_NAMES.get(c.strength, str(c.strength + 1))
        if english.lower() == rank.lower() and SUIT_NAMES[c.suit].lower() == suit.lower():
            return c
    raise ValueError(f"there is no {rank} of {suit}")


def is_coin(number: int) -> bool:
    """Tell whether a card number is a Coins card (worth 1 point)."""
    return number // RANKS == Suit.COINS


def hand_order(c: Card) -> tuple[int, int]:
    """Sort key of a hand: suits in cycle order, then rank from high to low."""
    return (int(c.suit), -c.strength)


def winning_index(a: int, b: int, c: int) -> int:
    """Return which of three card numbers (0, 1 or 2, in play order) wins the trick."""
    sa, sb, sc = a // RANKS, b // RANKS, c // RANKS
    if sa == sb:
        if sa == sc:
            return 0 if a > b and a > c else (1 if b > c else 2)
        return 0 if a > b else 1
    if sa == sc:
        return 0 if a > c else 2
    if sb == sc:
        return 1 if b > c else 2
    # Three suits: the winner is the suit that the missing suit beats.
    missing = 6 - sa - sb - sc
    winner = (missing + 1) % 4
    return 0 if sa == winner else (1 if sb == winner else 2)


class Verdict(msgspec.Struct, frozen=True):
    """Who wins a trick of three cards, and which case of the rules decided it."""

    winner: int
    """Index of the winning card in the trick (0 is the lead)."""
    case: Case
    missing: Suit | None = None
    """The suit absent from a three-suit trick."""


def judge(numbers: Sequence[int]) -> Verdict:
    """Decide a trick of three card numbers by the three cases of the rules (§4.2)."""
    a, b, c = numbers
    suits = {n // RANKS for n in numbers}
    winner = winning_index(a, b, c)
    if len(suits) == 1:
        return Verdict(winner, "same")
    if len(suits) == 2:
        return Verdict(winner, "pair")
    missing = next(s for s in Suit if s not in suits)
    return Verdict(winner, "three", missing)
