"""The order of play: after every step, move the match on to the next turn, window or phase."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.phrase import Phrase
from bot.games.covert import messages as say
from bot.games.covert.actions import END, Reroll
from bot.games.covert.data import CIRCLES, REGIONS
from bot.games.covert.flow import (
    REOPENED_WAIT,
    Draft,
    begin_turn,
    conceal,
    first_seats,
    refill_spaces,
    reshuffle_due,
    spy_seat,
)
from bot.games.covert.rules.codes import draw_code
from bot.games.covert.rules.legal import turn_actions
from bot.games.covert.rules.reactions import free_options
from bot.games.covert.state import CovertState, Die, Window


def waiting(state: CovertState, version: int) -> bool:
    """Tell whether someone (or chance) must act before the flow can go on."""
    due = reshuffle_due(state, version)
    if state.needs or due or state.prompts or state.moving is not None:
        return True
    if state.spy is not None and spy_seat(state) is not None:
        return True
    return state.turn is not None and not state.turn.done


def settle(d: Draft) -> None:
    """Refill Region Spaces, drop empty decisions, and advance the flow until someone must act."""
    for _step in range(200):
        refill_spaces(d)
        s = d.state
        owed = s.conceal and s.moving is not None  # a Move ×3's concealed wait follows its steps
        if s.spy is not None and not owed and spy_seat(s) is None:
            d.update(spy=None)
        free = s.prompts and s.prompts[0].kind == "free"
        if free and not free_options(s, s.prompts[0], d.version):
            d.update(prompts=s.prompts[1:])
            d.say(say.NO_FREE_CARD)
            continue
        if s.prompts and s.prompts[0].kind == "deck" and not all(s.code_decks):
            d.update(prompts=s.prompts[1:])
            if any(s.code_decks):
                draw_code(d, s.prompts[0].seat, 0 if s.code_decks[0] else 1)
            continue
        if auto_end(d.state, d.version):
            d.turn(done=True)
        if waiting(d.state, d.version) or d.state.phase == "over":
            return
        if d.state.turn is not None:
            finish_turn(d)
        elif d.state.window is not None and first_seats(d.state):
            return
        else:
            advance(d)


def auto_end(state: CovertState, version: int) -> bool:
    """Tell whether a turn ends by itself: after its placement or Action, nothing is left
    that could act (no flight, no usable ability, no placement; 4.1 step 4, 7.3)."""
    turn = state.turn
    if turn is None or turn.done or state.moving is not None:
        return False
    if state.prompts or state.needs or state.spy is not None:
        return False
    if turn.kind == "place":
        if not turn.placed:
            return False
        placing = turn_actions(state, turn, version=version)
        left = [a for a in placing if a != END and not isinstance(a, Reroll)]
        return not left
    if not turn.acted:
        return False
    p = state.players[turn.seat]
    usable = [t for t in p.tokens if t not in state.fresh]
    return not p.hand and not usable


def finish_turn(d: Draft) -> None:
    """Close the finished turn and remember where the normal order stands."""
    turn = d.state.turn
    assert turn is not None
    if turn.kind in ("place", "act", "codes", "final") and d.state.window is None:
        d.update(last=turn.seat)
    if turn.kind == "final":
        d.update(final_order=d.state.final_order[1:])
    d.update(turn=None)
    if d.state.window is not None and d.version >= REOPENED_WAIT:
        conceal(d, "first")  # after a First turn the window reopens from the top (4.7)


def advance(d: Draft) -> None:
    """Start the next turn, or the next phase when this one is over."""
    s = d.state
    if s.phase == "setup":
        start_round(d)
    elif s.phase == "placement":
        next_placer(d)
    elif s.phase == "codes":
        next_breaker(d)
    elif s.phase == "resolution":
        next_actor(d)
    elif s.phase == "final":
        next_final(d)


def start_round(d: Draft) -> None:
    """Roll all dice for a new round."""
    d.update(phase="placement", round=d.state.round + 1, last=-1)
    d.say(say.round_start(d.state.round))
    d.need("roll")


def next_placer(d: Draft) -> None:
    """Give the next placement turn clockwise to a player without a Turn Order token."""
    s = d.state
    start = s.first_placer if s.last < 0 else (s.last + 1) % s.seats
    seats = [(start + k) % s.seats for k in range(s.seats)]
    if not give_turn(d, "place", [x for x in seats if not s.players[x].turn_token]):
        open_phase(d, "codes", say.PHASE_TWO)


def next_breaker(d: Draft) -> None:
    """Give the next Break Codes turn in Turn Order, then open Phase III."""
    close_window(d)
    s = d.state
    if not give_turn(d, "codes", [x for x in s.order() if not s.players[x].broke]):
        open_phase(d, "resolution", say.PHASE_THREE)


def next_actor(d: Draft) -> None:
    """Give the next Phase III turn in cyclic Turn Order to a player with circle dice."""
    close_window(d)
    s = d.state
    order = s.order()
    start = 0 if s.last < 0 else (order.index(s.last) + 1) % s.seats
    seats = [order[(start + k) % s.seats] for k in range(s.seats)]
    if not give_turn(d, "act", [x for x in seats if s.players[x].circle_dice()]):
        end_round(d)


def give_turn(d: Draft, kind: str, seats: Sequence[int]) -> bool:
    """Begin a turn of this kind for the first of the seats; tell whether any seat was left."""
    if not seats:
        return False
    begin_turn(d, seats[0], kind)
    return True


def open_phase(d: Draft, phase: str, announcement: Phrase) -> None:
    """Announce the next phase and open the First window before its first turn."""
    d.update(phase=phase, window=Window(), last=-1)
    d.say(announcement)
    conceal(d, "first")


def close_window(d: Draft) -> None:
    """Close the First window: its reactions are over once the next turn is given."""
    if d.state.window is not None:
        d.update(window=None)


def end_round(d: Draft) -> None:
    """Return dice and tokens; the highest token places first; the end may begin."""
    s = d.state
    order = s.order()
    for seat in range(s.seats):
        p = s.players[seat]
        d.player(seat, dice=tuple(Die(x.face) for x in p.dice), turn_token=0, broke=False)
    d.update(first_placer=order[-1], last=-1)
    d.say(say.round_end(s.round, tuple(p.score() for p in d.state.players)))
    capped = bool(s.round_limit) and s.round >= s.round_limit
    if s.end_flag or capped:
        d.update(phase="final", final_order=order)
        d.say(say.FINAL_STEP if s.end_flag else say.ROUND_LIMIT)
    else:
        start_round(d)


def next_final(d: Draft) -> None:
    """Give the next final-mission turn, then end the game."""
    s = d.state
    if not give_turn(d, "final", s.final_order):
        d.update(phase="over")
        d.say(say.game_over(tuple(p.score() for p in s.players)))


def on_circles(state: CovertState) -> bool:
    """Tell whether any die is left on an Action Circle."""
    return any(x.place in CIRCLES for p in state.players for x in p.dice)


__all__ = ["REGIONS", "settle"]
