"""Short button and menu labels for Covert actions, and the groups the dossier shows them in."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from bot.engine.i18n import N_, _, ngettext
from bot.engine.rules import Action
from bot.games.covert.actions import (
    Accept,
    Adjust,
    Choose,
    Complete,
    Fly,
    Forfeit,
    ForfeitSome,
    Move,
    Overlay,
    Place,
    Reroll,
    Setting,
    Simple,
    Step,
    Swap,
    TakeAgency,
    TakeMission,
    Use,
)
from bot.games.covert.data import (
    AGENCY,
    CHARACTER,
    CIRCLE_LABELS,
    CODES,
    MISSION_LIMIT,
    REGION_EMOJI,
    REGIONS,
    SWAPS,
    TOKENS,
)
from bot.games.covert.messages import where
from bot.games.covert.missions import MISSION
from bot.games.covert.present.table import card_line, mission_line
from bot.games.covert.rules.placement import adjusted_face
from bot.games.covert.text import ability, city, die, gear, position, region_mark, title
from bot.games.covert.views import PrivateView


class Group(NamedTuple):
    """A group of actions on the dossier's first step (section 7.3): one button that opens
    a select, split first by card, die or mission when long."""

    key: str
    title: str
    split: Callable[[Action], str]
    """The sub-group of an action: its die, card, mission ... (``""``: none)."""


SETTINGS_TITLE: Final = N_("⚙️ Settings")
"""The dossier button that opens the Espionage and First settings (7.5)."""


def _none(action: Action) -> str:
    return ""


GROUPS: Final[dict[type, Group]] = {
    Place: Group("place", N_("Place a die"), lambda a: str(getattr(a, "die", ""))),
    Adjust: Group("adjust", N_("+1/−1 a die"), lambda a: str(getattr(a, "die", ""))),
    Reroll: Group("reroll", N_("Reroll"), lambda a: str(getattr(a, "dice", (0,))[0])),
    Swap: Group(
        "swap",
        N_("Swap tiles"),
        lambda a: "long" if (getattr(a, "a", 0), getattr(a, "b", 0)) not in SWAPS else "n",
    ),
    Overlay: Group("overlay", N_("Decoder die → tile"), lambda a: str(getattr(a, "die", ""))),
    Complete: Group("complete", N_("Complete mission"), lambda a: getattr(a, "mission", "")),
    TakeMission: Group("mission", N_("Take mission"), _none),
    TakeAgency: Group("agency", N_("Agency card"), lambda a: str(getattr(a, "dice", ""))),
    Move: Group("move", N_("Move"), _none),
    Step: Group("step", N_("Move an agent"), lambda a: str(getattr(a, "agent", ""))),
    Forfeit: Group("forfeit", N_("Forfeit"), _none),
    ForfeitSome: Group("forfeit", N_("Forfeit"), _none),
    Fly: Group("fly", N_("Fly"), lambda a: getattr(a, "card", "")),
    Use: Group("use", N_("Use ability"), _none),
    Accept: Group("react", N_("Use a reaction"), _none),
    Choose: Group("choose", N_("Choose"), _none),
    Setting: Group("settings", SETTINGS_TITLE, _none),
}
"""The dossier's groups by action class, in the order of their buttons (both kinds of
Forfeit share one)."""


def group_of(action: Action) -> str:
    """Return the group key of an action (``""``: shown on its own, as Pass or End turn)."""
    group = GROUPS.get(type(action))
    return group.key if group else ""


SETTING_LABELS: Final = {
    ("espionage", "never"): N_("Espionage: never ask me (decline at once)"),
    ("espionage", "ask"): N_("Espionage: ask me again"),
    ("first", "never"): N_("First: never ask me (decline at once)"),
    ("first", "ask"): N_("First: ask me again"),
}
"""A dossier setting's button: what clicking it sets (7.5)."""

SIMPLE_LABELS = {
    "end": N_("End turn"),
    "halt": N_("Done moving"),
    "finish": N_("Finish (claim codes)"),
    "decline": N_("Decline"),
}


def source_label(sid: str) -> str:
    """Name an ability source."""
    if sid in AGENCY:
        c = AGENCY[sid]
        return f"{sid} {ability(c.ability)} ({gear(c.equipment)}, {city(c.city)})"
    return _("{ability} token").format(ability=ability(TOKENS[sid].ability))


def item_label(item: str) -> str:
    """Name a chosen item: a card, mission, token, code, region or deck."""
    if item in AGENCY:
        return source_label(item)
    if item in MISSION:
        m = MISSION[item]
        return _("{id} {name} ({points} pts)").format(id=item, name=m.name, points=m.points)
    if item in TOKENS:
        return source_label(item)
    if item in CODES:
        return _("Code {code}").format(code=CODES[item].code)
    if item in REGION_EMOJI:
        return _("{region} Region Space").format(region=region_mark(item))
    if item in CHARACTER:
        return f"{CHARACTER[item].name}, {title(item)}"
    decks = {"deck": _("Top of the deck"), "A": _("Code Deck A"), "B": _("Code Deck B")}
    return decks.get(item, item)


def space_label(view: PrivateView, region: str) -> str:
    """Name a Region Space by the card that lies in it."""
    card = view.public.region_spaces[REGIONS.index(region)]
    return _("{square} space: {card}").format(square=REGION_EMOJI[region], card=card_line(card))


def pay_label(pay: str) -> str:
    """Name one payment."""
    if pay == "B":
        return _("benefit")
    if pay in CODES:
        return _("code {back}").format(back=gear(CODES[pay].back))
    return pay


def label(view: PrivateView, action: Action, names: Sequence[str]) -> str:
    """Return a short label for an action."""
    if isinstance(action, Choose) and action.item in CHARACTER:
        return item_label(action.item)  # chosen before anyone holds pieces
    if isinstance(action, Setting):
        return _(SETTING_LABELS[action.reaction, action.ask])
    me = view.public.players[view.seat]
    if isinstance(action, Simple):
        if action.kind == "pass":
            token = 1 + sum(1 for p in view.public.players if p.turn_token)
            return _("Pass (take token #{token})").format(token=token)
        return _(SIMPLE_LABELS[action.kind])
    if isinstance(action, Place):
        face = me.dice[action.die].face
        return f"{die(face)} {face} → {where(face, action.target)}"
    if isinstance(action, Adjust):
        face = me.dice[action.die].face
        new = adjusted_face(face, action.source)
        return _("{old_die} {old} → {new_die} {new} with {source}").format(
            old_die=die(face),
            old=face,
            new_die=die(new),
            new=new,
            source=source_label(action.source),
        )
    if isinstance(action, Reroll):
        faces = " ".join(die(me.dice[d].face) for d in action.dice)
        return _("Reroll {faces}").format(faces=faces)
    if isinstance(action, Swap):
        a, b = view.public.cipher[action.a], view.public.cipher[action.b]
        return f"{position(action.a)}↔{position(action.b)} ({a}↔{b})"
    if isinstance(action, Overlay):
        face = me.dice[action.die].face
        return _("Die {face} on {position}").format(
            face=f"{die(face)} {face}", position=position(action.position)
        )
    return action_label(view, action, names)


def action_label(view: PrivateView, action: Action, names: Sequence[str]) -> str:
    """Return the label of a Phase III, movement, flight or prompt action."""
    me = view.public.players[view.seat]
    if isinstance(action, Complete):
        paid = [pay_label(p) for p in action.pay]
        paid += [_("any {card}").format(card=action.any_card)] if action.any_card != "-" else []
        return _("{mission}: pay {payment}").format(
            mission=MISSION[action.mission].name, payment=", ".join(paid) or _("nothing")
        )
    if isinstance(action, TakeMission):
        row = view.public.mission_row
        if action.slot == 3:
            return _("Top of the Mission deck")
        m = row[action.slot]
        return mission_line(m).replace("**", "") if m else _("Empty slot")
    if isinstance(action, TakeAgency):
        what = _("top of the deck") if action.what == "deck" else space_label(view, action.what)
        return ngettext("{count} die: {what}", "{count} dice: {what}", action.dice).format(
            count=action.dice, what=what
        )
    if isinstance(action, Move):
        return ngettext("Move with {count} die", "Move with {count} dice", action.dice).format(
            count=action.dice
        )
    if isinstance(action, Forfeit):
        if action.circle == "all":
            return _("Forfeit all dice")
        return forfeit_label(action.circle)
    if isinstance(action, ForfeitSome):
        return forfeit_some_label(action.circles)
    if isinstance(action, Step):
        return _("Agent {number}: {here} → {there}").format(
            number=action.agent + 1, here=city(me.agents[action.agent]), there=city(action.city)
        )
    if isinstance(action, Fly):
        return _("{card}: agent in {here} → {there}").format(
            card=action.card,
            here=city(me.agents[action.agent]),
            there=city(AGENCY[action.card].city),
        )
    if isinstance(action, Use):
        if action.deck == "A":
            return _("{source} on the Agency deck").format(source=source_label(action.source))
        if action.deck == "M":
            return _("{source} on the Mission deck").format(source=source_label(action.source))
        return source_label(action.source)
    if isinstance(action, Accept):
        if action.card == "-":
            return _("Use First: {source}").format(source=source_label(action.source))
        return _("Take {card} with {source}").format(
            card=action.card, source=source_label(action.source)
        )
    if isinstance(action, Choose):
        if action.item in REGION_EMOJI:
            return space_label(view, action.item)
        if action.item in ("A", "B"):
            pile = "AB".index(action.item)
            size, top = view.public.code_decks[pile], view.public.code_tops[pile]
            return ngettext(
                "Code Deck {deck}: {count} card, top back {back}",
                "Code Deck {deck}: {count} cards, top back {back}",
                size,
            ).format(deck=action.item, count=size, back=gear(top) if top else "—")
        return item_label(action.item)
    return action.token()


def forfeit_label(key: str) -> str:
    """Name the forfeit of one circle's die."""
    words = {
        "COMPLETE_MISSION": _("Forfeit a Complete Mission die"),
        "MISSION_CARDS": _("Forfeit a Mission Cards die"),
        "AGENCY_CARDS": _("Forfeit an Agency Cards die"),
        "MOVEMENT": _("Forfeit a Movement die"),
    }
    return words[key]


def forfeit_some_label(circles: Sequence[str]) -> str:
    """Name the forfeit of several dice: ``Forfeit 3 dice: Agency Cards ×2, Movement``."""
    counted = Counter(circles)
    parts = [_(CIRCLE_LABELS[c]) + (f" ×{n}" if n > 1 else "") for c, n in counted.items()]
    return ngettext(
        "Forfeit {count} die: {circles}", "Forfeit {count} dice: {circles}", len(circles)
    ).format(count=len(circles), circles=", ".join(parts))


__all__ = ["MISSION_LIMIT", "label"]
