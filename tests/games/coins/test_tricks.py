"""Coins trick winners (rules §4.2) and the edge cases of §8, on the judge and in play."""

from __future__ import annotations

import itertools

import pytest

from bot.games.coins.cards import CARDS, Suit, find, judge, winning_index

from .support import ANA, BEN, CY, RULES, Table, arranged, n

BEATS = {"Cups": "Coins", "Coins": "Swords", "Swords": "Clubs", "Clubs": "Cups"}
"""The suit cycle written out as in §2, independently of the code."""
STRENGTH = ["2", "3", "4", "5", "6", "7", "8", "9", "Knave", "Knight", "King", "Ace"]


def reference_winner(cards: list[tuple[str, str]]) -> int:
    """Decide a trick of (rank, suit) by the words of §4.2."""
    suits = [s for _, s in cards]
    rank = [STRENGTH.index(r) for r, _ in cards]
    if len(set(suits)) == 1:
        return max(range(3), key=lambda i: rank[i])
    if len(set(suits)) == 2:
        pair = [i for i in range(3) if suits.count(suits[i]) == 2]
        return max(pair, key=lambda i: rank[i])
    # The present suit that no present suit beats heads the chain.
    unbeaten = [i for i in range(3) if not any(BEATS[s] == suits[i] for s in suits)]
    assert len(unbeaten) == 1
    return unbeaten[0]


def named(number: int) -> tuple[str, str]:
    """Return (rank, suit) words of a card number."""
    c = CARDS[number]
    return c.rank_name, c.suit.word


def test_every_ordered_trick_matches_the_rules_text() -> None:
    for a, b, c in itertools.permutations(range(48), 3):
        expected = reference_winner([named(a), named(b), named(c)])
        assert winning_index(a, b, c) == expected, (named(a), named(b), named(c))


@pytest.mark.parametrize(
    ("missing", "winner"),
    [("Cups", "Coins"), ("Coins", "Swords"), ("Swords", "Clubs"), ("Clubs", "Cups")],
)
def test_three_suits_the_suit_the_missing_one_beats_wins(missing: str, winner: str) -> None:
    present = [s for s in BEATS if s != missing]
    for order in itertools.permutations(present):
        # The winning suit gets the lowest card, the others Aces: rank does not matter.
        cards = [find("2" if s == winner else "Ace", s).number for s in order]
        verdict = judge(cards)
        assert verdict.case == "three" and verdict.missing == Suit[missing.upper()]
        assert CARDS[cards[verdict.winner]].suit.word == winner


def test_all_same_suit_the_highest_rank_wins() -> None:
    verdict = judge([n("Knight Clubs"), n("4 Clubs"), n("9 Clubs")])
    assert (verdict.winner, verdict.case, verdict.missing) == (0, "same", None)
    assert judge([n("2 Cups"), n("Ace Cups"), n("King Cups")]).winner == 1


def test_edge_1_the_pair_decides_even_against_a_suit_that_beats_it() -> None:
    verdict = judge([n("2 Swords"), n("3 Swords"), n("King Coins")])
    assert (verdict.winner, verdict.case) == (1, "pair")


def test_edge_2_the_lowest_card_can_win_with_three_suits() -> None:
    verdict = judge([n("Ace Coins"), n("Ace Swords"), n("2 Cups")])
    assert (verdict.winner, verdict.case, verdict.missing) == (2, "three", Suit.CLUBS)


def test_edge_3_opposite_suits_only_meet_through_a_pair_or_the_chain() -> None:
    # Cups meet Swords only in a pair (the pair decides) or in the chain with Clubs
    # (Coins missing: Swords > Clubs > Cups); they are never compared directly.
    assert judge([n("Ace Cups"), n("2 Swords"), n("3 Swords")]).winner == 2
    assert judge([n("2 Cups"), n("Ace Swords"), n("3 Cups")]).winner == 2
    assert judge([n("Ace Cups"), n("2 Swords"), n("King Clubs")]).winner == 1


def test_edge_4_the_leader_has_no_special_power_and_nobody_follows() -> None:
    table = Table(arranged(CY, [["Ace Swords"], ["2 Clubs", "2 Cups"], ["3 Clubs"]]))
    table.card(ANA, "Ace Swords")
    legal = {a.card for a in RULES.legal_actions(table.state, BEN)}
    assert legal == set(table.state.hands[BEN]) and len(legal) == 16
    assert {c.suit for c in table.private(BEN).hand} != {Suit.SWORDS}
    table.card(BEN, "2 Clubs")
    table.card(CY, "3 Clubs")
    assert table.state.last is not None and table.state.last.winner == CY


def test_edge_5_three_coins_score_three() -> None:
    table = Table(arranged(CY, [["Ace Coins"], ["2 Coins"], ["3 Coins"]]))
    table.trick((ANA, "Ace Coins"), (BEN, "2 Coins"), (CY, "3 Coins"))
    assert table.state.scores == (3, 0, 0)
    assert "scores 3 points" in table.text()


def test_edge_9_a_trick_without_coins_still_has_a_winner_who_leads() -> None:
    table = Table(arranged(CY, [["5 Cups"], ["King Swords"], ["2 Clubs"]]))
    table.trick((ANA, "5 Cups"), (BEN, "King Swords"), (CY, "2 Clubs"))
    assert table.state.scores == (0, 0, 0)
    # Coins missing: Swords win.
    assert table.state.last is not None and table.state.last.winner == BEN
    assert table.state.turn == BEN and table.state.leader == BEN


def test_only_the_winner_scores_the_coins_in_the_trick() -> None:
    table = Table(arranged(CY, [["2 Coins"], ["Ace Coins"], ["2 Cups"]]))
    # Three suits? No: a pair of Coins, and Ben's Ace takes both Coins.
    table.trick((ANA, "2 Coins"), (BEN, "Ace Coins"), (CY, "2 Cups"))
    assert table.state.scores == (0, 2, 0)
    assert [p.tricks for p in table.public().players] == [0, 1, 0]
