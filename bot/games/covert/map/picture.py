"""Describe the public board for the board-art module (``art``) and draw it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.games.covert.map.art import BoardPicture

from bot.games.covert.data import CIRCLES, CITIES, DECODER, POSITIONS, REGIONS, SPEC_OPS
from bot.games.covert.views import PublicView


def board_png(view: PublicView, names: Sequence[str]) -> bytes:
    """Draw the board picture of a public view."""
    from bot.games.covert.map import art

    return art.board_png(board_picture(view, names))


def board_picture(view: PublicView, names: Sequence[str]) -> BoardPicture:
    """Return the board-art description of a public view: pieces, cards, dice, grid, missions."""
    from bot.games.covert.map import art

    # The art module has called its die class both ``Die`` and ``PlacedDie``.
    die_type: Any = next(getattr(art, n) for n in ("PlacedDie", "Die") if hasattr(art, n))
    cities: dict[str, list[art.Piece]] = {}
    for p in view.players:
        for city in p.agents:
            cities.setdefault(city, []).append(art.Piece(p.colour))
    for i, cubes in enumerate(view.cubes):
        for colour in dict.fromkeys(cubes):
            pieces = cities.setdefault(CITIES[i].key, [])
            pieces.append(art.Piece(colour, "cubes", cubes.count(colour)))
    circles: dict[str, dict[int, Any]] = {c: {} for c in CIRCLES}
    trays: dict[str, list[Any]] = {SPEC_OPS: [], DECODER: []}
    for p in view.players:
        for d in p.dice:
            if d.place in circles:
                circles[d.place][d.space] = die_type(d.face, p.colour)
            elif d.place in trays:
                trays[d.place].append(die_type(d.face, p.colour))
    overlays: dict[str, Any] = {}
    turn = view.turn
    if turn is not None and turn.kind == "codes":
        colour = view.players[turn.seat].colour
        for die, pos in turn.overlays:
            face = view.players[turn.seat].dice[die].face
            overlays[POSITIONS[pos]] = die_type(face, colour)
    grid = [str(v) for v in view.cipher]
    return art.BoardPicture(
        round=view.round,
        cities=cities,
        region_cards={
            r: art.agency_label(c) for r, c in zip(REGIONS, view.region_spaces, strict=False) if c
        },
        circles=circles,
        spec_ops=trays[SPEC_OPS],
        decoder=trays[DECODER],
        cipher=(grid[:6], grid[6:]),
        overlays=overlays,
        missions=[art.mission_label(m) for m in view.mission_row if m],
        scores={p.colour: p.score for p in view.players},
        names={p.colour: names[p.seat] for p in view.players},
    )
