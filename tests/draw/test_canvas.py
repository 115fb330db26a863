"""The drawing kit's layout of a hand: even rows that fill Discord's 4:3 embed box."""

from __future__ import annotations

import pytest

from bot.draw.canvas import TABLE_SIZE, fit_scale, grid_shape

CARD, GAP, HEADER = (112, 162), 6, 30


def picture(columns: int, rows: int, least_width: int = 0) -> tuple[int, int]:
    return (
        max(GAP + columns * (CARD[0] + GAP), least_width),
        HEADER + GAP + rows * (CARD[1] + GAP),
    )


@pytest.mark.parametrize("least_width", [0, 700])
def test_no_other_arrangement_shows_the_cards_larger(least_width: int) -> None:
    for count in range(1, 41):
        columns, rows = grid_shape(count, CARD, GAP, HEADER, least_width)
        assert columns * rows >= count > (columns - 1) * rows  # every row but the last full
        assert rows - 1 < count / columns <= rows
        chosen = fit_scale(picture(columns, rows, least_width), TABLE_SIZE)
        for other in range(1, count + 1):
            shape = picture(other, -(-count // other), least_width)
            assert fit_scale(shape, TABLE_SIZE) <= chosen * 1.0001, (count, other)


def test_a_wide_title_keeps_a_short_hand_in_one_row() -> None:
    assert grid_shape(6, CARD, GAP, HEADER) == (3, 2)
    assert grid_shape(6, CARD, GAP, HEADER, least_width=900) == (6, 1)


def test_a_long_hand_is_about_four_by_three() -> None:
    columns, rows = grid_shape(30, CARD, GAP, HEADER)
    width, height = picture(columns, rows)
    assert 1.0 < width / height < 1.8
    assert (columns, rows) != (30, 1)
