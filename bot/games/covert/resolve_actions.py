"""Covert Phase III Actions: complete or take a Mission, take an Agency card, move, forfeit."""

from __future__ import annotations

import msgspec

from bot.engine.codec import parse_int, split_token
from bot.engine.errors import BadToken
from bot.games.covert.action_codec import TARGET_CODES, TARGETS, one_of
from bot.games.covert.data import AGENCY, CODES, REGIONS
from bot.games.covert.missions import MISSION


class Complete(msgspec.Struct, frozen=True):
    """Complete a Mission, naming what pays each equipment icon and the any-card icon."""

    mission: str
    pay: tuple[str, ...]
    """Per equipment icon: an Agency card, ``B`` (benefit) or a completed Code."""
    any_card: str = "-"

    def token(self) -> str:
        """Return ``X.<mission>.<payments>.<any card or ->``."""
        return f"X.{self.mission}.{','.join(self.pay) or '-'}.{self.any_card}"

    @classmethod
    def from_token(cls, token: str) -> Complete:
        """Parse ``X.<mission>.<payments>.<any card or ->``."""
        mission, pay, any_card = split_token(token, "X", 3)
        payments = () if pay == "-" else tuple(pay.split(","))
        allowed = frozenset({*AGENCY, *CODES, "B"})
        if len(payments) > 2 or any(p not in allowed for p in payments):
            raise BadToken()
        return cls(one_of(mission, MISSION), payments, one_of(any_card, frozenset({*AGENCY, "-"})))


class TakeMission(msgspec.Struct, frozen=True):
    """Take a face-up Mission (slot 0–2) or the top of the deck (slot 3)."""

    slot: int

    def token(self) -> str:
        """Return ``T.<slot>``."""
        return f"T.{self.slot}"

    @classmethod
    def from_token(cls, token: str) -> TakeMission:
        """Parse ``T.<slot>``."""
        (slot,) = split_token(token, "T", 1)
        return cls(parse_int(slot, 0, 3))


class TakeAgency(msgspec.Struct, frozen=True):
    """Take an Agency card with one or two dice: a Region Space (region) or ``deck``."""

    dice: int
    what: str

    def token(self) -> str:
        """Return ``G.<dice>.<region or deck>``."""
        return f"G.{self.dice}.{self.what}"

    @classmethod
    def from_token(cls, token: str) -> TakeAgency:
        """Parse ``G.<dice>.<region or deck>``."""
        dice, what = split_token(token, "G", 2)
        return cls(parse_int(dice, 1, 2), one_of(what, (*REGIONS, "deck")))


class Move(msgspec.Struct, frozen=True):
    """Resolve a Movement Action with k of your Movement dice."""

    dice: int

    def token(self) -> str:
        """Return ``V.<k>``."""
        return f"V.{self.dice}"

    @classmethod
    def from_token(cls, token: str) -> Move:
        """Parse ``V.<k>``."""
        (k,) = split_token(token, "V", 1)
        return cls(parse_int(k, 1, 5))


class Forfeit(msgspec.Struct, frozen=True):
    """Return one die from an Action Circle (or ``all`` of them) without effect."""

    circle: str

    def token(self) -> str:
        """Return ``D.<circle code or all>``."""
        code = "all" if self.circle == "all" else TARGET_CODES[TARGETS.index(self.circle)]
        return f"D.{code}"

    @classmethod
    def from_token(cls, token: str) -> Forfeit:
        """Parse ``D.<circle code or all>``."""
        (code,) = split_token(token, "D", 1)
        if code == "all":
            return cls("all")
        return cls(TARGETS[TARGET_CODES[:4].index(one_of(code, TARGET_CODES[:4]))])
