"""Badges, rings, outlines, suits and signs shared by every game's cards and tables."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.draw.canvas import RGB, SUPERSAMPLE, WHITE, clear, smooth
from bot.draw.text import draw_text

Box = tuple[float, float, float, float]

RED_SUIT: RGB = (206, 24, 40)
BLACK_SUIT: RGB = (22, 22, 28)
SUIT_SIGNS = ("♠", "♥", "♦", "♣")
"""Suits in the order the French-suited games number them."""


def disc(diameter: int, fill: RGB, rim: RGB = WHITE) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """Return a transparent square image holding a rimmed disc, and its pen."""
    image = clear((diameter, diameter))
    draw = ImageDraw.Draw(image)
    width = max(1, diameter // 12)
    draw.ellipse((0, 0, diameter - 1, diameter - 1), fill=fill, outline=rim, width=width)
    return image, draw


def card_blank(
    size: tuple[int, int], fill: RGB, edge: RGB, radius: int, ring: int
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """Return a transparent image holding a rounded card with a rim ``ring`` wide, and its pen."""
    image = clear(size)
    draw = ImageDraw.Draw(image)
    w, h = size
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=fill, outline=edge, width=ring)
    return image, draw


@lru_cache(maxsize=128)
def badge(diameter: int, fill: RGB, text: str, ink: RGB) -> Image.Image:
    """Return a smoothed round badge with a short text in it (a cached image)."""
    big, draw = disc(diameter * SUPERSAMPLE, fill)
    middle = diameter * SUPERSAMPLE / 2
    size = round(diameter * SUPERSAMPLE * (0.62 if len(text) < 2 else 0.42))
    draw_text(draw, (middle, middle), text, size, ink, anchor="mm")
    return smooth(big, (diameter, diameter))


@lru_cache(maxsize=32)
def check_badge(diameter: int, fill: RGB = (20, 150, 60)) -> Image.Image:
    """Return a round badge with a check mark drawn as lines (a cached image)."""
    big, draw = disc(diameter * SUPERSAMPLE, fill)
    d = diameter * SUPERSAMPLE
    points = [(0.27 * d, 0.52 * d), (0.44 * d, 0.70 * d), (0.75 * d, 0.32 * d)]
    draw.line(points, fill=WHITE, width=max(2, d // 9), joint="curve")
    return smooth(big, (diameter, diameter))


def dashed_outline(draw: ImageDraw.ImageDraw, box: Box, colour: RGB, width: int = 2) -> None:
    """Draw a dashed rectangle: an empty place where a card or pile would be."""
    x0, y0, x1, y1 = (round(v) for v in box)
    for y in range(y0 + 2, y1 - 2, 8):
        draw.line([(x0 + 1, y), (x0 + 1, min(y + 4, y1))], fill=colour, width=width)
        draw.line([(x1 - 2, y), (x1 - 2, min(y + 4, y1))], fill=colour, width=width)
    for x in range(x0 + 2, x1 - 2, 8):
        draw.line([(x, y0 + 1), (min(x + 4, x1), y0 + 1)], fill=colour, width=width)
        draw.line([(x, y1 - 2), (min(x + 4, x1), y1 - 2)], fill=colour, width=width)


def le_sign(draw: ImageDraw.ImageDraw, box: Box, colour: RGB, width: int) -> None:
    """Draw a less-than-or-equal sign filling a box: an angle over a bar."""
    left, top, right, bottom = box
    middle = top + (bottom - top) * 0.36
    low = top + (bottom - top) * 0.72
    draw.line([(right, top), (left, middle), (right, low)], fill=colour, width=width, joint="curve")
    draw.line([(left, bottom), (right, bottom)], fill=colour, width=width)


def suit_colour(suit: int) -> RGB:
    """Return red for hearts and diamonds (1, 2), black for spades and clubs (0, 3)."""
    return RED_SUIT if suit in (1, 2) else BLACK_SUIT


def draw_suit(draw: ImageDraw.ImageDraw, suit: int, cx: float, cy: float, s: float) -> None:
    """Draw a French suit (0 ♠, 1 ♥, 2 ♦, 3 ♣) of size s centred on (cx, cy), as shapes."""
    ink = suit_colour(suit)
    if suit == 2:
        diamond = [(cx, cy - s / 2), (cx + 0.38 * s, cy), (cx, cy + s / 2), (cx - 0.38 * s, cy)]
        draw.polygon(diamond, fill=ink)
        return
    if suit == 3:
        for x, y in (
            (cx, cy - 0.2 * s),
            (cx - 0.23 * s, cy + 0.08 * s),
            (cx + 0.23 * s, cy + 0.08 * s),
        ):
            _dot(draw, x, y, 0.2 * s, ink)
    else:
        _heart(draw, cx, cy, s, ink, upside_down=suit == 0)
    if suit != 1:
        stem = [(cx, cy + 0.05 * s), (cx - 0.17 * s, cy + 0.5 * s), (cx + 0.17 * s, cy + 0.5 * s)]
        draw.polygon(stem, fill=ink)


def _dot(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB) -> None:
    """Draw a filled circle."""
    draw.ellipse((x - r, y - r, x + r, y + r), fill=ink)


def _heart(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB, upside_down: bool
) -> None:
    """Draw a heart (upside down: the body of a spade)."""
    flip = -1 if upside_down else 1
    for x in (cx - 0.22 * s, cx + 0.22 * s):
        _dot(draw, x, cy - 0.12 * s * flip, 0.25 * s, ink)
    base = cy - 0.02 * s * flip
    draw.polygon(
        [(cx - 0.47 * s, base), (cx + 0.47 * s, base), (cx, cy + 0.48 * s * flip)], fill=ink
    )


def card_back(size: tuple[int, int], fill: RGB, line: RGB, edge: RGB = WHITE) -> Image.Image:
    """Return a face-down card: a lattice inside a rim (a new image)."""
    return _card_back(size, fill, line, edge).copy()


@lru_cache(maxsize=32)
def _card_back(size: tuple[int, int], fill: RGB, line: RGB, edge: RGB) -> Image.Image:
    """Draw a card back once per look."""
    k = SUPERSAMPLE
    w, h = size[0] * k, size[1] * k
    big, draw = card_blank((w, h), fill, edge, radius=max(2, w // 9), ring=max(2, w // 21))
    step = max(4, w // 7)
    for x in range(-h, w, step):
        draw.line((x, 0, x + h, h), fill=line, width=max(1, k))
        draw.line((x + h, 0, x, h), fill=line, width=max(1, k))
    inset = max(3, w // 12)
    draw.rounded_rectangle(
        (inset, inset, w - inset, h - inset),
        radius=max(2, w // 14),
        outline=edge,
        width=max(1, w // 42),
    )
    return smooth(big, size)
