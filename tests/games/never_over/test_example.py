"""NEVER OVER rules: the worked example (rules §9) step by step."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction
from bot.games.never_over.present import NeverOverPresenter

from .support import ABE, BEA, CAL, RULES, Table

NAMES = ["Abe", "Bea", "Cal"]

STEPS = [
    [(ABE, "P.g4.0.g")],
    [(BEA, "P.r0.0.r")],
    [(CAL, "P.g4.2.g")],
    [(ABE, "P.r2.0.r")],
    [(BEA, "P.g4.1.g")],
    [(CAL, "P.r1.1.r")],
    [(ABE, "P.g2.0.g")],
    [(BEA, "P.r4.1.r")],
    [(CAL, "D.g1")],
    [(ABE, "X")],
]


def play_to(step: int) -> Table:
    """Play the worked example up to and including a step."""
    table = Table()
    for group in STEPS[:step]:
        for seat, token in group:
            table.play(seat, token)
    return table


def test_the_deal() -> None:
    table = Table()
    s = table.state
    assert s.dealer == CAL and s.turn == ABE and s.game == 1
    assert sorted(table.hand(ABE)) == sorted(["g4", "g3", "g2", "g2", "g1", "g1", "r4", "r2"])
    assert sorted(table.hand(BEA)) == sorted(["g4", "g4", "g3", "g2", "g1", "g1", "r3", "r0"])
    assert sorted(table.hand(CAL)) == sorted(["g4", "g3", "g3", "g2", "g1", "g1", "r3", "r1"])
    assert len(s.stock) == 31
    top = [s.card(c).kind for c in s.stock[:9]]
    assert top == ["g2", "r4", "g3", "g1", "r3", "g2", "g1", "g4", "r2"]
    assert "You were dealt: +4 +3 +2 +2 +1 +1 ≤4 ≤2." in table.private_text(ABE)
    assert "≤4 ≤2" not in table.public_text()
    assert "{p[2]} dealt 8 cards each; {p[0]} plays first" in table.public_text()


def test_step_1_abe_scores_4_under_the_empty_pile_cap() -> None:
    table = play_to(1)
    assert table.pile(ABE, "green") == ["g4"] and table.state.score(ABE) == 4
    assert "g2" in table.hand(ABE) and len(table.state.stock) == 30
    assert "You drew +2." in table.private_text(ABE)
    assert "drew a card" in table.public_text() and "+2" not in table.public_text()
    assert table.state.turn == BEA


def test_step_2_bea_caps_abe_at_0_and_his_4_stays() -> None:
    table = play_to(2)
    assert table.pile(ABE, "red") == ["r0"] and table.state.cap(ABE) == 0
    assert table.state.score(ABE) == 4
    assert "r4" in table.hand(BEA)
    assert "cap 4 → 0" in table.public_text()


def test_step_3_cal_scores_4() -> None:
    table = play_to(3)
    assert table.state.score(CAL) == 4 and "g3" in table.hand(CAL)


def test_step_4_abe_is_refused_then_raises_his_cap() -> None:
    table = play_to(3)
    before = table.state
    with pytest.raises(IllegalAction, match="Your cap is 0: a \\+3 cannot go on your green pile"):
        table.play(ABE, "P.g3.0.g")
    assert table.state == before and table.state.turn == ABE
    table.play(ABE, "P.r2.0.r")
    assert table.state.cap(ABE) == 2 and table.pile(ABE, "red") == ["r0", "r2"]
    assert "raised their cap from 0 to 2" in table.public_text()
    assert "You drew +1." in table.private_text(ABE)


def test_steps_5_and_6_bea_scores_then_cal_caps_her_at_1() -> None:
    table = play_to(5)
    assert table.state.score(BEA) == 4 and "r3" in table.hand(BEA)
    table.play(CAL, "P.r1.1.r")
    assert table.state.cap(BEA) == 1 and "g2" in table.hand(CAL)


def test_step_7_abe_plays_2_under_his_cap_of_2() -> None:
    table = play_to(7)
    assert table.pile(ABE, "green") == ["g4", "g2"] and table.state.score(ABE) == 6


def test_step_8_bea_is_refused_raising_abes_cap_then_raises_her_own() -> None:
    table = play_to(7)
    with pytest.raises(IllegalAction) as refused:
        table.play(BEA, "P.r3.0.r")
    assert refused.value.message.startswith("Their cap is 2: a ≤3 on their red pile would raise")
    assert table.state.turn == BEA
    table.play(BEA, "P.r4.1.r")
    assert table.state.cap(BEA) == 4 and table.pile(BEA, "red") == ["r1", "r4"]
    assert table.hand(BEA).count("g4") == 2


def test_step_9_cal_discards() -> None:
    table = play_to(9)
    assert [table.state.card(c).kind for c in table.state.discards] == ["g1"]
    assert "r2" in table.hand(CAL) and len(table.state.stock) == 22


def test_step_10_abe_retires_without_drawing() -> None:
    table = play_to(9)
    held = table.state.hands[ABE]
    table.play(ABE, "X")
    s = table.state
    assert s.retired == (True, False, False) and s.hands[ABE] == held
    assert len(s.stock) == 22 and "setting aside 8 cards" in table.public_text()
    assert s.turn == BEA


def test_resulting_state() -> None:
    table = play_to(10)
    s = table.state
    assert [s.score(x) for x in range(3)] == [6, 4, 4]
    assert [s.cap(x) for x in range(3)] == [2, 4, 4]
    assert table.pile(ABE, "red") == ["r0", "r2"] and table.pile(CAL, "red") == []
    assert sorted(table.hand(BEA)) == sorted(["g4", "g3", "g2", "g1", "g1", "r3", "r3", "g4"])
    assert sorted(table.hand(CAL)) == sorted(["g3", "g3", "g2", "g1", "r3", "g3", "g2", "r2"])
    assert len(table.hand(ABE)) == 8 and len(s.stock) == 22
    assert RULES.to_act(s) == {BEA}
    table.play(BEA, "D.g1")
    table.play(CAL, "D.g1")
    assert table.state.turn == BEA  # Abe is skipped from now on


def test_resulting_table_and_hidden_cards() -> None:
    table = play_to(10)
    view = table.public()
    abe = view.players[ABE]
    assert (abe.score, abe.cap, abe.retired, abe.hand) == (6, 2, True, 8)
    assert view.revealed == () and view.stock == 22
    assert [c.label for c in view.discards] == ["+1"]
    body = NeverOverPresenter(images=False).table(view, NAMES, None)
    text = body.body + "\n".join(f.name + f.value for f in body.fields)
    assert "Retired · 8 cards set aside" in text and "cap 4 (empty)" in text
    assert "Red: ≤0 ≤2 → cap ≤2" in text and "Turn: **Bea**" in text
    secret = {c.id for c in RULES.hidden_from(table.state, BEA)}
    assert set(table.state.hands[ABE]) <= secret  # set-aside cards stay hidden
