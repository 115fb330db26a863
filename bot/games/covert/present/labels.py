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
from bot.games.covert.messages import die, where
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


def adjusted_face(face: int, source: str) -> int:
    """Return the face a +1 or −1 source turns a die into."""
    ability = AGENCY[source].ability if source in AGENCY else TOKENS[source].ability
    return face % 6 + 1 if ability == "PLUS_ONE" else (face - 2) % 6 + 1


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
        face = me.dice[action.die].face
        return f"{die(face)} {face} → {where(face, action.target)}"
    if isinstance(action, Adjust):
        face = me.dice[action.die].face
        new = adjusted_face(face, action.source)
        return f"{die(face)} {face} → {die(new)} {new} with {source_label(action.source)}"
    if isinstance(action, Reroll):
        return "Reroll " + " ".join(die(me.dice[d].face) for d in action.dice)
    if isinstance(action, Swap):
        a, b = view.public.cipher[action.a], view.public.cipher[action.b]
        return f"{POSITIONS[action.a]}↔{POSITIONS[action.b]} ({a}↔{b})"
    if isinstance(action, Overlay):
        face = me.dice[action.die].face
        return f"Die {die(face)} {face} on {POSITIONS[action.position]}"
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
