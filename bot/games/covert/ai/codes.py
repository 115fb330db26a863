"""Covert planner, Phase II: which swaps and Decoder dice break the most of the seat's Codes.

A grid is the twelve Cipher values (T1–T6, B1–B6). A code is readable in a window
of three positions when every mismatching position is covered by a Decoder die of
the wanted face, each die used once. The planner searches the swaps it may still
make (one, plus Code Breakers) and keeps the sequence that claims the most codes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Final

from bot.engine.rules import Action
from bot.games.covert.actions import FINISH, Overlay, Swap, Use
from bot.games.covert.data import DECODER, SWAPS, TOKENS, WINDOWS
from bot.games.covert.views import PrivateView

NEAR: Final = 0.3
"""Score of a code one tile away from readable (a head start for next round)."""

Cover = tuple[tuple[int, int], ...]
"""(position, face) pairs a Decoder die must cover for a window to read a code."""


@cache
def wanted(code: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Return, per window, the (position, digit) pairs that read the code there."""
    return tuple(tuple(zip(w, (int(d) for d in code), strict=True)) for w in WINDOWS)


def covers(grid: Sequence[int], code: str, limit: int) -> list[Cover]:
    """Return, per window reading the code with at most ``limit`` dice, the tiles to cover."""
    found = []
    for window in wanted(code):
        cover = tuple((p, d) for p, d in window if grid[p] != d)
        if len(cover) <= limit:
            found.append(cover)
    return found


def affordable(needed: Sequence[int], faces: Sequence[int]) -> bool:
    """Tell whether the Decoder faces include every needed face (each die once)."""
    left = list(faces)
    for face in needed:
        if face not in left:
            return False
        left.remove(face)
    return True


def best_set(options: Sequence[Sequence[Cover]], faces: Sequence[int]) -> list[Cover | None]:
    """Return one cover per code (None: not claimed), claiming as many codes as the dice allow."""
    best: list[Cover | None] = [None] * len(options)
    top = 0
    for pick in product(*([*o, None] for o in options)):
        chosen = [c for c in pick if c is not None]
        tiles = [p for c in chosen for p, _ in c]
        distinct = len(tiles) == len(set(tiles))
        if len(chosen) > top and distinct and affordable([f for c in chosen for _, f in c], faces):
            best, top = list(pick), len(chosen)
    return best


def best_readings(grid: Sequence[int], codes: Sequence[str], faces: Sequence[int]) -> list[Cover]:
    """Return the covers of the largest set of codes readable together."""
    options = [
        [c for c in covers(grid, code, len(faces)) if affordable([f for _, f in c], faces)]
        for code in codes
    ]
    return [c for c in best_set(options, faces) if c is not None]


def score(grid: Sequence[int], codes: Sequence[str], faces: Sequence[int]) -> float:
    """Return codes claimable now, plus a little for codes nearly readable."""
    total = 0.0
    options = []
    for code in codes:
        found = covers(grid, code, max(1, len(faces)))
        options.append([c for c in found if affordable([f for _, f in c], faces)])
        total += NEAR if any(len(c) == 1 for c in found) and not options[-1] else 0.0
    return total + sum(1 for c in best_set(options, faces) if c is not None)


def swapped(grid: tuple[int, ...], pair: tuple[int, int]) -> tuple[int, ...]:
    """Return the grid after exchanging two positions."""
    a, b = pair
    cells = list(grid)
    cells[a], cells[b] = cells[b], cells[a]
    return tuple(cells)


@dataclass(frozen=True)
class SwapPlan:
    """The swaps worth making and what they score."""

    swaps: tuple[tuple[int, int], ...]
    value: float


def search(
    grid: tuple[int, ...],
    codes: Sequence[str],
    faces: Sequence[int],
    first: Sequence[tuple[int, int]],
    depth: int,
) -> SwapPlan:
    """Return the best sequence of at most ``depth`` swaps (``first`` for the first one)."""
    best = SwapPlan((), score(grid, codes, faces))
    if depth <= 0:
        return best
    for pair in first:
        after = swapped(grid, pair)
        rest = search(after, codes, faces, SWAPS, min(depth - 1, 1))
        if rest.value > best.value + 1e-9:
            best = SwapPlan((pair, *rest.swaps), rest.value)
    return best


def face_gains(
    grid: tuple[int, ...], codes: Sequence[str], placed: Sequence[int]
) -> dict[int, int]:
    """Return, per die face, how many more codes one more Decoder die claims after one swap."""
    if not codes:
        return {}
    base, more = 0, dict.fromkeys(range(1, 7), 0)
    for g in (grid, *(swapped(grid, pair) for pair in SWAPS)):
        options = [covers(g, code, len(placed) + 1) for code in codes]
        base = max(base, claimed(options, placed))
        for face in range(1, 7):
            more[face] = max(more[face], claimed(options, [*placed, face]))
    return {face: n - base for face, n in more.items() if n > base}


def claimed(options: Sequence[Sequence[Cover]], faces: Sequence[int]) -> int:
    """Return how many codes these covers let the faces claim."""
    usable = [[c for c in o if affordable([f for _, f in c], faces)] for o in options]
    return sum(1 for c in best_set(usable, faces) if c is not None)


def overlaid(view: PrivateView) -> tuple[tuple[int, ...], list[int]]:
    """Return the grid as read with this turn's overlays, and the Decoder faces still free."""
    me = view.public.players[view.seat]
    turn = view.public.turn
    overlays = turn.overlays if turn is not None else ()
    grid = list(view.public.cipher)
    for die, pos in overlays:
        grid[pos] = me.dice[die].face
    used = {die for die, _ in overlays}
    free = [d.face for i, d in enumerate(me.dice) if d.place == DECODER and i not in used]
    return tuple(grid), free


def breakers(legal: Sequence[Action], view: PrivateView) -> list[Use]:
    """Return the Code Breaker activations on offer, tokens first."""
    uses = [a for a in legal if isinstance(a, Use)]
    return sorted(uses, key=lambda a: (a.source not in TOKENS, a.source))


def codes_turn(view: PrivateView, legal: Sequence[Action]) -> Action:
    """Choose the next step of a Break Codes turn: swap, Code Breaker, overlay, or finish."""
    grid, faces = overlaid(view)
    codes = [c.code for c in view.codes]
    swaps = [(a.a, a.b) for a in legal if isinstance(a, Swap)]
    turn = view.public.turn
    left = turn.swaps if turn is not None else 0
    if swaps:
        extra = breakers(legal, view)
        plan = search(grid, codes, faces, swaps, left)
        if extra and left < 2:
            deeper = search(grid, codes, faces, swaps, left + 1)
            if int(deeper.value) > int(plan.value) and len(deeper.swaps) > left:
                return extra[0]
        if plan.swaps:
            return Swap(*plan.swaps[0])
    return overlay_step(view, legal)


def overlay_step(view: PrivateView, legal: Sequence[Action]) -> Action:
    """Lay the next Decoder die a claim needs, or finish."""
    grid, faces = overlaid(view)
    dice = view.public.players[view.seat].dice
    offered = {(dice[a.die].face, a.position): a for a in legal if isinstance(a, Overlay)}
    for cover in best_readings(grid, [c.code for c in view.codes], faces):
        for pos, face in cover:
            if (face, pos) in offered:
                return offered[face, pos]
    return FINISH
