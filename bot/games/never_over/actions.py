"""NEVER OVER actions: small immutable values with a compact token codec.

A play names a kind of card (``g3`` is a +3, ``r2`` a ≤2), not one copy: copies
of a kind are alike, so the rules take any one of them from the hand. Every
play a person could ask for can be written, legal or not, so that the rules
can refuse it with a reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Final, Literal

import msgspec

from bot.engine.codec import BareAction, join_ints, parse_distinct, parse_int, split_token
from bot.engine.errors import BadToken
from bot.games.never_over.cards import MAX_PACK, is_kind

MAX_SEAT: Final = 5
Pile = Literal["green", "red"]


def parse_kind(text: str) -> str:
    """Return a kind of card from a token field, refusing kinds that do not exist."""
    if not is_kind(text):
        raise BadToken()
    return text


class Play(msgspec.Struct, frozen=True):
    """Play a card of a kind from your hand onto a player's green or red pile."""

    kind: str
    """The kind of card played (``g3``, ``r0``)."""
    owner: int
    """Seat whose pile receives it."""
    pile: Pile

    def token(self) -> str:
        """Return ``P.<kind>.<seat>.<g|r>``."""
        return f"P.{self.kind}.{self.owner}.{self.pile[0]}"

    @classmethod
    def from_token(cls, token: str) -> Play:
        """Parse ``P.<kind>.<seat>.<g|r>``."""
        kind, owner, pile = split_token(token, "P", 3)
        piles: dict[str, Pile] = {"g": "green", "r": "red"}
        if pile not in piles:
            raise BadToken()
        return cls(parse_kind(kind), parse_int(owner, 0, MAX_SEAT), piles[pile])


class Discard(msgspec.Struct, frozen=True):
    """Put a card of a kind from your hand face up on the discards."""

    kind: str

    def token(self) -> str:
        """Return ``D.<kind>``."""
        return f"D.{self.kind}"

    @classmethod
    def from_token(cls, token: str) -> Discard:
        """Parse ``D.<kind>``."""
        (kind,) = split_token(token, "D", 1)
        return cls(parse_kind(kind))


class Retire(BareAction, frozen=True):
    """Retire from the game: take no more turns, set your hand aside."""

    TAG: ClassVar[str] = "X"


class Deal(msgspec.Struct, frozen=True):
    """Chance: the dealer of the next game and the shuffled pack, top card first."""

    dealer: int
    order: tuple[int, ...]
    """Card ids in pack order after the shuffle; the deal takes them from the front."""

    def token(self) -> str:
        """Return ``S.<dealer>.<ids>``."""
        return f"S.{self.dealer}.{join_ints(self.order)}"

    @classmethod
    def from_token(cls, token: str) -> Deal:
        """Parse a deal, checking that no card appears twice."""
        dealer, order = split_token(token, "S", 2)
        return cls(parse_int(dealer, 0, MAX_SEAT), parse_distinct(order, 0, MAX_PACK - 1))

    @classmethod
    def arrange(
        cls,
        dealer: int,
        hands: Sequence[Sequence[int]],
        stock_top: Sequence[int],
        pack_size: int,
    ) -> Deal:
        """Build the deal giving these hands (card ids) and stock top; the rest follows by id."""
        seats = len(hands)
        order = [(dealer + k) % seats for k in range(1, seats + 1)]
        size = len(hands[0])
        ids = [hands[s][i] for i in range(size) for s in order]
        ids += list(stock_top)
        ids += [i for i in range(pack_size) if i not in ids]
        return cls.from_token(cls(dealer, tuple(ids)).token())


NeverOverAction = Play | Discard | Retire | Deal

_DECODERS: Final[dict[str, Callable[[str], NeverOverAction]]] = {
    "P": Play.from_token,
    "D": Discard.from_token,
    "X": Retire.from_token,
    "S": Deal.from_token,
}


def decode(token: str) -> NeverOverAction:
    """Parse any NEVER OVER action token, raising BadToken on anything malformed."""
    if not isinstance(token, str):
        raise BadToken()
    decoder = _DECODERS.get(token.split(".", 1)[0])
    if decoder is None:
        raise BadToken()
    return decoder(token)
