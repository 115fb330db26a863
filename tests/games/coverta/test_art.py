"""Tests for the COVERTA artwork: cards, hand strips and the layout grid."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.draw.canvas import GOLD, GREEN, RED, fit_scale
from bot.games.coverta import art
from bot.games.coverta.art import LayoutCell, LayoutGrid, card_image, card_strip_png, layout_png
from bot.games.coverta.cards import Card
from tests.support.images import Colour, colour_mask, count_near, near, open_png

# A point on the face well away from the number, the shape and the labels.
BACKGROUND_POINT = (art.CARD_MARGIN + 15, art.CARD_MARGIN + 120)
SHAPE_CENTRE = (art.CARD_MARGIN + 60, art.CARD_MARGIN + 94)
RING_POINT = (2, (art.CARD_HEIGHT + 2 * art.CARD_MARGIN) // 2)


def make(number: int, traits: tuple[int, int, int, int, int]) -> Card:
    """Build a card from its number and its C2..C6 values (parity follows the number)."""
    return Card(number=number, traits=(number % 2, *traits))


def x_runs(image: Image.Image, colour: Colour) -> list[tuple[int, int]]:
    """Return the runs of columns (first, last) that hold a pixel close to a colour."""
    hits, _ = colour_mask(image, colour).getprojection()
    runs: list[tuple[int, int]] = []
    for x, hit in enumerate(hits):
        if hit and runs and runs[-1][1] == x - 1:
            runs[-1] = (runs[-1][0], x)
        elif hit:
            runs.append((x, x))
    return runs


def grid_of(*cells: LayoutCell, columns: int = 4) -> LayoutGrid:
    """Build a layout grid with a start row and three players."""
    return LayoutGrid(rows=("start", "Alice", "Bob", "Carol"), columns=columns, cells=cells)


START = LayoutCell(make(12, (1, 0, 0, 0, 1)), row=0, column=0, placement=0)


def test_card_image_has_the_documented_size() -> None:
    image = card_image(make(7, (1, 1, 0, 0, 0)))
    assert image.size == art.card_box(1.0)
    assert 110 <= image.width <= 150 and 160 <= image.height <= 200
    assert card_image(make(7, (1, 1, 0, 0, 0)), scale=0.5).size == art.card_box(0.5)


@pytest.mark.parametrize(
    ("card", "point", "colour"),
    [
        # The background colour fills the card: black, then white.
        (make(7, (1, 1, 0, 0, 0)), BACKGROUND_POINT, art.BACKGROUNDS[0]),
        (make(7, (1, 1, 0, 0, 1)), BACKGROUND_POINT, art.BACKGROUNDS[1]),
        # A solid shape shows its colour at the centre: blue, then orange.
        (make(7, (1, 0, 0, 0, 1)), SHAPE_CENTRE, art.SHAPE_COLOURS[0]),
        (make(7, (1, 1, 1, 0, 1)), SHAPE_CENTRE, art.SHAPE_COLOURS[1]),
        # A hollow shape's centre shows the background, on either background.
        (make(8, (0, 0, 1, 1, 0)), SHAPE_CENTRE, art.BACKGROUNDS[0]),
        (make(8, (0, 0, 1, 1, 1)), SHAPE_CENTRE, art.BACKGROUNDS[1]),
    ],
)
def test_a_card_shows_its_colour_at_a_point(
    card: Card, point: tuple[int, int], colour: Colour
) -> None:
    pixel = card_image(card).getpixel(point)
    assert isinstance(pixel, tuple)
    assert near(pixel, colour, 10)


def test_hollow_shape_keeps_its_colour_on_the_outline() -> None:
    image = card_image(make(8, (1, 1, 1, 1, 1))).convert("RGB")
    assert count_near(image, art.SHAPE_COLOURS[1], 20) > 500


def test_square_and_circle_differ_at_the_corner_of_the_shape() -> None:
    corner = (SHAPE_CENTRE[0] - 25, SHAPE_CENTRE[1] - 25)
    square = card_image(make(7, (0, 0, 0, 0, 1))).getpixel(corner)
    circle = card_image(make(7, (0, 1, 0, 0, 1))).getpixel(corner)
    assert isinstance(square, tuple) and isinstance(circle, tuple)
    assert near(square, art.SHAPE_COLOURS[0], 10)
    assert near(circle, art.BACKGROUNDS[1], 10)


def test_number_colour_is_drawn_and_a_black_number_is_outlined() -> None:
    number_box = (art.CARD_MARGIN + 8, art.CARD_MARGIN + 8, art.CARD_MARGIN + 75, 60)
    red = card_image(make(27, (0, 0, 0, 0, 0))).convert("RGB").crop(number_box)
    black = card_image(make(27, (1, 0, 0, 0, 0))).convert("RGB").crop(number_box)
    assert count_near(red, art.NUMBER_COLOURS[0]) > 100
    assert count_near(black, art.NUMBER_COLOURS[0]) == 0
    assert count_near(black, (255, 255, 255), 30) > 100


def test_every_trait_changes_the_written_labels() -> None:
    labels = (0, art.CARD_MARGIN + 130, art.card_box(1.0)[0], art.card_box(1.0)[1])
    tags = (art.CARD_MARGIN + 75, 0, art.card_box(1.0)[0], art.CARD_MARGIN + 40)
    base = (1, 0, 0, 0, 0, 1)
    for index in range(6):
        t = [*base]
        t[index] = 1 - t[index]
        other = Card(number=8 - t[0], traits=(t[0], t[1], t[2], t[3], t[4], t[5]))
        box = tags if index < 2 else labels
        before = card_image(Card(number=7, traits=base)).crop(box).tobytes()
        assert card_image(other).crop(box).tobytes() != before, index


def test_rings_mark_last_and_marked_cards() -> None:
    card = make(7, (1, 1, 0, 0, 0))
    plain = card_image(card).getpixel(RING_POINT)
    marked = card_image(card, marked=True).getpixel(RING_POINT)
    last = card_image(card, last=True).getpixel(RING_POINT)
    assert isinstance(plain, tuple) and isinstance(marked, tuple) and isinstance(last, tuple)
    assert plain[3] == 0
    assert near(marked, GREEN, 10)
    assert near(last, GOLD, 10)


def test_a_hand_of_eight_is_drawn_in_two_rows_of_four() -> None:
    hand = [make(n, (n % 2, 0, 1, 0, 1)) for n in range(1, 9)]
    image = open_png(card_strip_png(hand))
    card_width, card_height = art.card_box(1.0)
    step_x, step_y = card_width + art.STRIP_GAP, card_height + art.STRIP_GAP
    assert image.size == (art.STRIP_GAP + 4 * step_x, art.STRIP_GAP + 2 * step_y)


def test_a_long_hand_shows_its_cards_larger_in_discords_box_than_one_row_would() -> None:
    hand = [make(n, (0, 0, 0, 0, 0)) for n in range(1, 15)]
    image = open_png(card_strip_png(hand))
    card_width, card_height = art.card_box(1.0)
    step_x, step_y = card_width + art.STRIP_GAP, card_height + art.STRIP_GAP
    assert image.size == (art.STRIP_GAP + 5 * step_x, art.STRIP_GAP + 3 * step_y)
    one_row = (art.STRIP_GAP + 14 * step_x, art.STRIP_GAP + step_y)
    box = (400, 300)
    assert fit_scale(image.size, box) > 2 * fit_scale(one_row, box)


def test_card_strip_highlights_marked_cards() -> None:
    hand = [make(n, (0, 0, 0, 0, 0)) for n in (3, 5, 9)]
    plain = open_png(card_strip_png(hand))
    marked = open_png(card_strip_png(hand, marked={5}))
    assert plain.size == marked.size
    assert count_near(plain, GREEN, 20) == 0
    greens = x_runs(marked, GREEN)
    card_width = art.card_box(1.0)[0]
    assert greens and card_width <= greens[0][0] and greens[-1][1] <= 2 * card_width + 40


def test_empty_inputs_still_make_pictures() -> None:
    assert open_png(card_strip_png([])).width > 0
    assert open_png(layout_png(LayoutGrid(rows=("start",), columns=1, cells=()))).width > 0


def test_layout_is_a_readable_png() -> None:
    cells = (START, LayoutCell(make(7, (1, 1, 0, 0, 0)), row=1, column=1, placement=1))
    image = open_png(layout_png(grid_of(*cells, columns=2)))
    assert 300 <= image.width <= art.MAX_WIDTH
    assert 300 <= image.height <= art.MAX_HEIGHT


def test_last_card_is_outlined_in_gold() -> None:
    card = LayoutCell(make(7, (1, 1, 0, 0, 0)), row=1, column=1, placement=1)
    last = LayoutCell(make(7, (1, 1, 0, 0, 0)), row=1, column=1, placement=1, last=True)
    assert count_near(open_png(layout_png(grid_of(START, card))), GOLD, 20) == 0
    assert count_near(open_png(layout_png(grid_of(START, last))), GOLD, 20) > 400


def test_token_is_drawn_as_a_red_badge() -> None:
    black_number = make(7, (1, 1, 0, 0, 0))
    plain = LayoutCell(black_number, row=1, column=1, placement=1)
    token = LayoutCell(black_number, row=1, column=1, placement=1, token=True)
    assert count_near(open_png(layout_png(grid_of(START, plain))), RED, 30) == 0
    assert count_near(open_png(layout_png(grid_of(START, token))), RED, 30) > 100


def test_caption_names_who_placed_the_card() -> None:
    card = make(7, (1, 1, 0, 0, 0))
    mine = open_png(layout_png(grid_of(START, LayoutCell(card, 2, 1, 1))))
    theirs = open_png(layout_png(grid_of(START, LayoutCell(card, 2, 1, 1, by="Alice"))))
    assert mine.size == theirs.size
    assert mine.tobytes() != theirs.tobytes()


def test_several_cards_in_one_cell_are_all_drawn_in_placement_order() -> None:
    orange, blue = (1, 0, 1, 0, 0), (1, 1, 0, 0, 0)
    cells = (
        LayoutCell(make(9, orange), row=1, column=1, placement=3),
        LayoutCell(make(5, blue), row=1, column=1, placement=2),
        LayoutCell(make(3, orange), row=1, column=1, placement=1),
    )
    image = open_png(layout_png(grid_of(*cells)))
    oranges, blues = x_runs(image, art.SHAPE_COLOURS[1]), x_runs(image, art.SHAPE_COLOURS[0])
    assert len(oranges) == 2 and len(blues) == 1
    assert oranges[0][1] < blues[0][0] and blues[0][1] < oranges[1][0]


def test_many_columns_stay_within_the_caps_and_elide_the_middle() -> None:
    def grid(columns: int) -> LayoutGrid:
        cells = [START]
        for column in range(1, columns):
            for row in (1, 2, 3):
                card = make(column % 40 + 1, (row % 2, column % 2, 0, 1, 0))
                cells.append(LayoutCell(card, row, column, 3 * column + row))
        return grid_of(*cells, columns=columns)

    wide = open_png(layout_png(grid(30)))
    assert wide.size == (art.MAX_WIDTH, art.MAX_HEIGHT)
    recent = open_png(layout_png(grid(art.RECENT_COLUMNS + 1)))
    assert recent.size == wide.size and recent.tobytes() != wide.tobytes()
    shown = art._shown_columns(30)
    assert shown[:2] == (0, None) and len(shown) == art.RECENT_COLUMNS + 2


def test_crowded_layout_is_scaled_down_to_the_caps() -> None:
    rows = ("start", "A", "B", "C", "D", "E", "F")
    cells = [START]
    for n in range(200):
        card = make(n % 40 + 1, (n % 2, 0, 1, 0, 1))
        cells.append(LayoutCell(card, 1 + n % 6, 1 + n % 14, n + 1, by="Someone", last=n == 199))
    image = open_png(layout_png(LayoutGrid(rows=rows, columns=15, cells=tuple(cells))))
    assert image.width <= art.MAX_WIDTH and image.height <= art.MAX_HEIGHT


def test_a_wide_flat_layout_is_cut_in_two_bands_with_larger_cards() -> None:
    """Two players and many rounds: two stacked bands fill the 4:3 picture better than one."""
    cells = [START]
    for column in range(1, 20):
        card = make(column % 40 + 1, (column % 2, 0, 1, 0, 1))
        cells.append(LayoutCell(card, 1 + column % 2, column, column + 1))
    flat = LayoutGrid(rows=("start", "A", "B"), columns=20, cells=tuple(cells))
    bands = art._choose_plan(flat)
    one = art._fitting(flat, "one")[0][0]
    assert len(bands) == 2 and bands[0][0].scale > one.scale * art.BAND_GAIN
    assert [plan.current for plan, _ in bands] == [False, True]
    assert bands[1][1][1] > 0, "the second band is under the first"
    assert open_png(layout_png(flat)).size == (art.MAX_WIDTH, art.MAX_HEIGHT)


def test_a_tall_narrow_layout_puts_its_rows_in_two_bands_side_by_side() -> None:
    """Six players at the start: the rows are split in two bands, each with every label."""
    tall = LayoutGrid(rows=("start", *"ABCDEF"), columns=2, cells=(START,))
    bands = art._choose_plan(tall)
    one = art._fitting(tall, "one")[0][0]
    assert len(bands) == 2 and bands[0][0].scale > one.scale * art.BAND_GAIN
    assert bands[0][0].row_ids + bands[1][0].row_ids == tuple(range(7))
    assert bands[1][1][0] > 0, "the second band is beside the first"
    three = LayoutGrid(rows=("start", "A", "B"), columns=2, cells=(START,))
    assert len(art._choose_plan(three)) == 1


def test_six_players_early_on_get_their_names_above_the_rows_and_larger_cards() -> None:
    """Six players in round 2: bands side by side that write each name above its row
    (no label column) draw the cards larger than bands that each keep a label column,
    and than one band; a long name gets the band's width instead of the column's."""
    names = ("start", "Ada", "Bartholomew-Alexander", "Cleo", "Dante", "Edda", "Fermat")
    cells = [START] + [
        LayoutCell(make(row + 1, (row % 2, 0, 1, 0, 1)), row, 1 + row % 2, row)
        for row in range(1, 7)
    ]
    grid = LayoutGrid(rows=names, columns=3, cells=tuple(cells))
    bands = art._choose_plan(grid)
    labelled = art._fitting(grid, "rows")[0][0].scale
    one = art._fitting(grid, "one")[0][0].scale
    assert len(bands) == 2 and all(plan.names_above for plan, _ in bands)
    first = bands[0][0]
    assert first.scale > labelled and first.scale > one * art.BAND_GAIN
    assert first.label_width == 0 and first.cards_top(1) == first.top(1) + art.NAME_LINE
    assert art.row_labels(names)[2] != names[2], "the label column cuts the long name"
    assert art.row_labels(names, first.size[0] - 16)[2] == names[2], "above, it is whole"
    image = art._band_image(grid, first).convert("RGB")
    strip = image.crop((8, first.top(1) + 2, 120, first.cards_top(1)))  # Ada's name line
    assert count_near(strip, art.INK, 60) > 20, "the name is written above the row"
    under = image.crop((8, first.cards_top(1) + 4, 60, first.top(2) - 4))
    assert count_near(under, art.INK, 60) == 0, "nothing is written beside the cards"


def test_only_rows_that_show_a_by_caption_make_room_for_it() -> None:
    """Six players, one card each: a row whose card someone else placed keeps room for
    "by X" under it; the others do not, so the cards of a layout without such captions
    are drawn larger than those of one where every row has one."""

    def layout(*placed_by_others: int) -> LayoutGrid:
        cells = [START] + [
            LayoutCell(
                make(row + 1, (row % 2, 0, 1, 0, 1)),
                row,
                1,
                row,
                by="D" if row in placed_by_others else None,
            )
            for row in range(1, 7)
        ]
        return LayoutGrid(rows=("start", *"ABCDEF"), columns=2, cells=tuple(cells))

    plain, one = art._plan(layout(), 0.5), art._plan(layout(2), 0.5)
    assert len(set(plain.row_heights)) == 1
    assert one.row_heights[2] > one.row_heights[1] == plain.row_heights[1]
    assert one.middle(2) == one.top(2) + one.row_heights[2] / 2 and one.top(3) > plain.top(3)
    larger, smaller = art._fitting(layout(), "one"), art._fitting(layout(*range(1, 7)), "one")
    assert larger[0][0].scale > smaller[0][0].scale


def test_the_picture_shows_the_round_under_way_and_no_round_zero(monkeypatch) -> None:
    """Item 8: the table text says "round r": the picture draws column r, and heads column 0
    "start" (the starting card), not round 0."""
    import random

    from bot.engine import CHANCE, Match
    from bot.games.coverta import GAME
    from bot.games.coverta import present as coverta_present

    drawn: list[LayoutGrid] = []
    real = art.layout_png
    monkeypatch.setattr(art, "layout_png", lambda grid: drawn.append(grid) or real(grid))
    rules = GAME.rules
    match = Match.new(rules, 3, GAME.spec.resolve_options({}, 3))
    rng = random.Random(4)
    checked = 0
    while match.outcome is None and match.seq < 400:
        view = rules.view(match.state, None)
        if view.layout and not view.over:
            coverta_present.layout_image(view, ["A", "B", "C"])
            assert drawn[-1].columns == view.round + 1, (drawn[-1].columns, view.round)
            checked += 1
        seat = min(rules.to_act(match.state))
        legal = rules.legal_actions(match.state, seat) if seat != CHANCE else ()
        action = rules.chance_outcome(match.state, rng) if seat == CHANCE else rng.choice(legal)
        match.step(seat, action.token())
    assert checked > 10
    assert art.column_label(0) == "start" and art.column_label(3) == "3"
