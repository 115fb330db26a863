"""What each seat may know of a NEVER OVER session: the public view and a seat's private view."""

from __future__ import annotations

import msgspec

from bot.engine.view import SeatView, mirror
from bot.games.never_over.cards import Card
from bot.games.never_over.state import NeverOverState


class PlayerView(msgspec.Struct, frozen=True):
    """One player's public situation."""

    seat: int
    team: str
    """Team letter when partnerships are on, else empty."""
    green: tuple[Card, ...]
    """The green pile, oldest first."""
    score: int
    red: tuple[Card, ...]
    """The red pile, oldest first; the last card sets the cap."""
    cap: int
    hand: int
    """Cards in hand (set aside, once retired)."""
    retired: bool
    total: int
    """Session total: finished games plus this one."""


class PublicView(msgspec.Struct, frozen=True):
    """Everything anyone at the table may know; set-aside cards appear once a game is over."""

    pack: str
    hand_size: int
    games: int
    game: int
    phase: str
    dealer: int
    sinistra: int
    turn: int | None
    """Whose turn it is, None between games and at the end."""
    players: tuple[PlayerView, ...]
    discards: tuple[Card, ...]
    """Oldest first."""
    stock: int
    """Cards left in the stock."""
    teams: tuple[str, ...]
    """Each seat's team letter in this game (empty without partnerships)."""
    results: tuple[tuple[int, ...], ...]
    """Scores of every finished game, per seat."""
    over: bool
    revealed: tuple[tuple[Card, ...], ...] = ()
    """Every hand, once the game is over."""
    rotating: bool = False
    """Rotating partnerships: ``teams`` change with every deal, totals are per player."""


class PrivateView(SeatView[PublicView], frozen=True):
    """What one seat knows: the public view plus its own hand."""

    hand: tuple[Card, ...]
    """The cards in hand; empty once the seat has retired, until the game's end reveals
    the set-aside cards to all (rules §6: hidden from everyone during play)."""


def player_view(state: NeverOverState, seat: int) -> PlayerView:
    """Build one player's public situation."""
    s = state
    return PlayerView(
        seat=seat,
        team=s.teams[seat] if s.teams else "",
        green=tuple(s.card(c) for c in s.greens[seat]),
        score=s.score(seat),
        red=tuple(s.card(c) for c in s.reds[seat]),
        cap=s.cap(seat),
        hand=len(s.hands[seat]),
        retired=s.retired[seat],
        total=s.totals()[seat],
    )


def public_view(state: NeverOverState) -> PublicView:
    """Build the public view of a state."""
    s = state
    shown = s.phase != "play" and s.game > 0
    return mirror(
        PublicView,
        s,
        turn=s.turn if s.phase == "play" else None,
        players=tuple(player_view(s, seat) for seat in range(s.seats)),
        discards=tuple(s.card(c) for c in s.discards),
        stock=len(s.stock),
        over=s.phase == "over",
        revealed=tuple(tuple(s.card(c) for c in h) for h in s.hands) if shown else (),
        rotating=s.rotating,
    )


def private_view(state: NeverOverState, seat: int) -> PrivateView:
    """Build one seat's private view."""
    set_aside = state.retired[seat] and state.phase == "play"
    hand = () if set_aside else state.hands[seat]
    return PrivateView(seat, public_view(state), tuple(state.card(c) for c in hand))
