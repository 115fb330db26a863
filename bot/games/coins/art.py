"""Pillow artwork for Coins: the Spanish cards and a hand strip.

Each suit has its own shape and colour, so no suit depends on colour vision alone:
Cups a red chalice, Coins a gold disc, Swords a blue upright sword, Clubs a green
knotted club. The rank is printed large and upright in two opposite corners (A, K, N for the
kNight, J for the Knave, or the number) and written in full under the picture
(the suit's name on a number card).

Text is drawn with the drawing kit's shipped fonts. Every card look is drawn once
per language and cached.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.draw.canvas import GOLD, INK, RGB, SUPERSAMPLE, canvas, grid_shape, png
from bot.draw.text import draw_text, fit, width
from bot.engine.i18n import current_language
from bot.games.coins.cards import Card, Suit
from bot.games.coins.symbols import draw_symbol

CARD_WIDTH, CARD_HEIGHT, CARD_MARGIN = 100, 150, 6
"""Card face and ring margin, in design units (pixels at scale 1)."""
PAPER: RGB = (250, 246, 232)
BORDER: RGB = (120, 110, 95)
FELT: RGB = (24, 74, 52)
SUIT_INK: dict[Suit, RGB] = {
    Suit.CUPS: (190, 25, 40),
    Suit.COINS: (150, 100, 0),
    Suit.SWORDS: (25, 80, 190),
    Suit.CLUBS: (25, 120, 50),
}
"""Dark suit colours for the printed rank and name (gold text is too pale on paper)."""
CORNER = (6.0, 7.0, 29.0, 55.0)
"""The top-left corner block (index over a small symbol), in design units of the face;
the bottom-right block mirrors it."""

GAP, HEADER = 6, 30
"""Pixels between the cards of a hand, and the height of its one-line title."""


def card_box(scale: float) -> tuple[int, int]:
    """Return the pixel size of a card image, ring margin included."""
    return (
        round((CARD_WIDTH + 2 * CARD_MARGIN) * scale),
        round((CARD_HEIGHT + 2 * CARD_MARGIN) * scale),
    )


def card_image(c: Card, *, scale: float = 1.0, ring: bool = False) -> Image.Image:
    """Return one card as an RGBA image (a copy); a gold ring marks a card to notice."""
    return _card_image(c, scale, ring, current_language()).copy()


@lru_cache(maxsize=512)
def _card_image(c: Card, scale: float, ring: bool, language: str) -> Image.Image:
    """Draw a card once per look and language, larger, then reduce it to smooth the edges."""
    k = scale * SUPERSAMPLE
    big = Image.new("RGBA", card_box(k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    if ring:
        draw.rounded_rectangle((0, 0, big.width - 1, big.height - 1), radius=14 * k, fill=GOLD)
    m, ink = CARD_MARGIN * k, SUIT_INK[c.suit]
    face = (m, m, m + CARD_WIDTH * k, m + CARD_HEIGHT * k)
    draw.rounded_rectangle(face, radius=9 * k, fill=PAPER, outline=BORDER, width=round(2 * k))
    inner = (m + 5 * k, m + 5 * k, m + (CARD_WIDTH - 5) * k, m + (CARD_HEIGHT - 5) * k)
    draw.rounded_rectangle(inner, radius=6 * k, outline=ink, width=round(2 * k))
    _draw_corners(big, c, k, m)
    draw_symbol(draw, c.suit, (m + 50 * k, m + 70 * k), 27 * k)
    words = (c.rank_name if c.strength >= 9 else c.suit.word).upper()
    draw_text(draw, (m + 48 * k, m + 131 * k), words, round(10 * k), ink, anchor="mm")
    return big.resize(card_box(scale), Image.Resampling.LANCZOS)


def _draw_corners(big: Image.Image, c: Card, k: float, m: float) -> None:
    """Print the index over a small symbol top left, and under one bottom right, both upright.

    Upright, not turned over as on printed cards, so that a 6 never reads as a 9.
    """
    draw = ImageDraw.Draw(big)
    ink = SUIT_INK[c.suit]
    left, top, right, bottom = CORNER
    spots = (
        ((left + right) / 2, top + 3, "mt", bottom - 9),
        (CARD_WIDTH - (left + right) / 2, CARD_HEIGHT - top - 3, "ms", CARD_HEIGHT - bottom + 9),
    )
    for x, y, anchor, pip in spots:
        at = (m + x * k, m + y * k)
        bold = round(0.6 * k)
        draw_text(draw, at, c.index, round(24 * k), ink, anchor, stroke_width=bold, stroke_fill=ink)
        draw_symbol(draw, c.suit, (m + x * k, m + pip * k), 7 * k)


def to_png(image: Image.Image) -> bytes:
    """Encode an image as PNG bytes."""
    return png(image)


def hand_png(cards: Sequence[Card], title: str, marked: Collection[Card] = ()) -> bytes:
    """Draw a hand in the even rows that show it largest in Discord's box, the marked cards
    ringed in gold."""
    card_w, card_h = card_box(1.0)
    title_width = round(width(title, 18)) + 3 * GAP
    per_row, rows = grid_shape(len(cards), (card_w, card_h), GAP, HEADER, title_width)
    size = (max(GAP + per_row * (card_w + GAP), title_width), HEADER + rows * (card_h + GAP))
    image = canvas(size, FELT)
    draw = ImageDraw.Draw(image)
    draw_text(draw, (GAP + 2, HEADER // 2 + 1), fit(title, 18, 2000), 18, INK, anchor="lm")
    for i, c in enumerate(cards):
        row, column = divmod(i, per_row)
        at = (GAP + column * (card_w + GAP), HEADER + row * (card_h + GAP))
        image.alpha_composite(card_image(c, ring=c in marked), at)
    return to_png(image)
