"""Coins hands and the match: redeals, the dealer's rotation, the end, standings, refusals."""

from __future__ import annotations

import random

import pytest

from bot.engine import CHANCE, IllegalAction, MatchOver, NotYourTurn
from bot.games.coins.actions import Deal, Play
from bot.games.coins.rules import SPEC

from .support import ANA, BEN, CY, RULES, Table, arranged, n, play_hand


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_hand_then_the_redeal_by_the_right_of_the_last_winner(seed: int) -> None:
    rng = random.Random(seed)
    table = Table(target="20")
    table.play(CHANCE, RULES.chance_outcome(table.state, rng).token())
    first_dealer = table.state.dealer
    last_winner = play_hand(table, rng)
    s = table.state
    assert s.phase == "deal" and len(s.taken) == 16 and not any(s.hands)
    assert sum(s.scores) == 12, "a hand holds 12 points, all scored"
    assert s.dealer == (last_winner - 1) % 3
    assert RULES.to_act(s) == frozenset({CHANCE})
    deal = RULES.chance_outcome(s, rng)
    assert isinstance(deal, Deal) and deal.dealer == s.dealer
    table.play(CHANCE, deal.token())
    s = table.state
    assert s.hand == 2 and s.leader == last_winner and s.turn == last_winner
    assert sum(s.scores) == 12 and s.scores == table.state.scores
    assert first_dealer in range(3)


def test_the_first_dealer_is_drawn_at_random() -> None:
    state = Table().state
    dealers = {RULES.chance_outcome(state, random.Random(seed)).dealer for seed in range(30)}
    assert dealers == {0, 1, 2}


def test_edge_6_the_target_is_reached_mid_hand_and_may_be_overshot() -> None:
    table = Table(arranged(CY, [["2 Cups"], ["5 Coins"], ["9 Coins"]]))
    table.tweak(scores=(1, 14, 2))
    table.trick((ANA, "2 Cups"), (BEN, "5 Coins"), (CY, "9 Coins"))
    s = table.state
    assert s.phase == "play" and s.scores == (1, 14, 4), "Cy scores 2 but is far from 15"
    table = Table(arranged(CY, [["2 Cups"], ["5 Coins"], ["4 Coins"]]))
    table.tweak(scores=(1, 14, 2))
    table.trick((ANA, "2 Cups"), (BEN, "5 Coins"), (CY, "4 Coins"))
    s = table.state
    assert s.phase == "over" and s.winner == BEN and s.scores == (1, 16, 2)
    assert len(s.hands[ANA]) == 15, "the rest of the hand is not played"
    with pytest.raises(MatchOver):
        table.card(BEN, "6 Coins")


@pytest.mark.parametrize(("before", "over"), [((3, 3, 3), False), ((3, 13, 3), True)])
def test_edge_7_the_last_trick_is_scored_before_the_redeal(
    before: tuple[int, int, int], over: bool
) -> None:
    table = Table(arranged(CY, [[], [], []]), target="15")
    table.give(["3 Coins"], ["Ace Coins"], ["2 Swords"])
    table.tweak(scores=before)
    table.trick((ANA, "3 Coins"), (BEN, "Ace Coins"), (CY, "2 Swords"))
    s = table.state
    assert s.scores[BEN] == before[BEN] + 2
    assert s.phase == ("over" if over else "deal")
    assert RULES.to_act(s) == (frozenset() if over else frozenset({CHANCE}))


def test_edge_8_the_last_winner_leads_the_next_hand() -> None:
    table = Table(arranged(BEN, [[], [], []]))
    table.give(["2 Cups"], ["3 Cups"], ["Ace Cups"])
    table.tweak(leader=CY, turn=CY)
    table.trick((CY, "Ace Cups"), (ANA, "2 Cups"), (BEN, "3 Cups"))
    assert table.state.dealer == BEN, "Cy won, so Ben (on Cy's right) deals"
    table.play(CHANCE, RULES.chance_outcome(table.state, random.Random(1)).token())
    assert table.state.leader == CY and table.state.turn == CY


@pytest.mark.parametrize(
    ("scores", "winner", "ranks"),
    [
        ((15, 7, 9), ANA, (1, 3, 2)),
        ((4, 4, 16), CY, (2, 2, 1)),
        ((9, 20, 0), BEN, (2, 1, 3)),
    ],
)
def test_standings_put_the_winner_first_then_scores_equal_sharing(
    scores: tuple[int, int, int], winner: int, ranks: tuple[int, int, int]
) -> None:
    table = Table(arranged(CY, [[], [], []]))
    table.tweak(phase="over", winner=winner, scores=scores)
    outcome = RULES.outcome(table.state)
    assert outcome is not None and outcome.ranks == ranks
    assert outcome.termination == "target" and outcome.winners == frozenset({winner})


def test_target_option_is_10_15_or_20_with_15_by_default() -> None:
    (option,) = SPEC.options
    assert option.name == "target" and option.default == "15"
    assert option.values() == frozenset({"10", "15", "20"})
    assert SPEC.min_seats == SPEC.max_seats == 3
    assert Table().state.target == 15 and Table(target="10").state.target == 10
    with pytest.raises(ValueError, match="target"):
        Table(target="12")


def test_refusals_say_why() -> None:
    table = Table(arranged(CY, [["5 Coins"], ["King Swords"], ["2 Cups"]]))
    with pytest.raises(IllegalAction, match="You do not hold the King of Swords"):
        table.card(ANA, "King Swords")
    with pytest.raises(NotYourTurn):
        table.card(BEN, "King Swords")
    with pytest.raises(IllegalAction):
        RULES.apply(table.state, ANA, Deal(CY, tuple(range(48))))
    with pytest.raises(IllegalAction, match="No deal is pending"):
        RULES.chance_outcome(table.state, random.Random(0))
    before = table.state
    with pytest.raises(NotYourTurn):
        RULES.apply(before, CHANCE, Play(n("5 Coins")))
    assert table.state == before


def test_a_deal_that_is_not_the_whole_deck_is_refused() -> None:
    state = Table().state
    with pytest.raises(IllegalAction, match="does not fit"):
        RULES.apply(state, CHANCE, Deal(0, tuple(range(47))))
    with pytest.raises(IllegalAction, match="does not fit"):
        RULES.apply(state, CHANCE, Deal(0, (0, *range(47))))
