"""The Coins table picture: the current trick, and beside it the last trick and who won it.

Under each card is the name of who played it; the last trick's winning card is
ringed in gold and the reason it won is written under the row. Display names are
reduced to what the bundled font can draw (é becomes e, emoji are left out).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from bot.games.coins.art import FELT, GAP, INK, INK_DIM, Font, card_box, card_image, font, to_png
from bot.games.coins.table import Slot, TablePicture

PANEL: Final = (32, 90, 64)
CURRENT_SCALE: Final = 1.15
LAST_SCALE: Final = 0.8
TITLE_H, CAPTION_H, NOTE_H, PAD = 34, 26, 24, 12


def table_png(picture: TablePicture) -> bytes:
    """Draw the current trick (large) and the last trick (smaller, winner ringed) side by side."""
    cw, ch = card_box(CURRENT_SCALE)
    lw = card_box(LAST_SCALE)[0]
    left = PAD + 3 * (cw + GAP)
    width = left + PAD + (3 * (lw + GAP) + PAD if picture.last else 0)
    height = TITLE_H + ch + CAPTION_H + PAD
    image = Image.new("RGBA", (width, height), (*FELT, 255))
    draw = ImageDraw.Draw(image)
    _draw_row(image, picture.current, picture.current_title, PAD, CURRENT_SCALE)
    if picture.last:
        draw.rounded_rectangle((left + PAD // 2, 4, width - 4, height - 4), radius=10, fill=PANEL)
        _draw_row(image, picture.last, picture.last_title, left + PAD, LAST_SCALE)
        note = fit(drawable(picture.last_note), font(15), width - left - 2 * PAD)
        draw.text((left + PAD + 2, height - PAD - 4), note, font=font(15), fill=INK, anchor="ls")
    return to_png(image)


def _draw_row(image: Image.Image, slots: Sequence[Slot], title: str, x: int, scale: float) -> None:
    """Draw a titled row of three places with a caption under each."""
    draw = ImageDraw.Draw(image)
    w, h = card_box(scale)
    room = 3 * (w + GAP)
    title = fit(drawable(title), font(18), room)
    draw.text((x + 2, TITLE_H // 2 + 2), title, font=font(18), fill=INK, anchor="lm")
    for i, slot in enumerate(slots):
        at = (x + i * (w + GAP), TITLE_H)
        if slot.card is None:
            _draw_empty(draw, at, scale)
        else:
            image.alpha_composite(card_image(slot.card, scale=scale, ring=slot.ring), at)
        centre = (at[0] + w / 2, at[1] + h + 3)
        text = fit(drawable(slot.caption), font(15), w + GAP)
        draw.text(centre, text, font=font(15), fill=INK if slot.card else INK_DIM, anchor="ma")


def _draw_empty(draw: ImageDraw.ImageDraw, at: tuple[int, int], scale: float) -> None:
    """Draw an empty place of the trick as a faint outline."""
    w, h = card_box(scale)
    m = round(6 * scale)
    box = (at[0] + m, at[1] + m, at[0] + w - m, at[1] + h - m)
    draw.rounded_rectangle(box, radius=round(9 * scale), outline=INK_DIM, width=2)


def drawable(text: str) -> str:
    """Return what the bundled font can draw of a text."""
    plain = unicodedata.normalize("NFKD", text)
    return " ".join("".join(ch for ch in plain if has_glyph(ch)).split())


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Tell whether the bundled font draws a character rather than its empty box."""
    return ch.isspace() or _glyph(ch) != _glyph("\u0378")


@lru_cache(maxsize=4096)
def _glyph(ch: str) -> bytes:
    """Return the pixels of one character drawn alone."""
    image = Image.new("L", (32, 32))
    ImageDraw.Draw(image).text((4, 4), ch, font=font(16), fill=255)
    return image.tobytes()


def fit(text: str, f: Font, width: float) -> str:
    """Shorten text with an ellipsis until it fits a width."""
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"
