"""Cover-cover AI: there is nothing to decide, so an AI seat presses its one button at once.

The same policy stands in for an absent member when the turn timer runs out, and
with ``auto`` on its press lets the bot play the next block of rounds for everyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.engine.registry import AiLevels
from bot.engine.rng import Rng
from bot.engine.rules import Action


class FlipPolicy:
    """Presses Flip (or Cover-cover!) as soon as it is asked; never abstains."""

    name = "flip"

    def choose(
        self, view: Any, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Return the only legal action (or None when there is none)."""
        return legal[0] if legal else None


AI_LEVELS: Final = AiLevels.standard(FlipPolicy, easy=None)
"""The one AI level offered for Cover-cover seats: there is nothing to choose."""
