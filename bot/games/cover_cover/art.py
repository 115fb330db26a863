"""Pillow artwork for the Cover-cover table: one row per player, one column per level.

Each row has the player's name and card counts on the left, then their flip, then
one column per Cover-cover with the face-down card peeking out from under the new
face-up card. A red banner shouts "COVER-COVER!" while a Cover-cover is being
played; tied cards have a red ring and the card that took the round a gold one.
Players who are out get a slim greyed row.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.cover_cover.cardart import CARD_H, CARD_W, RGB, Font, back, face, font, png
from bot.games.cover_cover.cards import Card

GOLD: RGB = (255, 196, 0)
TIE_RED: RGB = (235, 64, 52)
HOT: RGB = (92, 46, 40)
FELT: RGB = (26, 84, 58)
FELT_STRIPE: RGB = (31, 95, 66)
INK: RGB = (240, 244, 240)
INK_DIM: RGB = (170, 196, 180)
OUT_INK: RGB = (120, 140, 128)
PINK: RGB = (255, 150, 140)
PANEL_W, HEADER_H, BANNER_H, FOOTER_H, PAD, SLIM_H = 210, 34, 54, 40, 10, 40
COVER_SHIFT = 0.42
"""How far (in card widths) the face-up card sits right of the face-down one."""
MAX_SIDE = 1400


@dataclass(frozen=True)
class Cell:
    """The cards one player has in one column."""

    up: Card
    down: bool = False
    down_card: Card | None = None
    """Drawn face up under the other card once the match is over."""
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


def _scale(rows: int) -> float:
    """Return the card scale for a number of full rows."""
    return 1.0 if rows <= 3 else 0.85 if rows == 4 else 0.72


def _widths(columns: int, scale: float) -> list[int]:
    """Return the pixel width of each card column (the flip, then the Cover-covers)."""
    card_w = round(CARD_W * scale)
    cover = round(card_w * (1 + COVER_SHIFT)) + 2 * PAD
    return [card_w + 2 * PAD if i == 0 else cover for i in range(columns)]


def table_png(scene: Scene) -> bytes:
    """Draw the round's table (flips, Cover-covers and card counts) as PNG bytes."""
    scale = _scale(sum(1 for r in scene.rows if not r.slim))
    widths = _widths(len(scene.columns), scale)
    full = round(CARD_H * scale) + 2 * PAD + 8
    heights = [SLIM_H if r.slim else full for r in scene.rows]
    top = (BANNER_H if scene.banner else 0) + HEADER_H
    width = max(560, PANEL_W + sum(widths) + PAD)
    height = top + sum(heights) + (FOOTER_H if scene.footer else 6)
    image = Image.new("RGBA", (width, height), (*FELT, 255))
    draw = ImageDraw.Draw(image)
    if scene.banner:
        _draw_banner(draw, scene.banner, width)
    _draw_header(draw, scene, widths, top - HEADER_H, width)
    y = top
    for index, (row, h) in enumerate(zip(scene.rows, heights, strict=True)):
        _draw_row(image, draw, row, widths, (y, h, index), scale)
        y += h
    if scene.footer:
        draw.text((PAD + 2, y + FOOTER_H / 2), scene.footer, font=font(19), fill=GOLD, anchor="lm")
    if max(image.size) > MAX_SIDE:
        image.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    return png(image)


def _draw_banner(draw: ImageDraw.ImageDraw, text: str, width: int) -> None:
    """Shout the Cover-cover across the top."""
    draw.rectangle((0, 0, width, BANNER_H), fill=TIE_RED)
    for x in range(-BANNER_H, width, 28):
        draw.line((x, BANNER_H, x + BANNER_H, 0), fill=(245, 96, 80), width=6)
    white, shade = (255, 255, 255), (90, 0, 0)
    middle = (width / 2, BANNER_H / 2)
    draw.text(
        middle, text, font=font(34), fill=white, anchor="mm", stroke_width=3, stroke_fill=shade
    )


def _draw_header(
    draw: ImageDraw.ImageDraw, scene: Scene, widths: list[int], y: int, width: int
) -> None:
    """Write the round and the column titles."""
    middle = y + HEADER_H / 2
    draw.text((PAD + 2, middle), scene.heading, font=font(19), fill=INK, anchor="lm")
    x = PANEL_W
    for title, w in zip(scene.columns, widths, strict=True):
        text = _fit(title, font(15), w - 4)
        draw.text((x + w / 2, middle), text, font=font(15), fill=INK_DIM, anchor="mm")
        x += w
    draw.line((0, y + HEADER_H - 1, width, y + HEADER_H - 1), fill=INK_DIM, width=1)


def _draw_row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    row: Row,
    widths: list[int],
    place: tuple[int, int, int],
    scale: float,
) -> None:
    """Draw one player's name, counts, status and cards."""
    y, h, index = place
    if row.hot or index % 2:
        draw.rectangle((0, y, image.width, y + h - 1), fill=HOT if row.hot else FELT_STRIPE)
    if row.slim:
        name = _fit(row.name, font(19), PANEL_W - 2 * PAD)
        draw.text((PAD + 2, y + h / 2), name, font=font(19), fill=OUT_INK, anchor="lm")
        draw.text((PANEL_W, y + h / 2), row.status, font=font(16), fill=OUT_INK, anchor="lm")
        return
    for i, (text, size, colour) in enumerate(_panel_lines(row)):
        draw.text((PAD + 2, y + 8 + i * 24), text, font=font(size), fill=colour, anchor="lt")
    x = PANEL_W
    for cell, w in zip(row.cells, widths, strict=False):
        if cell is not None:
            _draw_cell(image, draw, cell, (x + PAD, y + PAD + 2), scale)
        x += w


def _panel_lines(row: Row) -> list[tuple[str, int, RGB]]:
    """Return the lines of a player's panel: name, count, hand and winnings, status."""
    ink, dim = (OUT_INK, OUT_INK) if row.dim else (INK, INK_DIM)
    lines = [
        (_fit(row.name, font(21), PANEL_W - 2 * PAD), 21, ink),
        (row.total, 17, ink),
        (row.split, 15, dim),
    ]
    if row.status:
        colour = OUT_INK if row.dim else GOLD if "TAKES" in row.status else PINK
        lines.append((row.status, 16, colour))
    return lines


def _draw_cell(
    image: Image.Image, draw: ImageDraw.ImageDraw, cell: Cell, at: tuple[int, int], scale: float
) -> None:
    """Draw a flip, or a face-down card under a face-up one, with its ring."""
    x, y = at
    if cell.down:
        under = face(cell.down_card, scale) if cell.down_card else back(scale)
        image.alpha_composite(under, (x, y))
        x += round(CARD_W * scale * COVER_SHIFT)
    card_w, card_h = round(CARD_W * scale), round(CARD_H * scale)
    if cell.ring:
        colour = GOLD if cell.ring == "win" else TIE_RED
        box = (x - 4, y - 4, x + card_w + 3, y + card_h + 3)
        draw.rounded_rectangle(box, radius=11, fill=colour)
    image.alpha_composite(face(cell.up, scale), (x, y))


def _fit(text: str, used: Font, width: float) -> str:
    """Return text, shortened with an ellipsis if it is wider than width."""
    if used.getlength(text) <= width:
        return text
    while text and used.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


@lru_cache(maxsize=128)
def piles_png(hand: int, winnings: int) -> bytes:
    """Draw a player's two face-down piles with their counts (no card identities)."""
    image = Image.new("RGBA", (360, 190), (*FELT, 255))
    draw = ImageDraw.Draw(image)
    for i, (label, count) in enumerate((("Hand", hand), ("Winnings", winnings))):
        x = 30 + i * 170
        for k in range(min(4, (count + 5) // 6)):
            image.alpha_composite(back(0.9), (x + 3 * k, 30 - 3 * k))
        if not count:
            draw.rounded_rectangle((x, 30, x + 76, 136), radius=8, outline=INK_DIM, width=2)
        draw.text((x + 38, 160), f"{label}: {count}", font=font(18), fill=INK, anchor="mm")
    return png(image)
