"""The private "My dossier" screen: a seat's secrets and its actions grouped per section 7.3.

The first step shows one button per group (Place a die, Fly, Use ability, each
Action ...); a group opens a select, and a large group (Complete mission, Fly,
Reroll) first asks which card, die or mission, so each step stays under 25 options.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.engine.rules import Action
from bot.engine.screen import Button, Select, SelectOption, act, pick
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
from bot.games.covert.data import SWAPS
from bot.games.covert.labels import label
from bot.games.covert.table import card_line, mission_line
from bot.games.covert.views import PrivateView

Choice = Button | Select
GROUPS: tuple[tuple[str, str, Callable[[Action], str]], ...] = (
    ("place", "Place a die", lambda a: str(getattr(a, "die", ""))),
    ("reroll", "Reroll", lambda a: str(getattr(a, "dice", (0,))[0])),
    (
        "swap",
        "Swap tiles",
        lambda a: "long" if (getattr(a, "a", 0), getattr(a, "b", 0)) not in SWAPS else "n",
    ),
    ("overlay", "Decoder die → tile", lambda a: str(getattr(a, "die", ""))),
    ("complete", "Complete mission", lambda a: getattr(a, "mission", "")),
    ("mission", "Take mission", lambda a: ""),
    ("agency", "Agency card", lambda a: str(getattr(a, "dice", ""))),
    ("move", "Move", lambda a: ""),
    ("step", "Move an agent", lambda a: str(getattr(a, "agent", ""))),
    ("forfeit", "Forfeit", lambda a: ""),
    ("fly", "Fly", lambda a: getattr(a, "card", "")),
    ("use", "Use ability", lambda a: ""),
    ("react", "Use a reaction", lambda a: ""),
    ("choose", "Choose", lambda a: ""),
)
KINDS: dict[type, str] = {
    Place: "place",
    Adjust: "place",
    Reroll: "reroll",
    Swap: "swap",
    Overlay: "overlay",
    Complete: "complete",
    TakeMission: "mission",
    TakeAgency: "agency",
    Move: "move",
    Step: "step",
    Forfeit: "forfeit",
    Fly: "fly",
    Use: "use",
    Accept: "react",
    Choose: "choose",
}


def group_of(action: Action) -> str:
    """Return the group key of an action."""
    return KINDS.get(type(action), "")


def dossier_body(view: PrivateView, note: str) -> str:
    """Return the secrets of a seat in words."""
    lines = [f"**Agency cards** ({len(view.hand)}):"]
    lines += [f"- {card_line(c)}" for c in view.hand] or ["- none"]
    lines.append(f"**Missions** ({len(view.missions)}):")
    lines += [f"- {mission_line(m)}" for m in view.missions] or ["- none"]
    codes = ", ".join(f"{c.code} (back {c.back})" for c in view.codes) or "none"
    lines.append(f"**Codes**: {codes}")
    tokens = ", ".join(
        t.ability.replace("_", " ").title() + (" (next turn)" if t.id in view.fresh else "")
        for t in view.tokens
    )
    lines.append(f"**Special Operations tokens**: {tokens or 'none'}")
    if view.pending is not None:
        lines.append(f"**Decision pending**: {pending_text(view)}")
    lines.append(note)
    return "\n".join(lines)[:4000]


def pending_text(view: PrivateView) -> str:
    """Describe the sub-decision the seat faces."""
    assert view.pending is not None
    return {
        "keep3": "keep two of these three Missions (choose the one to return)",
        "hand": "over your Agency hand limit: discard a card",
        "mlimit": "over your Mission limit: put one under the deck",
        "search": "keep one of the searched cards",
        "controller": "keep one of the two Missions",
        "quarter": "keep one of the two tokens",
        "free": "take your free Agency card for the Intel pair",
        "claim": "two codes need the same Decoder die: claim one",
        "deck": "draw your replacement Code from Deck A or Deck B",
    }.get(view.pending.kind, view.pending.kind)


def dossier_choices(
    view: PrivateView, legal: Sequence[Action], names: Sequence[str], step: str | None
) -> tuple[str, tuple[Choice, ...]]:
    """Return the note and the choices for this step."""
    if not legal:
        return "Nothing to do right now.", ()
    back = Button("◀ Back", pick(""))
    if step:
        key, _, sub = step.partition(".")
        actions = [a for a in legal if group_of(a) == key]
        return group_step(view, key, sub, actions, names, back)
    buttons: list[Choice] = []
    for a in legal:
        if isinstance(a, Simple):
            buttons.append(Button(label(view, a, names), act(a), "primary"))
    for key, title, _ in GROUPS:
        actions = [a for a in legal if group_of(a) == key]
        if len(actions) == 1 and key != "place":
            buttons.append(Button(label(view, actions[0], names)[:80], act(actions[0])))
        elif actions:
            buttons.append(Button(title, pick(key)))
    return "Choose what to do.", tuple(buttons[:25])


def group_step(
    view: PrivateView,
    key: str,
    sub: str,
    actions: list[Action],
    names: Sequence[str],
    back: Button,
) -> tuple[str, tuple[Choice, ...]]:
    """Return one group's select, split by card, die or mission when it is long."""
    title = next((t for k, t, _ in GROUPS if k == key), key)
    split = next((f for k, _, f in GROUPS if k == key), lambda a: "")
    if sub:
        actions = [a for a in actions if split(a) == sub]
    elif len(actions) > 25 or key in ("place", "fly", "complete"):
        subs = sorted({split(a) for a in actions})
        if len(subs) > 1:
            options = tuple(
                SelectOption(sub_label(view, key, s)[:80], pick(f"{key}.{s}")) for s in subs[:25]
            )
            return f"{title}: which one?", (Select(title, options), back)
    if not actions:
        return "That choice is no longer open.", (back,)
    options = tuple(SelectOption(label(view, a, names)[:80], act(a)) for a in actions[:25])
    return f"{title}:", (Select(title, options), back)


def sub_label(view: PrivateView, key: str, sub: str) -> str:
    """Label one sub-group of a long group."""
    if key in ("place", "overlay"):
        return f"Die {view.public.players[view.seat].dice[int(sub)].face}"
    if key == "reroll":
        return f"Starting with die {int(sub) + 1}"
    if key == "swap":
        return "Long swap (Cryptographer)" if sub == "long" else "Neighbouring swap"
    if key == "agency":
        return f"With {sub} {'die' if sub == '1' else 'dice'}"
    if key == "step":
        return f"Agent {int(sub) + 1}"
    return sub
