"""Coins actions: small immutable values with a compact token codec."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Final

from bot.engine.codec import Actions, Chance, Permutation, Range, Tagged
from bot.engine.seats import deal_out, stacked
from bot.games.coins.cards import DECK_SIZE, HAND_SIZE, SEATS


class Play(Tagged, frozen=True):
    """Play one card from your hand into the current trick."""

    TAG = "P"
    card: Annotated[int, Range(0, DECK_SIZE - 1)]
    """Index 0..47 of the card played (see ``cards.CARDS``)."""


class Deal(Chance, frozen=True):
    """Chance: the dealer of the hand and the shuffled deck, dealt one card at a time."""

    TAG = "D"
    dealer: Annotated[int, Range(0, SEATS - 1)]
    """Seat of the dealer; the first card goes to the seat on their left."""
    deck: Annotated[tuple[int, ...], Permutation(DECK_SIZE)]
    """All 48 card indexes in the order they are dealt."""

    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Return each seat's 16 cards, in the order received."""
        return deal_out(self.deck, self.dealer, SEATS)

    @classmethod
    def arrange(cls, dealer: int, hands: Sequence[Sequence[int]]) -> Deal:
        """Build the deal that gives these cards (padded from the unused ones) to each seat."""
        used = {n for h in hands for n in h}
        spare = iter(n for n in range(DECK_SIZE) if n not in used)
        full = [list(h) + [next(spare) for _ in range(HAND_SIZE - len(h))] for h in hands]
        return cls(dealer, tuple(stacked(dealer, full))).checked()


CoinsAction = Play | Deal
ACTIONS: Final = Actions[CoinsAction](Play, Deal)
"""Parse any Coins action token, raising BadToken on anything malformed."""
