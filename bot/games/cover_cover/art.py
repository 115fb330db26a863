"""Pillow artwork for the Cover-cover table: one row per player, one column per level.

Each row has the player's name and card counts on the left, then their flip, then
one column per Cover-cover with the face-down card peeking out from under the new
face-up card. A red banner shouts "COVER-COVER!" while a Cover-cover is being
played; tied cards have a red ring and the card that took the round a gold one.
Players who are out get a slim greyed row.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.draw.canvas import GOLD, INK, INK_DIM, RGB, TABLE_SIZE, canvas, fit_scale, png
from bot.draw.text import draw_text, fit, fit_names
from bot.engine.i18n import _, current_language
from bot.games.cover_cover.cardart import CARD_H, CARD_W, back, face
from bot.games.cover_cover.cards import Card

TIE_RED: RGB = (235, 64, 52)
HOT: RGB = (92, 46, 40)
FELT: RGB = (26, 84, 58)
FELT_STRIPE: RGB = (31, 95, 66)
OUT_INK: RGB = (120, 140, 128)
PINK: RGB = (255, 150, 140)
PANEL_W, HEADER_H, BANNER_H, FOOTER_H, PAD, SLIM_H = 210, 34, 54, 40, 10, 40
COVER_SHIFT = 0.42
"""How far (in card widths) the face-up card sits right of the face-down one."""
MAX_SCALE, MIN_SCALE = 1.4, 0.45
"""Cards grow to fill the picture when few rows and columns are out, within these."""
TEXT_GROWTH = 1.35
"""The players' panel text follows the rows' height, up to this much larger, to stay
readable on a phone when few players leave room (and smaller in the lowest rows)."""
PANEL_TEXT_H = 100
"""The height the panel's four lines take at their base sizes."""


@dataclass(frozen=True)
class Cell:
    """The cards one player has in one column."""

    up: Card
    down: bool = False
    """Whether a card lies face down under it (drawn as a back: never shown)."""
    ring: str = ""
    """``win`` (gold) for the card that took the round, ``tie`` (red) for a tied card."""


@dataclass(frozen=True)
class Row:
    """One player's line of the table."""

    name: str
    total: str
    """The card count, e.g. ``15 cards``."""
    split: str
    """Hand and winnings, e.g. ``hand 4 · won 11``."""
    status: str = ""
    cells: tuple[Cell | None, ...] = ()
    dim: bool = False
    """The player is out."""
    hot: bool = False
    """The player is in the Cover-cover being played."""
    took: bool = False
    """The player took the round shown (the status is written in gold)."""

    @property
    def slim(self) -> bool:
        """Tell whether the row is drawn as one greyed line (out, no cards on the table)."""
        return self.dim and not any(self.cells)


@dataclass(frozen=True)
class Scene:
    """The whole table picture."""

    heading: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    banner: str = ""
    footer: str = ""


def _widths(columns: int, scale: float) -> list[int]:
    """Return the pixel width of each card column (the flip, then the Cover-covers)."""
    card_w = round(CARD_W * scale)
    cover = round(card_w * (1 + COVER_SHIFT)) + 2 * PAD
    return [card_w + 2 * PAD if i == 0 else cover for i in range(columns)]


def _row_height(scale: float) -> int:
    """Return the height of a full row at a card scale."""
    return round(CARD_H * scale) + 2 * PAD + 8


def text_growth(scale: float) -> float:
    """Return how much larger than its base sizes the panel text is drawn in a full row."""
    return min(TEXT_GROWTH, (_row_height(scale) - 4) / PANEL_TEXT_H)


def _scale(scene: Scene, room: tuple[int, int]) -> float:
    """Return the largest card scale at which every column and row fits the room."""
    full = sum(1 for r in scene.rows if not r.slim)
    slim = len(scene.rows) - full
    wide = _widths(len(scene.columns), 1.0)
    fixed_w = PANEL_W + PAD + 2 * PAD * len(wide)
    cards_w = max(1.0, sum(w - 2 * PAD for w in wide))
    by_width = (room[0] - fixed_w) / cards_w
    fixed_h = slim * SLIM_H + full * (2 * PAD + 8)
    by_height = (room[1] - fixed_h) / max(1.0, full * CARD_H)
    return max(MIN_SCALE, min(MAX_SCALE, by_width, by_height))


def table_png(scene: Scene) -> bytes:
    """Draw the round's table (flips, Cover-covers and card counts) on a 4:3 canvas."""
    width, height = TABLE_SIZE
    top = (BANNER_H if scene.banner else 0) + HEADER_H
    room = (width, height - top - (FOOTER_H if scene.footer else 6))
    scale = _scale(scene, room)
    widths = _widths(len(scene.columns), scale)
    heights = [SLIM_H if r.slim else _row_height(scale) for r in scene.rows]
    bottom = top + sum(heights) + (FOOTER_H if scene.footer else 6)
    image = canvas((max(width, PANEL_W + sum(widths) + PAD), max(height, bottom)), FELT)
    draw = ImageDraw.Draw(image)
    if scene.banner:
        _draw_banner(draw, scene.banner, image.width)
    _draw_header(draw, scene, widths, top - HEADER_H, image.width)
    y = top
    grow = text_growth(scale)
    names = fit_names([r.name for r in scene.rows], round(21 * grow), PANEL_W - 2 * PAD)
    rows = [replace(r, name=name) for r, name in zip(scene.rows, names, strict=True)]
    for index, (row, h) in enumerate(zip(rows, heights, strict=True)):
        _draw_row(image, draw, row, widths, (y, h, index), (scale, grow))
        y += h
    if scene.footer:
        footer = fit(scene.footer, 19, image.width - 2 * PAD)
        draw_text(draw, (PAD + 2, image.height - FOOTER_H / 2), footer, 19, GOLD, anchor="lm")
    return png(_to_table(image))


def _to_table(image: Image.Image) -> Image.Image:
    """Shrink a picture that came out larger than the table size, and pad it to 4:3."""
    if image.size == TABLE_SIZE:
        return image
    scale = min(1.0, fit_scale(image.size, TABLE_SIZE))
    shown = (round(image.width * scale), round(image.height * scale))
    out = canvas(TABLE_SIZE, FELT)
    out.alpha_composite(image.resize(shown, Image.Resampling.LANCZOS), (0, 0))
    return out


def _draw_banner(draw: ImageDraw.ImageDraw, text: str, width: int) -> None:
    """Shout the Cover-cover across the top."""
    draw.rectangle((0, 0, width, BANNER_H), fill=TIE_RED)
    for x in range(-BANNER_H, width, 28):
        draw.line((x, BANNER_H, x + BANNER_H, 0), fill=(245, 96, 80), width=6)
    white, shade = (255, 255, 255), (90, 0, 0)
    middle = (width / 2, BANNER_H / 2)
    draw_text(draw, middle, text, 34, white, anchor="mm", stroke_width=3, stroke_fill=shade)


def _draw_header(
    draw: ImageDraw.ImageDraw, scene: Scene, widths: list[int], y: int, width: int
) -> None:
    """Write the round and the column titles."""
    middle = y + HEADER_H / 2
    draw_text(draw, (PAD + 2, middle), fit(scene.heading, 19, PANEL_W - PAD), 19, INK, anchor="lm")
    x = PANEL_W
    for title, w in zip(scene.columns, widths, strict=True):
        draw_text(draw, (x + w / 2, middle), fit(title, 15, w - 4), 15, INK_DIM, anchor="mm")
        x += w
    draw.line((0, y + HEADER_H - 1, width, y + HEADER_H - 1), fill=INK_DIM, width=1)


def _draw_row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    row: Row,
    widths: list[int],
    place: tuple[int, int, int],
    sizes: tuple[float, float],
) -> None:
    """Draw one player's name, counts, status and cards (``sizes``: the cards' scale and
    how much the panel text grows)."""
    y, h, index = place
    scale, grow = sizes
    if row.hot or index % 2:
        draw.rectangle((0, y, image.width, y + h - 1), fill=HOT if row.hot else FELT_STRIPE)
    if row.slim:
        name = fit(row.name, 19, PANEL_W - 2 * PAD)
        draw_text(draw, (PAD + 2, y + h / 2), name, 19, OUT_INK, anchor="lm")
        draw_text(draw, (PANEL_W, y + h / 2), row.status, 16, OUT_INK, anchor="lm")
        return
    for i, (text, size, colour) in enumerate(_panel_lines(row, grow)):
        draw_text(draw, (PAD + 2, y + 8 + i * 24 * grow), text, size, colour, anchor="lt")
    x = PANEL_W
    for cell, w in zip(row.cells, widths, strict=False):
        if cell is not None:
            _draw_cell(image, draw, cell, (x + PAD, y + PAD + 2), scale)
        x += w


def _panel_lines(row: Row, grow: float) -> list[tuple[str, int, RGB]]:
    """Return the lines of a player's panel: name, count, hand and winnings, status."""
    ink, dim = (OUT_INK, OUT_INK) if row.dim else (INK, INK_DIM)
    room = PANEL_W - 2 * PAD
    name, total, split, status = (round(n * grow) for n in (21, 17, 15, 16))
    lines = [
        (fit(row.name, name, room), name, ink),
        (fit(row.total, total, room), total, ink),
        (fit(row.split, split, room), split, dim),
    ]
    if row.status:
        colour = OUT_INK if row.dim else GOLD if row.took else PINK
        lines.append((fit(row.status, status, room), status, colour))
    return lines


def _draw_cell(
    image: Image.Image, draw: ImageDraw.ImageDraw, cell: Cell, at: tuple[int, int], scale: float
) -> None:
    """Draw a flip, or a face-down card under a face-up one, with its ring."""
    x, y = at
    if cell.down:
        image.alpha_composite(back(scale), (x, y))
        x += round(CARD_W * scale * COVER_SHIFT)
    card_w, card_h = round(CARD_W * scale), round(CARD_H * scale)
    if cell.ring:
        colour = GOLD if cell.ring == "win" else TIE_RED
        box = (x - 4, y - 4, x + card_w + 3, y + card_h + 3)
        draw.rounded_rectangle(box, radius=11, fill=colour)
    image.alpha_composite(face(cell.up, scale), (x, y))


def piles_png(hand: int, winnings: int) -> bytes:
    """Draw a player's two face-down piles with their counts (no card identities)."""
    return _piles_png(hand, winnings, current_language())


@lru_cache(maxsize=128)
def _piles_png(hand: int, winnings: int, language: str) -> bytes:
    """Draw the piles once per counts and language (the labels are words)."""
    image = canvas((360, 190), FELT)
    draw = ImageDraw.Draw(image)
    labels = (_("Hand: {count}"), _("Winnings: {count}"))
    for i, (label, count) in enumerate(zip(labels, (hand, winnings), strict=True)):
        x = 30 + i * 170
        for k in range(min(4, (count + 5) // 6)):
            image.alpha_composite(back(0.9), (x + 3 * k, 30 - 3 * k))
        if not count:
            draw.rounded_rectangle((x, 30, x + 76, 136), radius=8, outline=INK_DIM, width=2)
        draw_text(draw, (x + 38, 160), label.format(count=count), 18, INK, anchor="mm")
    return png(image)
