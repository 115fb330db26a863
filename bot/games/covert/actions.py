"""Covert player actions: small immutable values with a compact token codec.

Sources of an ability are Agency card ids (``A07``) or token ids (``S13``);
payments name a card, ``B`` (a benefit) or a completed Code id (``C07``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Final

from bot.engine.codec import Actions, Codes, Items, OneOf, Range, Tagged
from bot.engine.rules import Action
from bot.games.covert.action_codec import Agent, CardOrNone, Choice, Die, Source, Target, Tile
from bot.games.covert.chance import CHANCE_STEPS
from bot.games.covert.data import AGENCY, CITY
from bot.games.covert.resolve_actions import (
    Complete,
    Forfeit,
    ForfeitSome,
    Move,
    TakeAgency,
    TakeMission,
)


class Place(Tagged, frozen=True):
    """Place an unplaced die on an Action Circle (on the space of its face), Spec Ops or Decoder."""

    TAG = "P"
    die: Die
    target: Target


class Adjust(Tagged, frozen=True):
    """Spend a +1 or −1 source on an unplaced die before placing it."""

    TAG = "J"
    die: Die
    source: Source


class Reroll(Tagged, frozen=True):
    """Spend the Reroll token on some unplaced dice."""

    TAG = "R"
    dice: Annotated[
        tuple[int, ...], Items(Range(0, 4), least=1, distinct=True, ordered=True, sep="")
    ]
    """The dice, written as digits side by side in increasing order (``R.024``)."""


class Fly(Tagged, frozen=True):
    """Discard an Agency card to fly one agent to its flight city."""

    TAG = "F"
    card: Annotated[str, OneOf(AGENCY)]
    agent: Agent


class Use(Tagged, frozen=True):
    """Activate Move ×3, Search (deck ``A`` or ``M``), Sneak Attack or Code Breaker."""

    TAG = "U"
    source: Source
    deck: Annotated[str, OneOf("A", "M", "-")] = "-"


class Step(Tagged, frozen=True):
    """Move one agent one route to a neighbouring city."""

    TAG = "M"
    agent: Agent
    city: Annotated[str, OneOf(CITY)]


class Swap(Tagged, frozen=True):
    """Exchange two Cipher tiles (positions 0–11, first lower)."""

    TAG = "W"
    a: Tile
    b: Tile

    def valid(self) -> bool:
        """Tell whether the first position is the lower."""
        return self.a < self.b


class Overlay(Tagged, frozen=True):
    """Put one of your Decoder dice on a Cipher tile for this turn."""

    TAG = "O"
    die: Die
    position: Tile


class Choose(Tagged, frozen=True):
    """Answer a sub-decision: the card, mission, token, region, code or deck picked."""

    TAG = "C"
    item: Choice


class Accept(Tagged, frozen=True):
    """React: spend Espionage to take a used card, or First to act now (card ``-``)."""

    TAG = "A"
    source: Source
    card: CardOrNone = "-"


SETTING_CODES: Final = {"espionage": "E", "first": "F"}
ASK_CODES: Final = {"ask": "A", "never": "N"}


class Setting(Tagged, frozen=True):
    """Change a dossier setting in play (7.5): be asked for a reaction, or never (it is
    declined at once, with no prompt and no wait)."""

    TAG = "K"
    reaction: Annotated[str, Codes(SETTING_CODES)]
    ask: Annotated[str, Codes(ASK_CODES)]


def plays(legal: Sequence[Action]) -> list[Action]:
    """Return the actions that play the game: all but the dossier settings, which only a
    member changes (no AI, no timeout)."""
    return [a for a in legal if not isinstance(a, Setting)]


SIMPLE_CODES: Final = {"pass": "N", "end": "E", "halt": "H", "finish": "Z", "decline": "Q"}


class Simple(Tagged, frozen=True):
    """A move without fields: pass, end turn, stop moving, finish codes, decline.

    Its token is the kind's letter alone.
    """

    kind: Annotated[str, Codes(SIMPLE_CODES)]


PASS: Final = Simple("pass")
END: Final = Simple("end")
HALT: Final = Simple("halt")
FINISH: Final = Simple("finish")
DECLINE: Final = Simple("decline")

ACTIONS: Final = Actions[Tagged](
    Place,
    Adjust,
    Reroll,
    Fly,
    Use,
    Step,
    Swap,
    Overlay,
    Complete,
    TakeMission,
    TakeAgency,
    Move,
    Forfeit,
    ForfeitSome,
    Choose,
    Accept,
    Setting,
    Simple,
    *CHANCE_STEPS,
)
"""Every Covert action and chance step, by tag."""

__all__ = [
    "ACTIONS",
    "DECLINE",
    "END",
    "FINISH",
    "HALT",
    "PASS",
    "Accept",
    "Adjust",
    "Choose",
    "Complete",
    "Fly",
    "Forfeit",
    "ForfeitSome",
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
