"""What each seat may know of a Cover-cover match: everything but hidden card identities.

Hands, winnings piles and face-down cards stay unnamed until the match is over; a
private view adds nothing secret, only the seat's own counts.
"""

from __future__ import annotations

import msgspec

from bot.engine.view import SeatView, mirror
from bot.games.cover_cover.cards import CARDS, Card
from bot.games.cover_cover.state import NO_CARD, Block, CoverState, Play, RoundRecord, Tie


class PlayView(msgspec.Struct, frozen=True):
    """One player's cards at one level of a round, as everyone sees them."""

    seat: int
    up: Card
    down: bool
    """Whether a card lies face down under it; its identity is never shown (rules §6)."""


class TieView(msgspec.Struct, frozen=True):
    """One Cover-cover as everyone sees it."""

    depth: int
    rank: int
    tied: tuple[int, ...]
    dropped: tuple[int, ...]
    plays: tuple[PlayView, ...]


class RoundView(msgspec.Struct, frozen=True):
    """A round on the table, or the last one decided."""

    number: int
    flips: tuple[PlayView, ...]
    ties: tuple[TieView, ...]
    winner: int | None
    pot: int
    """Cards on the table (while resolving) or cards won (once decided)."""
    decided: bool


class PlayerView(msgspec.Struct, frozen=True):
    """One player's public situation."""

    seat: int
    hand: int
    winnings: int
    count: int
    out: int
    """0 while in; else the round they went out."""
    waiting: bool
    """Expected to press Flip or Cover now."""
    covering: bool
    """In the Cover-cover being played."""


class PublicView(msgspec.Struct, frozen=True):
    """Everything anyone at the table may know."""

    seats: int
    round: int
    round_limit: int
    auto: bool
    summary_every: int
    phase: str
    dealer: int
    running: bool
    players: tuple[PlayerView, ...]
    waiting: tuple[int, ...]
    current: RoundView | None
    last: RoundView | None
    block: Block
    """Auto: the rounds played since the last summary."""
    summary: Block | None
    """Auto: the last block summarized."""
    covers: int
    deepest: int
    over: bool
    winners: tuple[int, ...]
    termination: str


class PrivateView(SeatView[PublicView], frozen=True):
    """One seat's view: the public view and its own counts (no card identities)."""

    hand: int
    winnings: int
    count: int
    expected: str
    """``flip``, ``cover`` or empty: what the seat is expected to press."""


def play_view(play: Play) -> PlayView:
    """Show a play: its face-up card, and whether a card lies face down under it."""
    return PlayView(play.seat, CARDS[play.up], play.down != NO_CARD)


def tie_view(tie: Tie) -> TieView:
    """Show a Cover-cover."""
    plays = tuple(play_view(x) for x in tie.plays)
    return TieView(tie.depth, tie.rank, tie.tied, tie.dropped, plays)


def round_view(record: RoundRecord | None, decided: bool) -> RoundView | None:
    """Show a round."""
    if record is None:
        return None
    return RoundView(
        number=record.number,
        flips=tuple(play_view(x) for x in record.flips),
        ties=tuple(tie_view(t) for t in record.ties),
        winner=record.winner,
        pot=record.pot if decided else len(record.cards()),
        decided=decided,
    )


def player_view(state: CoverState, seat: int) -> PlayerView:
    """Show one player's counts and status."""
    return PlayerView(
        seat=seat,
        hand=len(state.hands[seat]),
        winnings=len(state.winnings[seat]),
        count=state.count(seat),
        out=state.out[seat],
        waiting=seat in state.waiting(),
        covering=seat in state.covering,
    )


def public_view(state: CoverState) -> PublicView:
    """Build the public view of a state."""
    s = state
    return mirror(
        PublicView,
        s,
        players=tuple(player_view(s, seat) for seat in range(s.seats)),
        waiting=s.waiting(),
        current=round_view(s.current, decided=False),
        last=round_view(s.last, decided=True),
        over=s.phase == "over",
    )


def private_view(state: CoverState, seat: int) -> PrivateView:
    """Build one seat's private view."""
    waiting = seat in state.waiting()
    return PrivateView(
        seat=seat,
        public=public_view(state),
        hand=len(state.hands[seat]),
        winnings=len(state.winnings[seat]),
        count=state.count(seat),
        expected=("cover" if state.phase == "cover" else "flip") if waiting else "",
    )
