"""Cards of a dossier drawn as a picture: each a coloured band that names it over a few lines.

The presenter says what each card shows (``Sheet``); ``sheets_png`` lays them out in
the even rows that show them largest in Discord's 4:3 box, under a title line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from bot.draw.canvas import INK, RGB, canvas, grid_shape, png
from bot.draw.text import draw_text, fit, width, wrap
from bot.games.covert.map.base import FRAME, INK_DIM, PANEL, SEA

CARD = (280, 176)
"""One card, band included. Discord shows the picture in a box of about 400×300, so
three columns are shown at less than half size: the text is drawn large for that."""
GAP = 10
HEADER = 48
"""The title line above the cards."""
BAND = 38
TITLE_TEXT, BAND_TEXT, LEAD_TEXT, LINE_TEXT, WRAP_TEXT = 28, 24, 30, 25, 21
DARK_INK: RGB = (22, 24, 30)


@dataclass(frozen=True)
class Sheet:
    """One card of a dossier: what its band says, the band's colour, and its lines."""

    band: str
    """The kind of card (``Agency card``); its number opens the first line."""
    colour: RGB
    lines: tuple[str, ...]
    """Up to three lines; the first is written larger. A later line too long for the card
    (a Mission's needs) is written smaller over two lines, so none of it is lost."""
    ready: bool = False
    """Ringed in the band's colour: usable now (a Mission completable, a Code readable)."""


def band_ink(colour: RGB) -> RGB:
    """Return the ink that reads on a band: dark on a light colour, light on a dark one."""
    r, g, b = colour
    return DARK_INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else INK


def sheets_png(title: str, sheets: Sequence[Sheet]) -> bytes:
    """Draw the cards under the title, in even rows, as PNG bytes."""
    return _sheets_png(title, tuple(sheets))


@lru_cache(maxsize=64)
def _sheets_png(title: str, sheets: tuple[Sheet, ...]) -> bytes:
    """Draw a dossier once: each step of it, and each redraw after another seat's move,
    shows the same cards (the words on them are in the key, so each language has its own)."""
    w, h = CARD
    title_width = round(width(title, TITLE_TEXT)) + 3 * GAP
    per_row, rows = grid_shape(len(sheets), CARD, GAP, HEADER, title_width)
    size = (max(GAP + per_row * (w + GAP), title_width), HEADER + GAP + rows * (h + GAP))
    image = canvas(size, PANEL)
    draw = ImageDraw.Draw(image)
    draw_text(draw, (GAP + 2, HEADER / 2 + 4), fit(title, TITLE_TEXT, 4000), TITLE_TEXT, INK, "lm")
    for index, sheet in enumerate(sheets):
        row, column = divmod(index, per_row)
        _draw_sheet(draw, (GAP + column * (w + GAP), HEADER + GAP + row * (h + GAP)), sheet)
    return png(image)


def _draw_sheet(draw: ImageDraw.ImageDraw, at: tuple[int, int], sheet: Sheet) -> None:
    """Draw one card with its top left at ``at``."""
    x0, y0 = at
    x1, y1 = x0 + CARD[0] - 1, y0 + CARD[1] - 1
    edge, ring = (sheet.colour, 4) if sheet.ready else (FRAME, 1)
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=SEA, outline=edge, width=ring)
    draw.rounded_rectangle(
        (x0 + ring, y0 + ring, x1 - ring, y0 + BAND), radius=7, fill=sheet.colour
    )
    room = CARD[0] - 20
    band = fit(sheet.band, BAND_TEXT, room)
    draw_text(draw, (x0 + 10, y0 + ring + BAND / 2), band, BAND_TEXT, band_ink(sheet.colour), "lm")
    y = y0 + BAND + 10
    for number, parts, size in sheet_lines(sheet, room):
        ink = INK if number == 0 else INK_DIM
        for part in parts:
            draw_text(draw, (x0 + 10, y), part, size, ink, "la")
            y += size + (6 if len(parts) == 1 else 3)


def sheet_lines(sheet: Sheet, room: float) -> list[tuple[int, list[str], int]]:
    """Return each line of a card as drawn: its number, its parts and their size (a later
    line too long for the room is written smaller over two lines)."""
    drawn = []
    for number, line in enumerate(sheet.lines[:3]):
        size = LEAD_TEXT if number == 0 else LINE_TEXT
        if number and width(line, size) > room:
            drawn.append((number, wrap(line, WRAP_TEXT, room, lines=2), WRAP_TEXT))
        else:
            drawn.append((number, [fit(line, size, room)], size))
    return drawn
