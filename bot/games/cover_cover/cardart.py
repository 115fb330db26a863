"""Pillow drawing of Cover-cover cards: faces with drawn suits, and the card back.

Suits are drawn as shapes (Pillow's bundled font has no suit glyphs) and the rank is
written in two corners, so nothing depends on colour alone. Drawings are cached.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.games.cover_cover.cards import Card, rank_text

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
RGB = tuple[int, int, int]

CARD_W, CARD_H = 84, 118
"""Card size at scale 1."""
SUPERSAMPLE = 3
RED: RGB = (206, 24, 40)
BLACK: RGB = (22, 22, 28)
FACE: RGB = (252, 252, 248)
BORDER: RGB = (120, 120, 120)
BACK: RGB = (34, 70, 160)
BACK_LINE: RGB = (96, 134, 214)


@lru_cache(maxsize=64)
def font(size: int) -> Font:
    """Return Pillow's bundled font at a pixel size."""
    return ImageFont.load_default(size=max(size, 6))


def suit_colour(suit: int) -> RGB:
    """Return red for hearts and diamonds, black for spades and clubs."""
    return RED if suit in (1, 2) else BLACK


def draw_suit(draw: ImageDraw.ImageDraw, suit: int, cx: float, cy: float, s: float) -> None:
    """Draw a suit symbol of size s centred on (cx, cy)."""
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
            _disc(draw, x, y, 0.2 * s, ink)
    else:
        _heart(draw, cx, cy, s, ink, upside_down=suit == 0)
    if suit != 1:
        stem = [(cx, cy + 0.05 * s), (cx - 0.17 * s, cy + 0.5 * s), (cx + 0.17 * s, cy + 0.5 * s)]
        draw.polygon(stem, fill=ink)


def _disc(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB) -> None:
    """Draw a filled circle."""
    draw.ellipse((x - r, y - r, x + r, y + r), fill=ink)


def _heart(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB, upside_down: bool
) -> None:
    """Draw a heart (upside down: the body of a spade)."""
    flip = -1 if upside_down else 1
    for x in (cx - 0.22 * s, cx + 0.22 * s):
        _disc(draw, x, cy - 0.12 * s * flip, 0.25 * s, ink)
    base = cy - 0.02 * s * flip
    draw.polygon(
        [(cx - 0.47 * s, base), (cx + 0.47 * s, base), (cx, cy + 0.48 * s * flip)], fill=ink
    )


@lru_cache(maxsize=256)
def _face(item: Card, scale: float) -> Image.Image:
    """Draw a card face once per scale."""
    k = scale * SUPERSAMPLE
    w, h = round(CARD_W * k), round(CARD_H * k)
    big = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=round(9 * k), fill=FACE, outline=BORDER, width=round(2 * k)
    )
    ink, text = suit_colour(item.suit), rank_text(item.rank)
    draw.text((7 * k, 4 * k), text, font=font(round(30 * k)), fill=ink, anchor="la")
    draw_suit(draw, item.suit, 17 * k, 49 * k, 18 * k)
    draw_suit(draw, item.suit, w / 2 + 6 * k, h / 2 + 12 * k, 44 * k)
    draw.text((w - 7 * k, h - 5 * k), text, font=font(round(22 * k)), fill=ink, anchor="rd")
    return big.resize((round(CARD_W * scale), round(CARD_H * scale)), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def _back(scale: float) -> Image.Image:
    """Draw the card back once per scale."""
    k = scale * SUPERSAMPLE
    w, h = round(CARD_W * k), round(CARD_H * k)
    big = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=round(9 * k), fill=BACK, outline=FACE, width=round(4 * k)
    )
    step = round(12 * k)
    for x in range(-h, w, step):
        draw.line((x, 0, x + h, h), fill=BACK_LINE, width=max(1, round(k)))
        draw.line((x + h, 0, x, h), fill=BACK_LINE, width=max(1, round(k)))
    inset = round(7 * k)
    draw.rounded_rectangle(
        (inset, inset, w - inset, h - inset), radius=round(6 * k), outline=FACE, width=round(2 * k)
    )
    return big.resize((round(CARD_W * scale), round(CARD_H * scale)), Image.Resampling.LANCZOS)


def face(item: Card, scale: float = 1.0) -> Image.Image:
    """Return a card face (a cached image; do not draw on it)."""
    return _face(item, scale)


def back(scale: float = 1.0) -> Image.Image:
    """Return the card back (a cached image; do not draw on it)."""
    return _back(scale)


def png(image: Image.Image) -> bytes:
    """Encode an image as PNG bytes."""
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()
