"""The NEVER OVER table picture: a row per player, then the discards and the stock.

Each row shows the player's name and marks (turn, dealer, team, retired), the top
of their green pile with its total, the top of their red pile with the cap it
sets (an empty pile is drawn as an outline reading "4"), and their hand size.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from bot.games.never_over.art import (
    FELT,
    FELT_TURN,
    GOLD,
    GREEN_EDGE,
    INK,
    INK_DIM,
    RED_EDGE,
    back_image,
    card_image,
    empty_slot,
    font,
    png,
)
from bot.games.never_over.cards import TOP
from bot.games.never_over.views import PlayerView, PublicView

WIDTH: Final = 900
HEADER: Final = 36
ROW: Final = 100
PILE_CARD: Final = (58, 82)
SMALL_CARD: Final = (38, 54)
NAME_X, GREEN_X, TOTAL_X, RED_X, CAP_X, HAND_X = 14, 186, 460, 550, 618, 722
FAN_STEP, FAN_MAX = 30, 8
DISCARD_STEP, DISCARD_ROWS = 31, 2
STOCK_X: Final = WIDTH - 96


def table_png(view: PublicView, names: Sequence[str]) -> bytes:
    """Draw the whole table as PNG bytes."""
    bottom = 40 + DISCARD_ROWS * (SMALL_CARD[1] + 8) + 14
    height = HEADER + ROW * len(view.players) + bottom
    image = Image.new("RGBA", (WIDTH, height), (*FELT, 255))
    draw = ImageDraw.Draw(image)
    _draw_header(draw, view)
    for index, player in enumerate(view.players):
        _draw_player(image, view, player, names[player.seat], HEADER + index * ROW)
    _draw_bottom(image, view, HEADER + ROW * len(view.players))
    return png(image)


def _draw_header(draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    """Write the game number and the column titles."""
    status = " · over" if view.over else ""
    draw.text(
        (NAME_X, HEADER / 2),
        f"Game {view.game}/{view.games}{status}",
        font=font(20),
        fill=INK,
        anchor="lm",
    )
    for x, text in ((GREEN_X, "green pile (score)"), (RED_X, "red pile (cap)"), (HAND_X, "hand")):
        draw.text((x, HEADER / 2), text, font=font(16), fill=INK_DIM, anchor="lm")
    draw.line((0, HEADER - 1, WIDTH, HEADER - 1), fill=INK_DIM, width=1)


def _draw_player(
    image: Image.Image, view: PublicView, player: PlayerView, name: str, top: int
) -> None:
    """Draw one player's row."""
    draw = ImageDraw.Draw(image)
    if view.turn == player.seat:
        draw.rectangle((0, top, WIDTH, top + ROW - 1), fill=FELT_TURN)
        draw.polygon([(2, top + 30), (10, top + 38), (2, top + 46)], fill=GOLD)
    draw.line((0, top + ROW - 1, WIDTH, top + ROW - 1), fill=(45, 70, 62), width=1)
    _draw_name(draw, view, player, name, top)
    middle = top + (ROW - PILE_CARD[1]) // 2
    _draw_green(image, player, middle, player.total if view.games > 1 else None)
    _draw_red(image, player, middle)
    _draw_hand(image, player, middle)


def _draw_name(
    draw: ImageDraw.ImageDraw, view: PublicView, player: PlayerView, name: str, top: int
) -> None:
    """Write the name and the player's marks under it."""
    draw.text(
        (NAME_X, top + 28),
        fit(drawable(name) or f"Seat {player.seat + 1}", 20, GREEN_X - NAME_X - 14),
        font=font(20),
        fill=INK,
        anchor="lm",
    )
    marks = []
    if player.team:
        marks.append(f"Team {player.team}")
    if player.seat == view.dealer:
        marks.append("dealer")
    draw.text((NAME_X, top + 54), " · ".join(marks), font=font(15), fill=INK_DIM, anchor="lm")
    if player.retired:
        draw.text((NAME_X, top + 76), "RETIRED", font=font(16), fill=GOLD, anchor="lm")


def _draw_green(image: Image.Image, player: PlayerView, y: int, session: int | None) -> None:
    """Fan the latest green cards and write the score beside them."""
    draw = ImageDraw.Draw(image)
    shown = player.green[-FAN_MAX:]
    if not shown:
        image.alpha_composite(empty_slot(PILE_CARD, "0"), (GREEN_X, y))
    for i, card in enumerate(shown):
        image.alpha_composite(card_image(card, PILE_CARD), (GREEN_X + i * FAN_STEP, y))
    hidden = len(player.green) - len(shown)
    if hidden:
        draw.text(
            (GREEN_X, y - 3), f"+{hidden} more below", font=font(13), fill=INK_DIM, anchor="lb"
        )
    middle = y + PILE_CARD[1] / 2
    draw.text((TOTAL_X, middle - 6), str(player.score), font=font(34), fill=GREEN_EDGE, anchor="lm")
    if session is not None:
        draw.text(
            (TOTAL_X, middle + 24), f"session {session}", font=font(14), fill=INK_DIM, anchor="lm"
        )


def _draw_red(image: Image.Image, player: PlayerView, y: int) -> None:
    """Draw the top red card (or the empty outline) and the cap it sets."""
    draw = ImageDraw.Draw(image)
    if player.red:
        image.alpha_composite(card_image(player.red[-1], PILE_CARD), (RED_X, y))
    else:
        image.alpha_composite(empty_slot(PILE_CARD, str(TOP)), (RED_X, y))
    draw.text((CAP_X, y + 24), f"cap {player.cap}", font=font(24), fill=RED_EDGE, anchor="lm")
    under = f"{len(player.red)} red" if player.red else "empty pile"
    draw.text((CAP_X, y + 52), under, font=font(15), fill=INK_DIM, anchor="lm")


def _draw_hand(image: Image.Image, player: PlayerView, y: int) -> None:
    """Draw a face-down card with the hand size, or the set-aside count once retired."""
    draw = ImageDraw.Draw(image)
    if player.hand:
        image.alpha_composite(back_image(PILE_CARD), (HAND_X, y))
    text = f"{player.hand} set aside" if player.retired else f"{player.hand} cards"
    draw.text(
        (HAND_X + PILE_CARD[0] + 10, y + PILE_CARD[1] / 2),
        text,
        font=font(17),
        fill=INK,
        anchor="lm",
    )


def _draw_bottom(image: Image.Image, view: PublicView, top: int) -> None:
    """Draw the discards in order (oldest first) and the stock."""
    draw = ImageDraw.Draw(image)
    draw.text(
        (NAME_X, top + 20), "Discards, oldest first", font=font(16), fill=INK_DIM, anchor="lm"
    )
    per_row = (STOCK_X - 30 - NAME_X - SMALL_CARD[0]) // DISCARD_STEP + 1
    room = per_row * DISCARD_ROWS
    shown = list(view.discards)
    if len(shown) > room:
        draw.text(
            (NAME_X + 200, top + 20),
            f"({len(shown) - room + 1} older not shown)",
            font=font(14),
            fill=INK_DIM,
            anchor="lm",
        )
        shown = shown[-(room - 1) :]
    if not shown:
        draw.text((NAME_X, top + 52), "none yet", font=font(16), fill=INK, anchor="lm")
    for i, card in enumerate(shown):
        row, column = divmod(i, per_row)
        at = (NAME_X + column * DISCARD_STEP, top + 36 + row * (SMALL_CARD[1] + 8))
        image.alpha_composite(card_image(card, SMALL_CARD), at)
    _draw_stock(image, view.stock, top)


def _draw_stock(image: Image.Image, count: int, top: int) -> None:
    """Draw the stock as a face-down card with its size."""
    draw = ImageDraw.Draw(image)
    draw.text((STOCK_X, top + 20), "stock", font=font(16), fill=INK_DIM, anchor="lm")
    at = (STOCK_X, top + 36)
    if count:
        image.alpha_composite(back_image(PILE_CARD), at)
    else:
        image.alpha_composite(empty_slot(PILE_CARD, "0"), at)
    centre = (at[0] + PILE_CARD[0] / 2, at[1] + PILE_CARD[1] / 2)
    draw.text(
        centre,
        str(count),
        font=font(24),
        fill=INK,
        anchor="mm",
        stroke_width=3,
        stroke_fill=(20, 30, 60),
    )


def drawable(text: str) -> str:
    """Return what the bundled font can draw of a text: é becomes e, emoji are left out."""
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


def fit(text: str, size: int, width: int) -> str:
    """Return text, shortened with an ellipsis if it is wider than width."""
    if font(size).getlength(text) <= width:
        return text
    while text and font(size).getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"
