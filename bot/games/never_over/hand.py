"""Text and choices of a seat's private NEVER OVER view, grouped the way a person thinks.

The first step offers "score" (greens playable now, as buttons), "raise my cap"
and "cap an opponent" (selects), and the Discard and Retire steps. Capping asks
for the red card first, then for one of the opponents it may legally go on.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.rules import Action
from bot.engine.screen import Button, Select, SelectOption, act, pick
from bot.engine.words import plural
from bot.games.never_over import messages as say
from bot.games.never_over.actions import Discard, Play, Retire
from bot.games.never_over.cards import kind_label, kind_points, labels
from bot.games.never_over.views import PrivateView

Choice = Button | Select
Step = tuple[str, tuple[Choice, ...]]
NAME = 24
"""Longest part of a display name written on a button."""


def plays(legal: Sequence[Action]) -> list[Play]:
    """Return the legal plays."""
    return [a for a in legal if isinstance(a, Play)]


def hand_body(view: PrivateView, legal: Sequence[Action], names: Sequence[str], note: str) -> str:
    """Return the private view's text: hand, piles, the legal plays and what to do."""
    me = view.public.players[view.seat]
    lines = [f"**Your hand** ({len(view.hand)}): {labels(list(view.hand))}"]
    lines.append(
        f"Your green pile: {labels(list(me.green))} = **{me.score}** · "
        f"your {say.cap_text(me.cap, not me.red)}"
    )
    listed = plays(legal)
    if listed:
        lines.append("**Legal plays now**")
        lines += [play_line(view, p, names) for p in listed]
    lines.append(note)
    return "\n".join(lines)


def play_line(view: PrivateView, play: Play, names: Sequence[str]) -> str:
    """Return one legal play as ``card → pile``, redundant plays labelled."""
    card = kind_label(play.kind)
    if play.pile == "green":
        return f"{card} → your green pile"
    old, new = view.public.players[play.owner].cap, kind_points(play.kind)
    pile = "your red pile" if play.owner == view.seat else f"{names[play.owner]}'s red pile"
    change = f"redundant: cap stays {old}" if old == new else f"cap {old} → {new}"
    return f"{card} → {pile} ({change})"


def hand_choices(
    view: PrivateView, legal: Sequence[Action], names: Sequence[str], step: str | None
) -> Step:
    """Return the note and the choices for the current step of a choice."""
    if not legal:
        return waiting_note(view, names), ()
    kind, _, rest = (step or "").partition(".")
    if kind == "C":
        targets = [p for p in plays(legal) if p.kind == rest and p.owner != view.seat]
        if targets:
            return cap_step(view, targets, names)
    if kind == "D":
        return discard_step(legal)
    if kind == "X":
        return retire_step(view, legal)
    return main_step(view, legal, names)


def waiting_note(view: PrivateView, names: Sequence[str]) -> str:
    """Say why there is nothing to do."""
    public = view.public
    if public.over:
        return "The session is over." if public.games > 1 else "The game is over."
    if public.players[view.seat].retired:
        return "You have retired from this game."
    return f"Waiting for {names[public.turn]}." if public.turn is not None else "Waiting."


def main_step(view: PrivateView, legal: Sequence[Action], names: Sequence[str]) -> Step:
    """Offer every group of actions open now."""
    me = view.public.players[view.seat]
    choices: list[Choice] = [
        Button(f"Score {kind_label(p.kind)}", act(p), "success")
        for p in plays(legal)
        if p.pile == "green"
    ]
    raises = [p for p in plays(legal) if p.pile == "red" and p.owner == view.seat]
    if raises:
        options = tuple(raise_option(view, p) for p in raises)
        choices.append(Select(f"Raise my cap (now {me.cap})", options))
    caps = cap_options(view, legal, names)
    if caps:
        choices.append(Select("Cap an opponent: choose a red card", tuple(caps)))
    choices += [Button("Discard…", pick("D")), Button("Retire…", pick("X"), "danger")]
    return "Your turn: play a card, discard one, or retire.", tuple(choices)


def raise_option(view: PrivateView, play: Play) -> SelectOption:
    """Return a red card on the player's own pile as a select option."""
    old, new = view.public.players[view.seat].cap, kind_points(play.kind)
    change = f"redundant: cap stays {old}" if old == new else f"cap {old} → {new}"
    return SelectOption(f"{kind_label(play.kind)} on my red pile", act(play), change)


def cap_options(
    view: PrivateView, legal: Sequence[Action], names: Sequence[str]
) -> list[SelectOption]:
    """Return one option per red card that may go on some opponent's pile."""
    options = []
    kinds = dict.fromkeys(p.kind for p in plays(legal) if p.pile == "red" and p.owner != view.seat)
    for kind in kinds:
        owners = [p.owner for p in plays(legal) if p.kind == kind and p.owner != view.seat]
        where = ", ".join(names[o][:NAME] for o in owners)
        options.append(SelectOption(kind_label(kind), pick(f"C.{kind}"), f"on {where}"[:100]))
    return options


def cap_step(view: PrivateView, targets: Sequence[Play], names: Sequence[str]) -> Step:
    """Ask on whose red pile the chosen red card goes (only opponents where it is legal)."""
    buttons: list[Choice] = []
    for play in targets:
        owner = view.public.players[play.owner]
        old, new = owner.cap, kind_points(play.kind)
        change = f"cap stays {old}" if old == new else f"cap {old} → {new}"
        retired = ", retired" if owner.retired else ""
        buttons.append(
            Button(f"{names[play.owner][:NAME]}: {change}{retired}", act(play), "danger")
        )
    buttons.append(Button("Back", pick("")))
    return f"Put {kind_label(targets[0].kind)} on whose red pile?", tuple(buttons)


def discard_step(legal: Sequence[Action]) -> Step:
    """Offer one discard per kind of card in hand."""
    discards = [a for a in legal if isinstance(a, Discard)]
    buttons: list[Choice] = [Button(f"Discard {kind_label(a.kind)}", act(a)) for a in discards]
    buttons.append(Button("Back", pick("")))
    return "Discard which card? It goes face up on the discards, and you draw.", tuple(buttons)


def retire_step(view: PrivateView, legal: Sequence[Action]) -> Step:
    """Ask to confirm retiring."""
    count = len(view.hand)
    still = " You still have plays open." if plays(legal) else ""
    note = (
        f"Retire? Your {plural(count, 'card')} {'is' if count == 1 else 'are'} set aside face "
        "down and you take no more turns "
        f"this game; your piles still count.{still}"
    )
    return note, (Button("Confirm: retire", act(Retire()), "danger"), Button("Back", pick("")))
