"""Text and choices of a seat's private Coins view: the hand, the counts and one select.

Every card in hand is always legal, so playing is one choice in one select (a
hand holds at most 16 cards, under Discord's 25). When the seat plays last in
a trick, each option says whether that card takes the trick and for how many
points: the seat could work it out from the table, the bot just saves the sums.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.i18n import _
from bot.engine.phrase import words
from bot.engine.rules import Action
from bot.engine.screen import Button, Select, SelectOption, act
from bot.games.coins import messages as say
from bot.games.coins.actions import Play
from bot.games.coins.cards import SEATS, Card, Suit, winning_index
from bot.games.coins.views import PrivateView

Choice = Button | Select
NAME = 40
"""Longest part of a display name written in a select option."""


def suit_groups(hand: Sequence[Card]) -> str:
    """Return a hand grouped by suit in cycle order: ``Cups: Ace, 7 · Coins: King``."""
    groups = []
    for suit in Suit:
        ranks = [c.rank_name for c in hand if c.suit == suit]
        groups.append(f"{suit.word}: {', '.join(ranks) or '-'}")
    return " · ".join(groups)


def takers(view: PrivateView) -> dict[Card, int]:
    """Return, when this seat plays last, the seat that takes the trick with each card."""
    trick = view.public.trick
    if not view.my_turn or len(trick) != SEATS - 1:
        return {}
    first, second = trick[0].card.number, trick[1].card.number
    found = {}
    for c in view.hand:
        index = winning_index(first, second, c.number)
        found[c] = view.seat if index == 2 else trick[index].seat
    return found


def trick_points(view: PrivateView, c: Card) -> int:
    """Return the points in the current trick if this card completes it."""
    return sum(p.card.points for p in view.public.trick) + c.points


def hand_body(view: PrivateView, names: Sequence[str], note: str) -> str:
    """Return the private view's text: hand, Coins counts, the trick so far, what to do."""
    public = view.public
    if public.hand == 0:
        return _("Waiting for the deal.")
    lines = [
        _("**Your hand** ({count}): {cards}").format(
            count=len(view.hand), cards=suit_groups(view.hand)
        )
    ]
    lines.append(
        _(
            "Coins in your hand: **{mine}** · Coins the other two hold together: "
            "**{theirs}** (of {unseen} not yet seen)"
        ).format(mine=view.coins_in_hand, theirs=view.coins_elsewhere, unseen=public.coins_unseen)
    )
    if public.trick:
        played = " · ".join(f"{names[p.seat][:NAME]}: {p.card.name()}" for p in public.trick)
        lines.append(_("Current trick: {cards}").format(cards=played))
    lines.append(note)
    return "\n".join(lines)


def status_note(view: PrivateView, names: Sequence[str]) -> str:
    """Say what the seat may do now, or whom it waits for."""
    public = view.public
    if public.over:
        return _("The match is over.")
    if not view.my_turn:
        if public.turn is None:
            return _("Waiting.")
        return _("Waiting for {player}.").format(player=names[public.turn][:NAME])
    if not public.trick:
        return _("Your turn: lead any card.")
    if takers(view):
        return _("Your turn, and you play last: each option says who would take the trick.")
    return _("Your turn: play any card. Nobody has to follow suit.")


def option(view: PrivateView, play: Play, c: Card, names: Sequence[str]) -> SelectOption:
    """Return one card as a select option, saying who takes the trick when the seat plays last."""
    taker = takers(view).get(c)
    if taker is None:
        note = _("Coins: 1 point to whoever takes the trick") if c.points else ""
    else:
        points = words(say.points_text(trick_points(view, c)))
        if taker == view.seat:
            note = _("you take the trick: {points}").format(points=points)
        else:
            note = _("{player} takes the trick: {points}").format(
                player=names[taker][:NAME], points=points
            )
    return SelectOption(c.name(), act(play), note[:100])


def hand_choices(
    view: PrivateView, legal: Sequence[Action], names: Sequence[str]
) -> tuple[str, tuple[Choice, ...]]:
    """Return the note and the one select that plays a card (nothing when not this seat's turn)."""
    note = status_note(view, names)
    cards = {c.number: c for c in view.hand}
    plays = [a for a in legal if isinstance(a, Play) and a.card in cards]
    if not plays:
        return (_("Nothing to play now.") if view.my_turn else note), ()
    options = tuple(option(view, a, cards[a.card], names) for a in plays)
    return note, (Select(_("Play a card"), options[:25]),)
