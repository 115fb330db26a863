"""Covert AI levels: the planner (default), a legal-random player, and the stand-in.

The planner (``planner.py``) works towards the Missions it holds. The stand-in
plays each prompt's timeout default, which the legal actions list first (pass,
finish, forfeit all, keep the first card ...): it is the game's timeout policy,
so a member whose timer runs out gets the defaults of section 7.5, and
reactions (Espionage, First) are declined as section 7.4 asks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from bot.engine.policy import Policy
from bot.engine.rng import Rng
from bot.engine.rules import Action
from bot.games.covert.actions import DECLINE
from bot.games.covert.planner import PlannerPolicy


class RandomPolicy:
    """Plays a random legal action, but always declines reactions."""

    name = "random"

    def choose(
        self, view: Any, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Decline a reaction; otherwise pick any legal action."""
        if not legal:
            return None
        if DECLINE in legal:
            return DECLINE
        return legal[rng.randrange(len(legal))]


class StandInPolicy:
    """Plays the timeout default of section 7.5: the first legal action."""

    name = "standin"

    def choose(
        self, view: Any, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Return the default action (decline, pass, finish, forfeit, keep the first)."""
        return legal[0] if legal else None


POLICIES: Final[dict[str, Callable[[], Policy]]] = {
    "planner": PlannerPolicy,
    "random": RandomPolicy,
    "standin": StandInPolicy,
}
"""The AI levels offered for Covert seats."""
DEFAULT_POLICY: Final = "planner"
