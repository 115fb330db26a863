"""The fields Covert's actions share, each declared once with the codec that writes it."""

from __future__ import annotations

from typing import Annotated, Final

from bot.engine.codec import Codes, Items, OneOf, Range
from bot.games.covert.data import AGENCY, CHARACTER, CODES, REGIONS, TOKENS
from bot.games.covert.missions import MISSION

TARGETS: Final = (
    "COMPLETE_MISSION",
    "MISSION_CARDS",
    "AGENCY_CARDS",
    "MOVEMENT",
    "SPEC_OPS",
    "DECODER",
)
TARGET_CODES: Final = ("CM", "MC", "AC", "MV", "SO", "DE")
CIRCLES: Final = 4
"""The first four targets are the Action Circles."""

Die = Annotated[int, Range(0, 4)]
"""One of a player's five dice."""
Agent = Annotated[int, Range(0, 2)]
"""One of a player's three agents."""
Tile = Annotated[int, Range(0, 11)]
"""A position in the Cipher row."""
Source = Annotated[str, OneOf(AGENCY, TOKENS)]
"""What an ability is spent from: an Agency card id (``A07``) or a token id (``S13``)."""
CardOrNone = Annotated[str, OneOf(AGENCY, "-")]
"""An Agency card id, or ``-`` for none."""
Target = Annotated[str, Codes(dict(zip(TARGETS, TARGET_CODES, strict=True)))]
"""Where a die goes: an Action Circle, Spec Ops or the Decoder, written as its code."""
CIRCLE_CODES: Final = dict(zip(TARGETS[:CIRCLES], TARGET_CODES[:CIRCLES], strict=True))
Circle = Annotated[str, Codes({**CIRCLE_CODES, "all": "all"})]
"""An Action Circle written as its code, or ``all`` of them."""
Circles = Annotated[tuple[str, ...], Items(Codes(CIRCLE_CODES), least=2, most=5, ordered=True)]
"""Action Circles, one per die, in the circles' order, a circle as often as it gives dice:
``AC,AC,MV``."""
Choice = Annotated[
    str, OneOf(AGENCY, MISSION, TOKENS, CODES, REGIONS, CHARACTER, ("deck", "A", "B"))
]
"""The answer to a sub-decision: a card, mission, token, region, code, character or deck."""
