"""Text and picture of the public Coins table: the trick, the last trick, scores and counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.engine.i18n import _
from bot.engine.phrase import words
from bot.engine.rules import Outcome
from bot.engine.screen import Field
from bot.games.coins import messages as say
from bot.games.coins.cards import COINS_PER_HAND, SEATS, Card
from bot.games.coins.views import PlayerView, PublicView, TrickView

NAME = 60
"""Longest part of a display name written in a line of text."""


PLAYER: Final = "{player}"
"""Where a caption or title of the table picture names a player (filled in when drawn)."""


@dataclass(frozen=True)
class Slot:
    """One place of a trick on the table picture: a card (or an empty place) and its caption,
    the player's name put into ``caption`` where it says ``{player}``."""

    card: Card | None
    name: str
    ring: bool = False
    caption: str = PLAYER


@dataclass(frozen=True)
class TablePicture:
    """What the table picture shows: the current trick and the last completed one."""

    current: tuple[Slot, ...]
    current_title: str
    last: tuple[Slot, ...] = ()
    last_title: str = ""
    """Who took the last trick: the winning slot's name goes where it says ``{player}``."""
    last_note: str = ""
    """Why the last trick went the way it did."""


def short(names: Sequence[str], seat: int) -> str:
    """Return a seat's display name, cut to a sensible length."""
    return names[seat][:NAME]


def render(outcome: Outcome, names: Sequence[str]) -> str:
    """Put display names into the summary, worded in the current language."""
    return outcome.render(names)


def status_lines(view: PublicView, names: Sequence[str]) -> list[str]:
    """Return the hand number, the dealer, the target and whose turn it is."""
    if view.hand == 0:
        return [_("Shuffling and dealing...")]
    lines = [
        _("**Hand {hand}** · dealer: {dealer} · first to **{target}** points wins").format(
            hand=view.hand, dealer=short(names, view.dealer), target=view.target
        )
    ]
    if view.turn is not None:
        doing = (
            _("Turn: **{player}** to lead") if not view.trick else _("Turn: **{player}** to play")
        )
        lines.append(doing.format(player=short(names, view.turn)))
    return lines


def trick_line(view: PublicView, names: Sequence[str]) -> str:
    """Return the current trick in play order, with who is still to play."""
    played = [f"{short(names, p.seat)}: {p.card.name()}" for p in view.trick]
    waiting = [short(names, (view.leader + i) % SEATS) for i in range(len(view.trick), SEATS)]
    if view.turn is not None:
        played += [f"{name}: …" for name in waiting]
    return _("**Current trick:** {cards}").format(cards=" · ".join(played) or _("none"))


def last_line(trick: TrickView, names: Sequence[str]) -> str:
    """Return the last completed trick, its winner, the reason and the points scored."""
    cards = " · ".join(
        f"{short(names, p.seat)}: "
        + (f"**{p.card.name()}**" if p.seat == trick.winner else p.card.name())
        for p in trick.plays
    )
    why = words(say.reason(trick.case, trick.missing, trick.winning))
    return _("**Last trick:** {cards}\n→ {player} takes it ({why}) and scores {points}").format(
        cards=cards,
        player=short(names, trick.winner),
        why=why,
        points=words(say.points_text(trick.points)),
    )


def table_body(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Return the table message's text."""
    lines = [f"**{render(outcome, names)}**"] if outcome else []
    lines += status_lines(view, names)
    if view.hand and not view.over:
        lines.append(trick_line(view, names))
    if view.last is not None:
        lines.append(last_line(view.last, names))
    if view.hand and not view.over:
        lines.append(
            _("Coins not yet seen this hand: **{unseen}** of {total}").format(
                unseen=view.coins_unseen, total=COINS_PER_HAND
            )
        )
    if outcome:
        lines.append(outcome.standings([short(names, s) for s in range(len(names))]))
    return "\n".join(lines)[:4000]


def player_name(view: PublicView, player: PlayerView, names: Sequence[str]) -> str:
    """Return a player's field title: name and marks."""
    marks = []
    if view.hand and player.seat == view.dealer:
        marks.append(_("dealer"))
    if player.seat == view.turn:
        marks.append(_("to play"))
    if player.seat == view.winner:
        marks.append(_("winner"))
    suffix = f" ({', '.join(marks)})" if marks else ""
    return (names[player.seat][:200] + suffix)[:256]


def player_value(view: PublicView, player: PlayerView) -> str:
    """Return one player's score, tricks taken this hand and cards in hand."""
    lines = [
        _("Score: **{score}** of {target}").format(score=player.score, target=view.target),
        _("Tricks this hand: {tricks}").format(tricks=player.tricks),
    ]
    held = view.final_hands[player.seat] if view.final_hands else ()
    if held:  # the end: the cards themselves, once, instead of their count
        still = _("Still held ({count}): {cards}")
        lines.append(still.format(count=len(held), cards=", ".join(c.name() for c in held)))
    else:
        lines.append(_("Cards in hand: {count}").format(count=player.cards))
    return "\n".join(lines)[:1024]


def table_fields(view: PublicView, names: Sequence[str]) -> tuple[Field, ...]:
    """Return one field per player."""
    if view.hand == 0:
        return ()
    return tuple(
        Field(player_name(view, p, names), player_value(view, p), inline=True) for p in view.players
    )


def picture(view: PublicView, names: Sequence[str]) -> TablePicture:
    """Describe the table picture: the current trick and the last trick."""
    current = [Slot(p.card, names[p.seat]) for p in view.trick]
    for i in range(len(view.trick), SEATS):
        seat = (view.leader + i) % SEATS
        caption = _("{player} to play") if seat == view.turn else PLAYER
        current.append(Slot(None, names[seat], caption=caption))
    trick = len(view.history) + 1
    title = (
        _("Match over")
        if view.over
        else _("Hand {hand} · trick {trick}").format(hand=view.hand, trick=trick)
    )
    last = view.last
    if last is None:
        return TablePicture(tuple(current), title)
    return TablePicture(
        current=tuple(current),
        current_title=title,
        last=tuple(Slot(p.card, names[p.seat], p.seat == last.winner) for p in last.plays),
        last_title=_("Last trick: {player} +{points}").format(player=PLAYER, points=last.points),
        last_note=words(say.reason(last.case, last.missing, last.winning)),
    )


def cards_text(cards: Sequence[Card]) -> str:
    """Return cards as a comma-separated list of names, or ``none``."""
    return ", ".join(c.name() for c in cards) or _("none")


def table_alt(view: PublicView, names: Sequence[str]) -> str:
    """Describe the table picture in words."""
    played = "; ".join(f"{names[p.seat]} {p.card.name()}" for p in view.trick) or _("no card yet")
    text = _("Hand {hand}. Current trick: {cards}.").format(hand=view.hand, cards=played)
    if view.last is not None:
        cards = cards_text([p.card for p in view.last.plays])
        last = _("Last trick ({cards}) won by {player}.")
        text += " " + last.format(cards=cards, player=names[view.last.winner])
    return text[:1000]
