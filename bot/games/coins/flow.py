"""Coins play flow: the deal, a card played, the trick resolved, the redeal and the end."""

from __future__ import annotations

from bot.engine.draft import Draft as BaseDraft
from bot.engine.errors import BAD_DEAL, IllegalAction
from bot.games.coins import messages as say
from bot.games.coins.actions import Deal
from bot.games.coins.cards import DECK_SIZE, SEATS, card, is_coin, judge
from bot.games.coins.state import CoinsState, Played, Trick


class Draft(BaseDraft[CoinsState]):
    """One Coins transition in the making."""


def left_of(seat: int) -> int:
    """Return the seat to the left of a seat: the next to play."""
    return (seat + 1) % SEATS


def right_of(seat: int) -> int:
    """Return the seat to the right of a seat."""
    return (seat - 1) % SEATS


def check_deal(state: CoinsState, action: Deal) -> None:
    """Refuse a deal that is not the whole deck, or that the wrong player deals."""
    if sorted(action.deck) != list(range(DECK_SIZE)) or not 0 <= action.dealer < SEATS:
        raise IllegalAction(BAD_DEAL)
    if state.hand > 0 and action.dealer != state.dealer:
        raise IllegalAction(say.WRONG_DEALER)


def deal(d: Draft, action: Deal) -> None:
    """Deal 16 cards each from the dealer's left; that player leads the first trick."""
    check_deal(d.state, action)
    leader = left_of(action.dealer)
    d.update(
        phase="play",
        hand=d.state.hand + 1,
        dealer=action.dealer,
        leader=leader,
        turn=leader,
        hands=action.hands(),
        trick=(),
        taken=(),
        last=None,
    )
    d.say(say.dealt(d.state.hand, action.dealer, leader))


def play(d: Draft, seat: int, number: int) -> None:
    """Play a card from the seat's hand; the third card of a trick resolves it."""
    s = d.state
    if number not in s.hands[seat]:
        raise IllegalAction(say.not_held(card(number)))
    hands = tuple(
        tuple(c for c in h if c != number) if i == seat else h for i, h in enumerate(s.hands)
    )
    d.update(hands=hands, trick=(*s.trick, Played(seat, number)), turn=left_of(seat))
    d.say(say.played(seat, card(number)))
    if len(d.state.trick) == SEATS:
        resolve(d)


def resolve(d: Draft) -> None:
    """Give the trick to its winner, score its Coins, then end the match, the hand or the trick."""
    s = d.state
    numbers = [p.card for p in s.trick]
    verdict = judge(numbers)
    winner = s.trick[verdict.winner].seat
    points = sum(1 for n in numbers if is_coin(n))
    trick = Trick(s.trick, winner, verdict.case, verdict.missing, points)
    scores = tuple(v + points if i == winner else v for i, v in enumerate(s.scores))
    d.update(trick=(), taken=(*s.taken, trick), last=trick, scores=scores)
    why = say.reason(verdict.case, verdict.missing, card(numbers[verdict.winner]))
    d.say(say.won_trick(winner, why, points, scores))
    if scores[winner] >= s.target:
        finish(d, winner)
    elif not any(d.state.hands):
        redeal(d, winner)
    else:
        d.update(leader=winner, turn=winner)


def redeal(d: Draft, last_winner: int) -> None:
    """End the hand: the player to the right of the last trick's winner deals next."""
    dealer = right_of(last_winner)
    d.update(phase="deal", dealer=dealer, leader=last_winner, turn=last_winner)
    d.say(say.hand_over(d.state.hand, dealer, last_winner))


def finish(d: Draft, winner: int) -> None:
    """End the match at once (the trick's winner reached the target) and reveal the hands."""
    d.update(phase="over", winner=winner)
    d.say(say.reached(winner, d.state.scores[winner], d.state.target))
    for seat, hand in enumerate(d.state.hands):
        if hand:
            d.say(say.still_held(seat, [card(n) for n in hand]))


def standings(state: CoinsState) -> tuple[int, ...]:
    """Rank seats: the winner first, then the others by score, equal scores sharing a place."""

    def key(seat: int) -> tuple[int, int]:
        return (0, 0) if seat == state.winner else (1, -state.scores[seat])

    keys = [key(s) for s in range(SEATS)]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)
