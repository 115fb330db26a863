"""COVERTA actions: small immutable values with a compact token codec."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Final

import msgspec

from bot.engine.codec import (
    BareAction,
    join_ints,
    parse_int,
    parse_ints,
    parse_permutation,
    split_token,
)
from bot.engine.errors import BadToken
from bot.games.coverta.cards import DECK_SIZE, HAND_SIZE, Instruction

MAX_SEAT: Final = 5


class Place(msgspec.Struct, frozen=True):
    """Action A: place a card from your hand in your own row."""

    card: int
    """Number of the card placed."""

    def token(self) -> str:
        """Return ``A.<card>``."""
        return f"A.{self.card}"

    @classmethod
    def from_token(cls, token: str) -> Place:
        """Parse ``A.<card>``."""
        (card,) = split_token(token, "A", 1)
        return cls(parse_int(card, 1, DECK_SIZE))


class Draw(BareAction, frozen=True):
    """Action B: draw the top card of the draw pile."""

    TAG: ClassVar[str] = "B"


class Pass(BareAction, frozen=True):
    """Action C: pass (only once the draw pile is empty)."""

    TAG: ClassVar[str] = "C"


class PlayInPlace(msgspec.Struct, frozen=True):
    """After a draw or a pass: try a card in an opponent's row."""

    card: int
    """Number of the card tried."""
    target: int
    """Seat of the opponent whose place it is played in."""

    def token(self) -> str:
        """Return ``P.<card>.<seat>``."""
        return f"P.{self.card}.{self.target}"

    @classmethod
    def from_token(cls, token: str) -> PlayInPlace:
        """Parse ``P.<card>.<seat>``."""
        card, target = split_token(token, "P", 2)
        return cls(parse_int(card, 1, DECK_SIZE), parse_int(target, 0, MAX_SEAT))


class EndTurn(BareAction, frozen=True):
    """After a draw or a pass: end the turn without playing in a place."""

    TAG: ClassVar[str] = "E"


class Steal(msgspec.Struct, frozen=True):
    """Steal variant: play a card in the place of the player whose turn it is."""

    card: int
    """Number of the card tried."""

    def token(self) -> str:
        """Return ``S.<card>``."""
        return f"S.{self.card}"

    @classmethod
    def from_token(cls, token: str) -> Steal:
        """Parse ``S.<card>``."""
        (card,) = split_token(token, "S", 1)
        return cls(parse_int(card, 1, DECK_SIZE))


class Deal(msgspec.Struct, frozen=True):
    """Chance: the dealer, the shuffled number cards and each seat's two instructions."""

    dealer: int
    """Seat of the dealer."""
    deck: tuple[int, ...]
    """All 40 numbers in order: the hands (one card at a time), the start card, the pile."""
    rule1: tuple[int, ...]
    """Instruction code (0..5, group A) of each seat's rule 1."""
    rule2: tuple[int, ...]
    """Instruction code (6..11, group B) of each seat's rule 2."""

    def token(self) -> str:
        """Return ``D.<dealer>.<deck>.<rule1 codes>.<rule2 codes>``."""
        parts = (join_ints(self.deck), join_ints(self.rule1), join_ints(self.rule2))
        return f"D.{self.dealer}.{'.'.join(parts)}"

    @classmethod
    def from_token(cls, token: str) -> Deal:
        """Parse a deal, checking that it is a permutation and a proper instruction deal."""
        dealer, deck, rule1, rule2 = split_token(token, "D", 4)
        deal = cls(
            parse_int(dealer, 0, MAX_SEAT),
            parse_permutation(deck, DECK_SIZE, first=1),
            parse_ints(rule1, 0, 5),
            parse_ints(rule2, 6, 11),
        )
        seats = len(deal.rule1)
        if seats not in HAND_SIZE or len(deal.rule2) != seats or deal.dealer >= seats:
            raise BadToken()
        if len(set(deal.rule1)) != seats or len(set(deal.rule2)) != seats:
            raise BadToken()
        return deal

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
        seats = len(hands)
        order = [(dealer + k) % seats for k in range(1, seats + 1)]
        deck = [hands[s][i] for i in range(HAND_SIZE[seats]) for s in order]
        deck += [start, *pile_top]
        deck += [n for n in range(1, DECK_SIZE + 1) if n not in deck]
        rule1 = tuple(pair[0].code for pair in instructions)
        rule2 = tuple(pair[1].code for pair in instructions)
        return cls.from_token(cls(dealer, tuple(deck), rule1, rule2).token())


class Handover(msgspec.Struct, frozen=True):
    """Chance: the cards an opponent gives after a failed play in their place."""

    cards: tuple[int, ...]
    """Numbers of the cards handed over (chosen at random from that hand)."""

    def token(self) -> str:
        """Return ``G.<cards>``."""
        return f"G.{join_ints(self.cards)}"

    @classmethod
    def from_token(cls, token: str) -> Handover:
        """Parse ``G.<cards>``."""
        (cards,) = split_token(token, "G", 1)
        numbers = parse_ints(cards, 1, DECK_SIZE)
        if not 1 <= len(numbers) <= 2 or len(set(numbers)) != len(numbers):
            raise BadToken()
        return cls(numbers)


CovertaAction = Place | Draw | Pass | PlayInPlace | EndTurn | Steal | Deal | Handover

_DECODERS: Final[dict[str, Callable[[str], CovertaAction]]] = {
    "A": Place.from_token,
    "B": Draw.from_token,
    "C": Pass.from_token,
    "P": PlayInPlace.from_token,
    "E": EndTurn.from_token,
    "S": Steal.from_token,
    "D": Deal.from_token,
    "G": Handover.from_token,
}


def decode(token: str) -> CovertaAction:
    """Parse any COVERTA action token, raising BadToken on anything malformed."""
    if not isinstance(token, str):
        raise BadToken()
    decoder = _DECODERS.get(token.split(".", 1)[0])
    if decoder is None:
        raise BadToken()
    return decoder(token)
