"""Resolving a Cover-cover round: ties, drop-outs, the winner, knock-outs and the end."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from bot.games.cover_cover import messages as say
from bot.games.cover_cover.draft import Draft, replaced
from bot.games.cover_cover.state import NO_CARD, Block, CoverState, Tie


def settle(d: Draft) -> None:
    """Resolve the contests on the table until a winner, a Cover-cover to play, or nobody."""
    while True:
        s = d.state
        contest = [p for p in s.contests[-1] if s.out[p] == 0]
        if not contest:
            d.update(contests=s.contests[:-1])
            if not d.state.contests:
                nobody_left(d)
                return
            continue
        top = max(s.showing_rank(p) for p in contest)
        tied = tuple(p for p in contest if s.showing_rank(p) == top)
        if len(tied) == 1:
            win_round(d, tied[0])
            return
        remaining = start_cover(d, tied, top)
        if len(remaining) == 1:
            win_round(d, remaining[0])
            return
        if remaining:
            d.update(phase="cover", covering=remaining, contests=(*s.contests, remaining))
            return


def start_cover(d: Draft, tied: tuple[int, ...], rank: int) -> tuple[int, ...]:
    """Announce a Cover-cover, drop out the tied players with no cards; return the others."""
    s = d.state
    depth = len(s.contests)
    dropped = tuple(p for p in tied if s.count(p) == 0)
    out = s.out
    for p in dropped:
        out = replaced(out, p, s.round)
    assert s.current is not None
    b = s.block
    d.update(
        out=out,
        current=msgspec.structs.replace(
            s.current, ties=(*s.current.ties, Tie(depth, rank, tied, dropped))
        ),
        covers=s.covers + 1,
        deepest=max(s.deepest, depth),
        block=msgspec.structs.replace(b, covers=b.covers + 1, deepest=max(b.deepest, depth)),
    )
    if d.chatty():
        d.say(say.cover_cover(tied, rank, depth))
        for p in dropped:
            d.say(say.dropped_out(p))
    return tuple(p for p in tied if p not in dropped)


def win_round(d: Draft, winner: int) -> None:
    """The winner takes every card on the table into their winnings pile."""
    s = d.state
    assert s.current is not None
    pot = s.current.cards()
    d.update(
        winnings=replaced(s.winnings, winner, s.winnings[winner] + pot),
        current=None,
        last=msgspec.structs.replace(s.current, winner=winner, pot=len(pot)),
        contests=(),
    )
    if d.chatty():
        d.say(say.took(winner, len(pot)))
    knock_out(d)
    end_of_round(d)


def nobody_left(d: Draft) -> None:
    """Everyone who took part dropped out: the game ends in a draw among them."""
    s = d.state
    assert s.current is not None
    d.update(last=s.current, current=None)
    if d.version >= 2:  # the round was played: an auto summary counts it like any other
        d.update(block=msgspec.structs.replace(s.block, last=s.round))
    drawn = tuple(p for p in range(s.seats) if s.out[p] == s.round)
    finish(d, drawn, "draw")


def knock_out(d: Draft) -> None:
    """Every player still in with no cards left is out, in this round."""
    s = d.state
    gone = [p for p in s.live() if s.count(p) == 0]
    out = s.out
    for p in gone:
        out = replaced(out, p, s.round)
    d.update(out=out)
    # Auto mode names them in its summary instead (rules 6.6; version 1 told them here too).
    if d.chatty() or d.version < 2:
        for p in gone:
            d.say(say.knocked_out(p, s.round))


def end_of_round(d: Draft) -> None:
    """End the game, or start the next round (an auto block may pause for its summary)."""
    s = d.state
    d.update(block=msgspec.structs.replace(s.block, last=s.round))
    live = s.live()
    if len(live) == 1:
        finish(d, live, "last_player")
    elif s.round_limit and s.round >= s.round_limit:
        most = max(s.count(p) for p in live)
        finish(d, tuple(p for p in live if s.count(p) == most), "round_limit")
    else:
        if s.auto and s.round % s.summary_every == 0:
            summarize(d)
        start_round(d)


def start_round(d: Draft) -> None:
    """Begin the next round: the counter goes up and everyone still in is to flip."""
    s = d.state
    d.update(
        phase="flip",
        round=s.round + 1,
        pressed=(),
        covering=(),
        showing=tuple(NO_CARD for _ in range(s.seats)),
    )


def summarize(d: Draft) -> None:
    """Auto: tell the block's summary, then pause until someone plays on."""
    s = d.state
    d.say(say.summary(s.block, [s.count(p) for p in range(s.seats)], s.out))
    d.update(summary=s.block, block=Block(first=s.round + 1), running=False)


def finish(d: Draft, winners: tuple[int, ...], termination: str) -> None:
    """End the match."""
    s = d.state
    if s.auto and s.block.last >= s.block.first:
        summarize(d)
    d.update(phase="over", winners=winners, termination=termination, running=False)
    d.say(say.winners_text(winners, termination, d.state.round))


def standings(state: CoverState) -> tuple[int, ...]:
    """Rank seats: winners, then (by the round limit) card count, then how long they lasted."""

    def key(seat: int) -> tuple[int, int]:
        if seat in state.winners:
            return (0, 0)
        if state.out[seat] == 0:
            return (1, -state.count(seat))
        return (2, -state.out[seat])

    keys = [key(s) for s in range(state.seats)]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def counts(state: CoverState) -> Sequence[int]:
    """Return every player's card count."""
    return [state.count(p) for p in range(state.seats)]
