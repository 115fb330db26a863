"""Cover-cover actions: Flip, Cover, and the chance steps (deal, shuffle, play on) with their
tokens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Final

from bot.engine.codec import Actions, Chance, Items, Permutation, Range, Tagged
from bot.engine.seats import stacked
from bot.games.cover_cover.cards import DECK_SIZE, MAX_SEATS

SeatIndex = Annotated[int, Range(0, MAX_SEATS - 1)]


class Flip(Tagged, frozen=True):
    """Turn up the top card of your hand (with ``auto`` on: play on for everyone)."""

    TAG = "F"


class Cover(Tagged, frozen=True):
    """Shout "Cover-cover!" and lay one card face down and one face up."""

    TAG = "C"


class Deal(Chance, frozen=True):
    """Chance: the dealer and the shuffled deck, dealt one card at a time."""

    TAG = "D"
    dealer: SeatIndex
    deck: Annotated[tuple[int, ...], Permutation(DECK_SIZE)]
    """All 52 card numbers in dealing order; a hand keeps them in the order received."""

    @classmethod
    def arrange(cls, dealer: int, hands: Sequence[Sequence[int]]) -> Deal:
        """Build the deal that gives these hands (top first); they must hold all 52 cards."""
        return cls(dealer, tuple(stacked(dealer, hands))).checked()


class Shuffle(Chance, frozen=True):
    """Chance: a player's winnings pile, shuffled, becomes the bottom of their hand."""

    TAG = "S"
    seat: SeatIndex
    order: Annotated[tuple[int, ...], Items(Range(0, DECK_SIZE - 1), least=1, distinct=True)]
    """The winnings in their new order, top first."""


class PlayOn(Chance, frozen=True):
    """Chance: auto, the end of the read after a summary: the bot plays the next rounds.
    Nothing random, a logged timer step, so a replay never depends on the clock."""

    TAG = "G"


CoverAction = Flip | Cover | Deal | Shuffle | PlayOn
ACTIONS: Final = Actions[CoverAction](Flip, Cover, Deal, Shuffle, PlayOn)
"""Parse any Cover-cover action token, raising BadToken on anything malformed."""
