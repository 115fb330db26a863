"""Covert planner: finishing a Mission without dice (the final step, or a last Complete die).

Walking needs Movement dice, so when none are left a flight or a Move ×3 that makes
a Mission payable is worth the card or token it costs: the planner tries each legal
flight on a copy of its holdings and keeps the one that finishes the best Mission.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.rules import Action
from bot.games.covert.actions import END, Use
from bot.games.covert.ai.act import best_complete, fly_to_finish
from bot.games.covert.ai.plan import Holdings, Plan, worth
from bot.games.covert.data import AGENCY, TOKENS
from bot.games.covert.views import PrivateView

MOVE_POINTS = 3


def walk(p: Plan) -> int:
    """Return the steps all agents of a plan must walk in total."""
    return sum(s.steps for s in p.sources if not s.card)


def by_move_points(plans: Sequence[Plan]) -> list[Plan]:
    """Put first the plans a Move ×3 can finish (nothing missing, a short walk), best first."""
    short = [p for p in plans if walk_finishes(p)]
    return sorted(short, key=lambda p: -worth(p)) + [p for p in plans if p not in short]


def walk_finishes(p: Plan) -> bool:
    """Tell whether walking at most three steps in all completes the plan."""
    return p.located and not p.missing and p.spare and not p.flights and 0 < walk(p) <= MOVE_POINTS


def move_points(legal: Sequence[Action], held: Holdings, plans: Sequence[Plan]) -> Use | None:
    """Return a Move ×3 activation that lets agents walk to a Mission, if one does."""
    target = next((p for p in plans if walk_finishes(p)), None)
    uses = [a for a in legal if isinstance(a, Use)]
    return next((u for u in uses if target and spendable(u, held, target)), None)


def spendable(use: Use, held: Holdings, target: Plan) -> bool:
    """Tell whether a Move ×3 source can go without leaving the Mission unpaid."""
    source = AGENCY.get(use.source) or TOKENS[use.source]
    if source.ability != "MOVE_X3" or use.source in target.pay:
        return False
    spare = len(held.hand) - len(target.pay) - (0 if use.source in TOKENS else 1)
    return spare >= int(target.mission.any_card)


def final(
    view: PrivateView, legal: Sequence[Action], held: Holdings, plans: Sequence[Plan]
) -> Action:
    """Complete the best Mission of the final step, flying or walking (Move ×3) first if need be."""
    return (
        best_complete(legal, held, plans)
        or fly_to_finish(legal, held, plans)
        or move_points(legal, held, plans)
        or END
    )
