"""Pillow artwork for NEVER OVER: green and red cards, card backs and the hand strip.

A green card is green with a large ``+p``; a red card is red with a large ``≤p``
and the word CAP, so the two colours are told apart by their signs as well as
their colour. The sign is drawn with lines (the kit's ``le_sign``) so it matches the
card's weight at every size. Every card look is drawn once and cached.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.draw.canvas import (
    GOLD,
    INK,
    INK_DIM,
    RGB,
    SUPERSAMPLE,
    WHITE,
    canvas,
    clear,
    grid_shape,
    png,
    smooth,
)
from bot.draw.shapes import card_blank, dashed_outline, le_sign
from bot.draw.text import draw_text, fit, width
from bot.engine.i18n import _, current_language
from bot.games.never_over.cards import Card

GREEN: RGB = (38, 140, 72)
GREEN_EDGE: RGB = (150, 230, 170)
RED: RGB = (196, 40, 48)
RED_EDGE: RGB = (255, 170, 170)
BACK: RGB = (40, 64, 120)
BACK_EDGE: RGB = (150, 170, 220)
FELT: RGB = (28, 48, 44)
FELT_TURN: RGB = (52, 84, 70)
HAND_CARD = (96, 136)
GAP = 8


def card_image(card: Card, size: tuple[int, int], marked: bool = False) -> Image.Image:
    """Return one card face as an RGBA image (a copy: callers may paste on it)."""
    return _face(card.colour, card.points, size, marked, current_language()).copy()


@lru_cache(maxsize=256)
def _face(
    colour: str, points: int, size: tuple[int, int], marked: bool, language: str
) -> Image.Image:
    """Draw a card face once per look and language (a red card reads CAP), larger, then
    reduce it to smooth the edges."""
    k = SUPERSAMPLE
    w, h = size[0] * k, size[1] * k
    big = clear((w, h))
    draw = ImageDraw.Draw(big)
    fill, edge = (GREEN, GREEN_EDGE) if colour == "green" else (RED, RED_EDGE)
    radius, ring = w // 9, max(2, w // 22)
    if marked:
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=GOLD)
    inset = round(w * 0.07) if marked else 0
    box = (inset, inset, w - 1 - inset, h - 1 - inset)
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=edge, width=ring)
    if colour == "green":
        _draw_green_sign(draw, points, box)
    else:
        _draw_red_sign(draw, points, box)
    return smooth(big, size)


Box = tuple[float, float, float, float]


def _at(box: Box, x: float, y: float) -> tuple[float, float]:
    """Return the point at fractions (x, y) of a box."""
    return box[0] + (box[2] - box[0]) * x, box[1] + (box[3] - box[1]) * y


def _draw_green_sign(draw: ImageDraw.ImageDraw, points: int, box: Box) -> None:
    """Write ``+p`` large in the middle of a green card, and small in its top corner."""
    w = box[2] - box[0]
    text = f"+{points}"
    draw_text(draw, _at(box, 0.55, 0.58), text, round(w * 0.42), WHITE, anchor="mm")
    corner, bold = round(w * 0.27), max(1, round(w * 0.012))
    draw_text(draw, _at(box, 0.07, 0.04), text, corner, WHITE, "la", bold, WHITE)


def _draw_red_sign(draw: ImageDraw.ImageDraw, points: int, box: Box) -> None:
    """Draw ``≤p`` large (the sign with lines), small in the top corner, and CAP below."""
    w = box[2] - box[0]
    draw_text(draw, _at(box, 0.68, 0.54), str(points), round(w * 0.42), WHITE, anchor="mm")
    le_sign(draw, (*_at(box, 0.16, 0.40), *_at(box, 0.42, 0.66)), WHITE, max(3, round(w * 0.05)))
    le_sign(draw, (*_at(box, 0.08, 0.07), *_at(box, 0.24, 0.21)), WHITE, max(2, round(w * 0.035)))
    corner, bold = round(w * 0.27), max(1, round(w * 0.012))
    draw_text(draw, _at(box, 0.27, 0.04), str(points), corner, WHITE, "la", bold, WHITE)
    draw_text(draw, _at(box, 0.5, 0.86), _("CAP"), round(w * 0.17), WHITE, anchor="mm")


@lru_cache(maxsize=32)
def back_image(size: tuple[int, int]) -> Image.Image:
    """Return a face-down card."""
    k = SUPERSAMPLE
    w, h = size[0] * k, size[1] * k
    ring = max(2, w // 22)
    big, draw = card_blank((w, h), BACK, BACK_EDGE, radius=w // 9, ring=ring)
    inner = (w * 0.2, h * 0.2, w * 0.8, h * 0.8)
    draw.rounded_rectangle(inner, radius=w // 12, outline=BACK_EDGE, width=ring)
    return smooth(big, size)


@lru_cache(maxsize=32)
def empty_slot(size: tuple[int, int], text: str) -> Image.Image:
    """Return the outline of an empty pile with a short text in it."""
    w, h = size
    image = clear(size)
    draw = ImageDraw.Draw(image)
    dashed_outline(draw, (0, 0, w, h), INK_DIM)
    draw_text(draw, (w / 2, h / 2), text, round(w * 0.4), INK_DIM, anchor="mm")
    return image


def hand_png(cards: Sequence[Card], cap: int, title: str) -> bytes:
    """Draw a hand in the even rows that show it largest in Discord's box, the greens
    playable now ringed in gold."""
    w, h = HAND_CARD
    header = 34
    title_width = round(width(title, 20)) + 3 * GAP
    per_row, rows = grid_shape(len(cards), HAND_CARD, GAP, header, title_width)
    size = (max(GAP + per_row * (w + GAP), title_width), header + rows * (h + GAP))
    image = canvas(size, FELT)
    draw = ImageDraw.Draw(image)
    draw_text(draw, (GAP + 2, header / 2), fit(title, 20, 2000), 20, INK, anchor="lm")
    for index, card in enumerate(cards):
        row, column = divmod(index, per_row)
        marked = card.colour == "green" and card.points <= cap
        at = (GAP + column * (w + GAP), header + row * (h + GAP))
        image.alpha_composite(card_image(card, HAND_CARD, marked), at)
    return png(image)
