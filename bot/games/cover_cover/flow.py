"""Cover-cover round flow: the deal, shuffles, Flip and Cover presses, revealing, auto blocks."""

from __future__ import annotations

import msgspec

from bot.engine.errors import WRONG_SEATS_DEAL, IllegalAction
from bot.engine.seats import deal_order, deal_out
from bot.games.cover_cover import messages as say
from bot.games.cover_cover.actions import Deal, Shuffle
from bot.games.cover_cover.cards import hand_sizes
from bot.games.cover_cover.draft import Draft, replaced
from bot.games.cover_cover.resolve import settle, start_round
from bot.games.cover_cover.state import NO_CARD, CoverState, Play, RoundRecord


def deal(d: Draft, action: Deal) -> None:
    """Deal all 52 cards one at a time, clockwise from the dealer's left; round 1 begins."""
    n = d.state.seats
    if action.dealer >= n:
        raise IllegalAction(WRONG_SEATS_DEAL)
    hands = deal_out(action.deck, action.dealer, n)
    assert tuple(len(hands[s]) for s in deal_order(action.dealer, n)) == hand_sizes(n)
    d.update(dealer=action.dealer, hands=hands)
    d.say(say.dealt(action.dealer, n, d.state.auto))
    start_round(d)


def shuffle(d: Draft, action: Shuffle) -> None:
    """Turn a player's shuffled winnings into the rest of their hand."""
    s = d.state
    seat = action.seat
    if s.shuffle_due() != seat or sorted(action.order) != sorted(s.winnings[seat]):
        raise IllegalAction(say.WRONG_SHUFFLE)
    d.update(
        hands=replaced(s.hands, seat, s.hands[seat] + action.order),
        winnings=replaced(s.winnings, seat, ()),
    )
    if d.chatty():
        d.say(say.shuffled(seat, len(action.order), held=len(s.hands[seat])))


def press(d: Draft, seat: int) -> None:
    """Record a Flip or a Cover; reveal once everyone expected has pressed."""
    s = d.state
    if s.phase == "cover" and d.chatty():
        d.say(say.shout(seat))
    d.update(pressed=tuple(sorted((*s.pressed, seat))))
    if not d.state.waiting():
        reveal(d)


def reveal(d: Draft) -> None:
    """Take the cards of everyone who pressed, show them together and resolve."""
    if d.state.phase == "flip":
        reveal_flips(d)
    else:
        reveal_covers(d)
    settle(d)


def take(state: CoverState, seat: int, count: int) -> tuple[tuple[int, ...], CoverState]:
    """Take cards from the top of a hand (any pending shuffle is already done)."""
    hand = state.hands[seat]
    assert len(hand) >= count
    return hand[:count], msgspec.structs.replace(
        state, hands=replaced(state.hands, seat, hand[count:])
    )


def reveal_flips(d: Draft) -> None:
    """Every player still in turns up their top card."""
    state, plays = d.state, []
    for seat in state.live():
        (up,), state = take(state, seat, 1)
        plays.append(Play(seat, up))
    showing = tuple(NO_CARD for _ in range(state.seats))
    for play in plays:
        showing = replaced(showing, play.seat, play.up)
    d.state = msgspec.structs.replace(
        state,
        pressed=(),
        showing=showing,
        contests=(state.live(),),
        current=RoundRecord(state.round, tuple(plays)),
    )
    if d.chatty():
        d.say(say.flipped(state.round, plays))


def reveal_covers(d: Draft) -> None:
    """Each covering player lays one card face down (unless it is their last) and one face up."""
    state, plays = d.state, []
    for seat in state.covering:
        if state.count(seat) >= 2:
            (down, up), state = take(state, seat, 2)
        else:
            (up,), state = take(state, seat, 1)
            down = NO_CARD
        plays.append(Play(seat, up, down))
    assert state.current is not None
    ties = state.current.ties
    ties = (*ties[:-1], msgspec.structs.replace(ties[-1], plays=tuple(plays)))
    showing = state.showing
    for play in plays:
        showing = replaced(showing, play.seat, play.up)
    d.state = msgspec.structs.replace(
        state,
        pressed=(),
        covering=(),
        showing=showing,
        current=msgspec.structs.replace(state.current, ties=ties),
    )
    if d.chatty():
        d.say(say.covered(plays))


def run_auto(d: Draft) -> None:
    """Auto: the bot flips and covers for everyone until the summary, a shuffle or the end."""
    while d.state.running and d.state.phase != "over" and d.state.shuffle_due() is None:
        s = d.state
        d.update(pressed=s.covering if s.phase == "cover" else s.live())
        reveal(d)
