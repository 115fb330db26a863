"""Route each action to the part of the rules that applies it."""

from __future__ import annotations

from typing import Any, Final

from bot.engine.errors import IllegalAction
from bot.games.covert import messages as say
from bot.games.covert.actions import Accept, Choose, Fly, Simple, Step
from bot.games.covert.chance import Draw, Hush, Rolls, Setup, Shuffle
from bot.games.covert.flow import Applies, Draft, spy_seat, take_top
from bot.games.covert.rules import codes, moves, placement, reactions, resolution, setup
from bot.games.covert.rules.turns import settle
from bot.games.covert.state import Prompt

__all__ = ["chance", "player", "settle"]


def chance(d: Draft, action: Any) -> None:
    """Apply the random result the state waits for."""
    need = d.state.needs[0] if d.state.needs else None
    kind = need.kind if need else "reshuffle"
    if kind == "setup" and isinstance(action, Setup):
        d.update(needs=d.state.needs[1:])
        setup.deal_setup(d, action)
    elif kind == "rolloff" and isinstance(action, Rolls):
        setup.roll_off(d, action)
    elif kind == "roll" and isinstance(action, Rolls):
        setup.roll_round(d, action)
    elif kind == "reroll" and isinstance(action, Rolls):
        setup.reroll(d, action)
    elif kind == "hush" and isinstance(action, Hush):
        d.update(needs=d.state.needs[1:])
    elif kind == "tokens" and isinstance(action, Draw):
        placement.draw_tokens(d, action)
    elif isinstance(action, Shuffle) and kind in ("reshuffle", "codes", "under"):
        shuffle(d, kind, action)
    else:
        raise IllegalAction(say.BAD_CHANCE)


def shuffle(d: Draft, kind: str, action: Shuffle) -> None:
    """Reshuffle the Agency discard pile (as the deck or under it) or a Code deck."""
    s = d.state
    if kind == "codes":
        assert s.needs
        deck = "AB".index(s.needs[0].arg)
        pile = s.code_decks[deck]
        check(action, len(pile))
        new = tuple(pile[i] for i in action.order)
        d.update(
            needs=s.needs[1:],
            code_decks=(new, s.code_decks[1]) if deck == 0 else (s.code_decks[0], new),
        )
        d.say(say.code_deck_shuffled("AB"[deck]))
        return
    check(action, len(s.agency_discard))
    pile = tuple(s.agency_discard[i] for i in action.order)
    d.update(agency_deck=(*s.agency_deck, *pile), agency_discard=())
    d.say(say.RESHUFFLED)
    if kind == "under":
        need = s.needs[0]
        d.update(needs=s.needs[1:])
        if need.arg == "top":  # a card taken from the empty deck, dealt after the shuffle
            take_top(d, need.seat)
        else:  # a Search of a deck too short to show three cards
            reactions.look(d, need.seat, "A")


def check(action: Shuffle, size: int) -> None:
    """Refuse a shuffle of the wrong size."""
    if len(action.order) != size:
        raise IllegalAction(say.BAD_CHANCE)


def player(d: Draft, seat: int, action: Any, prompt: Prompt | None) -> None:
    """Apply a seat's action to the decision it faces."""
    s = d.state
    if prompt is not None or s.prompts:
        if prompt is None or not isinstance(action, Choose):
            raise IllegalAction(say.ANSWER_FIRST)
        reactions.choose(d, seat, prompt, action.item)
    elif isinstance(action, Accept):
        reactions.react(d, seat, action)
    elif isinstance(action, Simple) and action.kind == "decline":
        reactions.decline(d, seat)
    elif s.moving is None and s.spy is not None and spy_seat(s) is not None:
        raise IllegalAction(say.WAIT_REACTIONS)
    elif isinstance(action, Step):
        moves.step(d, seat, action)
    elif isinstance(action, Simple) and action.kind == "halt":
        moves.halt(d, seat)
    elif s.moving is not None:
        raise IllegalAction(say.FINISH_MOVING)
    else:
        turn_action(d, seat, action)


def fly(d: Draft, seat: int, action: Fly) -> None:
    """Fly an agent, on the seat's own turn of Phase I or III only."""
    if not reactions.free_turn(d.state, seat):
        raise IllegalAction(say.NO_FLYING)
    moves.fly(d, seat, action)


TURN_ACTIONS: Final[Applies] = {
    **placement.APPLIES,
    **codes.APPLIES,
    **reactions.APPLIES,
    Fly: fly,
    **resolution.APPLIES,
}
"""How each action of the main turn (Phase I, II, III or the final mission) is applied."""


def turn_action(d: Draft, seat: int, action: Any) -> None:
    """Apply an action of the main turn."""
    if isinstance(action, Simple):
        simple(d, seat, action.kind)
        return
    apply = TURN_ACTIONS.get(type(action))
    if apply is None:
        raise IllegalAction(say.NOT_ALLOWED)
    apply(d, seat, action)


def simple(d: Draft, seat: int, kind: str) -> None:
    """Apply Pass, End turn or Finish."""
    turn = d.state.turn
    if turn is None or turn.seat != seat:
        raise IllegalAction(say.NOT_NOW)
    if kind == "pass":
        placement.pass_turn(d, seat)
    elif kind == "finish":
        codes.finish(d, seat)
    elif kind == "end" and turn.kind == "place":
        placement.end_placements(d, seat)
    elif kind == "end" and (turn.acted or turn.kind == "final"):
        d.turn(done=True)
    else:
        raise IllegalAction(say.ACT_FIRST)
