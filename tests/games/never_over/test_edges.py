"""NEVER OVER edge cases (rules §8), the packs, the deal and the end of a game."""

from __future__ import annotations

import pytest

from bot.engine import CHANCE, Match
from bot.engine.phrase import words
from bot.games.never_over.cards import PACKS, pack_cards
from bot.games.never_over.hand import hand_body

from .support import ABE, BEA, CAL, RULES, Table, arranged

NAMES = ["Abe", "Bea", "Cal"]


@pytest.mark.parametrize(
    ("pack", "green", "red"), [("standard", 40, 15), ("offensive", 44, 13), ("defensive", 36, 17)]
)
def test_pack_presets(pack: str, green: int, red: int) -> None:
    cards = pack_cards(pack)
    assert sum(c.colour == "green" for c in cards) == green
    assert sum(c.colour == "red" for c in cards) == red
    assert [c.id for c in cards] == list(range(len(cards)))
    assert max(c.points for c in cards if c.colour == "green") == 4
    assert max(c.points for c in cards if c.colour == "red") == 4
    assert min(c.points for c in cards if c.colour == "green") == 1  # there is no green 0
    assert len(PACKS[pack]) == 9


def test_cap_0_blocks_every_green_until_raised() -> None:  # §8.1
    table = Table()
    zero = next(c for c in table.state.hands[BEA] if table.state.card(c).kind == "r0")
    table.tweak(reds=((zero,), (), ()))
    assert not any(t.endswith(".0.g") for t in table.legal(ABE))
    assert {"P.r4.0.r", "P.r2.0.r"} <= set(table.legal(ABE))


def test_redundant_plays_are_legal_and_labelled() -> None:  # §8.2, §8.3
    table = Table()
    legal = table.legal(ABE)
    assert "P.r4.0.r" in legal and "P.r2.0.r" not in legal  # only ≤4 on your own empty pile
    assert {"P.r4.1.r", "P.r2.1.r", "P.r2.2.r"} <= set(legal)  # any red on an empty pile
    body = hand_body(table.private(ABE), RULES.legal_actions(table.state, ABE), NAMES, "")
    assert "≤4 → your red pile (redundant: cap stays 4)" in body
    assert "≤2 → Bea's red pile (cap 4 → 2)" in body
    table.play(ABE, "P.r4.1.r")
    assert table.state.cap(BEA) == 4 and "redundant" in table.public_text()


def test_a_playable_card_may_be_discarded() -> None:  # §8.5
    table = Table()
    assert "P.g4.0.g" in table.legal(ABE) and "D.g4" in table.legal(ABE)
    table.play(ABE, "D.g4")
    assert table.state.card(table.state.discards[0]).kind == "g4"


def test_retiring_hides_the_hand_until_the_game_ends() -> None:  # §8.6
    table = Table()
    table.play(ABE, "X")
    set_aside = {table.state.card(c) for c in table.state.hands[ABE]}
    for seat in (BEA, CAL):
        assert set_aside <= set(RULES.hidden_from(table.state, seat))
        assert set_aside.isdisjoint(table.private(seat).hand)
    assert table.public().revealed == ()
    table.play(BEA, "X")
    table.play(CAL, "X")
    assert set(table.public().revealed[ABE]) == set_aside
    assert "{p[0]} had set aside: +4 +3" in table.public_text()
    assert RULES.hidden_from(table.state, None) == []


def test_an_empty_stock_means_no_draw_and_an_empty_hand_retires() -> None:  # §8.7
    table = Table(seats=2, deal=arranged(1, ("g2 g1 g1 g1 g1 g1 g1 g1", "g3 " * 8)))
    table.tweak(stock=(), hands=((table.state.hands[0][0],), table.state.hands[1]))
    assert table.hand(0) == ["g2"]
    table.play(0, "D.g2")
    assert table.state.retired == (True, False) and "no cards left" in table.public_text()
    assert table.state.turn == 1


def test_two_players_the_non_dealer_plays_first() -> None:  # §8.8
    table = Table(seats=2, deal=arranged(0, ("g1 g1 g1 g1 g1 g1 g1 g1", "g2 " * 8)))
    assert table.state.dealer == 0 and table.state.turn == 1 and table.state.sinistra == 1


def test_red_on_a_retired_players_pile() -> None:  # §8.9
    table = Table()
    table.play(ABE, "X")
    table.play(BEA, "P.r0.0.r")
    assert table.state.cap(ABE) == 0 and table.state.score(ABE) == 0
    assert "on {p[0]}'s red pile ({p[0]} has retired): cap 4 → 0" in table.public_text()


def test_the_last_player_plays_on_alone() -> None:  # §8.10
    table = Table()
    table.play(ABE, "X")
    table.play(BEA, "X")
    for _ in range(3):
        table.play(CAL, "D.g1" if "D.g1" in table.legal(CAL) else "D.r3")
        assert table.state.turn == CAL and RULES.outcome(table.state) is None
    table.play(CAL, "X")
    assert RULES.outcome(table.state) is not None


def test_every_game_ends() -> None:  # §5.6: a seat that never retires still runs out
    table = Table()
    table.play(ABE, "X")
    table.play(BEA, "X")
    turns = 0
    while RULES.outcome(table.state) is None:
        table.play(CAL, next(t for t in table.legal(CAL) if t.startswith("D.")))
        turns += 1
    assert turns == 31 + 8 and table.state.retired == (True, True, True)


def test_a_lobby_whose_hands_the_pack_cannot_deal_is_refused_with_the_most_it_can() -> None:
    """§7: hand size 4 to 12, with players × hand size ≤ pack size."""
    refused = RULES.start_refusal(6, {"hand_size": "12", "pack": "defensive"})
    assert refused is not None
    said = words(refused)
    assert "12 cards each is too many for 6 players" in said and "at most 8 each" in said
    assert RULES.start_refusal(6, {"hand_size": "8", "pack": "defensive"}) is None  # 48 ≤ 53
    assert RULES.start_refusal(6, {"hand_size": "9", "pack": "standard"}) is None  # 54 ≤ 55
    assert RULES.start_refusal(5, {"hand_size": "12", "pack": "standard"}) is not None


def test_fixed_partnerships_with_a_single_team_are_refused() -> None:
    """§7 (house rule on validation): at least two teams."""
    one_team = {"partnerships": "on", "team": "A,A,A"}
    assert "at least two teams" in words(RULES.start_refusal(3, one_team))  # type: ignore[arg-type]
    assert RULES.start_refusal(3, {"partnerships": "on", "team": "A,B,A"}) is None
    assert RULES.start_refusal(3, {"partnerships": "off", "team": "A,A,A"}) is None


def test_a_hand_too_big_for_the_pack_is_lowered_where_no_lobby_checked_it() -> None:
    match = Match.new(RULES, 6, {"hand_size": "12", "pack": "defensive"})
    assert match.state.hand_size == 8  # 53 cards // 6 players
    events = match.step(CHANCE, RULES.chance_outcome(match.state, _Rng()).token())
    said = words(events[0].text)
    assert "12 cards each is too many for 6 players with this pack: 8 each." in said
    assert all(len(h) == 8 for h in match.state.hands) and len(match.state.stock) == 5


def test_outcome_of_one_game_and_ties() -> None:
    table = Table()
    table.play(ABE, "P.g4.0.g")
    table.play(BEA, "P.g4.1.g")
    for seat in (CAL, ABE, BEA, CAL):
        if seat in RULES.to_act(table.state):
            table.play(seat, "X")
    outcome = RULES.outcome(table.state)
    assert outcome is not None and outcome.ranks == (1, 1, 3)
    assert words(outcome.summary) == "{p[0]} and {p[1]} share the win with 4 points."
    assert outcome.scores == (4.0, 4.0, 0.0) and outcome.termination == "all_retired"


class _Rng:
    """A stand-in random source that leaves everything in order."""

    def random(self) -> float:
        return 0.0

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return 0

    def shuffle(self, x: list[int]) -> None:
        return None
