"""NEVER OVER turn flow: the deal, a play, a discard, retiring, the draw and the end of a game."""

from __future__ import annotations

from typing import TypeVar

from bot.engine.draft import Draft as BaseDraft
from bot.engine.draft import replaced
from bot.engine.errors import BAD_DEAL, IllegalAction
from bot.engine.seats import deal_order, deal_out
from bot.games.never_over import messages as say
from bot.games.never_over.actions import Deal, Play
from bot.games.never_over.cards import sort_key
from bot.games.never_over.partners import around_dealer, rotating_teams
from bot.games.never_over.plays import refusal
from bot.games.never_over.state import NeverOverState

T = TypeVar("T")


class Draft(BaseDraft[NeverOverState]):
    """One NEVER OVER transition in the making."""


def next_dealer(state: NeverOverState) -> int | None:
    """Return who must deal the next game, or None when the first dealer is drawn at random."""
    return None if state.game == 0 else (state.dealer + 1) % state.seats


def deal(d: Draft, action: Deal) -> None:
    """Shuffle and deal a game: hands one card at a time from sinistra, the rest is the stock."""
    s = d.state
    check_deal(s, action)
    n, size = s.seats, s.hand_size
    hands = deal_out(action.order[: size * n], action.dealer, n)
    game = s.game + 1
    d.update(
        phase="play",
        game=game,
        teams=rotating_teams(n, action.dealer, game) if s.rotating else s.teams,
        dealer=action.dealer,
        turn=deal_order(action.dealer, n)[0],
        hands=tuple(sorted_hand(s, h) for h in hands),
        stock=action.order[size * n :],
        greens=((),) * n,
        reds=((),) * n,
        discards=(),
        retired=(False,) * n,
    )
    announce_deal(d)


def check_deal(state: NeverOverState, action: Deal) -> None:
    """Refuse a deal that is not a whole pack, or that the wrong player deals."""
    expected = next_dealer(state)
    whole = sorted(action.order) == list(range(len(state.cards)))
    if not whole or action.dealer >= state.seats:
        raise IllegalAction(BAD_DEAL)
    if expected is not None and action.dealer != expected:
        raise IllegalAction(BAD_DEAL)


def sorted_hand(state: NeverOverState, cards: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Return a hand in menu order: greens from +4 down, then reds from ≤4 down."""
    return tuple(sorted(cards, key=lambda c: sort_key(state.card(c))))


def announce_deal(d: Draft) -> None:
    """Tell everyone about the deal, and each seat its hand."""
    s = d.state
    if s.game == 1 and s.hand_size != s.asked_hand_size:
        d.say(say.hand_lowered(s.asked_hand_size, s.hand_size, s.seats))
    if s.game == 1 and s.teams_dropped:
        d.say(say.TEAMS_DROPPED)
    if s.game == 1 and s.rotating_dropped:
        d.say(say.rotating_dropped(s.seats))
    d.say(say.dealt(s.game, s.games, s.dealer, s.turn, s.hand_size))
    if s.rotating:
        around = around_dealer(s.seats, s.dealer, s.game)
        others = tuple(x for x in range(s.seats) if x not in around)
        d.say(say.partners(s.game, around, others))
    for seat in range(s.seats):
        d.tell(seat, say.your_hand([s.card(c) for c in s.hands[seat]]))


def take(d: Draft, seat: int, kind: str) -> int:
    """Remove one card of a kind from a seat's hand and return its id."""
    hand = d.state.hands[seat]
    found = next((c for c in hand if d.state.card(c).kind == kind), None)
    if found is None:
        raise IllegalAction(say.not_held(kind))
    d.update(hands=replaced(d.state.hands, seat, tuple(c for c in hand if c != found)))
    return found


def play(d: Draft, seat: int, action: Play) -> None:
    """Play a card on a pile after checking §4.2, then finish the turn."""
    s = d.state
    reason = refusal(s, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    old = s.cap(action.owner)
    card = s.card(take(d, seat, action.kind))
    if action.pile == "green":
        d.update(greens=replaced(d.state.greens, seat, (*d.state.greens[seat], card.id)))
        d.say(say.scored(seat, card, d.state.score(seat)))
    else:
        d.update(reds=replaced(d.state.reds, action.owner, (*d.state.reds[action.owner], card.id)))
        if action.owner == seat:
            d.say(say.raised(seat, card, old))
        else:
            d.say(say.capped(seat, action.owner, card, old, s.retired[action.owner]))
    finish_turn(d, seat)


def discard(d: Draft, seat: int, kind: str) -> None:
    """Put a card face up on the discards, then finish the turn."""
    card = d.state.card(take(d, seat, kind))
    d.update(discards=(*d.state.discards, card.id))
    d.say(say.discarded(seat, card))
    finish_turn(d, seat)


def retire(d: Draft, seat: int) -> None:
    """Retire: the hand is set aside, and the turn passes without a draw."""
    d.update(retired=replaced(d.state.retired, seat, True))
    d.say(say.retired(seat, len(d.state.hands[seat])))
    advance(d)


def finish_turn(d: Draft, seat: int) -> None:
    """Draw the top of the stock if any; retire on an empty hand; pass the turn."""
    s = d.state
    if s.stock:
        top = s.stock[0]
        hand = sorted_hand(s, (*s.hands[seat], top))
        d.update(stock=s.stock[1:], hands=replaced(s.hands, seat, hand))
        d.say(say.drew(seat))
        d.tell(seat, say.you_drew(s.card(top)))
    if not d.state.hands[seat]:
        d.update(retired=replaced(d.state.retired, seat, True))
        d.say(say.emptied(seat))
    advance(d)


def advance(d: Draft) -> None:
    """Give the turn to the next player clockwise who has not retired, or end the game."""
    s = d.state
    following = [(s.turn + k) % s.seats for k in range(1, s.seats + 1)]
    seat = next((x for x in following if not s.retired[x]), None)
    if seat is None:
        end_game(d)
    else:
        d.update(turn=seat)


def end_game(d: Draft) -> None:
    """Score a finished game, reveal what was set aside, and go on to the next deal or stop."""
    s = d.state
    scores = tuple(s.score(x) for x in range(s.seats))
    d.say(say.game_over(s.game, scores))
    if s.rotating:
        d.say(say.partnership_points(s.game, [s.game_points(x) for x in range(s.seats)]))
    for seat in range(s.seats):
        if s.hands[seat]:
            d.say(say.set_aside(seat, [s.card(c) for c in s.hands[seat]]))
    points = tuple(s.game_points(x) for x in range(s.seats))
    d.update(results=(*s.results, points), phase="deal" if s.game < s.games else "over")
