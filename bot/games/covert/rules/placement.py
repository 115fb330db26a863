"""Phase I: placing dice on the Action Circles, the Special Operations folder and the Decoder."""

from __future__ import annotations

from typing import Final

from bot.engine.draft import replaced, without
from bot.engine.errors import IllegalAction
from bot.games.covert import messages as say
from bot.games.covert.actions import Adjust, Place, Reroll
from bot.games.covert.chance import Draw
from bot.games.covert.data import AGENCY, CIRCLES, DECODER, SPEC_OPS, TOKENS
from bot.games.covert.flow import MODIFIED_IS_PLACED, Applies, Draft, spend
from bot.games.covert.state import CovertState, Die, Player, Prompt, Turn


def occupied(state: CovertState, circle: str) -> set[int]:
    """Return the spaces of a circle holding a die, whoever owns it."""
    return {d.space for p in state.players for d in p.dice if d.place == circle}


def fits(state: CovertState, circle: str, face: int) -> bool:
    """Tell whether a die of this face may go on a circle (its space, next to a die if any)."""
    taken = occupied(state, circle)
    if face in taken:
        return False
    return not taken or bool({face % 6 + 1, (face - 2) % 6 + 1} & taken)


def targets(state: CovertState, face: int) -> tuple[str, ...]:
    """Return every legal target for a die of this face."""
    return (*(c for c in CIRCLES if fits(state, c, face)), SPEC_OPS, DECODER)


def placing(state: CovertState, seat: int) -> Turn:
    """Return the seat's open placement turn, or refuse."""
    turn = state.turn
    if turn is None or turn.kind != "place" or turn.seat != seat or turn.done:
        raise IllegalAction(say.NOT_NOW)
    return turn


def can_place(state: CovertState, turn: Turn) -> bool:
    """Tell whether the turn still allows a placement."""
    return turn.placed < 1 + turn.extra and bool(state.players[turn.seat].unplaced())


def modifying(state: CovertState, seat: int, version: int) -> int:
    """Return the die the seat is placing after a +1/−1, which must now be put down (from
    rules version 5: no Pass, End turn or Reroll of it in between), else -1."""
    turn = state.turn
    if version < MODIFIED_IS_PLACED or turn is None or turn.seat != seat or turn.done:
        return -1
    return turn.adjusting if turn.kind == "place" else -1


def die_to_place(state: CovertState, seat: int, die: int) -> tuple[Turn, Player]:
    """Return the placement turn and the seat, or refuse a die that may not be placed (or
    modified) now: not the seat's turn, no placement left, a die already down, or not the
    die a +1/−1 has just modified."""
    turn = placing(state, seat)
    p = state.players[seat]
    if not can_place(state, turn) or die not in p.unplaced():
        raise IllegalAction(say.CANNOT_PLACE)
    if turn.adjusting >= 0 and die != turn.adjusting:
        raise IllegalAction(say.PLACE_ADJUSTED)
    return turn, p


def place(d: Draft, seat: int, action: Place) -> None:
    """Put a die on a legal target; the Special Operations folder draws a token."""
    turn, p = die_to_place(d.state, seat, action.die)
    face = p.dice[action.die].face
    if action.target not in targets(d.state, face):
        raise IllegalAction(say.no_fit(face, action.target))
    if turn.adjusting >= 0 and action.target == SPEC_OPS:
        raise IllegalAction(say.ADJUSTED_NO_SPEC_OPS)
    space = face if action.target in CIRCLES else 0
    d.player(seat, dice=replaced(p.dice, action.die, Die(face, action.target, space)))
    d.say(say.placed(seat, face, action.target))
    if action.target == SPEC_OPS and d.state.bag:
        two = p.character == "CH2" and len(d.state.bag) > 1
        d.need("tokens", seat, "2" if two else "1")
    d.turn(placed=turn.placed + 1, adjusting=-1)


def adjust(d: Draft, seat: int, action: Adjust) -> None:
    """Spend a +1/−1 source on the die about to be placed."""
    _turn, p = die_to_place(d.state, seat, action.die)
    if action.source not in p.sources("PLUS_ONE", d.state.fresh) + p.sources(
        "MINUS_ONE", d.state.fresh
    ):
        raise IllegalAction(say.NOT_HELD)
    old = p.dice[action.die].face
    new = adjusted_face(old, action.source)
    spend(d, seat, action.source)
    d.player(seat, dice=replaced(d.state.players[seat].dice, action.die, Die(new)))
    d.turn(adjusting=action.die)
    d.say(say.adjusted(seat, action.source, old, new))


def adjusted_face(face: int, source: str) -> int:
    """Return the face a +1 or −1 source (a card or token id) turns a die into: 6 wraps to 1,
    1 to 6."""
    kind = AGENCY[source].ability if source in AGENCY else TOKENS[source].ability
    return face % 6 + 1 if kind == "PLUS_ONE" else (face - 2) % 6 + 1


def pass_turn(d: Draft, seat: int) -> None:
    """Take the lowest Turn Order token still available; no more placements this round."""
    turn = placing(d.state, seat)
    if modifying(d.state, seat, d.version) >= 0:
        raise IllegalAction(say.PLACE_ADJUSTED)
    if turn.placed:
        raise IllegalAction(say.ALREADY_PLACED)
    token = 1 + sum(1 for p in d.state.players if p.turn_token)
    d.player(seat, turn_token=token)
    d.turn(done=True)
    d.say(say.passed(seat, token))


def end_placements(d: Draft, seat: int) -> None:
    """End a placement turn after at least one die (Sneak Attack placements left unused)."""
    turn = placing(d.state, seat)
    if modifying(d.state, seat, d.version) >= 0:
        raise IllegalAction(say.PLACE_ADJUSTED)
    if not turn.placed:
        raise IllegalAction(say.PLACE_OR_PASS)
    d.turn(done=True)


def sneak_attack(d: Draft, seat: int, source: str) -> None:
    """Allow one more placement this turn; warn when no die is left for it (8.5)."""
    turn = placing(d.state, seat)
    spend(d, seat, source)
    d.turn(extra=turn.extra + 1)
    d.say(say.sneak_attack(seat, source))
    placements_left = 1 + turn.extra + 1 - turn.placed
    if len(d.state.players[seat].unplaced()) < placements_left:
        d.tell(seat, say.SNEAK_WASTED)


def reroll(d: Draft, seat: int, action: Reroll) -> None:
    """Spend the Reroll token on some unplaced dice, at any moment of Phase I, on anyone's
    turn (4.1 step 2); their new faces are rolled next."""
    p = d.state.players[seat]
    if d.state.phase != "placement" or d.state.needs:
        raise IllegalAction(say.CANNOT_REROLL)
    if not p.reroll or not set(action.dice) <= set(p.unplaced()):
        raise IllegalAction(say.CANNOT_REROLL)
    if modifying(d.state, seat, d.version) in action.dice:
        raise IllegalAction(say.PLACE_ADJUSTED)
    d.player(seat, reroll=False)
    turn = d.state.turn
    if turn is not None and turn.seat == seat and turn.adjusting in action.dice:
        d.turn(adjusting=-1)
    d.need("reroll", seat, "".join(str(i) for i in action.dice))
    d.say(say.rerolling(seat, len(action.dice)))


def draw_tokens(d: Draft, action: Draw) -> None:
    """Give drawn Special Operations tokens; the Quartermaster keeps one of two."""
    need = d.state.needs[0]
    bag = d.state.bag
    count = min(int(need.arg), len(bag))
    if len(action.picks) != count or any(i >= len(bag) for i in action.picks):
        raise IllegalAction(say.BAD_CHANCE)
    drawn = tuple(bag[i] for i in action.picks)
    d.update(needs=d.state.needs[1:], bag=tuple(t for t in bag if t not in drawn))
    d.say(say.drew_tokens(need.seat, len(drawn)))
    if len(drawn) == 2:
        d.ask(Prompt("quarter", need.seat, drawn))
    elif drawn:
        keep_token(d, need.seat, drawn[0])


def keep_token(d: Draft, seat: int, token: str) -> None:
    """Put a drawn token behind a player's screen (not usable this turn)."""
    p = d.state.players[seat]
    d.player(seat, tokens=(*p.tokens, token))
    d.update(fresh=(*d.state.fresh, token))
    d.tell(seat, say.you_drew_token(token))


def quartermaster(d: Draft, seat: int, prompt: Prompt, token: str) -> None:
    """Keep one of two tokens and return the other to the bag."""
    if token not in prompt.items:
        raise IllegalAction(say.NOT_OFFERED)
    other = without(prompt.items, token)
    d.update(bag=tuple(sorted((*d.state.bag, *other))))
    keep_token(d, seat, token)


APPLIES: Final[Applies] = {Place: place, Adjust: adjust}
"""The main-turn actions of Phase I placed here: a die and a +1/−1."""
