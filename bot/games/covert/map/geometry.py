"""Where things sit on the Covert board picture: cities, their labels and their pieces.

The map is a schematic of Europe, not a geographic outline: cities keep roughly
their relative positions but are spread out so that every name, marker and row
of pieces has room. All coordinates are pixels of the finished picture.
"""

from __future__ import annotations

import math
from typing import Final, Literal

from bot.draw.text import font
from bot.games.covert.text import city as city_name

Box = tuple[float, float, float, float]
Point = tuple[float, float]
Side = Literal["above", "below", "left", "right"]

WIDTH: Final = 1400
HEADER: Final = 54
MAP_RIGHT: Final = 884
"""The map panel spans x 0..MAP_RIGHT below the header; the side panel the rest."""

MARKER_R: Final = 14
LABEL_SIZE: Final = 21
LABEL_GAP: Final = 3
AGENT: Final = 32
CUBE: Final = 28
PIECE_GAP: Final = 3
ROW_MAX: Final = 2 * AGENT + 3 * CUBE + 4 * PIECE_GAP
"""The widest row of pieces; longer rows overlap their pieces to stay this wide."""

CITY_SPOTS: Final[dict[str, tuple[float, float, Side]]] = {
    "OSL": (460, 120, "above"),
    "STO": (640, 150, "above"),
    "HEL": (805, 110, "above"),
    "CPH": (545, 255, "right"),
    "LON": (80, 312, "above"),
    "HAM": (400, 330, "above"),
    "AMS": (255, 365, "above"),
    "BER": (590, 385, "above"),
    "WAW": (770, 375, "above"),
    "BRU": (230, 470, "left"),
    "BON": (392, 478, "above"),
    "PRG": (575, 495, "above"),
    "KIE": (830, 475, "above"),
    "PAR": (145, 590, "right"),
    "ZRH": (370, 600, "above"),
    "MUC": (505, 645, "above"),
    "VIE": (640, 585, "above"),
    "BUD": (770, 628, "above"),
    "GVA": (300, 695, "left"),
    "MIL": (410, 755, "above"),
    "VCE": (575, 770, "above"),
    "BUH": (828, 735, "above"),
    "BEG": (705, 825, "above"),
    "IST": (835, 880, "above"),
    "ROM": (500, 890, "above"),
    "ATH": (680, 955, "above"),
    "MRS": (262, 820, "left"),
    "BCN": (290, 935, "above"),
    "MAD": (140, 870, "above"),
    "LIS": (40, 758, "above"),
}
"""Per city key: marker centre and the side of the marker its name is written on."""


def city_point(city: str) -> Point:
    """Return the centre of a city's marker."""
    x, y, _ = CITY_SPOTS[city]
    return x, y


def label_box(city: str) -> Box:
    """Return the box the city's name is written in."""
    x, y, side = CITY_SPOTS[city]
    left, top, right, bottom = font(LABEL_SIZE).getbbox(city_name(city), anchor="mm")
    w, h = right - left, bottom - top
    reach = MARKER_R + LABEL_GAP
    cx, cy = {
        "above": (x, y - reach - h / 2),
        "below": (x, y + reach + h / 2),
        "left": (x - reach - w / 2, y),
        "right": (x + reach + w / 2, y),
    }[side]
    cx = min(max(cx, w / 2 + 6), MAP_RIGHT - w / 2 - 6)  # a longer name stays on the map
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def piece_centres(city: str, sizes: list[int]) -> list[Point]:
    """Return the centres of a row of pieces beside a city, overlapping them if the row is long."""
    x, y, side = CITY_SPOTS[city]
    gap = min(PIECE_GAP, (ROW_MAX - sum(sizes)) / max(len(sizes) - 1, 1))
    width = sum(sizes) + gap * (len(sizes) - 1)
    row_y = y + (-1 if side == "below" else 1) * (MARKER_R + PIECE_GAP + AGENT / 2)
    left = min(max(x - width / 2, 6), MAP_RIGHT - 6 - width)
    centres = []
    for size in sizes:
        centres.append((left + size / 2, row_y))
        left += size + gap
    return centres


PANEL_X: Final = 898
PANEL_W: Final = 490
CARD_W, CARD_H, CARD_GAP = 158, 96, 8
CARDS_TOP: Final = HEADER + 30
CIRCLES_TOP: Final = CARDS_TOP + 2 * CARD_H + CARD_GAP + 10
CIRCLE_CELL_H: Final = 190
RING_R, SPACE_R, DIE = 60, 20, 34
TRAYS_TOP: Final = CIRCLES_TOP + 2 * CIRCLE_CELL_H
TRAY_H, TRAY_DIE, TRAY_ROW = 100, 34, 6
CIPHER_TOP: Final = TRAYS_TOP + TRAY_H + 8
TILE, TILE_GAP, TILES_X = 44, 6, PANEL_X + 100
MISSIONS_TOP: Final = CIPHER_TOP + 24 + 2 * TILE + TILE_GAP + 8
MISSION_H: Final = 84
HEIGHT: Final = WIDTH * 3 // 4
"""4:3, like every table picture; the missions row ends a little above the bottom."""
assert MISSIONS_TOP + 22 + MISSION_H + 10 <= HEIGHT


def card_box(index: int) -> Box:
    """Return the box of the index-th Region Space, in canonical region order."""
    x = PANEL_X + (index % 3) * (CARD_W + CARD_GAP)
    y = CARDS_TOP + (index // 3) * (CARD_H + CARD_GAP)
    return x, y, x + CARD_W, y + CARD_H


def circle_centre(index: int) -> Point:
    """Return the centre of the index-th Action Circle."""
    cell_w = PANEL_W / 2
    x = PANEL_X + (index % 2 + 0.5) * cell_w
    return x, CIRCLES_TOP + (index // 2) * CIRCLE_CELL_H + 26 + RING_R + SPACE_R


def space_point(index: int, space: int) -> Point:
    """Return the centre of space 1..6 of the index-th Action Circle (1 at the top, clockwise)."""
    cx, cy = circle_centre(index)
    turn = math.radians(-90 + (space - 1) * 60)
    return cx + RING_R * math.cos(turn), cy + RING_R * math.sin(turn)


def tray_box(index: int) -> Box:
    """Return the box of the Special Operations folder (0) or the Decoder (1)."""
    w = (PANEL_W - CARD_GAP) / 2
    x = PANEL_X + index * (w + CARD_GAP)
    return x, TRAYS_TOP, x + w, TRAYS_TOP + TRAY_H


def tile_box(row: int, column: int) -> Box:
    """Return the box of cipher tile (row 0 top, 1 bottom; column 0..5)."""
    x = TILES_X + column * (TILE + TILE_GAP)
    y = CIPHER_TOP + 26 + row * (TILE + TILE_GAP)
    return x, y, x + TILE, y + TILE


def mission_box(index: int) -> Box:
    """Return the row of the index-th face-up Mission."""
    step = MISSION_H / 3
    y = MISSIONS_TOP + 22 + index * step
    return PANEL_X, y, PANEL_X + PANEL_W, y + step - 3
