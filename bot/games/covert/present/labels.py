"""Short button and menu labels for Covert actions."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.rules import Action
from bot.games.covert.actions import (
    Accept,
    Adjust,
    Choose,
    Complete,
    Fly,
    Forfeit,
    Move,
    Overlay,
    Place,
    Reroll,
    Simple,
    Step,
    Swap,
    TakeAgency,
    TakeMission,
    Use,
)
from bot.games.covert.data import (
    ABILITY_LABELS,
    AGENCY,
    CHARACTER,
    CIRCLE_LABELS,
    CITY,
    CODES,
    MISSION_LIMIT,
    POSITIONS,
    REGION_EMOJI,
    REGIONS,
    TOKENS,
)
from bot.games.covert.messages import target
from bot.games.covert.missions import MISSION
from bot.games.covert.present.table import card_line, mission_line
from bot.games.covert.views import PrivateView

SIMPLE_LABELS = {
    "end": "End turn",
    "halt": "Done moving",
    "finish": "Finish (claim codes)",
    "decline": "Decline",
}


def source_label(sid: str) -> str:
    """Name an ability source."""
    if sid in AGENCY:
        c = AGENCY[sid]
        return f"{sid} {ABILITY_LABELS[c.ability]} ({c.equipment}, {CITY[c.city].name})"
    return f"{ABILITY_LABELS[TOKENS[sid].ability]} token"


def item_label(item: str) -> str:
    """Name a chosen item: a card, mission, token, code, region or deck."""
    if item in AGENCY:
        return source_label(item)
    if item in MISSION:
        m = MISSION[item]
        return f"{item} {m.name} ({m.points} pts)"
    if item in TOKENS:
        return source_label(item)
    if item in CODES:
        return f"Code {CODES[item].code}"
    if item in REGION_EMOJI:
        return f"{REGION_EMOJI[item]} {item} Region Space"
    if item in CHARACTER:
        return f"{CHARACTER[item].name}, {CHARACTER[item].title}"
    return {"deck": "Top of the deck", "A": "Code Deck A", "B": "Code Deck B"}.get(item, item)


def space_label(view: PrivateView, region: str) -> str:
    """Name a Region Space by the card that lies in it."""
    card = view.public.region_spaces[REGIONS.index(region)]
    return f"{REGION_EMOJI[region]} space: {card_line(card)}"


def pay_label(pay: str) -> str:
    """Name one payment."""
    if pay == "B":
        return "benefit"
    if pay in CODES:
        return f"code {CODES[pay].back}"
    return pay


def label(view: PrivateView, action: Action, names: Sequence[str]) -> str:
    """Return a short label for an action."""
    if isinstance(action, Choose) and action.item in CHARACTER:
        return item_label(action.item)  # chosen before anyone holds pieces
    me = view.public.players[view.seat]
    if isinstance(action, Simple):
        if action.kind == "pass":
            token = 1 + sum(1 for p in view.public.players if p.turn_token)
            return f"Pass (take token #{token})"
        return SIMPLE_LABELS[action.kind]
    if isinstance(action, Place):
        where = target(action.target)
        face = me.dice[action.die].face
        return f"{face} → {where}" + (f" space {face}" if action.target in CIRCLE_LABELS else "")
    if isinstance(action, Adjust):
        return f"Modify the {me.dice[action.die].face} with {source_label(action.source)}"
    if isinstance(action, Reroll):
        return "Reroll " + " ".join(str(me.dice[d].face) for d in action.dice)
    if isinstance(action, Swap):
        a, b = view.public.cipher[action.a], view.public.cipher[action.b]
        return f"{POSITIONS[action.a]}↔{POSITIONS[action.b]} ({a}↔{b})"
    if isinstance(action, Overlay):
        return f"Die {me.dice[action.die].face} on {POSITIONS[action.position]}"
    return action_label(view, action, names)


def action_label(view: PrivateView, action: Action, names: Sequence[str]) -> str:
    """Return the label of a Phase III, movement, flight or prompt action."""
    me = view.public.players[view.seat]
    if isinstance(action, Complete):
        paid = [pay_label(p) for p in action.pay]
        paid += [f"any {action.any_card}"] if action.any_card != "-" else []
        return f"{MISSION[action.mission].name}: pay {', '.join(paid) or 'nothing'}"
    if isinstance(action, TakeMission):
        row = view.public.mission_row
        if action.slot == 3:
            return "Top of the Mission deck"
        m = row[action.slot]
        return mission_line(m).replace("**", "") if m else "Empty slot"
    if isinstance(action, TakeAgency):
        what = "top of the deck" if action.what == "deck" else space_label(view, action.what)
        return f"{action.dice} {'die' if action.dice == 1 else 'dice'}: {what}"
    if isinstance(action, Move):
        return f"Move with {action.dice} {'die' if action.dice == 1 else 'dice'}"
    if isinstance(action, Forfeit):
        if action.circle == "all":
            return "Forfeit all dice"
        circle = CIRCLE_LABELS[action.circle]
        return f"Forfeit {'an' if circle[0] in 'AEIOU' else 'a'} {circle} die"
    if isinstance(action, Step):
        here = CITY[me.agents[action.agent]].name
        return f"Agent {action.agent + 1}: {here} → {CITY[action.city].name}"
    if isinstance(action, Fly):
        here = CITY[me.agents[action.agent]].name
        return f"{action.card}: agent in {here} → {CITY[AGENCY[action.card].city].name}"
    if isinstance(action, Use):
        deck = {"A": " on the Agency deck", "M": " on the Mission deck"}.get(action.deck, "")
        return source_label(action.source) + deck
    if isinstance(action, Accept):
        if action.card == "-":
            return f"Use First: {source_label(action.source)}"
        return f"Take {action.card} with {source_label(action.source)}"
    if isinstance(action, Choose):
        if action.item in REGION_EMOJI:
            return space_label(view, action.item)
        if action.item in ("A", "B"):
            pile = "AB".index(action.item)
            size, top = view.public.code_decks[pile], view.public.code_tops[pile]
            return f"Code Deck {action.item}: {size} cards, top back {top or '—'}"
        return item_label(action.item)
    return action.token()


__all__ = ["MISSION_LIMIT", "label"]
