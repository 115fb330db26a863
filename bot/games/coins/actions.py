"""Coins actions: small immutable values with a compact token codec."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import msgspec

from bot.engine.codec import join_ints, parse_int, parse_permutation, split_token
from bot.engine.errors import BadToken
from bot.games.coins.cards import DECK_SIZE, HAND_SIZE, SEATS


class Play(msgspec.Struct, frozen=True):
    """Play one card from your hand into the current trick."""

    card: int
    """Index 0..47 of the card played (see ``cards.CARDS``)."""

    def token(self) -> str:
        """Return ``P.<card>``."""
        return f"P.{self.card}"

    @classmethod
    def from_token(cls, token: str) -> Play:
        """Parse ``P.<card>``."""
        (number,) = split_token(token, "P", 1)
        return cls(parse_int(number, 0, DECK_SIZE - 1))


class Deal(msgspec.Struct, frozen=True):
    """Chance: the dealer of the hand and the shuffled deck, dealt one card at a time."""

    dealer: int
    """Seat of the dealer; the first card goes to the seat on their left."""
    deck: tuple[int, ...]
    """All 48 card indexes in the order they are dealt."""

    def token(self) -> str:
        """Return ``D.<dealer>.<deck>``."""
        return f"D.{self.dealer}.{join_ints(self.deck)}"

    @classmethod
    def from_token(cls, token: str) -> Deal:
        """Parse a deal, checking that the deck is a permutation of the 48 cards."""
        dealer, deck = split_token(token, "D", 2)
        return cls(parse_int(dealer, 0, SEATS - 1), parse_permutation(deck, DECK_SIZE))

    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Return each seat's 16 cards, in the order received."""
        order = [(self.dealer + k) % SEATS for k in range(1, SEATS + 1)]
        hands: list[list[int]] = [[] for _ in range(SEATS)]
        for i, number in enumerate(self.deck):
            hands[order[i % SEATS]].append(number)
        return tuple(tuple(h) for h in hands)

    @classmethod
    def arrange(cls, dealer: int, hands: Sequence[Sequence[int]]) -> Deal:
        """Build the deal that gives these cards (padded from the unused ones) to each seat."""
        used = {n for h in hands for n in h}
        spare = iter(n for n in range(DECK_SIZE) if n not in used)
        full = [list(h) + [next(spare) for _ in range(HAND_SIZE - len(h))] for h in hands]
        order = [(dealer + k) % SEATS for k in range(1, SEATS + 1)]
        deck = tuple(full[s][i] for i in range(HAND_SIZE) for s in order)
        return cls.from_token(cls(dealer, deck).token())


CoinsAction = Play | Deal

_DECODERS: Final[dict[str, Callable[[str], CoinsAction]]] = {
    "P": Play.from_token,
    "D": Deal.from_token,
}


def decode(token: str) -> CoinsAction:
    """Parse any Coins action token, raising BadToken on anything malformed."""
    if not isinstance(token, str):
        raise BadToken()
    decoder = _DECODERS.get(token.split(".", 1)[0])
    if decoder is None:
        raise BadToken()
    return decoder(token)
