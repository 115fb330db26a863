"""A transition in the making, shared by the Cover-cover flow modules."""

from __future__ import annotations

from bot.engine.draft import Draft as BaseDraft
from bot.engine.draft import replaced
from bot.games.cover_cover.state import CoverState

__all__ = ["Draft", "replaced"]


class Draft(BaseDraft[CoverState]):
    """One Cover-cover transition in the making (there is no private information)."""

    def chatty(self) -> bool:
        """Tell whether each round is told (auto mode tells a summary instead)."""
        return not self.state.auto
