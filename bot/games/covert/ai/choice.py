"""Covert planner: sub-decisions (hand limits, searches, free cards, Code decks) and reactions."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.rules import Action
from bot.games.covert.actions import DECLINE, Accept, Choose
from bot.games.covert.ai.codes import search
from bot.games.covert.ai.plan import Holdings, Plan
from bot.games.covert.ai.value import ABILITY_VALUE, card_value, cheapest, mission_order
from bot.games.covert.data import AGENCY, CODES, DECODER, REGIONS, SWAPS, TOKENS
from bot.games.covert.missions import MISSION
from bot.games.covert.views import PrivateView


def equipment_need(plans: Sequence[Plan], equipment: str) -> float:
    """Return how much the plans miss a piece of equipment (the best plan counts most)."""
    return sum(2.0 / (1 + i) for i, p in enumerate(plans) if equipment in p.missing)


def prompt(
    view: PrivateView, legal: Sequence[Action], held: Holdings, plans: Sequence[Plan]
) -> Action:
    """Answer the seat's pending sub-decision."""
    pending = view.pending
    assert pending is not None
    items = [a.item for a in legal if isinstance(a, Choose)]
    kind = pending.kind
    if kind in ("keep3", "mlimit"):
        return Choose(mission_order(view, held, [MISSION[m] for m in items])[-1].id)
    if kind == "controller" or (kind == "search" and pending.arg == "M"):
        return Choose(mission_order(view, held, [MISSION[m] for m in items])[0].id)
    if kind == "hand":
        return Choose(cheapest([AGENCY[c] for c in items], held, plans).id)
    if kind == "search":
        return Choose(max(items, key=lambda c: (card_value(AGENCY[c], held, plans), c)))
    if kind == "quarter":
        return Choose(max(items, key=lambda t: (ABILITY_VALUE[TOKENS[t].ability], t)))
    return choose_other(view, kind, items, held, plans)


def choose_other(
    view: PrivateView, kind: str, items: list[str], held: Holdings, plans: Sequence[Plan]
) -> Action:
    """Answer a free-card, claim or Code-deck prompt."""
    if kind == "free":
        return Choose(max(items, key=lambda x: (free_value(view, x, held, plans), x == "deck")))
    if kind == "claim":
        return Choose(max(items, key=lambda c: (equipment_need(plans, CODES[c].back), c)))
    if kind == "deck":
        tops = dict(zip("AB", view.public.code_tops, strict=True))
        return Choose(max(items, key=lambda d: (equipment_need(plans, tops[d]), -items.index(d))))
    return Choose(items[0])


def free_value(view: PrivateView, item: str, held: Holdings, plans: Sequence[Plan]) -> float:
    """Return what a free Intel-pair card is worth: a Region Space card, or the deck top."""
    if item == "deck":
        return 1.6
    card = view.public.region_spaces[REGIONS.index(item)]
    return card_value(card, held, plans) + equipment_need(plans, card.equipment) if card else 0.0


def react(
    view: PrivateView,
    legal: Sequence[Action],
    held: Holdings,
    plans: Sequence[Plan],
    must_act: bool,
) -> Action:
    """Decline a reaction unless it clearly helps (never when the seat timed out)."""
    accepts = [a for a in legal if isinstance(a, Accept)]
    if must_act or not accepts:
        return DECLINE
    if accepts[0].card != "-":
        return espionage(view, accepts, held, plans)
    return first(view, accepts)


def espionage(
    view: PrivateView, accepts: list[Accept], held: Holdings, plans: Sequence[Plan]
) -> Action:
    """Take back a used card when it is worth more than the Espionage source spent."""
    me = view.public.players[view.seat]
    if me.hand >= me.hand_limit:
        return DECLINE

    def gain(a: Accept) -> float:
        """Return the card's worth less the source's."""
        price = 0.3 if a.source in TOKENS else card_value(AGENCY[a.source], held, plans)
        return (
            card_value(AGENCY[a.card], held, plans)
            + equipment_need(plans, AGENCY[a.card].equipment)
            - price
        )

    best = max(accepts, key=lambda a: (gain(a), a.source in TOKENS, a.card))
    return best if gain(best) >= 1.5 else DECLINE


def first(view: PrivateView, accepts: list[Accept]) -> Action:
    """Use a First token in Phase II when a code is claimable right now (before others swap)."""
    if view.public.phase != "codes":
        return DECLINE
    tokens = [a for a in accepts if a.source in TOKENS]
    if not tokens:
        return DECLINE
    me = view.public.players[view.seat]
    faces = [d.face for d in me.dice if d.place == DECODER]
    codes = [c.code for c in view.codes]
    best = search(view.public.cipher, codes, faces, SWAPS, 1)
    return tokens[0] if best.value >= 1 else DECLINE
