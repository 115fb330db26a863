"""Text and choices of a seat's private NEVER OVER view, grouped the way a person thinks.

The first step offers "score" (greens playable now, as buttons), "raise my cap"
and "cap an opponent" (selects), and the Discard and Retire steps. Capping asks
for the red card first, then for one of the opponents it may legally go on.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.i18n import _, ngettext
from bot.engine.rules import Action
from bot.engine.screen import Button, Select, SelectOption, act, pick
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
    if me.retired and me.hand and not view.hand:
        held = ngettext(
            "**You retired**: your {n} card is set aside face down until the game ends.",
            "**You retired**: your {n} cards are set aside face down until the game ends.",
            me.hand,
        ).format(n=me.hand)
    else:
        held = _("**Your hand** ({count}): {cards}").format(
            count=len(view.hand), cards=labels(list(view.hand))
        )
    lines = [held]
    lines.append(
        _("Your green pile: {cards} = **{score}** · your {cap}").format(
            cards=labels(list(me.green)), score=me.score, cap=say.cap_text(me.cap, not me.red)
        )
    )
    listed = plays(legal)
    if listed:
        lines.append(_("**Legal plays now**"))
        lines += [play_line(view, p, names) for p in listed]
    lines.append(note)
    return "\n".join(lines)


def play_line(view: PrivateView, play: Play, names: Sequence[str]) -> str:
    """Return one legal play as ``card → pile``, redundant plays labelled."""
    card = kind_label(play.kind)
    if play.pile == "green":
        return _("{card} → your green pile").format(card=card)
    old, new = view.public.players[play.owner].cap, kind_points(play.kind)
    if play.owner == view.seat:
        pile = _("your red pile")
    else:
        pile = _("{player}'s red pile").format(player=names[play.owner])
    return _("{card} → {pile} ({change})").format(card=card, pile=pile, change=change(old, new))


def change(old: int, new: int) -> str:
    """Return what a red card does to a cap: ``cap 4 → 2`` or ``redundant: cap stays 2``."""
    if old == new:
        return _("redundant: cap stays {old}").format(old=old)
    return _("cap {old} → {new}").format(old=old, new=new)


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
        return discard_step(view, legal)
    if kind == "X":
        return retire_step(view, legal)
    return main_step(view, legal, names)


def waiting_note(view: PrivateView, names: Sequence[str]) -> str:
    """Say why there is nothing to do."""
    public = view.public
    if public.over:
        return _("The session is over.") if public.games > 1 else _("The game is over.")
    if public.players[view.seat].retired:
        return _("You have retired from this game.")
    if public.turn is None:
        return _("Waiting.")
    return _("Waiting for {player}.").format(player=names[public.turn])


def main_step(view: PrivateView, legal: Sequence[Action], names: Sequence[str]) -> Step:
    """Offer every group of actions open now."""
    me = view.public.players[view.seat]
    choices: list[Choice] = [
        Button(_("Score {card}").format(card=kind_label(p.kind)), act(p), "success")
        for p in plays(legal)
        if p.pile == "green"
    ]
    raises = [p for p in plays(legal) if p.pile == "red" and p.owner == view.seat]
    if raises:
        options = tuple(raise_option(view, p) for p in raises)
        choices.append(Select(_("Raise my cap (now {cap})").format(cap=me.cap), options))
    caps = cap_options(view, legal, names)
    if caps:
        choices.append(Select(_("Cap an opponent: choose a red card"), tuple(caps)))
    choices += [Button(_("Discard…"), pick("D")), Button(_("Retire…"), pick("X"), "danger")]
    return _("Your turn: play a card, discard one, or retire."), tuple(choices)


def raise_option(view: PrivateView, play: Play) -> SelectOption:
    """Return a red card on the player's own pile as a select option."""
    old, new = view.public.players[view.seat].cap, kind_points(play.kind)
    label = _("{card} on my red pile").format(card=kind_label(play.kind))
    return SelectOption(label, act(play), change(old, new))


def cap_options(
    view: PrivateView, legal: Sequence[Action], names: Sequence[str]
) -> list[SelectOption]:
    """Return one option per red card that may go on some opponent's pile."""
    options = []
    kinds = dict.fromkeys(p.kind for p in plays(legal) if p.pile == "red" and p.owner != view.seat)
    for kind in kinds:
        owners = [p.owner for p in plays(legal) if p.kind == kind and p.owner != view.seat]
        where = ", ".join(names[o][:NAME] for o in owners)
        where_text = _("on {players}").format(players=where)[:100]
        options.append(SelectOption(kind_label(kind), pick(f"C.{kind}"), where_text))
    return options


def cap_step(view: PrivateView, targets: Sequence[Play], names: Sequence[str]) -> Step:
    """Ask on whose red pile the chosen red card goes (only opponents where it is legal)."""
    buttons: list[Choice] = []
    for play in targets:
        owner = view.public.players[play.owner]
        old, new = owner.cap, kind_points(play.kind)
        stays, moves = _("{player}: cap stays {old}"), _("{player}: cap {old} → {new}")
        label = stays if old == new else moves
        if owner.retired:
            label = _("{label}, retired").format(label=label)
        text = label.format(player=names[play.owner][:NAME], old=old, new=new)
        buttons.append(Button(text, act(play), "danger"))
    buttons.append(Button(_("Back"), pick("")))
    card = kind_label(targets[0].kind)
    return _("Put {card} on whose red pile?").format(card=card), tuple(buttons)


def discard_step(view: PrivateView, legal: Sequence[Action]) -> Step:
    """Offer one discard per kind of card in hand (a draw follows only while the stock lasts)."""
    discards = [a for a in legal if isinstance(a, Discard)]
    buttons: list[Choice] = [
        Button(_("Discard {card}").format(card=kind_label(a.kind)), act(a)) for a in discards
    ]
    buttons.append(Button(_("Back"), pick("")))
    if view.public.stock:
        note = _("Discard which card? It goes face up on the discards, and you draw.")
    else:
        note = _(
            "Discard which card? It goes face up on the discards (the stock is empty: no draw)."
        )
    return note, tuple(buttons)


def retire_step(view: PrivateView, legal: Sequence[Action]) -> Step:
    """Ask to confirm retiring."""
    count = len(view.hand)
    note = ngettext(
        "Retire? Your {n} card is set aside face down and you take no more turns this game; "
        "your piles still count.",
        "Retire? Your {n} cards are set aside face down and you take no more turns this game; "
        "your piles still count.",
        count,
    ).format(n=count)
    if plays(legal):
        note = _("{note} You still have plays open.").format(note=note)
    confirm = Button(_("Confirm: retire"), act(Retire()), "danger")
    return note, (confirm, Button(_("Back"), pick("")))
