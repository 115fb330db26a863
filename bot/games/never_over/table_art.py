"""The NEVER OVER table picture: a row per player, then the discards and the stock.

Each row shows the player's name and marks (turn, dealer, team, retired), the top
of their green pile with its total, the top of their red pile with the cap it
sets (an empty pile is drawn as an outline reading "4"), and their hand size.
The picture is the kit's 4:3 table size: rows grow with few players and shrink
with many, and the discards take the height that is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from bot.draw.canvas import GOLD, INK, INK_DIM, TABLE_SIZE, canvas, png
from bot.draw.text import draw_text, fit, fit_names, fit_size, width
from bot.engine.i18n import _, ngettext
from bot.games.never_over.art import (
    FELT,
    FELT_TURN,
    GREEN_EDGE,
    RED_EDGE,
    back_image,
    card_image,
    empty_slot,
)
from bot.games.never_over.cards import TOP
from bot.games.never_over.views import PlayerView, PublicView

WIDTH, HEIGHT = TABLE_SIZE
HEADER: Final = 36
ROW_MAX: Final = 150
"""A player's row is at most this tall (with two players); at scale 1 it is 100."""
PILE_CARD: Final = (58, 82)
"""A pile card at row scale 1."""
SMALL_CARD: Final = (38, 54)
NAME_X, GREEN_X, TOTAL_X, RED_X, HAND_X = 12, 160, 390, 460, 640
NAME_ROOM: Final = GREEN_X - NAME_X - 14
"""The width of the names column (and of the game title above it)."""
FAN_STEP: Final = 28
DISCARD_STEP, DISCARD_ROWS_MAX = 31, 3
STOCK_X: Final = WIDTH - 84
BOTTOM_MIN: Final = 40 + SMALL_CARD[1] + 8 + 14
"""The discards area holds at least one row of discards."""


@dataclass(frozen=True)
class Rows:
    """The height of a player's row and the sizes that follow from it."""

    height: int

    @property
    def k(self) -> float:
        """Return the row's scale against the 100 px design row."""
        return self.height / 100

    @property
    def card(self) -> tuple[int, int]:
        """Return the pile card size in this row (at most 1.2 times the design size)."""
        k = min(self.k, 1.2)
        return round(PILE_CARD[0] * k), round(PILE_CARD[1] * k)

    def size(self, points: float) -> int:
        """Return a font size scaled with the row (not below 12)."""
        return max(12, round(points * min(self.k, 1.2)))


def _rows(players: int) -> Rows:
    """Return the row height that fills the picture above the discards."""
    room = HEIGHT - HEADER - BOTTOM_MIN
    return Rows(min(ROW_MAX, room // max(players, 1)))


def table_png(view: PublicView, names: Sequence[str]) -> bytes:
    """Draw the whole table as PNG bytes, 800×600."""
    rows = _rows(len(view.players))
    image = canvas(TABLE_SIZE, FELT)
    draw = ImageDraw.Draw(image)
    _draw_header(draw, view)
    shown = fit_names([names[p.seat] for p in view.players], rows.size(20), NAME_ROOM)
    for index, player in enumerate(view.players):
        top = HEADER + index * rows.height
        _draw_player(image, view, player, shown[index], (top, rows))
    _draw_bottom(image, view, HEADER + rows.height * len(view.players))
    return png(image)


def _draw_header(draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    """Write the game number and the column titles."""
    title = _("Game {game}/{games} · over") if view.over else _("Game {game}/{games}")
    title = title.format(game=view.game, games=view.games)
    size = fit_size(title, 19, NAME_ROOM, smallest=12)
    draw_text(draw, (NAME_X, HEADER / 2), fit(title, size, NAME_ROOM), size, INK, "lm")
    heads = ((GREEN_X, _("green pile (score)")), (RED_X, _("red pile (cap)")), (HAND_X, _("hand")))
    for x, text in heads:
        draw_text(draw, (x, HEADER / 2), text, 15, INK_DIM, "lm")
    draw.line((0, HEADER - 1, WIDTH, HEADER - 1), fill=INK_DIM, width=1)


def _draw_player(
    image: Image.Image, view: PublicView, player: PlayerView, name: str, place: tuple[int, Rows]
) -> None:
    """Draw one player's row."""
    top, rows = place
    draw = ImageDraw.Draw(image)
    if view.turn == player.seat:
        draw.rectangle((0, top, WIDTH, top + rows.height - 1), fill=FELT_TURN)
        mid = top + rows.height * 0.3
        draw.polygon([(2, mid - 8), (9, mid), (2, mid + 8)], fill=GOLD)
    draw.line((0, top + rows.height - 1, WIDTH, top + rows.height - 1), fill=(45, 70, 62), width=1)
    _draw_name(draw, view, player, name, (top, rows))
    middle = top + (rows.height - rows.card[1]) // 2
    _draw_green(image, player, (middle, rows), player.total if view.games > 1 else None)
    _draw_red(image, player, (middle, rows))
    _draw_hand(image, player, (middle, rows))


def _draw_name(
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    player: PlayerView,
    name: str,
    place: tuple[int, Rows],
) -> None:
    """Write the name and the player's marks under it."""
    top, rows = place
    size, room = rows.size(20), NAME_ROOM
    shown = fit(name, size, room) or _("Seat {number}").format(number=player.seat + 1)
    draw_text(draw, (NAME_X, top + rows.height * 0.3), shown, size, INK, "lm")
    marks = []
    if player.team:
        marks.append(_("Team {team}").format(team=player.team))
    if player.seat == view.dealer:
        marks.append(_("dealer"))
    said = " · ".join(marks)
    small = fit_size(said, rows.size(15), room, smallest=min(10, rows.size(15)))
    line = top + rows.height * 0.3 + size * 0.6 + small * 0.75
    draw_text(draw, (NAME_X, line), fit(said, small, room), small, INK_DIM, "lm")
    if player.retired:
        draw_text(draw, (NAME_X, line + small * 1.3), _("RETIRED"), small, GOLD, "lm")


def _draw_green(
    image: Image.Image, player: PlayerView, place: tuple[int, Rows], session: int | None
) -> None:
    """Fan the latest green cards and write the score beside them."""
    y, rows = place
    draw = ImageDraw.Draw(image)
    step = round(FAN_STEP * min(rows.k, 1.0))
    most = max(1, (TOTAL_X - 10 - GREEN_X - rows.card[0]) // step + 1)
    shown = player.green[-most:]
    if not shown:
        image.alpha_composite(empty_slot(rows.card, "0"), (GREEN_X, y))
    for i, card in enumerate(shown):
        image.alpha_composite(card_image(card, rows.card), (GREEN_X + i * step, y))
    hidden = len(player.green) - len(shown)
    if hidden:
        more = _("+{count} more below").format(count=hidden)
        draw_text(draw, (GREEN_X, y - 2), more, 12, INK_DIM, "lb")
    middle = y + rows.card[1] / 2
    draw_text(draw, (TOTAL_X, middle - 6), str(player.score), rows.size(32), GREEN_EDGE, "lm")
    if session is not None:
        text, small = session_label(session, rows.size(13))
        draw_text(draw, (TOTAL_X, middle + 12 + small * 0.6), text, small, INK_DIM, "lm")


def session_label(total: int, size: int) -> tuple[str, int]:
    """Return the session total under a score, and its size, in the room left of the red
    pile: the number always shows, the word only where it fits."""
    room = RED_X - TOTAL_X - 6
    text = _("session {total}").format(total=total)
    size = fit_size(text, size, room, smallest=min(9, size))
    return (text, size) if width(text, size) <= room else (f"Σ {total}", size)


def _draw_red(image: Image.Image, player: PlayerView, place: tuple[int, Rows]) -> None:
    """Draw the top red card (or the empty outline) and the cap it sets."""
    y, rows = place
    draw = ImageDraw.Draw(image)
    if player.red:
        image.alpha_composite(card_image(player.red[-1], rows.card), (RED_X, y))
    else:
        image.alpha_composite(empty_slot(rows.card, str(TOP)), (RED_X, y))
    x, middle = RED_X + rows.card[0] + 8, y + rows.card[1] / 2
    big, small = rows.size(22), min(14, rows.size(14))
    room = HAND_X - x - 6
    cap = fit(_("cap {cap}").format(cap=player.cap), big, room)
    draw_text(draw, (x, middle - big * 0.45), cap, big, RED_EDGE, "lm")
    count = len(player.red)
    under = (
        ngettext("{count} red", "{count} red", count).format(count=count) if count else _("empty")
    )
    draw_text(draw, (x, middle + small * 0.9), fit(under, small, room), small, INK_DIM, "lm")


def _draw_hand(image: Image.Image, player: PlayerView, place: tuple[int, Rows]) -> None:
    """Draw a face-down card with the hand size, or the set-aside count once retired."""
    y, rows = place
    draw = ImageDraw.Draw(image)
    if player.hand:
        image.alpha_composite(back_image(rows.card), (HAND_X, y))
    x, middle = HAND_X + rows.card[0] + 8, y + rows.card[1] / 2
    big, small = rows.size(22), min(14, rows.size(14))
    room = WIDTH - x - 4
    draw_text(draw, (x, middle - big * 0.45), str(player.hand), big, INK, "lm")
    under = _("set aside") if player.retired else ngettext("card", "cards", player.hand)
    draw_text(draw, (x, middle + small * 0.9), fit(under, small, room), small, INK_DIM, "lm")


def _draw_bottom(image: Image.Image, view: PublicView, top: int) -> None:
    """Draw the discards in order (oldest first) and the stock."""
    draw = ImageDraw.Draw(image)
    draw_text(draw, (NAME_X, top + 20), _("Discards, oldest first"), 15, INK_DIM, "lm")
    per_row = (STOCK_X - 30 - NAME_X - SMALL_CARD[0]) // DISCARD_STEP + 1
    lines = max(1, min(DISCARD_ROWS_MAX, (HEIGHT - top - 40 - 14) // (SMALL_CARD[1] + 8)))
    room = per_row * lines
    shown = list(view.discards)
    if len(shown) > room:
        more = _("({count} older not shown)").format(count=len(shown) - room + 1)
        draw_text(draw, (NAME_X + 200, top + 20), more, 14, INK_DIM, "lm")
        shown = shown[-(room - 1) :]
    if not shown:
        draw_text(draw, (NAME_X, top + 52), _("none yet"), 16, INK, "lm")
    for i, card in enumerate(shown):
        row, column = divmod(i, per_row)
        at = (NAME_X + column * DISCARD_STEP, top + 36 + row * (SMALL_CARD[1] + 8))
        image.alpha_composite(card_image(card, SMALL_CARD), at)
    _draw_stock(image, view.stock, top)


def _draw_stock(image: Image.Image, count: int, top: int) -> None:
    """Draw the stock as a face-down card with its size."""
    draw = ImageDraw.Draw(image)
    draw_text(draw, (STOCK_X, top + 20), _("stock"), 15, INK_DIM, "lm")
    at = (STOCK_X, top + 36)
    if count:
        image.alpha_composite(back_image(PILE_CARD), at)
    else:
        image.alpha_composite(empty_slot(PILE_CARD, "0"), at)
    centre = (at[0] + PILE_CARD[0] / 2, at[1] + PILE_CARD[1] / 2)
    draw_text(draw, centre, str(count), 24, INK, "mm", stroke_width=3, stroke_fill=(20, 30, 60))
