"""The dossier picture: a seat's own cards drawn as cards, what is usable now ringed."""

from __future__ import annotations

import msgspec
import pytest

from bot.draw.canvas import grid_shape
from bot.engine.i18n import use_locale
from bot.games.covert.data import REGION_RGB
from bot.games.covert.map import sheets
from bot.games.covert.map.sheets import Sheet, sheets_png
from bot.games.covert.present import CovertPresenter
from bot.games.covert.present.pictures import (
    CODE_TEAL,
    MISSION_GOLD,
    READY_MARK,
    TOKEN_VIOLET,
    dossier_png,
    dossier_sheets,
)
from bot.games.covert.state import CovertState
from bot.games.covert.views import PrivateView
from tests.games.covert.support import RULES, edit, moves
from tests.games.covert.test_dossier import resolving
from tests.support import images
from tests.support.i18n import drawn_text

NAMES = ("Zoë 🎲", "Ben")
HOLDINGS = {
    "hand": ("A01", "A03"),
    "missions": ("M08", "M19"),
    "codes": ("C01", "C02"),
    "tokens": ("S01", "S03"),
}
"""A01 (REC) and A03 (PAS) pay M08 (REC PAS) but not M19; the grid is made to read C01
(123) and not C02 (126)."""


def holding() -> CovertState:
    """Return a Phase III state in which seat 0 holds the cards above."""
    state = edit(resolving(), 0, **HOLDINGS)
    return msgspec.structs.replace(state, cipher=(1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1))


def own_view(state: CovertState) -> PrivateView:
    """Return seat 0's view."""
    view = RULES.view(state, 0)
    assert isinstance(view, PrivateView)
    return view


def test_the_sheets_are_the_seats_cards_in_the_dossier_texts_order() -> None:
    view = own_view(holding())
    drawn = dossier_sheets(view)
    colours = [s.colour for s in drawn]
    assert colours == [
        REGION_RGB["orange"],  # A01 flies from Venice
        REGION_RGB["purple"],  # A03 flies from Paris
        MISSION_GOLD,
        MISSION_GOLD,
        CODE_TEAL,
        CODE_TEAL,
        TOKEN_VIOLET,
        TOKEN_VIOLET,
    ]
    assert drawn[0].lines[0].startswith("A01") and drawn[2].lines[0].startswith("M08")
    assert drawn[4].lines[0].startswith("1 2 3") and drawn[5].lines[0] == "1 2 6"


def test_what_is_usable_now_is_ringed_and_marked() -> None:
    view = own_view(holding())
    drawn = dossier_sheets(view)
    cobalt, flint, readable, unreadable = drawn[2], drawn[3], drawn[4], drawn[5]
    assert cobalt.ready and cobalt.lines[-1] == f"3 pts  {READY_MARK}"
    assert not flint.ready and READY_MARK not in "".join(flint.lines)
    assert readable.ready and readable.lines[0] == f"1 2 3  {READY_MARK}"
    assert not unreadable.ready and READY_MARK not in "".join(unreadable.lines)


def test_an_agency_card_shows_its_equipment_flight_city_and_ability() -> None:
    venice = dossier_sheets(own_view(holding()))[0]
    assert venice.band == "Agency card"
    assert venice.lines == ("A01  REC", "✈ Venice", "+1")


def test_a_token_drawn_this_turn_says_when_it_can_be_used() -> None:
    view = msgspec.structs.replace(own_view(holding()), fresh=("S03",))
    plus, minus = dossier_sheets(view)[-2:]
    assert plus.lines == ("+1",)
    assert minus.lines[-1] == "usable next turn"


@pytest.mark.parametrize("count", [1, 3, 8, 14])
def test_the_cards_lie_in_the_rows_that_show_them_largest(count: int) -> None:
    drawn = [Sheet("Mission", MISSION_GOLD, ("M01 Alder",))] * count
    picture = images.open_png(sheets_png("Title", drawn))
    columns, rows = grid_shape(count, sheets.CARD, sheets.GAP, sheets.HEADER)
    w, h = sheets.CARD
    assert picture.size[1] == sheets.HEADER + sheets.GAP + rows * (h + sheets.GAP)
    assert picture.size[0] >= sheets.GAP + columns * (w + sheets.GAP)
    # Each card's band is drawn in its place, and no band beyond the last card.
    for index in range(columns * rows):
        row, column = divmod(index, columns)
        x = sheets.GAP + column * (w + sheets.GAP) + w // 2
        y = sheets.HEADER + sheets.GAP + row * (h + sheets.GAP) + sheets.BAND // 2
        assert images.near(picture.getpixel((x, y)), MISSION_GOLD, 8) == (index < count)


def test_a_ready_card_has_a_ring_of_its_colour_and_another_a_thin_frame() -> None:
    drawn = [
        Sheet("Code", CODE_TEAL, ("1 2 3",), ready=True),
        Sheet("Code", CODE_TEAL, ("1 2 6",)),
    ]
    picture = images.open_png(sheets_png("Title", drawn))
    columns, _rows = grid_shape(2, sheets.CARD, sheets.GAP, sheets.HEADER)
    w, h = sheets.CARD
    for index, ready in enumerate((True, False)):
        row, column = divmod(index, columns)
        x = sheets.GAP + column * (w + sheets.GAP) + w // 2
        y = sheets.HEADER + sheets.GAP + row * (h + sheets.GAP) + h - 2  # the bottom edge
        assert images.near(picture.getpixel((x, y)), CODE_TEAL, 8) == ready


def test_the_private_screen_carries_the_picture_and_says_what_it_shows() -> None:
    state = holding()
    screen = CovertPresenter().private(own_view(state), moves(state, 0), NAMES, None)
    assert screen.image is not None
    assert screen.image == dossier_png(own_view(state), NAMES[0])
    assert screen.image_alt.startswith("Your cards (Agency 2, Missions 2, Codes 2, tokens 2)")


def test_a_seat_holding_nothing_gets_no_picture() -> None:
    state = edit(resolving(), 0, hand=(), missions=(), codes=(), tokens=())
    screen = CovertPresenter().private(own_view(state), moves(state, 0), NAMES, None)
    assert screen.image is None and screen.image_alt == ""


def test_the_picture_holds_nothing_of_another_seats_secrets() -> None:
    state = holding()
    other = edit(state, 1, hand=("A02", "A04"), missions=("M11",), codes=("C03",))
    assert other.players[1] != state.players[1]
    assert dossier_png(own_view(other), NAMES[0]) == dossier_png(own_view(state), NAMES[0])


def test_the_picture_speaks_the_members_language() -> None:
    view = own_view(holding())
    sheets._sheets_png.cache_clear()
    with use_locale("it"), drawn_text() as drawn:
        dossier_png(view, NAMES[0])
    words = " ".join(drawn)
    assert "Dossier di" in words and "Carta Agenzia" in words and "Missione" in words
    assert "Codice" in words and "retro" in words and "Segnalino" in words
    assert "Mission" not in words.replace("Missione", "")


def test_a_missions_long_needs_are_written_whole_over_two_lines() -> None:
    """A Mission's needs ("DSG PAS Belgrade blue any card") do not fit one line of a card:
    they are written smaller over two, none of them cut off; short lines stay as they are."""
    long = Sheet(
        "Mission", REGION_RGB["blue"], ("M52 Sable", "DSG PAS Belgrade blue any card", "6")
    )
    room = sheets.CARD[0] - 20
    drawn = sheets.sheet_lines(long, room)
    (_, lead, _), (_, needs, size), (_, points, _) = drawn
    assert lead == ["M52 Sable"] and points == ["6"]
    assert len(needs) == 2 and " ".join(needs) == "DSG PAS Belgrade blue any card"
    assert size < sheets.LINE_TEXT
    short = sheets.sheet_lines(Sheet("Mission", REGION_RGB["blue"], ("M05", "REC red", "2")), room)
    assert [parts for _, parts, _ in short] == [["M05"], ["REC red"], ["2"]]
