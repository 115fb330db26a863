"""Cover-cover cards: faces with the kit's drawn suits, and the card back.

Suits are drawn as shapes and the rank is written in two corners, so nothing
depends on colour alone. Drawings are cached.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.draw.canvas import RGB, SUPERSAMPLE, smooth
from bot.draw.shapes import card_back, card_blank, draw_suit, suit_colour
from bot.draw.text import draw_text
from bot.games.cover_cover.cards import Card, rank_text

CARD_W, CARD_H = 84, 118
"""Card size at scale 1."""
FACE: RGB = (252, 252, 248)
BORDER: RGB = (120, 120, 120)
BACK: RGB = (34, 70, 160)
BACK_LINE: RGB = (96, 134, 214)


def card_size(scale: float) -> tuple[int, int]:
    """Return the pixel size of a card at a scale."""
    return round(CARD_W * scale), round(CARD_H * scale)


@lru_cache(maxsize=256)
def _face(item: Card, scale: float) -> Image.Image:
    """Draw a card face once per scale."""
    k = scale * SUPERSAMPLE
    w, h = round(CARD_W * k), round(CARD_H * k)
    big, draw = card_blank((w, h), FACE, BORDER, radius=round(9 * k), ring=round(2 * k))
    ink, text = suit_colour(item.suit), rank_text(item.rank)
    draw_text(draw, (7 * k, 4 * k), text, round(28 * k), ink, anchor="la")
    draw_suit(draw, item.suit, 17 * k, 49 * k, 18 * k)
    draw_suit(draw, item.suit, w / 2 + 6 * k, h / 2 + 12 * k, 44 * k)
    draw_text(draw, (w - 7 * k, h - 5 * k), text, round(20 * k), ink, anchor="rd")
    return smooth(big, card_size(scale))


def face(item: Card, scale: float = 1.0) -> Image.Image:
    """Return a card face (a cached image; do not draw on it)."""
    return _face(item, scale)


def back(scale: float = 1.0) -> Image.Image:
    """Return the card back (a new image)."""
    return card_back(card_size(scale), BACK, BACK_LINE, FACE)
