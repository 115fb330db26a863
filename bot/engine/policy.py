"""AI policies: they see only a seat's view and its legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.engine.rng import Rng
from bot.engine.rules import Action


class Policy(Protocol):
    """Chooses an action for one seat."""

    name: str

    def choose(
        self, view: Any, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick one legal action; may return None only when ``must_act`` is false."""
        ...


class RandomPolicy:
    """Plays a uniformly random legal action, and never abstains."""

    name = "random"

    def choose(
        self, view: Any, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick any legal action."""
        return legal[rng.randrange(len(legal))]
