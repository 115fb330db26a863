"""Phase II: Break Codes turns (swaps, Decoder overlays, claims and replacement Codes)."""

from __future__ import annotations

from itertools import combinations, product
from typing import Final

from bot.engine.draft import replaced, without
from bot.engine.errors import IllegalAction
from bot.games.covert import messages as say
from bot.games.covert.actions import Overlay, Swap
from bot.games.covert.data import CODES, DECODER, SWAPS, WINDOWS
from bot.games.covert.flow import Applies, Draft, spend
from bot.games.covert.state import CovertState, Die, Prompt, Turn


def breaking(state: CovertState, seat: int) -> Turn:
    """Return the seat's open Break Codes turn, or refuse."""
    turn = state.turn
    if turn is None or turn.kind != "codes" or turn.seat != seat or turn.done:
        raise IllegalAction(say.NOT_NOW)
    return turn


def long_swap(state: CovertState, turn: Turn, a: int, b: int) -> bool:
    """Tell whether a swap is the Cryptographer's long swap (any two tiles of a row)."""
    cryptographer = state.players[turn.seat].character == "CH1"
    return cryptographer and not turn.long_swap and a // 6 == b // 6 and (a, b) not in SWAPS


def legal_swaps(state: CovertState, turn: Turn) -> list[tuple[int, int]]:
    """Return the swaps allowed now, normal ones first."""
    if turn.swaps < 1 or turn.overlays:
        return []
    longs = [(a, b) for a, b in combinations(range(12), 2) if long_swap(state, turn, a, b)]
    return [*SWAPS, *longs]


def swap(d: Draft, seat: int, action: Swap) -> None:
    """Exchange two swap-adjacent tiles (or make the long swap)."""
    turn = breaking(d.state, seat)
    pair = (action.a, action.b)
    if pair not in legal_swaps(d.state, turn):
        raise IllegalAction(say.BAD_SWAP)
    grid = d.state.cipher
    new = replaced(replaced(grid, action.a, grid[action.b]), action.b, grid[action.a])
    d.update(cipher=new)
    d.turn(swaps=turn.swaps - 1, long_swap=turn.long_swap or long_swap(d.state, turn, *pair))
    d.say(say.swapped(seat, action.a, action.b, new))


def code_breaker(d: Draft, seat: int, source: str) -> None:
    """Allow one more swap this turn."""
    turn = breaking(d.state, seat)
    if turn.overlays:
        raise IllegalAction(say.SWAPS_OVER)
    spend(d, seat, source)
    d.turn(swaps=turn.swaps + 1)
    d.say(say.code_breaker(seat, source))


def decoder_dice(state: CovertState, seat: int) -> tuple[int, ...]:
    """Return the seat's dice on the Decoder."""
    return tuple(i for i, die in enumerate(state.players[seat].dice) if die.place == DECODER)


def overlay(d: Draft, seat: int, action: Overlay) -> None:
    """Lay a Decoder die on a tile: that position reads as the die for this turn."""
    turn = breaking(d.state, seat)
    used = {die for die, _ in turn.overlays}
    covered = {pos for _, pos in turn.overlays}
    if action.die not in decoder_dice(d.state, seat) or action.die in used:
        raise IllegalAction(say.NO_SUCH_DIE)
    if action.position in covered:
        raise IllegalAction(say.TILE_COVERED)
    d.turn(overlays=(*turn.overlays, (action.die, action.position)))
    face = d.state.players[seat].dice[action.die].face
    d.say(say.overlaid(seat, face, action.position))


def readings(state: CovertState, turn: Turn, code: str) -> list[frozenset[int]]:
    """Return, for each run reading the code, the Decoder dice it relies on."""
    values = list(state.cipher)
    dice_at: dict[int, int] = {}
    for die, pos in turn.overlays:
        values[pos] = state.players[turn.seat].dice[die].face
        dice_at[pos] = die
    wanted = [int(c) for c in code]
    return [
        frozenset(dice_at[p] for p in run if p in dice_at)
        for run in WINDOWS
        if [values[p] for p in run] == wanted
    ]


def claimable(state: CovertState, turn: Turn, codes: tuple[str, ...]) -> bool:
    """Tell whether these codes can all be claimed together (each die counts once)."""
    options = [readings(state, turn, CODES[c].code) for c in codes]
    for pick in product(*options):
        used = [die for dice in pick for die in dice]
        if len(used) == len(set(used)):
            return True
    return False


def best_claims(state: CovertState, turn: Turn) -> list[tuple[str, ...]]:
    """Return the largest sets of held codes that can be claimed together."""
    held = state.players[turn.seat].codes
    for size in range(len(held), 0, -1):
        sets = [c for c in combinations(held, size) if claimable(state, turn, c)]
        if sets:
            return sets
    return []


def finish(d: Draft, seat: int) -> None:
    """Claim every broken code (asking when one die serves two), then draw replacements."""
    turn = breaking(d.state, seat)
    sets = best_claims(d.state, turn)
    d.turn(done=True)
    if len(sets) == 1:
        claim(d, seat, sets[0])
    elif sets:
        items = tuple(sorted({c for s in sets for c in s}))
        d.ask(Prompt("claim", seat, items))
    else:
        close_turn(d, seat)


def choose_claim(d: Draft, seat: int, prompt: Prompt, code: str) -> None:
    """Claim the code chosen when two codes need the same Decoder die."""
    if code not in prompt.items:
        raise IllegalAction(say.NOT_OFFERED)
    claim(d, seat, (code,))


def claim(d: Draft, seat: int, codes: tuple[str, ...]) -> None:
    """Turn claimed Code cards into completed Codes and draw a replacement for each."""
    p = d.state.players[seat]
    hand = p.codes
    for code in codes:
        hand = without(hand, code)
        d.say(say.broke_code(seat, code))
    d.player(seat, codes=hand, done_codes=(*p.done_codes, *codes))
    close_turn(d, seat)
    for _code in codes:
        replace_code(d, seat)


def replace_code(d: Draft, seat: int) -> None:
    """Draw a replacement Code: ask for the deck when both have cards."""
    decks = d.state.code_decks
    if decks[0] and decks[1]:
        d.ask(Prompt("deck", seat, ("A", "B")))
    elif decks[0] or decks[1]:
        draw_code(d, seat, 0 if decks[0] else 1)


def draw_code(d: Draft, seat: int, deck: int) -> None:
    """Take the top Code of Deck A (0) or B (1)."""
    pile = d.state.code_decks[deck]
    if not pile:
        raise IllegalAction(say.EMPTY_DECK)
    d.update(code_decks=replaced(d.state.code_decks, deck, pile[1:]))
    d.player(seat, codes=(*d.state.players[seat].codes, pile[0]))
    d.say(say.drew_code(seat, "AB"[deck]))
    d.tell(seat, say.your_new_code(pile[0]))


def close_turn(d: Draft, seat: int) -> None:
    """Return the seat's Decoder dice: the Break Codes turn is over."""
    p = d.state.players[seat]
    dice = tuple(Die(x.face, "spent") if x.place == DECODER else x for x in p.dice)
    d.player(seat, dice=dice, broke=True)


APPLIES: Final[Applies] = {Swap: swap, Overlay: overlay}
"""The Break Codes actions: swapping tiles and laying Decoder dice."""
