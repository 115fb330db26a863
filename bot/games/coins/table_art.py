"""The Coins table picture: the current trick, and under it the last trick and who won it.

Under each card is the name of who played it; the last trick's winning card is
ringed in gold and the reason it won is written beside it. The picture is the kit's
4:3 table size; names are drawn with the kit's font chain (accents, scripts, and
``AI`` for the robot marker).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from bot.draw.canvas import INK, INK_DIM, TABLE_SIZE, canvas
from bot.draw.text import draw_lines, draw_text, fit, fit_named, line_height, wrap
from bot.games.coins.art import FELT, GAP, card_box, card_image, to_png
from bot.games.coins.table import PLAYER, Slot, TablePicture

PANEL: Final = (32, 90, 64)
CURRENT_SCALE: Final = 1.5
"""The current trick's cards when the last trick is shown under it."""
ALONE_SCALE: Final = 1.85
"""The current trick's cards when no trick has been finished yet."""
LAST_SCALE: Final = 0.95
TITLE_H, CAPTION_H, PAD, TITLE, CAPTION, NOTE = 40, 30, 14, 22, 17, 18


def table_png(picture: TablePicture) -> bytes:
    """Draw the current trick (large, on top) and the last trick (below, winner ringed)."""
    width, height = TABLE_SIZE
    image = canvas(TABLE_SIZE, FELT)
    draw = ImageDraw.Draw(image)
    if not picture.last:
        block = TITLE_H + card_box(ALONE_SCALE)[1] + CAPTION_H
        _draw_row(image, picture.current, picture.current_title, (height - block) // 2, ALONE_SCALE)
        return to_png(image)
    _draw_row(image, picture.current, picture.current_title, PAD // 2, CURRENT_SCALE)
    top = PAD // 2 + TITLE_H + card_box(CURRENT_SCALE)[1] + CAPTION_H + 2
    draw.rounded_rectangle((PAD // 2, top, width - PAD // 2, height - PAD // 2), 12, fill=PANEL)
    right = _draw_row(image, picture.last, picture.last_title, top, LAST_SCALE, left=PAD + 4)
    room = width - right - 2 * PAD
    lines = wrap(picture.last_note, NOTE, room, lines=7)
    block = line_height(NOTE) * len(lines)
    middle = top + (height - top) / 2
    draw_lines(draw, (right + PAD, middle - block / 2), lines, NOTE, INK)
    return to_png(image)


def _draw_row(
    image: Image.Image,
    slots: Sequence[Slot],
    title: str,
    top: int,
    scale: float,
    left: int | None = None,
) -> int:
    """Draw a titled row of three places with a caption under each; return its right edge.

    The row is centred across the picture unless ``left`` is given.
    """
    draw = ImageDraw.Draw(image)
    w, h = card_box(scale)
    room = 3 * w + 2 * GAP
    x = (image.width - room) // 2 if left is None else left
    title = named(title, slots, TITLE, room, next((s for s in slots if s.ring), None))
    draw_text(draw, (x + 2, top + TITLE_H // 2 + 2), title, TITLE, INK, "lm")
    captions = [named(s.caption, slots, CAPTION, w + GAP, s) for s in slots]
    for i, slot in enumerate(slots):
        at = (x + i * (w + GAP), top + TITLE_H)
        if slot.card is None:
            _draw_empty(draw, at, scale)
        else:
            image.alpha_composite(card_image(slot.card, scale=scale, ring=slot.ring), at)
        centre = (at[0] + w / 2, at[1] + h + 4)
        draw_text(draw, centre, captions[i], CAPTION, INK if slot.card else INK_DIM, anchor="ma")
    return x + room


def named(text: str, slots: Sequence[Slot], size: int, room: float, slot: Slot | None) -> str:
    """Put a slot's player into a caption or title, the name cut so the rest of the text
    fits (``… to play``, ``+3``) and told apart from the row's other names."""
    if PLAYER not in text or slot is None:
        return fit(text.replace(PLAYER, ""), size, room)
    names = fit_named(text, [s.name for s in slots], size, room, PLAYER)
    return names[list(slots).index(slot)]


def _draw_empty(draw: ImageDraw.ImageDraw, at: tuple[int, int], scale: float) -> None:
    """Draw an empty place of the trick as a faint outline."""
    w, h = card_box(scale)
    m = round(6 * scale)
    box = (at[0] + m, at[1] + m, at[0] + w - m, at[1] + h - m)
    draw.rounded_rectangle(box, radius=round(9 * scale), outline=INK_DIM, width=2)
