"""Text and picture of the public Coins table: the trick, the last trick, scores and counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.rules import Outcome
from bot.engine.screen import Field
from bot.games.coins import messages as say
from bot.games.coins.cards import COINS_PER_HAND, SEATS, Card
from bot.games.coins.views import PlayerView, PublicView, TrickView

NAME = 60
"""Longest part of a display name written in a line of text."""


@dataclass(frozen=True)
class Slot:
    """One place of a trick on the table picture: a card (or an empty place) and its caption."""

    card: Card | None
    caption: str
    ring: bool = False


@dataclass(frozen=True)
class TablePicture:
    """What the table picture shows: the current trick and the last completed one."""

    current: tuple[Slot, ...]
    current_title: str
    last: tuple[Slot, ...] = ()
    last_title: str = ""
    last_note: str = ""
    """Why the last trick went the way it did."""


def short(names: Sequence[str], seat: int) -> str:
    """Return a seat's display name, cut to a sensible length."""
    return names[seat][:NAME]


def render(text: str, names: Sequence[str]) -> str:
    """Put display names into an event or summary text."""
    return text.format(p=list(names))


def status_lines(view: PublicView, names: Sequence[str]) -> list[str]:
    """Return the hand number, the dealer, the target and whose turn it is."""
    if view.hand == 0:
        return ["Shuffling and dealing..."]
    lines = [
        f"**Hand {view.hand}** · dealer: {short(names, view.dealer)} · "
        f"first to **{view.target}** points wins"
    ]
    if view.turn is not None:
        doing = "to lead" if not view.trick else "to play"
        lines.append(f"Turn: **{short(names, view.turn)}** {doing}")
    return lines


def trick_line(view: PublicView, names: Sequence[str]) -> str:
    """Return the current trick in play order, with who is still to play."""
    played = [f"{short(names, p.seat)}: {p.card.name()}" for p in view.trick]
    waiting = [short(names, (view.leader + i) % SEATS) for i in range(len(view.trick), SEATS)]
    if view.turn is not None:
        played += [f"{name}: …" for name in waiting]
    return "**Current trick:** " + (" · ".join(played) or "none")


def last_line(trick: TrickView, names: Sequence[str]) -> str:
    """Return the last completed trick, its winner, the reason and the points scored."""
    cards = " · ".join(
        f"{short(names, p.seat)}: "
        + (f"**{p.card.name()}**" if p.seat == trick.winner else p.card.name())
        for p in trick.plays
    )
    why = say.reason(trick.case, trick.missing, trick.winning)
    return (
        f"**Last trick:** {cards}\n→ {short(names, trick.winner)} takes it "
        f"({why}) and scores {say.points_text(trick.points)}"
    )


def table_body(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Return the table message's text."""
    lines = [f"**{render(outcome.summary, names)}**"] if outcome else []
    lines += status_lines(view, names)
    if view.hand and not view.over:
        lines.append(trick_line(view, names))
    if view.last is not None:
        lines.append(last_line(view.last, names))
    if view.hand and not view.over:
        lines.append(f"Coins not yet seen this hand: **{view.coins_unseen}** of {COINS_PER_HAND}")
    if outcome:
        order = sorted(range(len(outcome.ranks)), key=lambda s: outcome.ranks[s])
        places = ", ".join(f"{outcome.ranks[s]}. {short(names, s)}" for s in order)
        lines.append(f"Standings: {places}")
    return "\n".join(lines)[:4000]


def player_name(view: PublicView, player: PlayerView, names: Sequence[str]) -> str:
    """Return a player's field title: name and marks."""
    marks = []
    if view.hand and player.seat == view.dealer:
        marks.append("dealer")
    if player.seat == view.turn:
        marks.append("to play")
    if player.seat == view.winner:
        marks.append("winner")
    suffix = f" ({', '.join(marks)})" if marks else ""
    return (names[player.seat][:200] + suffix)[:256]


def player_value(view: PublicView, player: PlayerView) -> str:
    """Return one player's score, tricks taken this hand and cards in hand."""
    lines = [
        f"Score: **{player.score}** of {view.target}",
        f"Tricks this hand: {player.tricks}",
    ]
    held = view.final_hands[player.seat] if view.final_hands else ()
    if held:  # the end: the cards themselves, once, instead of their count
        lines.append(f"Still held ({len(held)}): " + ", ".join(c.name() for c in held))
    else:
        lines.append(f"Cards in hand: {player.cards}")
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
        waiting = seat == view.turn
        current.append(Slot(None, f"{names[seat]} to play" if waiting else names[seat]))
    trick = len(view.history) + 1
    title = "Match over" if view.over else f"Hand {view.hand} · trick {trick}"
    last = view.last
    if last is None:
        return TablePicture(tuple(current), title)
    return TablePicture(
        current=tuple(current),
        current_title=title,
        last=tuple(Slot(p.card, names[p.seat], p.seat == last.winner) for p in last.plays),
        last_title=f"Last trick: {names[last.winner]} +{last.points}",
        last_note=say.reason(last.case, last.missing, last.winning),
    )


def cards_text(cards: Sequence[Card]) -> str:
    """Return cards as a comma-separated list of names, or ``none``."""
    return ", ".join(c.name() for c in cards) or "none"


def table_alt(view: PublicView, names: Sequence[str]) -> str:
    """Describe the table picture in words."""
    played = "; ".join(f"{names[p.seat]} {p.card.name()}" for p in view.trick) or "no card yet"
    text = f"Hand {view.hand}. Current trick: {played}."
    if view.last is not None:
        cards = cards_text([p.card for p in view.last.plays])
        text += f" Last trick ({cards}) won by {names[view.last.winner]}."
    return text[:1000]
