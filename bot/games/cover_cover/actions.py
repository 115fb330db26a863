"""Cover-cover actions: Flip, Cover, and the chance steps (deal, shuffle) with their tokens."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Final

import msgspec

from bot.engine.codec import (
    BareAction,
    join_ints,
    parse_distinct,
    parse_int,
    parse_permutation,
    split_token,
)
from bot.engine.errors import BadToken
from bot.games.cover_cover.cards import DECK_SIZE, MAX_SEATS, deal_order


class Flip(BareAction, frozen=True):
    """Turn up the top card of your hand (with ``auto`` on: play on for everyone)."""

    TAG: ClassVar[str] = "F"


class Cover(BareAction, frozen=True):
    """Shout "Cover-cover!" and lay one card face down and one face up."""

    TAG: ClassVar[str] = "C"


class Deal(msgspec.Struct, frozen=True):
    """Chance: the dealer and the shuffled deck, dealt one card at a time."""

    dealer: int
    deck: tuple[int, ...]
    """All 52 card numbers in dealing order; a hand keeps them in the order received."""

    def token(self) -> str:
        """Return ``D.<dealer>.<deck>``."""
        return f"D.{self.dealer}.{join_ints(self.deck)}"

    @classmethod
    def from_token(cls, token: str) -> Deal:
        """Parse a deal, checking that the deck is a permutation of the 52 cards."""
        dealer, deck = split_token(token, "D", 2)
        return cls(parse_int(dealer, 0, MAX_SEATS - 1), parse_permutation(deck, DECK_SIZE))

    @classmethod
    def arrange(cls, dealer: int, hands: Sequence[Sequence[int]]) -> Deal:
        """Build the deal that gives these hands (top first); they must hold all 52 cards."""
        order = deal_order(dealer, len(hands))
        longest = max(len(h) for h in hands)
        deck = [hands[s][i] for i in range(longest) for s in order if i < len(hands[s])]
        return cls.from_token(cls(dealer, tuple(deck)).token())


class Shuffle(msgspec.Struct, frozen=True):
    """Chance: a player's winnings pile, shuffled, becomes the bottom of their hand."""

    seat: int
    order: tuple[int, ...]
    """The winnings in their new order, top first."""

    def token(self) -> str:
        """Return ``S.<seat>.<cards>``."""
        return f"S.{self.seat}.{join_ints(self.order)}"

    @classmethod
    def from_token(cls, token: str) -> Shuffle:
        """Parse a shuffle, refusing repeated cards."""
        seat, order = split_token(token, "S", 2)
        shuffle = cls(parse_int(seat, 0, MAX_SEATS - 1), parse_distinct(order, 0, DECK_SIZE - 1))
        if not shuffle.order:
            raise BadToken()
        return shuffle


CoverAction = Flip | Cover | Deal | Shuffle

_DECODERS: Final[dict[str, Callable[[str], CoverAction]]] = {
    "F": Flip.from_token,
    "C": Cover.from_token,
    "D": Deal.from_token,
    "S": Shuffle.from_token,
}


def decode(token: str) -> CoverAction:
    """Parse any Cover-cover action token, raising BadToken on anything malformed."""
    if not isinstance(token, str):
        raise BadToken()
    decoder = _DECODERS.get(token.split(".", 1)[0])
    if decoder is None:
        raise BadToken()
    return decoder(token)
