"""NEVER OVER components as data: green and red cards and the three pack presets."""

from __future__ import annotations

from functools import cache
from typing import Final, Literal

import msgspec

from bot.engine.i18n import _

Colour = Literal["green", "red"]

TOP: Final = 4
"""The highest pointage in every pack: the cap of an empty red pile."""


class Card(msgspec.Struct, frozen=True):
    """One physical card; ``id`` tells apart the copies of the same kind."""

    id: int
    """Position of the card in its pack listing (0 = first +4)."""
    colour: Colour
    points: int
    """The pointage: 1..4 for a green card, 0..4 for a red one."""

    @property
    def kind(self) -> str:
        """Return the card's kind as written in action tokens, ``g3`` or ``r2``."""
        return kind_of(self.colour, self.points)

    @property
    def label(self) -> str:
        """Return the card as players read it, ``+3`` or ``≤2``."""
        return kind_label(self.kind)


PACKS: Final[dict[str, tuple[tuple[str, int], ...]]] = {
    # (kind, copies), greens from +4 down, then reds from ≤4 down (rules §2).
    "standard": (
        ("g4", 7), ("g3", 9), ("g2", 11), ("g1", 13),
        ("r4", 5), ("r3", 4), ("r2", 3), ("r1", 2), ("r0", 1),
    ),
    "offensive": (
        ("g4", 8), ("g3", 10), ("g2", 12), ("g1", 14),
        ("r4", 5), ("r3", 4), ("r2", 2), ("r1", 1), ("r0", 1),
    ),
    "defensive": (
        ("g4", 6), ("g3", 8), ("g2", 10), ("g1", 12),
        ("r4", 5), ("r3", 4), ("r2", 4), ("r1", 3), ("r0", 1),
    ),
}  # fmt: skip
"""How many copies of each kind every pack preset holds."""

KINDS: Final[tuple[str, ...]] = ("g4", "g3", "g2", "g1", "r4", "r3", "r2", "r1", "r0")
"""Every kind of card, in the order hands and menus list them."""

MAX_PACK: Final = max(sum(n for _, n in listing) for listing in PACKS.values())


def kind_of(colour: Colour, points: int) -> str:
    """Return the kind written for a colour and a pointage."""
    return f"{colour[0]}{points}"


def kind_label(kind: str) -> str:
    """Return a kind as players read it: ``+3`` for green, ``≤2`` for red."""
    return ("+" if kind[0] == "g" else "≤") + kind[1:]


def kind_points(kind: str) -> int:
    """Return the pointage of a kind."""
    return int(kind[1:])


@cache
def pack_cards(pack: str) -> tuple[Card, ...]:
    """Return the cards of a pack preset; ``pack_cards(p)[i].id == i``."""
    cards: list[Card] = []
    for kind, copies in PACKS[pack]:
        colour: Colour = "green" if kind[0] == "g" else "red"
        cards += [Card(len(cards) + n, colour, kind_points(kind)) for n in range(copies)]
    return tuple(cards)


def labels(cards: tuple[Card, ...] | list[Card]) -> str:
    """Return cards as a space-separated list of labels, or ``none`` in the current language."""
    return " ".join(c.label for c in cards) or _("none")


def sort_key(card: Card) -> tuple[int, int]:
    """Order a hand: greens first, each colour from the highest pointage down."""
    return (KINDS.index(card.kind), card.id)
