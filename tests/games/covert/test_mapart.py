"""The Covert board picture: layout of the map, and what each part of a picture shows."""

from __future__ import annotations

import itertools
import math
from functools import partial

import pytest
from PIL import Image

from bot.games.covert import data
from bot.games.covert.map import geometry as geo
from bot.games.covert.map.art import (
    BoardPicture,
    Die,
    Piece,
    agency_label,
    board_png,
    mission_label,
    piece_sprites,
    tray_slots,
)
from bot.games.covert.map.pieces import STYLES, TILE_FACE
from bot.games.covert.missions import MISSION
from tests.support import images

Box = tuple[float, float, float, float]
RGB = tuple[int, int, int]


def render(picture: BoardPicture) -> Image.Image:
    """Render a picture and decode it, checking it is a PNG."""
    return images.open_png(board_png(picture))


near = partial(images.near, tolerance=24)
"""Map colours are checked more tightly than card colours."""


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
    """Return four players in round 4, White in the middle of a Break Codes turn."""
    agent, cube = Piece, lambda colour: Piece(colour, "cubes")
    k, w, b, g = "black", "white", "brown", "grey"
    return BoardPicture(
        round=4,
        cities={
            "VCE": [agent(k), agent(w), cube(b)],
            "GVA": [agent(k), cube(g)],
            "STO": [agent(k), cube(w)],
            "BRU": [agent(w), agent(g), cube(k), cube(b)],
            "BUH": [agent(w), agent(b), cube(g)],
            "MUC": [agent(b), cube(w), cube(k)],
            "ROM": [agent(b), cube(k)],
            "HAM": [agent(g), cube(w), cube(b)],
            "ATH": [agent(g), cube(b)],
            "PAR": [cube(k), cube(w)],
            "LON": [cube(w), cube(g)],
            "BER": [cube(g), cube(w), cube(k), cube(b)],
            "KIE": [cube(w)],
            "BUD": [cube(k)],
            "OSL": [cube(g)],
            "MIL": [cube(g)],
            "CPH": [cube(k)],
            "WAW": [cube(b)],
        },
        region_cards={
            r: agency_label(data.AGENCY[c])
            for r, c in zip(data.REGIONS, ("A29", "A23", "A45", "A38", "A07", "A48"), strict=True)
        },
        circles={
            "COMPLETE_MISSION": {3: Die(3, k), 4: Die(4, w), 5: Die(5, g)},
            "MISSION_CARDS": {2: Die(2, w), 3: Die(3, k)},
            "AGENCY_CARDS": {1: Die(1, k), 6: Die(6, w), 5: Die(5, b), 2: Die(2, g)},
            "MOVEMENT": {6: Die(6, k), 5: Die(5, w), 4: Die(4, b), 3: Die(3, b), 1: Die(1, g)},
        },
        spec_ops=[Die(5, k), Die(2, b), Die(6, g)],
        decoder=[Die(1, b), Die(4, g)],
        cipher=(list("251643"), list("413625")),
        overlays={"B3": Die(2, w)},
        missions=[mission_label(MISSION[m]) for m in ("M36", "M57", "M47")],
        scores={k: 12, w: 9, b: 5, g: 14},
        names={k: "Ada", w: "Ben", b: "Chiara", g: "Dmitri"},
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
    for a, b in itertools.combinations(data.CITY, 2):
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


def test_a_long_row_overlaps_its_pieces_to_keep_the_widest_row_width() -> None:
    crowd = [geo.AGENT] * 6 + [geo.CUBE] * 4
    row = row_box("PRG", crowd)
    assert row[2] - row[0] == pytest.approx(geo.ROW_MAX)
    centres = [x for x, _ in geo.piece_centres("PRG", crowd)]
    assert all(b - a >= 10 for a, b in itertools.pairwise(centres))


def test_a_crowd_shows_one_counted_agent_per_colour() -> None:
    pair = [Piece("black"), Piece("black")]
    assert len(piece_sprites([*pair, Piece("white", "cubes")])) == 3
    crowd = [*pair, Piece("grey"), Piece("black"), *(Piece(c, "cubes") for c in data.COLOURS)]
    assert len(piece_sprites(crowd)) == 2 + 4


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


def test_cipher_tiles_and_decoder_overlays_appear(empty: Image.Image) -> None:
    rows = (list("251643"), list("413625"))
    image = render(BoardPicture(cipher=rows, overlays={"B4": Die(3, "black")}))
    x0, y0, _, _ = geo.tile_box(0, 0)
    corner = (round(x0 + 5), round(y0 + geo.TILE - 8))
    assert near(image.getpixel(corner), TILE_FACE) and not near(empty.getpixel(corner), TILE_FACE)
    x0, y0, x1, y1 = geo.tile_box(1, 3)
    assert near(
        image.getpixel(die_body(((x0 + x1) / 2, (y0 + y1) / 2), geo.TILE - 6)), STYLES["black"].fill
    )


def test_the_header_shows_each_players_shape(empty: Image.Image) -> None:
    image = render(BoardPicture(scores={"brown": 3}, names={"brown": "Ana"}))
    band = (geo.WIDTH - 200, 0, geo.WIDTH, geo.HEADER)
    assert images.count_near(image.crop(band), STYLES["brown"].fill, 24) > 0
    assert images.count_near(empty.crop(band), STYLES["brown"].fill, 24) == 0


def test_a_players_marker_is_the_same_in_text_and_in_pictures() -> None:
    """Item 8: the emoji that marks a player in text has their agents' shape and colour."""
    from bot.games.covert.data import COLOURS, PLAYER_EMOJI

    looks = {  # what each emoji shows: its shape and its colour
        "⚫": ("circle", (26, 26, 30)),
        "⬜": ("square", (250, 250, 250)),
        "🟫": ("square", (134, 78, 38)),
        "🔘": ("button", (160, 162, 168)),
    }
    for colour in COLOURS:
        shape, fill = looks[PLAYER_EMOJI[colour]]
        assert STYLES[colour].shape == shape, colour
        assert images.near(STYLES[colour].fill, fill, 30), colour
    assert len({PLAYER_EMOJI[c] for c in COLOURS}) == len(COLOURS)


def test_the_picture_numbers_rounds_as_the_text_does() -> None:
    """Item 8: before round 1 the picture says "Setting up", as the table text does,
    not "Round 1" (which the text says only once round 1 has begun)."""
    import random

    from bot.engine import CHANCE, Match
    from bot.games.covert import GAME
    from bot.games.covert.map import art, picture

    rules = GAME.rules
    match = Match.new(rules, 2, GAME.spec.resolve_options({}, 2))
    rng = random.Random(3)
    seen = set()
    while len(seen) < 2 and match.seq < 200:
        view = rules.view(match.state, None)
        label = art.round_label(picture.board_picture(view, ["A", "B"]).round)
        text = "setting up" if not view.round else f"round {view.round}"
        assert label.lower() == text, (label, text)
        seen.add(text)
        seat = min(rules.to_act(match.state))
        legal = rules.legal_actions(match.state, seat) if seat != CHANCE else ()
        action = rules.chance_outcome(match.state, rng) if seat == CHANCE else rng.choice(legal)
        match.step(seat, action.token())
    assert seen == {"setting up", "round 1"}
