"""The shared pieces of the Covert action codec: action targets, choice items, id checks."""

from __future__ import annotations

from collections.abc import Container
from typing import Final

from bot.engine.errors import BadToken
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
CHOICES: Final = frozenset(
    {*AGENCY, *MISSION, *TOKENS, *CODES, *REGIONS, *CHARACTER, "deck", "A", "B"}
)


def source(text: str) -> str:
    """Return an ability source (card or token id) or refuse the token."""
    if text not in AGENCY and text not in TOKENS:
        raise BadToken()
    return text


def one_of(text: str, allowed: Container[str]) -> str:
    """Return text if allowed, else refuse the token."""
    if text not in allowed:
        raise BadToken()
    return text
