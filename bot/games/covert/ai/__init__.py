"""Covert AI levels: the planner (default), a legal-random player, and the stand-in.

The planner (``ai.planner``) works towards the Missions it holds. The stand-in
plays each prompt's timeout default, which the legal actions list first (pass,
finish, forfeit all, keep the first card ...): it is the game's timeout policy,
so a member whose timer runs out gets the defaults of section 7.5, and
reactions (Espionage, First) are declined as section 7.4 asks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from bot.engine import policy as engine_policy
from bot.engine.i18n import N_
from bot.engine.policy import Policy, ViewPolicy, any_of
from bot.engine.registry import AiLevels
from bot.engine.rng import Rng
from bot.engine.rules import Action
from bot.games.covert.actions import DECLINE, Choose, Reroll, Setting, plays
from bot.games.covert.ai.planner import PlannerPolicy
from bot.games.covert.views import Pending, PrivateView


class RandomPolicy(engine_policy.RandomPolicy):
    """Plays a random legal action, but always declines reactions and keeps its settings."""

    def decide(
        self, view: object, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Decline a reaction; otherwise pick any legal action but a dossier setting."""
        moves = plays(legal)
        return DECLINE if DECLINE in moves else any_of(moves, rng) if moves else None


def prompt_default(pending: Pending, legal: Sequence[Action]) -> Action:
    """Return a sub-decision's timeout default (the 7.4 table)."""
    kind, items = pending.kind, pending.items
    if kind in ("keep3", "hand", "mlimit"):
        # Keep the first two dealt Missions (return the third); discard the card or put
        # back the Mission gained most recently.
        want = Choose(items[-1]) if items else None
    elif kind == "free":
        # The Region Space card of the collecting agent's region if there is one, else the
        # deck (for the Infiltrator the prompt carries that region as its item).
        region = items[0] if pending.arg == "*" and items else pending.arg
        want = Choose(region) if Choose(region) in legal else Choose("deck")
    elif kind == "deck":
        # The larger Code deck, A on a tie; only non-empty decks are ever offered.
        offered = [a for a in legal if isinstance(a, Choose)]
        want = offered[0] if offered else None
    else:
        # Search: keep the first card looked at; the other choices take the first offered.
        want = Choose(items[0]) if items else None
    return want if want is not None and want in legal else legal[0]


def timeout_default(view: Any, legal: Sequence[Action]) -> Action | None:
    """Return the spec's default for the decision a seat faces (7.4 and 7.5).

    Reactions decline; sub-decisions take the 7.4 table's default; a Phase I turn
    passes (or ends once a die is down); a Break Codes turn finishes (claiming what is
    readable); a Phase III turn forfeits every remaining die (a movement in progress
    halts first); a final-mission turn completes nothing. The Reroll is never used.
    """
    if not legal:
        return None
    if isinstance(view, PrivateView) and view.pending is not None:
        return prompt_default(view.pending, legal)
    if all(isinstance(a, (Reroll, Setting)) for a in legal):
        return None  # only what a seat may do out of turn: never done for it
    return legal[0]  # the rules list the default first (decline, halt, pass, end, finish ...)


class StandInPolicy(ViewPolicy[object]):
    """Plays the timeout default of each prompt (sections 7.4 and 7.5)."""

    name = "standin"

    def decide(
        self, view: object, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Return the default action (decline, pass, finish, forfeit, keep the first ...)."""
        return timeout_default(view, legal)


POLICIES: Final[dict[str, Callable[[], Policy]]] = {
    "planner": PlannerPolicy,
    "random": RandomPolicy,
    "standin": StandInPolicy,
}
"""The AI levels offered for Covert seats."""
DEFAULT_POLICY: Final = "planner"

AI_LEVELS: Final = AiLevels(
    POLICIES,
    DEFAULT_POLICY,
    {"random": N_("Easy"), "standin": N_("Stand-in"), "planner": N_("Normal")},
    timeout="standin",  # a timed-out turn takes the rules' defaults (section 7.5)
)
