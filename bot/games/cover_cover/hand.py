"""Text and the one button of a seat's private Cover-cover view."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.i18n import _
from bot.engine.rules import Action
from bot.engine.screen import Button, act
from bot.games.cover_cover import messages as say
from bot.games.cover_cover.actions import Cover, Flip
from bot.games.cover_cover.state import READ_SECONDS
from bot.games.cover_cover.table import listed, round_label
from bot.games.cover_cover.views import PrivateView


def hand_body(view: PrivateView, names: Sequence[str], legal: Sequence[Action]) -> str:
    """Return the private view's text: own counts and what to press."""
    lines = [
        _("**Your cards: {count}** (hand {hand}, winnings {won}).").format(
            count=view.count, hand=view.hand, won=view.winnings
        ),
        _("Nobody knows the order of a hand, not even its owner: just flip!"),
        note(view, names, legal),
    ]
    return "\n".join(lines)


def note(view: PrivateView, names: Sequence[str], legal: Sequence[Action]) -> str:
    """Say what the seat may do now."""
    public = view.public
    me = public.players[view.seat]
    if public.over:
        return _("The match is over.")
    if me.out:
        return _("You are out (round {number}); watch the others play on.").format(number=me.out)
    if Cover() in legal:
        if view.count == 1:
            return _(
                "**COVER-COVER!** You are tied for the highest card: shout **Cover-cover!** "
                "to lay your last card face up, with nothing face down."
            )
        return _(
            "**COVER-COVER!** You are tied for the highest card: shout **Cover-cover!** "
            "to lay 1 card face down and 1 face up."
        )
    if Flip() in legal and public.auto:
        return _(
            "Auto is on: the bot flips for everyone and plays on by itself {seconds} seconds "
            "after each summary. Any player may let it play on now."
        ).format(seconds=READ_SECONDS)
    if Flip() in legal:
        flip = _("{round}: press **Flip** to turn up your top card.")
        return flip.format(round=round_label(public))
    waiting = listed(public.waiting, names)
    if public.phase == "cover":
        return _("A Cover-cover is on: waiting for {players}.").format(players=waiting)
    return _("Waiting for {players}.").format(players=waiting)


def hand_choices(view: PrivateView, legal: Sequence[Action]) -> tuple[Button, ...]:
    """Return the one button the seat may press, if any."""
    if Cover() in legal:
        return (Button(_(say.COVER_BUTTON), act(Cover()), "danger"),)
    if Flip() in legal:
        label = (
            say.auto_button(view.public.summary_every) if view.public.auto else _(say.FLIP_BUTTON)
        )
        return (Button(label, act(Flip()), "success" if view.public.auto else "primary"),)
    return ()
