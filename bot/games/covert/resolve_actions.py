"""Covert Phase III Actions: complete or take a Mission, take an Agency card, move, forfeit."""

from __future__ import annotations

from typing import Annotated

from bot.engine.codec import Items, OneOf, Range, Tagged
from bot.games.covert.action_codec import CardOrNone, Circle, Circles
from bot.games.covert.data import AGENCY, CODES, REGIONS
from bot.games.covert.missions import MISSION


class Complete(Tagged, frozen=True):
    """Complete a Mission, naming what pays each equipment icon and the any-card icon."""

    TAG = "X"
    mission: Annotated[str, OneOf(MISSION)]
    pay: Annotated[tuple[str, ...], Items(OneOf(AGENCY, CODES, "B"), most=2, empty="-")]
    """Per equipment icon: an Agency card, ``B`` (benefit) or a completed Code."""
    any_card: CardOrNone = "-"


class TakeMission(Tagged, frozen=True):
    """Take a face-up Mission (slot 0–2) or the top of the deck (slot 3)."""

    TAG = "T"
    slot: Annotated[int, Range(0, 3)]


class TakeAgency(Tagged, frozen=True):
    """Take an Agency card with one or two dice: a Region Space (region) or ``deck``."""

    TAG = "G"
    dice: Annotated[int, Range(1, 2)]
    what: Annotated[str, OneOf(REGIONS, "deck")]


class Move(Tagged, frozen=True):
    """Resolve a Movement Action with k of your Movement dice."""

    TAG = "V"
    dice: Annotated[int, Range(1, 5)]


class Forfeit(Tagged, frozen=True):
    """Return one die from an Action Circle (or ``all`` of them) without effect."""

    TAG = "D"
    circle: Circle


class ForfeitSome(Tagged, frozen=True):
    """Return two or more of your Action-Circle dice, not all of them, without effect."""

    TAG = "DS"
    circles: Circles
