"""The private "My dossier" screen: a seat's secrets and its actions grouped per section 7.3.

The first step shows one button per group (Place a die, Fly, Use ability, each
Action ...); a group opens a select, and a large group (Complete mission, Fly,
Reroll) first asks which card, die or mission, so each step stays under 25 options.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.engine.i18n import N_, _, ngettext, pgettext
from bot.engine.rules import Action
from bot.engine.screen import Button, Select, SelectOption, act, pick
from bot.games.covert.actions import (
    DECLINE,
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
    AGENCY,
    CHARACTER,
    CODES,
    SWAPS,
    TOKENS,
    WINDOWS,
)
from bot.games.covert.missions import MISSION, Mission
from bot.games.covert.present.labels import label
from bot.games.covert.present.table import card_line, mission_line
from bot.games.covert.rules.payments import missing
from bot.games.covert.state import Player
from bot.games.covert.text import ability, cipher_rows, gear, power
from bot.games.covert.text import title as character_title
from bot.games.covert.views import PrivateView

Choice = Button | Select
GROUPS: tuple[tuple[str, str, Callable[[Action], str]], ...] = (
    ("place", N_("Place a die"), lambda a: str(getattr(a, "die", ""))),
    ("reroll", N_("Reroll"), lambda a: str(getattr(a, "dice", (0,))[0])),
    (
        "swap",
        N_("Swap tiles"),
        lambda a: "long" if (getattr(a, "a", 0), getattr(a, "b", 0)) not in SWAPS else "n",
    ),
    ("overlay", N_("Decoder die → tile"), lambda a: str(getattr(a, "die", ""))),
    ("complete", N_("Complete mission"), lambda a: getattr(a, "mission", "")),
    ("mission", N_("Take mission"), lambda a: ""),
    ("agency", N_("Agency card"), lambda a: str(getattr(a, "dice", ""))),
    ("move", N_("Move"), lambda a: ""),
    ("step", N_("Move an agent"), lambda a: str(getattr(a, "agent", ""))),
    ("forfeit", N_("Forfeit"), lambda a: ""),
    ("fly", N_("Fly"), lambda a: getattr(a, "card", "")),
    ("use", N_("Use ability"), lambda a: ""),
    ("react", N_("Use a reaction"), lambda a: ""),
    ("choose", N_("Choose"), lambda a: ""),
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


PAGE = 24
"""Choices per page of a long select (the 25th option turns the page)."""
VERBS = {
    "character": N_("Play as"),
    "keep3": N_("Return to the deck"),
    "hand": N_("Discard"),
    "mlimit": N_("Put under the deck"),
    "search": N_("Keep"),
    "controller": N_("Keep"),
    "quarter": N_("Keep"),
    "free": N_("Take"),
    "claim": N_("Claim"),
    "deck": N_("Draw from"),
}
"""What choosing an item does, per kind of sub-decision."""


def group_of(action: Action) -> str:
    """Return the group key of an action."""
    return KINDS.get(type(action), "")


def dossier_body(view: PrivateView, note: str) -> str:
    """Return the secrets of a seat in words, with what each Mission and Code still needs."""
    me = holdings(view) if view.public.players else None
    none = _("none")
    lines = [_("**Agency cards** ({count}):").format(count=len(view.hand))]
    lines += [f"- {card_line(c)}" for c in view.hand] or [f"- {none}"]
    lines.append(_("**Missions** ({count}):").format(count=len(view.missions)))
    lines += [f"- {mission_line(m)} · {readiness(me, m)}" for m in view.missions] or [f"- {none}"]
    grid = cipher(view)
    codes = ", ".join(code_text(c.code, c.back, readable(grid, c.code)) for c in view.codes)
    lines.append(_("**Codes**: {codes}").format(codes=codes or none))
    tokens = ", ".join(
        _("{ability} (next turn)").format(ability=ability(t.ability))
        if t.id in view.fresh
        else ability(t.ability)
        for t in view.tokens
    )
    lines.append(_("**Special Operations tokens**: {tokens}").format(tokens=tokens or none))
    turn = view.public.turn
    if turn is not None and turn.kind == "codes" and turn.seat == view.seat:
        top, bottom = cipher_rows()
        lines.append(
            _("**Cipher grid**: {top} `{top_tiles}` · {bottom} `{bottom_tiles}`").format(
                top=top,
                top_tiles=" ".join(grid[:6]),
                bottom=bottom,
                bottom_tiles=" ".join(grid[6:]),
            )
        )
    if view.pending is not None:
        lines.append(_("**Decision pending**: {decision}").format(decision=pending_text(view)))
        lines += [f"- {line}" for line in pending_items(view)]
    lines.append(note)
    return "\n".join(lines)[:4000]


def code_text(code: str, back: str, now: bool) -> str:
    """Return a held Code, its public back and whether the grid reads it now."""
    if now:
        return _("{code} (back {back}) 🔓 readable now").format(code=code, back=gear(back))
    return _("{code} (back {back})").format(code=code, back=gear(back))


def holdings(view: PrivateView) -> Player:
    """Rebuild what the seat holds, as the payment rules read it."""
    me = view.public.players[view.seat]
    return Player(
        character=me.character.id,
        agents=me.agents,
        supply=me.supply,
        hand=tuple(c.id for c in view.hand),
        done_missions=tuple(m.id for m in me.done_missions),
        done_codes=tuple(c.id for c in me.done_codes),
    )


def readiness(me: Player | None, mission: Mission) -> str:
    """Say whether a Mission can be paid now, or what it still needs."""
    if me is None:
        return ""
    lacking = missing(me, mission)
    if not lacking:
        return _("✅ completable now")
    return _("needs {what}").format(what=", ".join(lacking))


def cipher(view: PrivateView) -> list[str]:
    """Return the grid as the seat reads it now (its own Decoder dice laid on tiles)."""
    grid = [str(v) for v in view.public.cipher]
    turn = view.public.turn
    if turn is not None and turn.kind == "codes" and turn.seat == view.seat:
        for die, pos in turn.overlays:
            grid[pos] = str(view.public.players[view.seat].dice[die].face)
    return grid


def readable(grid: Sequence[str], code: str) -> bool:
    """Tell whether three consecutive tiles of a row read the code, left to right."""
    return any("".join(grid[i] for i in window) == code for window in WINDOWS) if grid else False


def pending_text(view: PrivateView) -> str:
    """Describe the sub-decision the seat faces."""
    assert view.pending is not None
    texts = {
        "character": N_("choose your Character (players pick in seat order)"),
        "keep3": N_("keep two of these three Missions (choose the one to return)"),
        "hand": N_("over your Agency hand limit: discard a card"),
        "mlimit": N_("over your Mission limit: put one under the deck"),
        "search": N_("keep one of the searched cards"),
        "controller": N_("keep one of the two Missions"),
        "quarter": N_("keep one of the two tokens"),
        "free": N_("take your free Agency card for the Intel pair"),
        "claim": N_("two codes need the same Decoder die: claim one"),
        "deck": N_("draw your replacement Code from Deck A or Deck B"),
    }
    kind = view.pending.kind
    return _(texts[kind]) if kind in texts else kind


def pending_items(view: PrivateView) -> list[str]:
    """Show the cards a sub-decision is about: dealt or searched Missions, cards, tokens."""
    assert view.pending is not None
    if view.pending.kind in ("hand", "mlimit", "free", "deck"):
        return []  # the hand is listed above; regions and decks are on the table
    found = []
    for item in view.pending.items:
        if item in MISSION:
            found.append(mission_line(MISSION[item]))
        elif item in AGENCY:
            found.append(card_line(AGENCY[item]))
        elif item in TOKENS:
            found.append(_("{ability} token").format(ability=ability(TOKENS[item].ability)))
        elif item in CODES:
            found.append(
                _("code {code} (back {back})").format(
                    code=CODES[item].code, back=gear(CODES[item].back)
                )
            )
        elif item in CHARACTER:
            ch = CHARACTER[item]
            found.append(f"**{ch.name}**, {character_title(item)}: {power(item)}")
    return found


def dossier_choices(
    view: PrivateView, legal: Sequence[Action], names: Sequence[str], step: str | None
) -> tuple[str, tuple[Choice, ...]]:
    """Return the note and the choices for this step (the public discard pile is always
    one button away, section 6)."""
    back = Button(_("◀ Back"), pick(""))
    pile = discard_button(view)
    if step == DISCARD_STEP:
        return _("The Agency discard pile, oldest first (public)."), (back,)
    if not legal:
        note = _("The game is over.") if view.public.over else _("Nothing to do right now.")
        return note, (pile,) if pile else ()
    if step:
        key, _dot, sub = step.partition(".")
        actions = [a for a in legal if group_of(a) == key]
        return group_step(view, key, sub, actions, names, back)
    if view.pending is not None and all(isinstance(a, Choose) for a in legal):
        note, choices = group_step(view, "choose", "", list(legal), names, back)
        return note, choices[:1]
    buttons: list[Choice] = []
    for a in legal:
        if isinstance(a, Simple):
            buttons.append(Button(label(view, a, names), act(a), "primary"))
    for key, title, _split in GROUPS:
        actions = [a for a in legal if group_of(a) == key]
        if len(actions) == 1 and key != "place":
            buttons.append(Button(label(view, actions[0], names)[:80], act(actions[0])))
        elif actions:
            buttons.append(Button(_(title), pick(key)))
    buttons = buttons[:24] + ([pile] if pile else [])
    return reaction_note(view, legal) or _("Choose what to do."), tuple(buttons)


DISCARD_STEP = "discard"
"""The dossier step that shows the Agency discard pile."""


def discard_button(view: PrivateView) -> Button | None:
    """Return the button opening the Agency discard pile, when it holds any card."""
    size = len(view.public.agency_discard)
    if not size:
        return None
    return Button(_("🗑️ Discard pile ({count})").format(count=size), pick(DISCARD_STEP))


def discard_body(view: PrivateView) -> str:
    """Return the Agency discard pile in full: every card in it was revealed when discarded."""
    pile = view.public.agency_discard
    lines = [
        ngettext(
            "**Agency discard pile** ({count} card, oldest first):",
            "**Agency discard pile** ({count} cards, oldest first):",
            len(pile),
        ).format(count=len(pile))
    ]
    lines += [f"- {card_line(c)}" for c in pile] or [f"- {pgettext('discard pile', 'empty')}"]
    return "\n".join(lines)[:4000]


def reaction_note(view: PrivateView, legal: Sequence[Action]) -> str:
    """Explain an Espionage or First question, which only the asked seat ever sees."""
    if DECLINE not in legal:
        return ""
    if view.public.spy_cards:
        used = ", ".join(card_line(c) for c in view.public.spy_cards)
        return _(
            "🕵️ **Espionage**: the cards just used were {cards}. "
            "Take one of them into your hand with an Espionage source, or decline."
        ).format(cards=used)
    if view.public.phase == "codes":
        return _(
            "⚡ **First**: spend a First source to take your Break Codes turn now, "
            "before the normal order, or decline."
        )
    return _(
        "⚡ **First**: spend a First source to resolve one Action now, "
        "before the normal order, or decline."
    )


def group_step(
    view: PrivateView,
    key: str,
    sub: str,
    actions: list[Action],
    names: Sequence[str],
    back: Button,
) -> tuple[str, tuple[Choice, ...]]:
    """Return one group's select, split by card, die or mission when it is long.

    A list still longer than a select holds (many ways to pay one Mission) is paged:
    ``<key>.<sub>+<page>`` shows the next 24 with a "More choices" option after them.
    """
    title = next((_(t) for k, t, _f in GROUPS if k == key), key)
    split = next((f for k, _t, f in GROUPS if k == key), lambda a: "")
    sub, plus, number = sub.rpartition("+") if "+" in sub else (sub, "", "0")
    page = int(number) if number.isdigit() else 0
    if sub:
        actions = [a for a in actions if split(a) == sub]
    elif not plus and (len(actions) > PAGE + 1 or key in ("place", "fly", "complete")):
        subs = sorted({split(a) for a in actions})
        if len(subs) > 1:
            options = tuple(
                SelectOption(sub_label(view, key, s)[:80], pick(f"{key}.{s}")) for s in subs[:25]
            )
            return _("{title}: which one?").format(title=title), (Select(title, options), back)
    if not actions:
        return _("That choice is no longer open."), (back,)
    verb = VERBS.get(view.pending.kind, "") if key == "choose" and view.pending else ""
    if verb:
        verb = _(verb)
        title = f"{verb}…"
    shown = actions if len(actions) <= PAGE + 1 else actions[page * PAGE : (page + 1) * PAGE]
    entries = [
        SelectOption((f"{verb}: " if verb else "") + label(view, a, names)[:80], act(a))
        for a in shown
    ]
    if len(actions) > PAGE + 1 and (page + 1) * PAGE < len(actions):
        more = _("More choices ({first}–{last})").format(
            first=(page + 1) * PAGE + 1, last=min(len(actions), (page + 2) * PAGE)
        )
        entries.append(SelectOption(more, pick(f"{key}.{sub}+{page + 1}")))
    return f"{title}:", (Select(title, tuple(entries)), back)


def sub_label(view: PrivateView, key: str, sub: str) -> str:
    """Label one sub-group of a long group."""
    if key in ("place", "overlay"):
        return _("Die {face}").format(face=view.public.players[view.seat].dice[int(sub)].face)
    if key == "reroll":
        return _("Starting with die {number}").format(number=int(sub) + 1)
    if key == "swap":
        return _("Long swap (Cryptographer)") if sub == "long" else _("Neighbouring swap")
    if key == "agency":
        count = int(sub) if sub.isdigit() else 0
        return ngettext("With {count} die", "With {count} dice", count).format(count=count)
    if key == "step":
        return _("Agent {number}").format(number=int(sub) + 1)
    return sub
