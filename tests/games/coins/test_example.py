"""Coins rules: the worked example (rules §9) trick by trick, and its further checks."""

from __future__ import annotations

import pytest

from bot.engine import CHANCE, IllegalAction
from bot.games.coins.actions import Deal

from .support import ANA, BEN, CY, RULES, Table, arranged, n

ANA_CARDS = ["5 Coins", "3 Coins", "Knight Clubs", "8 Swords", "King Coins"]
BEN_CARDS = ["King Swords", "7 Clubs", "4 Clubs", "Knave Coins", "2 Swords"]
CY_CARDS = ["2 Cups", "Ace Coins", "9 Clubs", "6 Clubs", "3 Swords"]

TRICKS = [
    ((ANA, "5 Coins"), (BEN, "King Swords"), (CY, "2 Cups")),
    ((CY, "Ace Coins"), (ANA, "3 Coins"), (BEN, "7 Clubs")),
    ((CY, "9 Clubs"), (ANA, "Knight Clubs"), (BEN, "4 Clubs")),
    ((ANA, "8 Swords"), (BEN, "Knave Coins"), (CY, "6 Clubs")),
    ((BEN, "2 Swords"), (CY, "3 Swords"), (ANA, "King Coins")),
]
"""The five tricks in play order: the leader, then clockwise."""
EXPECTED = [
    # winner, case, missing suit, points, scores after the trick
    (CY, "three", "Clubs", 1, (0, 0, 1)),
    (CY, "pair", None, 2, (0, 0, 3)),
    (ANA, "same", None, 0, (0, 0, 3)),
    (BEN, "three", "Cups", 1, (0, 1, 3)),
    (CY, "pair", None, 1, (0, 1, 4)),
]


def example(**options: str) -> Table:
    """Deal the example: dealer Cy, so Ana receives the first card and leads."""
    return Table(arranged(CY, [ANA_CARDS, BEN_CARDS, CY_CARDS]), **options)


def play_to(tricks: int, **options: str) -> Table:
    """Play the example's first tricks."""
    table = example(**options)
    for trick in TRICKS[:tricks]:
        table.trick(*trick)
    return table


def test_the_deal_gives_sixteen_each_from_the_dealers_left() -> None:
    table = example()
    s = table.state
    assert s.dealer == CY and s.leader == ANA and s.turn == ANA and s.hand == 1
    assert [len(h) for h in s.hands] == [16, 16, 16]
    for seat, cards in ((ANA, ANA_CARDS), (BEN, BEN_CARDS), (CY, CY_CARDS)):
        assert {n(c) for c in cards} <= set(s.hands[seat])
    assert sorted(c for h in s.hands for c in h) == list(range(48))
    assert "{p[2]} deals 16 cards each; {p[0]} leads" in table.text()


def test_deal_order_is_one_card_at_a_time_starting_left_of_the_dealer() -> None:
    table = Table(Deal(CY, tuple(range(48))))
    assert table.state.hands[ANA][:3] == (0, 3, 6)
    assert table.state.hands[BEN][:3] == (1, 4, 7)
    assert table.state.hands[CY][:3] == (2, 5, 8)


@pytest.mark.parametrize("tricks", range(1, 6))
def test_each_trick_goes_to_the_expected_winner(tricks: int) -> None:
    table = play_to(tricks)
    winner, case, missing, points, scores = EXPECTED[tricks - 1]
    last = table.state.last
    assert last is not None
    assert (last.winner, last.case, last.points) == (winner, case, points)
    assert (last.missing.word if last.missing is not None else None) == missing
    assert table.state.scores == scores
    assert table.state.leader == winner and table.state.turn == winner


def test_reasons_are_told_in_plain_words() -> None:
    table = play_to(1)
    assert "three suits, Clubs missing: Cups win" in table.text()
    assert "{p[2]} wins the trick" in table.text() and "scores 1 point." in table.text()
    table.trick(*TRICKS[1])
    assert "pair of Coins: the higher, the Ace, wins" in table.text()
    table.trick(*TRICKS[2])
    assert "all Clubs: the highest, the Knight, wins" in table.text()
    assert "scores 0 points" in table.text()


def test_the_state_after_trick_five() -> None:
    table = play_to(5)
    view = table.public()
    assert [p.score for p in view.players] == [0, 1, 4]
    assert [p.tricks for p in view.players] == [1, 1, 3]
    assert [p.cards for p in view.players] == [11, 11, 11]
    assert view.coins_unseen == 12 - 5 == 7
    assert view.turn == CY and view.leader == CY and not view.trick


def test_play_order_follows_the_leader_clockwise() -> None:
    table = play_to(1)
    for seat in (ANA, BEN):
        with pytest.raises(Exception, match="not your turn"):
            table.card(seat, "3 Coins" if seat == ANA else "7 Clubs")
    table.card(CY, "Ace Coins")
    assert table.state.turn == ANA
    table.card(ANA, "3 Coins")
    assert table.state.turn == BEN


def test_cy_at_fourteen_before_trick_two_ends_the_game_at_sixteen() -> None:
    table = play_to(1)
    table.tweak(scores=(0, 0, 14))
    table.trick(*TRICKS[1])
    s = table.state
    assert s.phase == "over" and s.winner == CY and s.scores == (0, 0, 16)
    assert RULES.to_act(table.state) == frozenset()
    outcome = table.match.outcome
    assert outcome is not None and outcome.winners == frozenset({CY})
    assert outcome.ranks == (2, 2, 1) and outcome.scores == (0.0, 0.0, 16.0)
    assert "{p[2]} reaches 16 of 15 points and wins." in table.text()
    # The cards left are not played, and everyone now sees them.
    assert all(len(h) == 14 for h in s.hands[:2]) and len(s.hands[CY]) == 14
    assert "{p[0]} shows the cards left in hand:" in table.text()
    assert len(table.public().final_hands[ANA]) == 14


def test_ben_winning_trick_sixteen_makes_ana_deal_and_ben_lead() -> None:
    table = play_to(5)
    # Jump to the last trick of the hand: Cy leads, Ben takes it with the higher Sword.
    table.give(["9 Cups"], ["Ace Swords"], ["2 Swords"])
    table.trick((CY, "2 Swords"), (ANA, "9 Cups"), (BEN, "Ace Swords"))
    s = table.state
    assert s.phase == "deal" and s.dealer == ANA and s.scores == (0, 1, 4)
    assert "{p[0]} deals the next hand; {p[1]} leads." in table.text()
    with pytest.raises(IllegalAction, match="right of the last trick's winner"):
        table.play(CHANCE, Deal(CY, tuple(range(48))).token())
    table.play(CHANCE, Deal(ANA, tuple(range(48))).token())
    s = table.state
    assert s.hand == 2 and s.dealer == ANA and s.leader == BEN and s.turn == BEN
    assert s.hands[BEN][0] == 0 and s.scores == (0, 1, 4)
    assert s.last is None and not s.taken


@pytest.mark.parametrize("seats", [2, 4])
def test_coins_needs_exactly_three_seats(seats: int) -> None:
    with pytest.raises(ValueError, match="exactly 3"):
        RULES.initial_state(seats, {})
