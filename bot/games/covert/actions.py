"""Covert player actions: small immutable values with a compact token codec.

Sources of an ability are Agency card ids (``A07``) or token ids (``S13``);
payments name a card, ``B`` (a benefit) or a completed Code id (``C07``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import msgspec

from bot.engine.codec import parse_int, split_token
from bot.engine.errors import BadToken
from bot.games.covert.action_codec import (
    CHOICES,
    TARGET_CODES,
    TARGETS,
    one_of,
    source,
)
from bot.games.covert.data import AGENCY, CITY
from bot.games.covert.resolve_actions import Complete, Forfeit, Move, TakeAgency, TakeMission


class Place(msgspec.Struct, frozen=True):
    """Place an unplaced die on an Action Circle (on the space of its face), Spec Ops or Decoder."""

    die: int
    target: str

    def token(self) -> str:
        """Return ``P.<die>.<target code>``."""
        return f"P.{self.die}.{TARGET_CODES[TARGETS.index(self.target)]}"

    @classmethod
    def from_token(cls, token: str) -> Place:
        """Parse ``P.<die>.<target code>``."""
        die, code = split_token(token, "P", 2)
        return cls(parse_int(die, 0, 4), TARGETS[TARGET_CODES.index(one_of(code, TARGET_CODES))])


class Adjust(msgspec.Struct, frozen=True):
    """Spend a +1 or −1 source on an unplaced die before placing it."""

    die: int
    source: str

    def token(self) -> str:
        """Return ``J.<die>.<source>``."""
        return f"J.{self.die}.{self.source}"

    @classmethod
    def from_token(cls, token: str) -> Adjust:
        """Parse ``J.<die>.<source>``."""
        die, src = split_token(token, "J", 2)
        return cls(parse_int(die, 0, 4), source(src))


class Reroll(msgspec.Struct, frozen=True):
    """Spend the Reroll token on some unplaced dice."""

    dice: tuple[int, ...]

    def token(self) -> str:
        """Return ``R.<dice>``."""
        return "R." + "".join(str(d) for d in self.dice)

    @classmethod
    def from_token(cls, token: str) -> Reroll:
        """Parse ``R.<dice>`` (digits in increasing order)."""
        (text,) = split_token(token, "R", 1)
        dice = tuple(parse_int(c, 0, 4) for c in text)
        if not dice or list(dice) != sorted(set(dice)):
            raise BadToken()
        return cls(dice)


class Fly(msgspec.Struct, frozen=True):
    """Discard an Agency card to fly one agent to its flight city."""

    card: str
    agent: int

    def token(self) -> str:
        """Return ``F.<card>.<agent>``."""
        return f"F.{self.card}.{self.agent}"

    @classmethod
    def from_token(cls, token: str) -> Fly:
        """Parse ``F.<card>.<agent>``."""
        card, agent = split_token(token, "F", 2)
        return cls(one_of(card, AGENCY), parse_int(agent, 0, 2))


class Use(msgspec.Struct, frozen=True):
    """Activate Move ×3, Search (deck ``A`` or ``M``), Sneak Attack or Code Breaker."""

    source: str
    deck: str = "-"

    def token(self) -> str:
        """Return ``U.<source>.<deck or ->``."""
        return f"U.{self.source}.{self.deck}"

    @classmethod
    def from_token(cls, token: str) -> Use:
        """Parse ``U.<source>.<deck or ->``."""
        src, deck = split_token(token, "U", 2)
        return cls(source(src), one_of(deck, ("A", "M", "-")))


class Step(msgspec.Struct, frozen=True):
    """Move one agent one route to a neighbouring city."""

    agent: int
    city: str

    def token(self) -> str:
        """Return ``M.<agent>.<city>``."""
        return f"M.{self.agent}.{self.city}"

    @classmethod
    def from_token(cls, token: str) -> Step:
        """Parse ``M.<agent>.<city>``."""
        agent, city = split_token(token, "M", 2)
        return cls(parse_int(agent, 0, 2), one_of(city, CITY))


class Swap(msgspec.Struct, frozen=True):
    """Exchange two Cipher tiles (positions 0–11, first lower)."""

    a: int
    b: int

    def token(self) -> str:
        """Return ``W.<a>.<b>``."""
        return f"W.{self.a}.{self.b}"

    @classmethod
    def from_token(cls, token: str) -> Swap:
        """Parse ``W.<a>.<b>``."""
        a, b = split_token(token, "W", 2)
        swap = cls(parse_int(a, 0, 11), parse_int(b, 0, 11))
        if swap.a >= swap.b:
            raise BadToken()
        return swap


class Overlay(msgspec.Struct, frozen=True):
    """Put one of your Decoder dice on a Cipher tile for this turn."""

    die: int
    position: int

    def token(self) -> str:
        """Return ``O.<die>.<position>``."""
        return f"O.{self.die}.{self.position}"

    @classmethod
    def from_token(cls, token: str) -> Overlay:
        """Parse ``O.<die>.<position>``."""
        die, position = split_token(token, "O", 2)
        return cls(parse_int(die, 0, 4), parse_int(position, 0, 11))


class Choose(msgspec.Struct, frozen=True):
    """Answer a sub-decision: the card, mission, token, region, code or deck picked."""

    item: str

    def token(self) -> str:
        """Return ``C.<item>``."""
        return f"C.{self.item}"

    @classmethod
    def from_token(cls, token: str) -> Choose:
        """Parse ``C.<item>``."""
        (item,) = split_token(token, "C", 1)
        return cls(one_of(item, CHOICES))


class Accept(msgspec.Struct, frozen=True):
    """React: spend Espionage to take a used card, or First to act now (card ``-``)."""

    source: str
    card: str = "-"

    def token(self) -> str:
        """Return ``A.<source>.<card or ->``."""
        return f"A.{self.source}.{self.card}"

    @classmethod
    def from_token(cls, token: str) -> Accept:
        """Parse ``A.<source>.<card or ->``."""
        src, card = split_token(token, "A", 2)
        return cls(source(src), one_of(card, frozenset({*AGENCY, "-"})))


class Simple(msgspec.Struct, frozen=True):
    """A move without fields: pass, end turn, stop moving, finish codes, decline."""

    kind: str

    def token(self) -> str:
        """Return the kind's letter."""
        return SIMPLE_CODES[self.kind]

    @classmethod
    def from_token(cls, token: str) -> Simple:
        """Parse a one-letter move."""
        for kind, code in SIMPLE_CODES.items():
            if token == code:
                return cls(kind)
        raise BadToken()


SIMPLE_CODES: Final = {"pass": "N", "end": "E", "halt": "H", "finish": "Z", "decline": "Q"}
PASS: Final = Simple("pass")
END: Final = Simple("end")
HALT: Final = Simple("halt")
FINISH: Final = Simple("finish")
DECLINE: Final = Simple("decline")

_DECODERS: Final[dict[str, Callable[[str], object]]] = {
    "P": Place.from_token,
    "J": Adjust.from_token,
    "R": Reroll.from_token,
    "F": Fly.from_token,
    "U": Use.from_token,
    "M": Step.from_token,
    "W": Swap.from_token,
    "O": Overlay.from_token,
    "X": Complete.from_token,
    "T": TakeMission.from_token,
    "G": TakeAgency.from_token,
    "V": Move.from_token,
    "D": Forfeit.from_token,
    "C": Choose.from_token,
    "A": Accept.from_token,
    **{code: Simple.from_token for code in SIMPLE_CODES.values()},
}

__all__ = [
    "DECLINE",
    "END",
    "FINISH",
    "HALT",
    "PASS",
    "TARGETS",
    "TARGET_CODES",
    "Accept",
    "Adjust",
    "Choose",
    "Complete",
    "Fly",
    "Forfeit",
    "Move",
    "Overlay",
    "Place",
    "Reroll",
    "Simple",
    "Step",
    "Swap",
    "TakeAgency",
    "TakeMission",
    "Use",
]
