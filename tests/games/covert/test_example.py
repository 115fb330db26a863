"""The worked example of section 9, step by step (2 players, round 1)."""

from __future__ import annotations

import pytest

from bot.games.covert.actions import (
    DECLINE,
    END,
    FINISH,
    HALT,
    PASS,
    Choose,
    Complete,
    Move,
    Overlay,
    Place,
    Step,
    Swap,
    TakeAgency,
    TakeMission,
)
from bot.games.covert.chance import Draw
from bot.games.covert.data import CITIES
from tests.games.covert.support import Table, arranged_setup

ADA, BEN = 0, 1
NEUTRAL = ["A34", "A08", "A46", "A06", "A02", "A26", "A28", "A29", "A18", "A20", "A14", "A21"]


def example_setup() -> Table:
    """Lay out the example's set-up and roll-off."""
    t = Table(2)
    t.chance(
        arranged_setup(
            characters=["CH1", "CH3"],
            agents=["A01", "A03", "A13", "A44", "A27", "A25", *NEUTRAL],
            agency=["A07", "A10", "A33", "A14", "A29", "A23", "A45", "A19", "A40", "A48", "A38"],
            missions=["M44", "M13", "M01", "M21", "M29", "M02", "M36", "M12", "M47"],
            codes=["C07", "C19", "C21", "C37", "C01", "C05"],
            tiles=[2, 5, 1, 4, 6, 3, 4, 1, 3, 6, 2, 5],
        )
    )
    t.roll("4441212356")
    t.play(BEN, Choose("M02"))
    t.play(ADA, Choose("M01"))
    return t


def test_setup() -> None:
    s = example_setup().state
    ada, ben = s.players
    assert (ada.character, ben.character) == ("CH1", "CH3")
    assert ada.agents == ("VCE", "PAR", "WAW") and ben.agents == ("LON", "VIE", "KIE")
    brown = {i for i, c in enumerate(s.cubes) if "brown" in c}
    grey = {i for i, c in enumerate(s.cubes) if "grey" in c}
    keys = [c.key for c in CITIES]
    assert {keys[i] for i in brown} == {"BUD", "BUH", "MUC", "OSL", "ROM", "HAM"}
    assert {keys[i] for i in grey} == {"GVA", "PRG", "ATH", "MIL", "BER", "CPH"}
    assert ada.hand == ("A07", "A33") and ben.hand == ("A10", "A14")
    assert s.region_spaces == ("A29", "A23", "A45", "A19", "A40", "A48")
    assert set(ada.missions) == {"M44", "M13"} and set(ben.missions) == {"M21", "M29"}
    assert s.mission_row == ("M36", "M12", "M47")
    assert ada.codes == ("C07", "C19") and ben.codes == ("C21", "C37")
    assert s.cipher == (2, 5, 1, 4, 6, 3, 4, 1, 3, 6, 2, 5)
    assert s.first_placer == ADA and s.phase == "placement"


def phase_one(t: Table) -> None:
    """Play the example's placements."""
    t.roll("1335622456")
    t.place(ADA, Place(1, "COMPLETE_MISSION"))
    t.place(BEN, Place(0, "DECODER"))
    t.place(ADA, Place(4, "MOVEMENT"))
    t.place(BEN, Place(3, "MOVEMENT"))
    t.place(ADA, Place(0, "AGENCY_CARDS"))
    t.place(BEN, Place(2, "COMPLETE_MISSION"))
    t.place(ADA, Place(3, "SPEC_OPS"))
    t.chance(Draw((12,)))
    t.play(ADA, END)
    t.place(BEN, Place(4, "AGENCY_CARDS"))
    places = {tok for tok in t.legal(ADA) if tok.startswith("P.2.")}
    assert places == {"P.2.MC", "P.2.SO", "P.2.DE"}
    t.place(ADA, Place(2, "MISSION_CARDS"))
    t.place(BEN, Place(1, "MISSION_CARDS"))
    t.play(ADA, PASS)
    t.play(BEN, PASS)


def phase_two(t: Table) -> None:
    """Play the example's Break Codes turns."""
    assert t.state.phase == "codes" and RULES_TO_ACT(t) == {ADA}
    t.play(ADA, Swap(3, 4))
    t.play(ADA, FINISH)
    t.play(ADA, Choose("B"))
    t.play(BEN, Overlay(0, 8))
    t.play(BEN, FINISH)
    t.play(BEN, Choose("A"))


def RULES_TO_ACT(t: Table) -> set[int]:
    """Return who acts now."""
    from tests.games.covert.support import RULES

    return set(RULES.to_act(t.state))


def test_phase_one_and_two() -> None:
    t = example_setup()
    phase_one(t)
    ada, ben = t.state.players
    assert (ada.turn_token, ben.turn_token) == (1, 2)
    assert ada.tokens == ("S13",)
    phase_two(t)
    ada, ben = t.state.players
    assert ada.done_codes == ("C07",) and ada.codes == ("C19", "C05")
    assert ben.done_codes == ("C21",) and ben.codes[0] == "C37" and len(ben.codes) == 2
    assert t.state.cipher[:6] == (2, 5, 1, 6, 4, 3)
    assert t.state.phase == "resolution"
    assert RULES_TO_ACT(t) == {ADA} and t.legal(ADA)[0] == "Q"


def test_phase_three_and_round_end() -> None:
    t = example_setup()
    phase_one(t)
    phase_two(t)
    t.play(ADA, DECLINE)
    t.play(ADA, Move(1))
    t.play(ADA, Step(1, "GVA"))
    t.play(ADA, HALT)
    s = t.state
    assert "black" in s.cubes[6] and s.players[ADA].intel == ("grey",)
    t.play(ADA, END)
    t.play(BEN, Move(1))
    t.play(BEN, Step(1, "BUD"))
    t.play(BEN, Step(2, "BUH"))
    assert t.legal(BEN) == ["C.red", "C.deck"]
    t.play(BEN, Choose("red"))
    assert t.state.region_spaces[3] == "A38" and "A19" in t.state.players[BEN].hand
    assert t.state.players[BEN].intel == ()
    t.play(BEN, HALT)
    t.play(BEN, Step(0, "BRU"))
    assert t.state.players[BEN].agents == ("BRU", "BUD", "BUH")
    assert "white" in t.state.cubes[5] and "white" in t.state.cubes[15]
    t.play(BEN, END)
    t.play(ADA, Complete("M44", ("A07",)))
    assert RULES_TO_ACT(t) == {BEN} and t.legal(BEN) == ["Q", "A.A19.A07"]
    t.play(BEN, DECLINE)
    assert t.state.players[ADA].score() == 7
    t.play(ADA, END)
    t.play(BEN, Complete("M21", ("A10",)))
    # Ada holds no Espionage; Ben may react to his own event with A19, and declines.
    assert RULES_TO_ACT(t) == {BEN} and t.legal(BEN) == ["Q", "A.A19.A10"]
    t.play(BEN, DECLINE)
    t.play(BEN, END)
    assert {tok for tok in t.legal(ADA) if tok.startswith("G.1")} == {"G.1.orange", "G.1.blue"}
    t.play(ADA, TakeAgency(1, "orange"))
    t.play(ADA, END)
    assert {tok for tok in t.legal(BEN) if tok.startswith("G.1")} == {
        "G.1.purple",
        "G.1.red",
        "G.1.blue",
    }
    t.play(BEN, TakeAgency(1, "purple"))
    t.play(BEN, END)
    t.play(ADA, TakeMission(1))
    t.play(ADA, END)
    t.play(BEN, TakeMission(3))
    t.play(BEN, END)
    s = t.state
    assert s.round == 2 and s.first_placer == BEN
    assert [p.score() for p in s.players] == [7, 5]
    assert "M12" in s.players[ADA].missions and len(s.players[BEN].missions) == 2
    assert s.players[BEN].benefits() == ("RAD",)


@pytest.mark.parametrize("seat", [ADA, BEN])
def test_views_hide_the_other_dossier(seat: int) -> None:
    t = example_setup()
    phase_one(t)
    view = t.match.rules.view(t.state, seat)
    other = t.state.players[1 - seat]
    shown = str(view)
    assert all(f"'{c}'" not in shown for c in (*other.hand, *other.codes, *other.missions))
