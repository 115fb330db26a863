"""Covert planner: what a card, a token or a Mission is worth to the seat right now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.covert.ai.plan import Holdings, Plan, cost, icons, plan, satisfies, worth
from bot.games.covert.data import AgencyCard
from bot.games.covert.missions import Mission
from bot.games.covert.views import PrivateView

ABILITY_VALUE: Final = {
    "PLUS_ONE": 0.4,
    "MINUS_ONE": 0.4,
    "MOVE_X3": 0.7,
    "ESPIONAGE": 0.2,
    "SNEAK_ATTACK": 0.3,
    "FIRST": 0.1,
    "CODE_BREAKER": 0.5,
    "SEARCH": 0.6,
}
"""How much an ability is worth holding, in rough points."""
DECK_MISSION: Final = 0.55
"""The value per die of an unknown Mission off the deck."""


def need_weight(rank: int) -> float:
    """Return how much the Mission at this rank counts when valuing a card."""
    return (3.0, 1.8, 1.2, 0.8)[min(rank, 3)]


def card_value(card: AgencyCard, held: Holdings, plans: Sequence[Plan], skip: str = "") -> float:
    """Return what keeping a card is worth: equipment and flights the Missions need, its ability."""
    value = 1.0 + ABILITY_VALUE[card.ability]
    for rank, p in enumerate(q for q in plans if q.mission.id != skip):
        weight = need_weight(rank)
        m = p.mission
        if card.equipment in m.equipment and card.equipment not in held.benefits:
            holders = sum(1 for c in held.hand if c.equipment == card.equipment)
            value += weight / max(1, holders)
        if any(satisfies(card.city, i) for i in icons(m)) and p.steps > 1:
            value += 0.4 * weight
        if m.any_card:
            value += 0.15 * weight
    return value


def cheapest(cards: Sequence[AgencyCard], held: Holdings, plans: Sequence[Plan]) -> AgencyCard:
    """Return the card the seat would miss least."""
    return min(cards, key=lambda c: (card_value(c, held, plans), c.id))


def mission_rate(view: PrivateView, held: Holdings, mission: Mission) -> float:
    """Return a Mission's value per die still needed, were it in hand."""
    p = plan(held, mission)
    return worth(p) / cost(view, held, p)


def mission_order(view: PrivateView, held: Holdings, missions: Sequence[Mission]) -> list[Mission]:
    """Return Missions from the most to the least promising."""
    return sorted(missions, key=lambda m: (-mission_rate(view, held, m), m.id))
