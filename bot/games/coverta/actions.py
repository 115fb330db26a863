"""COVERTA actions: small immutable values with a compact token codec."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Final

from bot.engine.codec import Actions, Chance, Items, Permutation, Range, Tagged
from bot.engine.seats import stacked
from bot.games.coverta.cards import DECK_SIZE, HAND_SIZE, Instruction

MAX_SEAT: Final = 5
Card = Annotated[int, Range(1, DECK_SIZE)]
"""Number of a card."""
SeatIndex = Annotated[int, Range(0, MAX_SEAT)]


class Place(Tagged, frozen=True):
    """Action A: place a card from your hand in your own row."""

    TAG = "A"
    card: Card


class Draw(Tagged, frozen=True):
    """Action B: draw the top card of the draw pile."""

    TAG = "B"


class Pass(Tagged, frozen=True):
    """Action C: pass (only once the draw pile is empty)."""

    TAG = "C"


class PlayInPlace(Tagged, frozen=True):
    """After a draw or a pass: try a card in an opponent's row."""

    TAG = "P"
    card: Card
    target: SeatIndex
    """Seat of the opponent whose place it is played in."""


class EndTurn(Tagged, frozen=True):
    """After a draw or a pass: end the turn without playing in a place."""

    TAG = "E"


class Steal(Tagged, frozen=True):
    """Steal variant: play a card in the place of the player whose turn it is."""

    TAG = "S"
    card: Card


class Deal(Chance, frozen=True):
    """Chance: the dealer, the shuffled number cards and each seat's two instructions."""

    TAG = "D"
    dealer: SeatIndex
    deck: Annotated[tuple[int, ...], Permutation(DECK_SIZE, first=1)]
    """All 40 numbers in order: the hands (one card at a time), the start card, the pile."""
    rule1: Annotated[tuple[int, ...], Items(Range(0, 5), distinct=True)]
    """Instruction code (0..5, group A) of each seat's rule 1."""
    rule2: Annotated[tuple[int, ...], Items(Range(6, 11), distinct=True)]
    """Instruction code (6..11, group B) of each seat's rule 2."""

    def valid(self) -> bool:
        """Tell whether there are two rules for each seat of a table, the dealer among them."""
        seats = len(self.rule1)
        return seats in HAND_SIZE and len(self.rule2) == seats and self.dealer < seats

    @classmethod
    def arrange(
        cls,
        dealer: int,
        hands: Sequence[Sequence[int]],
        start: int,
        pile_top: Sequence[int],
        instructions: Sequence[tuple[Instruction, Instruction]],
    ) -> Deal:
        """Build the deal that gives these hands, start card and pile top (rest ascending)."""
        deck = stacked(dealer, hands)
        deck += [start, *pile_top]
        deck += [n for n in range(1, DECK_SIZE + 1) if n not in deck]
        rule1 = tuple(pair[0].code for pair in instructions)
        rule2 = tuple(pair[1].code for pair in instructions)
        return cls(dealer, tuple(deck), rule1, rule2).checked()


class Handover(Chance, frozen=True):
    """Chance: the cards an opponent gives after a failed play in their place."""

    TAG = "G"
    cards: Annotated[tuple[int, ...], Items(Range(1, DECK_SIZE), least=1, most=2, distinct=True)]
    """Numbers of the cards handed over (chosen at random from that hand)."""


CovertaAction = Place | Draw | Pass | PlayInPlace | EndTurn | Steal | Deal | Handover
ACTIONS: Final = Actions[CovertaAction](
    Place, Draw, Pass, PlayInPlace, EndTurn, Steal, Deal, Handover
)
"""Parse any COVERTA action token, raising BadToken on anything malformed."""
