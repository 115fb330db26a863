"""The private "My dossier" screen: a seat's secrets and its actions grouped per section 7.3.

The first step shows one button per group (Fly, Use ability, each Action ...); a
group opens a select, and a large group (Complete mission, Fly, Reroll) first asks
which card, die or mission, so each step stays under 25 options.

Placing a die costs two clicks: the first step holds a select of every die and
target pair ("⚄ 5 → Movement (space 5)"), and picking one opens a confirm step
(``do.<token>``) that says what the placement will do, with a primary Confirm
button. A +1/−1, when held, adds one step: a select of its own, each option saying
what it does, applied when picked.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.i18n import N_, _, ngettext, pgettext
from bot.engine.phrase import Phrase
from bot.engine.rules import Action
from bot.engine.screen import Button, ButtonStyle, Select, SelectOption, act, pick
from bot.games.covert.actions import DECLINE, PASS, Adjust, Choose, Place, Simple, plays
from bot.games.covert.data import (
    AGENCY,
    CHARACTER,
    CIRCLES,
    CODES,
    TOKENS,
    WINDOWS,
)
from bot.games.covert.messages import (
    ADJUST_EFFECT,
    adjust_effect,
    onto,
    place_effect,
    place_outcome,
)
from bot.games.covert.missions import MISSION, Mission
from bot.games.covert.present.labels import (
    GROUPS,
    SETTINGS_TITLE,
    group_of,
    label,
    source_label,
)
from bot.games.covert.present.table import card_line, mission_line
from bot.games.covert.rules.payments import missing
from bot.games.covert.rules.placement import adjusted_face
from bot.games.covert.state import Player
from bot.games.covert.text import ability, cipher_rows, die, gear, power
from bot.games.covert.text import title as character_title
from bot.games.covert.views import PrivateView

Choice = Button | Select

SELECT_MAX = 25
"""Options a Discord select holds."""
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


def dossier_body(view: PrivateView, note: str, *, lead: bool = False) -> str:
    """Return the secrets of a seat in words, with what each Mission and Code still needs.

    The note closes the text, or opens it when ``lead`` (a confirm step says first what
    the click will do). In Phase I the seat's dice come first, as die faces.
    """
    me = holdings(view) if view.public.players else None
    none = _("none")
    lines = [note, ""] if lead else []
    lines += dice_lines(view)
    lines.append(_("**Agency cards** ({count}):").format(count=len(view.hand)))
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
    if not lead:
        lines.append(note)
    return "\n".join(lines)[:4000]


def code_text(code: str, back: str, now: bool) -> str:
    """Return a held Code, its public back and whether the grid reads it now."""
    if now:
        return _("{code} (back {back}) 🔓 readable now").format(code=code, back=gear(back))
    return _("{code} (back {back})").format(code=code, back=gear(back))


def dice_lines(view: PrivateView) -> list[str]:
    """Show the seat's dice in Phase I: the unplaced ones, then where the others went."""
    if view.public.phase != "placement" or not view.public.players:
        return []
    dice = view.public.players[view.seat].dice
    free = " ".join(die(d.face) for d in dice if not d.place)
    lines = [_("**Your dice**: {dice}").format(dice=free or _("all placed"))]
    lines += [
        # TRANSLATORS: a placed die and where it lies: "⚄ on Movement (space 5)".
        "- " + _("{die} {where}").format(die=die(d.face), where=onto(d.face, d.place))
        for d in dice
        if d.place
    ]
    return lines


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
    if step:
        key, _dot, sub = step.partition(".")
        if key == CONFIRM:
            return confirm_step(view, legal, sub, names, back)
        actions = [a for a in legal if group_of(a) == key]
        return group_step(view, key, sub, actions, names, back)
    # The dossier settings (7.5) are open at every moment: one button beside the decision.
    decisions = plays(legal)
    aside = [Button(_(SETTINGS_TITLE), pick("settings"))] if len(decisions) < len(legal) else []
    legal = decisions
    if not legal:
        note = _("The game is over.") if view.public.over else _("Nothing to do right now.")
        return note, (*aside, *([pile] if pile else []))
    if view.pending is not None and all(isinstance(a, Choose) for a in legal):
        note, choices = group_step(view, "choose", "", list(legal), names, back)
        return note, (*choices[:1], *aside)
    selects = placement_selects(view, legal, names)
    adjusts = [a for a in legal if isinstance(a, Adjust)]
    shown = {"place", "adjust"} if len(adjusts) <= SELECT_MAX else {"place"}
    buttons: list[Choice] = []
    for a in legal:
        if isinstance(a, Simple):
            style: ButtonStyle = "secondary" if a == PASS else "primary"
            buttons.append(Button(label(view, a, names), act(a), style))
    titles = {group.key: group.title for group in GROUPS.values()}  # one button per group
    for key, title in titles.items():
        actions = [a for a in legal if group_of(a) == key]
        if key in shown:
            continue
        if len(actions) == 1:
            buttons.append(Button(label(view, actions[0], names)[:80], target_of(actions[0])))
        elif actions:
            buttons.append(Button(_(title), pick(key)))
    buttons = buttons[: 24 - len(aside)] + aside + ([pile] if pile else [])
    note = reaction_note(view, legal) or placement_note(view, legal) or _("Choose what to do.")
    return note, (*selects, *buttons)


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
    group = next((g for g in GROUPS.values() if g.key == key), None)
    title = _(group.title) if group else key
    split = group.split if group else (lambda a: "")
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
        SelectOption((f"{verb}: " if verb else "") + label(view, a, names)[:80], target_of(a))
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
    if key in ("place", "adjust", "overlay"):
        face = view.public.players[view.seat].dice[int(sub)].face
        return _("Die {face}").format(face=f"{die(face)} {face}")
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


CONFIRM = "do"
"""The dossier step that asks to confirm one action: ``do.<action token>``."""
CONFIRMED = (Place,)
"""Actions chosen in a select and then confirmed: a die placement."""


def target_of(action: Action) -> str:
    """Return where choosing an action leads: its confirm step, or straight to the action."""
    return pick(f"{CONFIRM}.{action.token()}") if isinstance(action, CONFIRMED) else act(action)


def placement_selects(
    view: PrivateView, legal: Sequence[Action], names: Sequence[str]
) -> list[Select]:
    """Return the selects of a placement turn: every die and target pair, and the +1/−1.

    Up to 25 pairs share one select; more (five different faces on an empty board)
    are split into the Action Circles and the other two targets.
    """
    places = [a for a in legal if isinstance(a, Place)]
    adjusts = [a for a in legal if isinstance(a, Adjust)]
    found: list[Select] = []
    if 0 < len(places) <= SELECT_MAX:
        found.append(
            Select(_("Place a die: pick a die and where it goes"), options(view, places, names))
        )
    elif places:
        circles = [a for a in places if a.target in CIRCLES]
        others = [a for a in places if a.target not in CIRCLES]
        found.append(Select(_("Place a die on an Action Circle"), options(view, circles, names)))
        found.append(
            Select(_("…or on Special Operations or the Decoder"), options(view, others, names))
        )
    if 0 < len(adjusts) <= SELECT_MAX:
        found.append(
            Select(_("+1/−1: change a die before placing it"), options(view, adjusts, names))
        )
    return found


def options(
    view: PrivateView, actions: Sequence[Action], names: Sequence[str]
) -> tuple[SelectOption, ...]:
    """Return the select options of placements or +1/−1, each saying what it does."""
    return tuple(
        SelectOption(label(view, a, names)[:100], target_of(a), effect_hint(view, a))
        for a in actions
    )


def effect_hint(view: PrivateView, action: Action) -> str:
    """Return the short line under a select option: what the choice does."""
    said = str(outcome(view, action))
    said = said[:1].upper() + said[1:]
    return said if len(said) <= 100 else said[:99] + "…"


def outcome(view: PrivateView, action: Action) -> Phrase | str:
    """Say what a placement or a +1/−1 leads to (``in Phase III you move your agents …``)."""
    if isinstance(action, Place):
        bag, draws = placement_draws(view)
        return place_outcome(action.target, bag=bag, draws=draws)
    if isinstance(action, Adjust):
        return ADJUST_EFFECT
    return ""


def placement_draws(view: PrivateView) -> tuple[int, int]:
    """Return the tokens left in the bag and how many a Special Operations die draws."""
    me = view.public.players[view.seat]
    return view.public.bag, 2 if me.character.id == "CH2" else 1


def effect(view: PrivateView, action: Action) -> str:
    """Say what a placement or a +1/−1 will do."""
    me = view.public.players[view.seat]
    if isinstance(action, Place):
        bag, draws = placement_draws(view)
        face = me.dice[action.die].face
        return str(place_effect(face, action.target, bag=bag, draws=draws))
    if isinstance(action, Adjust):
        face = me.dice[action.die].face
        new = adjusted_face(face, action.source)
        return str(adjust_effect(face, new, source_label(action.source)))
    return ""


def confirm_step(
    view: PrivateView, legal: Sequence[Action], token: str, names: Sequence[str], back: Button
) -> tuple[str, tuple[Choice, ...]]:
    """Return the confirm step of a placement: what it will do, Confirm and Back."""
    action = next((a for a in legal if a.token() == token), None)
    if not isinstance(action, Place):
        return _("That choice is no longer open."), (back,)
    face = view.public.players[view.seat].dice[action.die].face
    # TRANSLATORS: {where} says where the die goes: "on Movement (space 5)", "on the Decoder".
    text = _("✅ Confirm: place {die} {where}").format(
        die=die(face), where=onto(face, action.target)
    )
    return f"**{effect(view, action)}**", (Button(text[:80], act(action), "primary"), back)


def placement_note(view: PrivateView, legal: Sequence[Action]) -> str:
    """Tell a placing seat what its view asks: pick a pair and confirm, or end the turn."""
    turn = view.public.turn
    if turn is None or turn.kind != "place" or turn.seat != view.seat:
        return ""
    placing = any(isinstance(a, Place) for a in legal)
    if placing and turn.placed:
        return _("Place another die (pick a die and where it goes, then confirm), or End turn.")
    if placing:
        return _("Your placement turn: pick a die and where it goes, then confirm; or Pass.")
    if turn.placed:
        return _("Die placed. You may still fly or use an ability; then End turn.")
    return ""
