"""Pillow artwork for COVERTA: number cards, hand strips and the layout grid.

Every card shows its number and all six characteristics (rules §2.1) at a glance,
drawn and also written, so that no characteristic depends on colour vision:

- C6 background: the whole card is black or white (mid-grey border and rounded
  corners keep it visible on either Discord theme); written ``on BLK`` / ``on WHT``.
- C3 shape, C4 shape colour, C5 fill: the shape in the middle, written on the
  first bottom line as shape colour, fill, shape: ``BLU`` / ``ORG``, ``SOL`` / ``HOL``,
  ``SQR`` / ``CIR`` (it reads like "blue solid square on black").
- C1 parity, C2 number colour: the large number (outlined so a black number stays
  legible on a black card), with ``EVEN`` / ``ODD`` and ``RED`` / ``BLK`` written at
  the top right, next to the number they describe.

Badges: a thick gold ring and a gold "L" disc (bottom left) mark the last card placed;
a green ring and a green check disc (bottom right) mark a card that satisfies your
rules; a red "T" disc (bottom right) marks a penalty token.

Text is drawn with the drawing kit's shipped fonts (names in any script); the layout
is drawn on the kit's 4:3 table canvas, its cards as large as the grid allows.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.draw.canvas import (
    GOLD,
    GREEN,
    INK,
    INK_DIM,
    RED,
    RGB,
    SUPERSAMPLE,
    TABLE_SIZE,
    WHITE,
    canvas,
    clear,
    framed,
    grid_shape,
    png,
    smooth,
)
from bot.draw.shapes import badge, check_badge
from bot.draw.text import draw_text, fit, fit_named, fit_names, width
from bot.engine.i18n import _, current_language
from bot.engine.phrase import phrase, pphrase
from bot.games.coverta.cards import Card, Trait

CARD_WIDTH, CARD_HEIGHT = 120, 170
"""Card face size in design units (pixels at scale 1)."""
CARD_MARGIN = 8
"""Space around the face for the highlight rings, in design units."""

BACKGROUNDS: tuple[RGB, RGB] = ((20, 20, 20), (251, 251, 251))
NUMBER_COLOURS: tuple[RGB, RGB] = ((224, 38, 43), (17, 17, 17))
SHAPE_COLOURS: tuple[RGB, RGB] = ((45, 107, 224), (245, 144, 30))
BORDER: RGB = (140, 140, 140)
FELT: RGB = (30, 59, 50)
FELT_STRIPE: RGB = (36, 68, 58)
FELT_CURRENT: RGB = (48, 86, 72)

PARITY_TAGS = (pphrase("card tag", "EVEN"), pphrase("card tag", "ODD"))
NUMBER_COLOUR_TAGS = (pphrase("card tag", "RED"), pphrase("card tag", "BLK"))
SHAPE_TAGS = (pphrase("card tag", "SQR"), pphrase("card tag", "CIR"))
SHAPE_COLOUR_TAGS = (pphrase("card tag", "BLU"), pphrase("card tag", "ORG"))
FILL_TAGS = (pphrase("card tag", "SOL"), pphrase("card tag", "HOL"))
BACKGROUND_TAGS = (pphrase("card tag", "on BLK"), pphrase("card tag", "on WHT"))
LAST_BADGE = pphrase("badge", "L")
"""The letter of the last card placed (as the table text writes it)."""
TOKEN_BADGE = pphrase("badge", "T")

STRIP_GAP = 6
"""Pixels between the cards of a hand."""
MAX_WIDTH, MAX_HEIGHT = TABLE_SIZE
RECENT_COLUMNS = 12
"""With more columns than column 0 plus this many, the middle ones are elided."""
LAYOUT_SCALE, MIN_SCALE = 1.0, 0.28
"""The largest card scale of the layout, and the smallest before the picture shrinks."""
BAND_GAIN = 1.2
"""Two bands are drawn only when their cards are at least this much larger than in one."""
PAD, CELL_GAP, LABEL_MAX, HEADER, ELLIPSIS_WIDTH = 6, 4, 130, 30, 30
NAME_LINE = 22
"""The height of a name written above its row's cards, where a band has no label column."""


@dataclass(frozen=True)
class LayoutCell:
    """One card of the layout, where it lies and how to mark it."""

    card: Card
    row: int
    """Index into LayoutGrid.rows (0 is the starting card's row)."""
    column: int
    """The round it was placed in (0 for the starting card)."""
    placement: int
    """Its placement number; cards sharing a cell are drawn in this order."""
    by: str | None = None
    """Who placed it, when not the row's owner (shown as "by <name>")."""
    token: bool = False
    """Whether a penalty token lies on it."""
    last: bool = False
    """Whether it is L, the last card placed."""


@dataclass(frozen=True)
class LayoutGrid:
    """The public layout: row labels (start, then players), columns 0..r, cards."""

    rows: tuple[str, ...]
    """Row labels: "start", then the players' names in seat order."""
    columns: int
    """How many columns, r + 1 for columns 0..r."""
    cells: tuple[LayoutCell, ...]


def card_box(scale: float) -> tuple[int, int]:
    """Return the pixel size of a card image, margin included, at a scale."""
    width = round((CARD_WIDTH + 2 * CARD_MARGIN) * scale)
    return width, round((CARD_HEIGHT + 2 * CARD_MARGIN) * scale)


def card_image(
    card: Card, *, scale: float = 1.0, marked: bool = False, last: bool = False
) -> Image.Image:
    """Draw one card (with its highlight ring and badges) as an RGBA image."""
    return _card_image(card, scale, marked, last, current_language()).copy()


@lru_cache(maxsize=1024)
def _card_image(card: Card, scale: float, marked: bool, last: bool, language: str) -> Image.Image:
    """Draw a card once per look and language (the traits are written on it); tables redraw
    the same cards on every move."""
    k = scale * SUPERSAMPLE
    big = clear(card_box(k))
    draw = ImageDraw.Draw(big)
    ring = GOLD if last else GREEN if marked else None
    if ring is not None:
        draw.rounded_rectangle((0, 0, *big.size), radius=round(20 * k), fill=ring)
    _draw_face(draw, card, k)
    if marked:
        size = round(28 * k)
        big.alpha_composite(check_badge(size), (big.width - size, big.height - size))
    if last:
        size = round(34 * k)
        big.alpha_composite(
            badge(size, GOLD, LAST_BADGE.words(), (40, 30, 0)), (0, big.height - size)
        )
    return smooth(big, card_box(scale))


def _draw_face(draw: ImageDraw.ImageDraw, card: Card, k: float) -> None:
    """Draw the card face: background, shape, number and written traits."""
    m = CARD_MARGIN * k
    background = BACKGROUNDS[card.value(Trait.BACKGROUND)]
    box = (m, m, m + CARD_WIDTH * k, m + CARD_HEIGHT * k)
    draw.rounded_rectangle(box, radius=round(12 * k), fill=background)
    draw.rounded_rectangle(box, radius=round(12 * k), outline=BORDER, width=round(2 * k))
    _draw_shape(draw, card, k, m)
    _draw_number(draw, card, k, m)
    _draw_labels(draw, card, k, m)


def _draw_shape(draw: ImageDraw.ImageDraw, card: Card, k: float, m: float) -> None:
    """Draw the square or circle, solid or hollow, in blue or orange."""
    colour = SHAPE_COLOURS[card.value(Trait.SHAPE_COLOUR)]
    half = (27 if card.value(Trait.SHAPE) == 0 else 30) * k
    cx, cy = m + 60 * k, m + 94 * k
    box = (cx - half, cy - half, cx + half, cy + half)
    solid = card.value(Trait.FILL) == 0
    fill, width = (colour, 0) if solid else (None, round(8 * k))
    if card.value(Trait.SHAPE) == 0:
        draw.rectangle(box, fill=fill, outline=colour, width=width)
    else:
        draw.ellipse(box, fill=fill, outline=colour, width=width)


def _draw_number(draw: ImageDraw.ImageDraw, card: Card, k: float, m: float) -> None:
    """Draw the number large, with an outline that contrasts with its colour."""
    black = card.value(Trait.NUMBER_COLOUR) == 1
    stroke, stroke_width = ((255, 255, 255), 2.5) if black else ((60, 0, 0), 1.0)
    ink = NUMBER_COLOURS[card.value(Trait.NUMBER_COLOUR)]
    at, size = (m + 10 * k, m + 50 * k), round(44 * k)
    draw_text(draw, at, str(card.number), size, ink, "ls", round(stroke_width * k), stroke)


def _draw_labels(draw: ImageDraw.ImageDraw, card: Card, k: float, m: float) -> None:
    """Write every trait: parity and number colour top right, the rest at the bottom."""
    ink = (232, 232, 232) if card.value(Trait.BACKGROUND) == 0 else (30, 30, 30)
    size, bold = round(11 * k), round(0.35 * k)
    right, centre = m + (CARD_WIDTH - 9) * k, m + CARD_WIDTH / 2 * k
    lines = [
        ((right, m + 20 * k), "rs", PARITY_TAGS[card.value(Trait.PARITY)].words()),
        ((right, m + 35 * k), "rs", NUMBER_COLOUR_TAGS[card.value(Trait.NUMBER_COLOUR)].words()),
        ((centre, m + 147 * k), "ms", _shape_words(card)),
        ((centre, m + 162 * k), "ms", BACKGROUND_TAGS[card.value(Trait.BACKGROUND)].words()),
    ]
    for xy, anchor, text in lines:
        draw_text(draw, xy, text, size, ink, anchor, bold, ink)


def _shape_words(card: Card) -> str:
    """Return the shape line, e.g. "BLU SOL SQR"."""
    colour = SHAPE_COLOUR_TAGS[card.value(Trait.SHAPE_COLOUR)]
    fill = FILL_TAGS[card.value(Trait.FILL)]
    shape = SHAPE_TAGS[card.value(Trait.SHAPE)]
    return phrase("{colour} {fill} {shape}", colour=colour, fill=fill, shape=shape).words()


def _png(image: Image.Image) -> bytes:
    """Encode an image as PNG bytes."""
    return png(image)


def card_strip_png(cards: Sequence[Card], marked: Collection[int] = ()) -> bytes:
    """Draw a hand of cards in the even rows that show them largest in Discord's box."""
    width, height = card_box(1.0)
    per_row, rows = grid_shape(len(cards), (width, height), STRIP_GAP)
    step_x, step_y = width + STRIP_GAP, height + STRIP_GAP
    size = (STRIP_GAP + per_row * step_x, STRIP_GAP + rows * step_y)
    image = canvas(size, FELT)
    for index, card in enumerate(cards):
        row, column = divmod(index, per_row)
        at = (STRIP_GAP + column * step_x, STRIP_GAP + row * step_y)
        image.alpha_composite(card_image(card, marked=card.number in marked), at)
    return _png(image)


@dataclass(frozen=True)
class _Plan:
    """Sizes of the layout picture at one card scale."""

    scale: float
    shown: tuple[int | None, ...]
    widths: tuple[int, ...]
    label_width: int
    row_ids: tuple[int, ...]
    """The grid rows this band draws, top to bottom."""
    row_heights: tuple[int, ...]
    """Each drawn row's height: room for a "by X" caption only in rows that show one."""
    current: bool = True
    """Whether this band holds the current (last) column, drawn highlighted."""
    names_above: bool = False
    """Whether each row's name is written above its cards, instead of in a label column."""

    @property
    def above(self) -> int:
        """Return the height a row gives its name above the cards."""
        return NAME_LINE if self.names_above else 0

    @property
    def size(self) -> tuple[int, int]:
        """Return the whole picture's pixel size."""
        return self.label_width + sum(self.widths), HEADER + sum(self.row_heights)

    @property
    def rows(self) -> int:
        """Return how many rows the band draws."""
        return len(self.row_ids)

    def left(self, index: int) -> int:
        """Return the x of the left edge of the index-th shown column."""
        return self.label_width + sum(self.widths[:index])

    def top(self, row: int) -> int:
        """Return the y of the top edge of a row."""
        return HEADER + sum(self.row_heights[:row])

    def cards_top(self, row: int) -> int:
        """Return the y of the top edge of a row's cards area (under its name, if above)."""
        return self.top(row) + self.above

    def middle(self, row: int) -> float:
        """Return the y of the middle of a row's cards area."""
        return self.cards_top(row) + (self.row_heights[row] - self.above) / 2


def _shown_columns(columns: int) -> tuple[int | None, ...]:
    """Return the columns to draw: all, or 0, an ellipsis (None) and the most recent."""
    if columns <= RECENT_COLUMNS + 1:
        return tuple(range(columns))
    return (0, None, *range(columns - RECENT_COLUMNS, columns))


def _cell_counts(grid: LayoutGrid) -> dict[tuple[int, int], int]:
    """Return how many cards lie in each (row, column) cell."""
    counts: dict[tuple[int, int], int] = {}
    for cell in grid.cells:
        counts[cell.row, cell.column] = counts.get((cell.row, cell.column), 0) + 1
    return counts


def _plan(
    grid: LayoutGrid,
    scale: float,
    shown: tuple[int | None, ...] | None = None,
    current: bool = True,
    row_ids: tuple[int, ...] | None = None,
    names_above: bool = False,
) -> _Plan:
    """Measure the layout picture (or one band of its columns) at one card scale."""
    counts = _cell_counts(grid)
    shown = _shown_columns(grid.columns) if shown is None else shown
    card_width, card_height = card_box(scale)
    rows = range(len(grid.rows))
    deepest = {c: max([1] + [counts.get((r, c), 0) for r in rows]) for c in shown if c is not None}
    widths = tuple(
        ELLIPSIS_WIDTH if c is None else 2 * PAD + (card_width + CELL_GAP) * deepest[c]
        for c in shown
    )
    labels = [width(label, 16) for label in row_labels(grid.rows)] or [0.0]
    label_width = 0 if names_above else 16 + min(LABEL_MAX, round(max(labels)))
    above = NAME_LINE if names_above else 0
    row_ids = tuple(range(len(grid.rows))) if row_ids is None else row_ids
    captioned = {c.row for c in grid.cells if c.by is not None and c.column in deepest}
    heights = tuple(
        above + 2 * PAD + card_height + 4 + (_caption_size(scale) if row in captioned else 0)
        for row in row_ids
    )
    return _Plan(scale, shown, widths, label_width, row_ids, heights, current, names_above)


def _caption_size(scale: float) -> int:
    """Return the font size of a "by X" caption."""
    return max(11, round(14 * scale))


NAMES_ABOVE = "rows, names above"
"""The side-by-side split that writes names above the rows: wider bands, taller rows."""
Placed = tuple[tuple[_Plan, tuple[int, int]], ...]
"""Bands of the layout with the top-left corner each is drawn at."""


def _bands(grid: LayoutGrid, split: str, scale: float) -> Placed:
    """Measure the layout whole (``one``), its columns in two stacked bands (``columns``),
    or its rows in two bands side by side, each with its label column (``rows``) or with
    every name above its row's cards (``rows, names above``)."""
    if split == "columns":
        shown = _shown_columns(grid.columns)
        size = -(-len(shown) // 2)
        parts = [shown[:size], shown[size:]]
        upper = _plan(grid, scale, parts[0], current=False)
        return (upper, (0, 0)), (_plan(grid, scale, parts[1]), (0, upper.size[1]))
    if split in ("rows", NAMES_ABOVE):
        ids, above = tuple(range(len(grid.rows))), split == NAMES_ABOVE
        size = -(-len(ids) // 2)
        left = _plan(grid, scale, row_ids=ids[:size], names_above=above)
        right = _plan(grid, scale, row_ids=ids[size:], names_above=above)
        return (left, (0, 0)), (right, (left.size[0], 0))
    return ((_plan(grid, scale), (0, 0)),)


def _extent(bands: Placed) -> tuple[int, int]:
    """Return the size of the picture holding placed bands."""
    right = max(at[0] + plan.size[0] for plan, at in bands)
    return right, max(at[1] + plan.size[1] for plan, at in bands)


def _fitting(grid: LayoutGrid, split: str) -> Placed:
    """Shrink the cards of a split until it fits the size caps (or the scale floor)."""
    bands = _bands(grid, split, LAYOUT_SCALE)
    while bands[0][0].scale > MIN_SCALE and not _fits(_extent(bands)):
        bands = _bands(grid, split, max(MIN_SCALE, bands[0][0].scale * 0.95))
    return bands


def _choose_plan(grid: LayoutGrid) -> Placed:
    """Return the bands to draw: the whole grid, or two bands when their cards are clearly larger.

    A layout with many rounds and few players is wide and flat: its columns are cut in
    two bands stacked top to bottom. One with many players and few rounds is tall and
    narrow: its rows are cut in two bands side by side, whose names go above the rows
    when that leaves the cards more room than a label column in each band. Either fills
    the 4:3 picture.
    """
    best = _fitting(grid, "one")
    splits = []
    if len(_shown_columns(grid.columns)) >= 4:
        splits.append("columns")
    if len(grid.rows) >= 4:
        splits += ["rows", NAMES_ABOVE]
    largest = max((_fitting(grid, s) for s in splits), key=lambda b: b[0][0].scale, default=None)
    if largest is not None and largest[0][0].scale > best[0][0].scale * BAND_GAIN:
        return largest
    return best


def _fits(size: tuple[int, int]) -> bool:
    """Return whether a pixel size is within the caps."""
    return size[0] <= MAX_WIDTH and size[1] <= MAX_HEIGHT


def layout_png(grid: LayoutGrid) -> bytes:
    """Draw the layout grid (rows by columns, several cards per cell) as PNG bytes."""
    bands = _choose_plan(grid)
    image = canvas(_extent(bands), FELT)
    for plan, at in bands:
        image.alpha_composite(_band_image(grid, plan), at)
        if at[0]:
            ImageDraw.Draw(image).line((at[0], 0, at[0], image.height), fill=INK_DIM, width=2)
    return _png(framed(image, FELT, grow=1.0))


def _band_image(grid: LayoutGrid, plan: _Plan) -> Image.Image:
    """Draw one band of the layout: its header, the row labels and its columns' cards."""
    image = canvas(plan.size, FELT)
    _draw_backdrop(ImageDraw.Draw(image), plan, grid)
    index = {column: i for i, column in enumerate(plan.shown) if column is not None}
    local = {row: i for i, row in enumerate(plan.row_ids)}
    by_cell: dict[tuple[int, int], list[LayoutCell]] = {}
    for cell in sorted(grid.cells, key=lambda c: c.placement):
        if cell.column in index and cell.row in local:
            by_cell.setdefault((local[cell.row], index[cell.column]), []).append(cell)
    captions = by_captions(grid, plan.scale)
    for (row, i), cells in by_cell.items():
        _draw_cell(image, plan, plan.left(i), plan.cards_top(row), plan.widths[i], cells, captions)
    return image


@lru_cache(maxsize=32)
def row_labels(rows: tuple[str, ...], room: int = LABEL_MAX) -> tuple[str, ...]:
    """Return the row labels as drawn: each name fitted to the room it has (the label
    column's width by default), told apart (measured once, though every trial scale of
    the layout asks)."""
    return tuple(fit_names(rows, 16, room))


def by_captions(grid: LayoutGrid, scale: float) -> dict[str, str]:
    """Return each player's "by X" caption fitted under a card, the players told apart."""
    names = grid.rows[1:]
    fitted = fit_named(_("by {player}"), names, _caption_size(scale), card_box(scale)[0])
    return dict(zip(names, fitted, strict=True))


def _draw_backdrop(draw: ImageDraw.ImageDraw, plan: _Plan, grid: LayoutGrid) -> None:
    """Draw row stripes, the current column band, the header and the row labels."""
    width, height = plan.size
    for row, row_id in enumerate(plan.row_ids):
        if row_id % 2:
            box = (0, plan.top(row), width, plan.top(row + 1) - 1)
            draw.rectangle(box, fill=FELT_STRIPE)
    if plan.shown and plan.current:
        draw.rectangle((plan.left(len(plan.shown) - 1), 0, width, height), fill=FELT_CURRENT)
    _draw_header(draw, plan)
    labels = row_labels(grid.rows, width - 16 if plan.names_above else LABEL_MAX)
    for row, row_id in enumerate(plan.row_ids):
        y = plan.top(row) + plan.above / 2 + 2 if plan.names_above else plan.middle(row)
        draw_text(draw, (8, y), labels[row_id], 16, INK if row_id else INK_DIM, anchor="lm")


def _draw_header(draw: ImageDraw.ImageDraw, plan: _Plan) -> None:
    """Draw the round numbers above the columns, and the ellipsis column."""
    draw.line((0, HEADER - 1, plan.size[0], HEADER - 1), fill=INK_DIM, width=1)
    if not plan.names_above:  # over the label column; without one, the numbers say it
        draw_text(draw, (8, HEADER / 2), _("round"), 14, INK_DIM, anchor="lm")
    for i, column in enumerate(plan.shown):
        text = "…" if column is None else column_label(column)
        centre = plan.left(i) + plan.widths[i] / 2
        size, ink = (14, INK_DIM) if column == 0 else (18, INK)
        draw_text(draw, (centre, HEADER / 2), text, size, ink, anchor="mm")
        if column is None:
            _draw_ellipsis_column(draw, plan, centre)


def column_label(column: int) -> str:
    """Return a column's heading: its round (from 1), or "start" for the starting card's."""
    return _("start") if column == 0 else str(column)


def _draw_ellipsis_column(draw: ImageDraw.ImageDraw, plan: _Plan, centre: float) -> None:
    """Mark every row of the elided columns with an ellipsis."""
    for row in range(plan.rows):
        draw_text(draw, (centre, plan.middle(row)), "…", 20, INK_DIM, anchor="mm")


def _draw_cell(
    image: Image.Image,
    plan: _Plan,
    x: int,
    y: int,
    width: int,
    cells: list[LayoutCell],
    captions: dict[str, str],
) -> None:
    """Draw a cell's cards side by side in placement order, with badges and captions."""
    card_width, card_height = card_box(plan.scale)
    step = card_width + CELL_GAP
    left = x + (width - step * len(cells) + CELL_GAP) // 2
    for n, cell in enumerate(cells):
        at = (left + n * step, y + PAD)
        image.alpha_composite(card_image(cell.card, scale=plan.scale, last=cell.last), at)
        if cell.token:
            token = _token_badge(plan.scale)
            corner = (at[0] + card_width - token.width, at[1] + card_height - token.height)
            image.alpha_composite(token, corner)
        if cell.by is not None:
            caption = captions.get(cell.by) or _("by {player}").format(player=cell.by)
            _draw_caption(ImageDraw.Draw(image), plan.scale, at, caption)


def _draw_caption(draw: ImageDraw.ImageDraw, scale: float, at: tuple[int, int], text: str) -> None:
    """Write a caption centred under the card drawn at a point."""
    card_width, card_height = card_box(scale)
    size = _caption_size(scale)
    centre = (at[0] + card_width / 2, at[1] + card_height + 1)
    draw_text(draw, centre, fit(text, size, card_width), size, INK, anchor="ma")


def _token_size(scale: float) -> int:
    """Return the pixel diameter of a token badge."""
    return max(16, round(32 * scale))


def _token_badge(scale: float) -> Image.Image:
    """Return a smoothed red token badge at a scale."""
    return badge(_token_size(scale), RED, TOKEN_BADGE.words(), WHITE)
