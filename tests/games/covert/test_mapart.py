"""The Covert board picture: layout of the map, and what each part of a picture shows."""

from __future__ import annotations

import io
import math
from itertools import combinations

import pytest
from PIL import Image

from bot.games.covert import data
from bot.games.covert import mapgeometry as geo
from bot.games.covert.mapart import (
    BoardPicture,
    Die,
    Piece,
    agency_label,
    board_png,
    mission_label,
    tray_slots,
)
from bot.games.covert.mappieces import STYLES
from bot.games.covert.missions import MISSION

Box = tuple[float, float, float, float]
RGB = tuple[int, int, int]


def render(picture: BoardPicture) -> Image.Image:
    """Render a picture and decode it, checking it is a PNG."""
    png = board_png(picture)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(pixel: object, colour: tuple[int, ...], tolerance: int = 24) -> bool:
    """Return whether a pixel is within tolerance of a colour on every channel."""
    assert isinstance(pixel, tuple)
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))


def overlap(a: Box, b: Box) -> bool:
    """Return whether two boxes share any area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(box: Box, outer: Box) -> bool:
    """Return whether a box lies within another."""
    return outer[0] <= box[0] and box[2] <= outer[2] and outer[1] <= box[1] and box[3] <= outer[3]


MAP: Box = (0, geo.HEADER, geo.MAP_RIGHT, geo.HEIGHT)


def marker_box(city: str) -> Box:
    """Return the box around a city's marker."""
    x, y = geo.city_point(city)
    r = geo.MARKER_R
    return x - r, y - r, x + r, y + r


def row_box(city: str, sizes: list[int]) -> Box:
    """Return the box around a row of pieces of the given sizes in a city."""
    centres = geo.piece_centres(city, sizes)
    half = geo.AGENT / 2
    return (
        centres[0][0] - sizes[0] / 2,
        centres[0][1] - half,
        centres[-1][0] + sizes[-1] / 2,
        centres[0][1] + half,
    )


def busy() -> BoardPicture:
    """Return a four-player position in round 4."""
    agent, cubes = Piece, lambda colour: Piece(colour, "cubes")
    return BoardPicture(
        round=4,
        cities={
            "VCE": [agent("black"), agent("white"), cubes("brown")],
            "BRU": [agent("white"), agent("grey"), cubes("black"), cubes("brown")],
            "BER": [cubes("grey"), cubes("white"), cubes("black"), cubes("brown")],
            "BUH": [agent("white"), agent("brown"), cubes("grey")],
            "ATH": [agent("grey"), Piece("brown", "cubes", 2)],
        },
        region_cards={
            r: agency_label(data.AGENCY[f"A{n:02}"]) for n, r in enumerate(data.REGIONS, 20)
        },
        circles={
            "COMPLETE_MISSION": {3: Die(3, "black"), 4: Die(4, "white")},
            "MOVEMENT": {6: Die(6, "black"), 5: Die(5, "white"), 1: Die(1, "grey")},
        },
        spec_ops=[Die(5, "black"), Die(2, "brown")],
        decoder=[Die(2, "white")],
        cipher=(list("251643"), list("413625")),
        missions=[mission_label(MISSION[m]) for m in ("M36", "M57", "M47")],
        scores={"black": 12, "white": 9, "brown": 5, "grey": 14},
    )


@pytest.fixture(scope="module")
def empty() -> Image.Image:
    """Return the rendered empty board."""
    return render(BoardPicture())


def test_empty_and_busy_boards_are_pngs_of_the_board_size(empty: Image.Image) -> None:
    busy_image = render(busy())
    assert empty.size == busy_image.size == (geo.WIDTH, geo.HEIGHT)
    assert 1200 <= geo.WIDTH <= 1400
    assert busy_image.tobytes() != empty.tobytes()


def test_every_city_of_the_data_has_a_spot_on_the_map() -> None:
    assert set(geo.CITY_SPOTS) == set(data.CITY)
    for city in data.CITY:
        x, y = geo.city_point(city)
        assert 0 < x < geo.MAP_RIGHT and geo.HEADER < y < geo.HEIGHT


def test_no_city_name_overlaps_another_name_or_marker() -> None:
    for a, b in combinations(data.CITY, 2):
        assert not overlap(geo.label_box(a), geo.label_box(b)), (a, b)
        assert not overlap(geo.label_box(a), marker_box(b)), (a, b)
        assert not overlap(geo.label_box(b), marker_box(a)), (b, a)
    for city in data.CITY:
        assert inside(geo.label_box(city), MAP), city


def test_a_crowded_city_row_stays_clear_of_other_cities() -> None:
    sizes = [geo.AGENT] * 2 + [geo.CUBE] * 3
    for city in data.CITY:
        row = row_box(city, sizes)
        assert inside(row, MAP), city
        for other in data.CITY:
            assert not overlap(row, geo.label_box(other)), (city, other)
            if other != city:
                assert not overlap(row, marker_box(other)), (city, other)
                assert not overlap(row, row_box(other, sizes)), (city, other)


def test_routes_pass_clear_of_the_markers_of_other_cities() -> None:
    for a, b in data.ROUTES:
        (ax, ay), (bx, by) = geo.city_point(a), geo.city_point(b)
        for city in set(data.CITY) - {a, b}:
            x, y = geo.city_point(city)
            t = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)
            t = min(max(t, 0.0), 1.0)
            gap = math.dist((x, y), (ax + t * (bx - ax), ay + t * (by - ay)))
            assert gap > geo.MARKER_R + 6, (a, b, city)


def test_each_marker_shows_its_region_colour(empty: Image.Image) -> None:
    for city in data.CITY.values():
        x, y = geo.city_point(city.key)
        probe = (round(x - 0.6 * geo.MARKER_R), round(y))
        assert near(empty.getpixel(probe), data.REGION_RGB[city.region]), city.name


@pytest.mark.parametrize("colour", data.COLOURS)
def test_an_agent_shows_its_colour_in_its_city(empty: Image.Image, colour: str) -> None:
    pieces = [Piece("black"), Piece(colour), Piece("grey", "cubes")]
    image = render(BoardPicture(cities={"PRG": pieces}))
    x, y = geo.piece_centres("PRG", [geo.AGENT, geo.AGENT, geo.CUBE])[1]
    assert math.dist((x, y), geo.city_point("PRG")) < 2 * geo.AGENT
    fill = STYLES[colour].fill
    assert near(image.getpixel((round(x), round(y + 4))), fill)
    assert not near(empty.getpixel((round(x), round(y + 4))), fill)


def test_cubes_show_their_colour_in_their_city(empty: Image.Image) -> None:
    image = render(BoardPicture(cities={"LIS": [Piece("brown", "cubes")]}))
    x, y = geo.piece_centres("LIS", [geo.CUBE])[0]
    top_face = (round(x), round(y - geo.CUBE / 4))
    assert near(image.getpixel(top_face), STYLES["brown"].fill)
    assert not near(empty.getpixel(top_face), STYLES["brown"].fill)


def die_body(centre: tuple[float, float], size: int) -> tuple[int, int]:
    """Return a point on a die's face clear of its number and corner mark."""
    return round(centre[0] - 0.25 * size), round(centre[1] + 0.3 * size)


def test_dice_appear_on_their_action_circle_spaces(empty: Image.Image) -> None:
    circles = {"MOVEMENT": {5: Die(5, "brown")}, "COMPLETE_MISSION": {1: Die(1, "white")}}
    image = render(BoardPicture(circles=circles))
    for index, space, colour in ((3, 5, "brown"), (0, 1, "white")):
        point = die_body(geo.space_point(index, space), geo.DIE)
        assert near(image.getpixel(point), STYLES[colour].fill), (index, space)
        assert not near(empty.getpixel(point), STYLES[colour].fill)
    untouched = die_body(geo.space_point(3, 4), geo.DIE)
    assert image.getpixel(untouched) == empty.getpixel(untouched)


def test_dice_appear_in_the_folder_and_the_decoder(empty: Image.Image) -> None:
    folder = [Die(value, "white") for value in (1, 2, 3, 4, 5, 6)] * 3
    image = render(BoardPicture(spec_ops=folder, decoder=[Die(6, "grey")]))
    assert len(tray_slots(0, len(folder))) == 2 * geo.TRAY_ROW
    for index, count, colour in ((0, len(folder), "white"), (1, 1, "grey")):
        for slot in tray_slots(index, count):
            point = die_body(slot, geo.TRAY_DIE)
            assert near(image.getpixel(point), STYLES[colour].fill), (index, slot)
            assert not near(empty.getpixel(point), STYLES[colour].fill)


def test_the_labels_name_card_and_mission_contents() -> None:
    assert agency_label(data.AGENCY["A29"]) == "A29  DSG\nMilan\nSneak Attack"
    assert mission_label(MISSION["M57"]) == "M57 Vesper\nREC PAS Oslo purple any card\n6 pts +DSG"
    assert mission_label(MISSION["M34"]) == "M34 Lark\nPrague yellow\n4 pts"
