"""Playing in an opponent's place (and stealing the turn): success, failure, the exception."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from bot.engine.draft import replaced
from bot.engine.errors import IllegalAction
from bot.engine.phrase import phrase
from bot.games.coverta import messages as say
from bot.games.coverta.flow import (
    Draft,
    adding,
    advance,
    end_turn,
    go_out,
    hidden_break,
    reveal,
    without,
)
from bot.games.coverta.state import Attempt, CovertaState, Pending, Placement, Shown


def check_target(state: CovertaState, seat: int, target: int) -> None:
    """Refuse, without penalty, a target that is oneself, out of play or barred."""
    if target == seat:
        raise IllegalAction(phrase("Choose an opponent: you cannot play in your own place."))
    if target >= state.seats or not state.active(target):
        raise IllegalAction(phrase("That player is not in play."))
    if state.barred(seat, target):
        raise IllegalAction(phrase("You may no longer play in that player's place."))


def attempt(d: Draft, seat: int, target: int, number: int, steal: bool) -> None:
    """Check a card against the target's instructions with L as the reference."""
    s = d.state
    check_target(s, seat, target)
    if number not in s.hands[seat]:
        raise IllegalAction(phrase("You do not hold card {number}.", number=number))
    new, reference = d.card(number), d.card(s.last)
    broken = [r for r, i in enumerate(s.instructions[target]) if not i.check(new, reference)]
    d.update(window=False, quiet=0)
    if broken:
        fail(d, seat, target, number, steal, broken[0])
    else:
        succeed(d, seat, target, number, steal)


def record(d: Draft, attempt: Attempt) -> None:
    """Add an attempt to the public history."""
    d.update(attempts=(*d.state.attempts, attempt))


def succeed(d: Draft, seat: int, target: int, number: int, steal: bool) -> None:
    """Put the card in the target's row as placed by the seat."""
    s = d.state
    d.update(
        hands=replaced(s.hands, seat, without(s.hands[seat], [number])),
        layout=(*s.layout, Placement(number, target, s.round, seat)),
    )
    record(d, Attempt(seat, target, number, s.last, s.round, steal, success=True))
    d.say(say.tried(seat, target, d.card(number), steal, success=True))
    if not d.state.hands[seat]:
        go_out(d, seat)


def fail(d: Draft, seat: int, target: int, number: int, steal: bool, rule: int) -> None:
    """Show the broken instruction to the offender, then apply the exception or the penalty."""
    s = d.state
    d.update(shown=(*s.shown, Shown(seat, target, rule, s.round, len(s.attempts))))
    d.say(say.tried(seat, target, d.card(number), steal, success=False))
    d.tell(seat, say.shown_to(target, rule, s.instructions[target][rule]))
    base = Attempt(seat, target, number, s.last, s.round, steal, success=False)
    if s.mode == "bluff" and any(hidden_break(pl, target, (rule,)) for pl in s.layout):
        record(d, msgspec.structs.replace(base, exception=True))
        exception(d, seat, target, number, rule)
        return
    given = s.hands[target]
    record(d, msgspec.structs.replace(base, handed=min(2, len(given))))
    d.update(pending=Pending(seat, target, steal), phase="handover")
    if len(given) <= 2:
        hand_over(d, given)


def exception(d: Draft, seat: int, target: int, number: int, rule: int) -> None:
    """Bluff exception: the tried card goes to the target, whose broken cards get tokens."""
    hands = d.state.hands
    hands = replaced(hands, seat, without(hands[seat], [number]))
    hands = replaced(hands, target, adding(hands[target], [number]))
    d.update(hands=hands)
    d.say(say.exception_applied(seat, target, number))
    reveal(d, target, (rule,))
    if not d.state.hands[seat]:
        go_out(d, seat)  # the general rule of §5.1: an empty hand goes out


def hand_over(d: Draft, cards: Sequence[int]) -> None:
    """Move the chosen cards from the target to the offender and bar the offender."""
    s = d.state
    pending = s.pending
    if pending is None:
        raise IllegalAction(phrase("No cards are waiting to be handed over."))
    offender, target = pending.offender, pending.target
    hand = s.hands[target]
    if len(cards) != min(2, len(hand)) or not set(cards) <= set(hand):
        raise IllegalAction(phrase("Those cards cannot be handed over."))
    hands = replaced(s.hands, target, without(hand, cards))
    hands = replaced(hands, offender, adding(hands[offender], cards))
    d.update(hands=hands, bars=(*s.bars, (offender, target)), pending=None)
    d.say(say.handed_over(offender, target, len(cards)))
    d.say(say.handed_cards(offender, target, [d.card(c) for c in cards]), (offender, target))
    if not d.state.hands[target]:
        go_out(d, target)


def resume(d: Draft, steal: bool) -> None:
    """After an attempt: end the turn, or let the player who was stolen from carry on."""
    if d.over or d.state.pending is not None:
        return
    if not steal:
        end_turn(d, quiet_turn=False)
        return
    d.update(phase="turn", window=False)
    if not d.state.active(d.state.turn):
        advance(d)
