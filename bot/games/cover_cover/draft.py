"""A transition in the making, shared by the Cover-cover flow modules."""

from __future__ import annotations

from typing import Final

from bot.engine.draft import Draft as BaseDraft
from bot.engine.draft import replaced
from bot.games.cover_cover.state import CoverState

__all__ = ["RULES_VERSION", "Draft", "replaced"]

RULES_VERSION: Final = 2
"""Version 2: auto mode tells knock-outs in its summary only, and a game drawn in its last
Cover-cover is summed up with that round (rules 6.6). A match begun under version 1 keeps
its announcements and states as recorded."""


class Draft(BaseDraft[CoverState]):
    """One Cover-cover transition in the making (there is no private information), under
    the rules version of the match."""

    def __init__(self, state: CoverState, version: int = RULES_VERSION) -> None:
        super().__init__(state)
        self.version = version

    def chatty(self) -> bool:
        """Tell whether each round is told (auto mode tells a summary instead)."""
        return not self.state.auto
