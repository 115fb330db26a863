"""COVERTA steal-the-turn variant (rules §4.6, §8.13, §8.14)."""

from __future__ import annotations

import pytest

from bot.engine import CHANCE, IllegalAction, NotYourTurn
from bot.games.coverta.actions import Steal
from bot.games.coverta.state import Placement

from .support import ALICE, BOB, CAROL, RULES, Table, three_player_deal


def test_the_window_opens_for_the_other_players() -> None:
    table = Table(steal="on")
    assert RULES.to_act(table.state) == {ALICE, BOB}
    assert all(t.startswith("S.") for t in table.legal(BOB))
    assert len(table.legal(BOB)) == 9
    assert not any(t.startswith("S.") for t in table.legal(ALICE))


def test_the_active_player_cannot_steal() -> None:  # §8.13
    table = Table(steal="on")
    with pytest.raises(IllegalAction, match="own turn"):
        table.play(ALICE, "S.7")


def test_a_successful_steal_changes_l_and_the_turn_goes_on() -> None:
    table = Table(steal="on")
    table.play(BOB, "S.15")  # odd and solid after 12: fits Alice
    s = table.state
    assert s.layout[1] == Placement(15, ALICE, 1, BOB) and s.last == 15
    assert RULES.to_act(s) == {ALICE} and not s.window and s.turn == ALICE
    assert len(table.hand(BOB)) == 8 and s.attempts[0].steal
    with pytest.raises(IllegalAction, match="need an even"):
        table.play(ALICE, "A.7")  # judged against the new L
    table.play(ALICE, "A.20")
    assert table.state.turn == BOB and RULES.to_act(table.state) == {BOB, ALICE}


def test_a_failed_steal_closes_the_window_too() -> None:
    table = Table(steal="on")
    table.play(BOB, "S.9")  # hollow after solid
    assert RULES.to_act(table.state) == {CHANCE}
    table.play(CHANCE, "G.1,14")
    s = table.state
    assert s.bars == ((BOB, ALICE),) and {1, 14, 9} <= set(table.hand(BOB))
    assert RULES.to_act(s) == {ALICE} and s.turn == ALICE and s.last == 12


def test_later_steals_for_the_same_window_are_rejected() -> None:
    table = Table(three_player_deal(), seats=3, steal="on")
    assert RULES.to_act(table.state) == {ALICE, BOB, CAROL}
    table.play(BOB, "S.15")
    assert table.state.attempts[0].target == ALICE
    assert RULES.to_act(table.state) == {ALICE}
    with pytest.raises(NotYourTurn):
        table.play(CAROL, "S.2")
    with pytest.raises(NotYourTurn, match="Too late"):
        RULES.apply(table.state, CAROL, Steal(2))
    assert 2 in table.hand(CAROL)


def test_a_steal_after_the_action_was_accepted_is_rejected() -> None:  # §8.14
    table = Table(steal="on")
    table.play(ALICE, "B")
    with pytest.raises(NotYourTurn, match="Too late"):
        RULES.apply(table.state, BOB, Steal(15))


def test_barred_players_cannot_steal() -> None:
    table = Table(steal="on")
    table.tweak(bars=((BOB, ALICE),))
    assert RULES.to_act(table.state) == {ALICE}
    # §4.3, §4.6.2: refused for the bar, not as a closed window (it is open for others).
    three = Table(three_player_deal(), seats=3, steal="on")
    three.tweak(bars=((BOB, ALICE),))
    assert three.state.window and RULES.to_act(three.state) == {ALICE, CAROL}
    with pytest.raises(NotYourTurn) as refused:
        RULES.apply(three.state, BOB, Steal(15))
    assert refused.value.message == "You may no longer play in that player's place."
    three.tweak(eliminated=(False, False, True))
    with pytest.raises(NotYourTurn) as refused:
        RULES.apply(three.state, CAROL, Steal(2))
    assert refused.value.message == "You are out of play."


def test_a_stealer_who_empties_their_hand_wins() -> None:
    table = Table(steal="on")
    table.set_hands({BOB: (15,)})
    table.play(BOB, "S.15")
    assert table.outcome().winners == {BOB}
    assert RULES.to_act(table.state) == frozenset()


def test_a_failed_steal_that_empties_the_active_hand_makes_them_win() -> None:
    table = Table(steal="on")
    table.set_hands({ALICE: (7,)})
    table.play(BOB, "S.9")
    assert table.outcome().winners == {ALICE} and 7 in table.hand(BOB)
