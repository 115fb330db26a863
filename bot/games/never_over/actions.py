"""NEVER OVER actions: small immutable values with a compact token codec.

A play names a kind of card (``g3`` is a +3, ``r2`` a ≤2), not one copy: copies
of a kind are alike, so the rules take any one of them from the hand. Every
play a person could ask for can be written, legal or not, so that the rules
can refuse it with a reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Final, Literal

from bot.engine.codec import Actions, Chance, Codes, Items, OneOf, Range, Tagged
from bot.engine.seats import stacked
from bot.games.never_over.cards import KINDS, MAX_PACK

MAX_SEAT: Final = 5
Pile = Literal["green", "red"]
Kind = Annotated[str, OneOf(KINDS)]
"""The kind of card played (``g3``, ``r0``)."""
SeatIndex = Annotated[int, Range(0, MAX_SEAT)]


class Play(Tagged, frozen=True):
    """Play a card of a kind from your hand onto a player's green or red pile."""

    TAG = "P"
    kind: Kind
    owner: SeatIndex
    """Seat whose pile receives it."""
    pile: Annotated[Pile, Codes({"green": "g", "red": "r"})]


class Discard(Tagged, frozen=True):
    """Put a card of a kind from your hand face up on the discards."""

    TAG = "D"
    kind: Kind


class Retire(Tagged, frozen=True):
    """Retire from the game: take no more turns, set your hand aside."""

    TAG = "X"


class Deal(Chance, frozen=True):
    """Chance: the dealer of the next game and the shuffled pack, top card first."""

    TAG = "S"
    dealer: SeatIndex
    order: Annotated[tuple[int, ...], Items(Range(0, MAX_PACK - 1), distinct=True)]
    """Card ids in pack order after the shuffle; the deal takes them from the front."""

    @classmethod
    def arrange(
        cls,
        dealer: int,
        hands: Sequence[Sequence[int]],
        stock_top: Sequence[int],
        pack_size: int,
    ) -> Deal:
        """Build the deal giving these hands (card ids) and stock top; the rest follows by id."""
        ids = stacked(dealer, hands)
        ids += list(stock_top)
        ids += [i for i in range(pack_size) if i not in ids]
        return cls(dealer, tuple(ids)).checked()


NeverOverAction = Play | Discard | Retire | Deal
ACTIONS: Final = Actions[NeverOverAction](Play, Discard, Retire, Deal)
"""Parse any NEVER OVER action token, raising BadToken on anything malformed."""
