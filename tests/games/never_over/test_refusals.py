"""NEVER OVER: every "never" of the rules (§4.2, §8) is refused with its reason, turn unchanged."""

from __future__ import annotations

import pytest

from bot.engine import GameError, IllegalAction, MatchOver, NotYourTurn
from bot.games.never_over.actions import ACTIONS, Deal, Discard, Play, Retire

from .support import ABE, BEA, CAL, RULES, Table, arranged, stock_id

REFUSED = [
    # (why, token Abe asks for, the reason he reads)
    ("green on another's green pile", "P.g3.1.g", "never on another player's"),
    ("green on his own red pile", "P.g3.0.r", "A green card never goes on a red pile"),
    ("green on another's red pile", "P.g1.2.r", "A green card never goes on a red pile"),
    ("red on his own green pile", "P.r4.0.g", "A red card never goes on a green pile"),
    ("red on another's green pile", "P.r2.1.g", "A red card never goes on a green pile"),
    ("lowering his own cap", "P.r2.0.r", "Your cap is 4: a ≤2 on your own red pile would lower"),
    ("a card he does not hold", "P.r0.1.r", "You have no ≤0 in your hand."),
    ("a discard of a card he does not hold", "D.r3", "You have no ≤3 in your hand."),
    ("a player who is not there", "P.r2.5.r", "There is no such player"),
]


@pytest.mark.parametrize(("why", "token", "reason"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_with_a_reason_and_the_turn_goes_on(why: str, token: str, reason: str) -> None:
    table = Table()
    before = table.state
    with pytest.raises(IllegalAction) as refused:
        table.play(ABE, token)
    assert reason in refused.value.message, why
    assert table.state == before and RULES.to_act(table.state) == {ABE}
    assert token not in table.legal(ABE)


def test_a_green_above_the_cap_is_refused() -> None:
    table = Table()
    table.tweak(reds=((stock_id(table, "r2"),), (), ()))
    with pytest.raises(IllegalAction, match=r"^Your cap is 2: a \+3 cannot go on your green pile"):
        table.play(ABE, "P.g3.0.g")
    assert "P.g2.0.g" in table.legal(ABE) and "P.g4.0.g" not in table.legal(ABE)


def test_raising_an_opponents_cap_is_refused() -> None:
    table = Table()
    table.tweak(reds=((), (stock_id(table, "r1"),), ()))
    with pytest.raises(IllegalAction, match=r"^Their cap is 1: a ≤2 on their red pile would raise"):
        table.play(ABE, "P.r2.1.r")
    assert "P.r2.2.r" in table.legal(ABE)  # Cal's empty pile takes any red


def test_a_partner_is_no_exception_for_green_cards() -> None:
    table = Table(partnerships="on", team="A,B,A")
    assert table.state.teams == ("A", "B", "A")
    with pytest.raises(IllegalAction, match="partner or not"):
        table.play(ABE, "P.g4.2.g")
    table.play(ABE, "P.r4.2.r")  # a red on a partner's pile is legal (rule 3)
    assert table.pile(CAL, "red") == ["r4"]


def test_out_of_turn_and_retired_players_are_refused() -> None:
    table = Table()
    with pytest.raises(NotYourTurn):
        RULES.apply(table.state, BEA, Play("g4", BEA, "green"))
    table.play(ABE, "X")
    table.play(BEA, "D.g1")
    table.play(CAL, "D.g1")
    with pytest.raises(NotYourTurn, match="You have retired"):
        RULES.apply(table.state, ABE, Discard("g1"))


def test_a_deal_is_not_a_turn_and_nothing_follows_the_end() -> None:
    table = Table(seats=2, deal=arranged(1, ("g1 g1 g1 g1 g1 g1 g1 g1", "g2 " * 7 + "g2")))
    deal = Deal(1, tuple(range(55)))
    with pytest.raises(IllegalAction, match="not something you can do"):
        RULES.apply(table.state, 0, deal)
    table.play(0, "X")
    table.play(1, "X")
    with pytest.raises(MatchOver):
        RULES.apply(table.state, 0, Retire())


def test_tokens_round_trip() -> None:
    for action in (Play("g4", 0, "green"), Play("r0", 5, "red"), Discard("r3"), Retire()):
        assert ACTIONS.decode(action.token()) == action
    deal = arranged(2, ("g4 g3", "g2 g1", "r4 r3"), "r0")
    assert ACTIONS.decode(deal.token()) == deal


def test_a_deal_must_fit_the_table() -> None:
    table = Table(games="2")
    for seat in (ABE, BEA, CAL):
        table.play(seat, "X")
    with pytest.raises(GameError, match="does not fit"):
        RULES.apply(table.state, -1, Deal(1, tuple(range(55))))  # the deal passes to Abe
    with pytest.raises(GameError, match="does not fit"):
        RULES.apply(table.state, -1, Deal(0, tuple(range(54))))
    RULES.apply(table.state, -1, Deal(0, tuple(range(55))))
