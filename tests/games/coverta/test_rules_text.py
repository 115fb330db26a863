"""COVERTA against its rules text (shared/rules/coverta.md), statement by statement.

Each test cites the section it pins. These cover statements the worked example and the
other COVERTA test files leave open: the deal from a known deck, rounds that skip an
eliminated first player, the random hand-over, the quiet-turn counter, going out in the
bluff variant by a hand-over or a steal, and the standings.
"""

from __future__ import annotations

import random

import pytest

from bot.engine import CHANCE, IllegalAction, NotYourTurn
from bot.games.coverta.actions import Deal, Handover, Steal
from bot.games.coverta.cards import HAND_SIZE, INSTRUCTIONS
from bot.games.coverta.rules import SPEC
from bot.games.coverta.state import Placement

from .support import (
    ALICE,
    ALICE_HAND,
    ALICE_RULES,
    BOB,
    BOB_HAND,
    CAROL,
    RULES,
    Table,
    three_player_deal,
)
from .test_rules import play_example_to_step


def test_s1_two_to_six_players() -> None:
    """§1, §7: 2 to 6 players; the player count fixes the hand size (§3.3)."""
    assert (SPEC.min_seats, SPEC.max_seats) == (2, 6)
    assert sorted(HAND_SIZE) == [2, 3, 4, 5, 6]


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_s3_deal_one_at_a_time_from_the_dealers_left_then_start_card_then_pile(
    dealer: int,
) -> None:
    """§3.3-3.6: the shuffled deck is dealt one card at a time, clockwise, starting with
    the player after the dealer; the next card is the starting card (#0, column 0, no row);
    the rest is the draw pile, top first; the player after the dealer plays first."""
    deck = tuple(random.Random(dealer).sample(range(1, 41), 40))
    deal = Deal(dealer, deck, (0, 3, 5), (7, 8, 10)).checked()
    table = Table(deal, seats=3)
    s = table.state
    size = HAND_SIZE[3]
    for seat in range(3):
        expected = [deck[k] for k in range(3 * size) if (dealer + 1 + k) % 3 == seat]
        assert sorted(table.hand(seat)) == sorted(expected)
    assert s.layout == (Placement(deck[3 * size], None, 0, None),)
    assert s.draw_pile == deck[3 * size + 1 :]
    assert s.turn == s.first == (dealer + 1) % 3 and s.dealer == dealer and s.round == 1
    assert s.instructions == (
        (INSTRUCTIONS[0], INSTRUCTIONS[7]),
        (INSTRUCTIONS[3], INSTRUCTIONS[8]),
        (INSTRUCTIONS[5], INSTRUCTIONS[10]),
    )
    table.play(s.turn, "B")
    assert deck[3 * size + 1] in table.hand((dealer + 1) % 3)  # the top of the pile


def test_s4_1_1_the_round_advances_past_an_eliminated_first_player() -> None:
    """§4.1.1: eliminated players are skipped, but the column still advances when the turn
    passes the first player's seat; §4.4: the next non-eliminated player takes the turn."""
    table = Table(three_player_deal(), seats=3, mode="bluff")
    assert table.state.first == ALICE
    table.play(ALICE, "B")
    table.play(ALICE, "E")
    table.set_hands({ALICE: ()})
    table.tweak(eliminated=(True, False, False))
    table.play(BOB, "B")
    table.play(BOB, "E")
    assert (table.state.turn, table.state.round) == (CAROL, 1)
    table.play(CAROL, "B")
    table.play(CAROL, "E")
    assert (table.state.turn, table.state.round) == (BOB, 2)
    place = next(t for t in table.legal(BOB) if t.startswith("A."))
    table.play(BOB, place)
    last = table.state.layout[-1]
    assert (last.card, last.row, last.column, last.by) == (int(place[2:]), BOB, 2, BOB)


def test_s4_4_turn_order_skips_an_eliminated_player() -> None:
    """§4.4, §5.1: an eliminated player takes no more turns."""
    table = Table(three_player_deal(), seats=3, mode="bluff")
    table.set_hands({BOB: ()})
    table.tweak(eliminated=(False, True, False))
    table.play(ALICE, "B")
    assert BOB not in table.state.targets(ALICE)
    table.play(ALICE, "E")
    assert table.state.turn == CAROL and table.state.round == 1
    table.play(CAROL, "B")
    table.play(CAROL, "E")
    assert table.state.turn == ALICE and table.state.round == 2


def test_s4_1_1_a_steal_goes_into_the_column_of_the_current_round() -> None:
    """§4.1.1: a card placed during a turn of round r, by anyone and in any row (including
    out-of-turn steals), goes into column r of the row it is placed in."""
    table = Table(steal="on")
    table.play(ALICE, "A.7")
    table.play(BOB, "B")
    table.play(BOB, "E")
    assert table.state.turn == ALICE and table.state.round == 2
    table.play(BOB, "S.4")  # even and solid after 7: fits Alice
    assert table.state.layout[-1] == Placement(4, ALICE, 2, BOB)
    assert table.state.last == 4


def test_s4_1_2_placement_numbers_and_l() -> None:
    """§4.1.2-4.1.3: every card entering the layout gets the next integer (start card 0);
    L is the card with the highest placement number, whatever row it is in."""
    table = Table()
    table.play(ALICE, "A.7")
    table.play(BOB, "B")
    table.play(BOB, "P.4.0")  # even and solid after 7: fits Alice, so it lands in her row
    view = table.public()
    assert [c.placement for c in view.layout] == [0, 1, 2]
    assert [(c.card.number, c.row, c.placed_by) for c in view.layout] == [
        (12, None, None),
        (7, ALICE, ALICE),
        (4, ALICE, BOB),
    ]
    assert view.last is not None and view.last.number == 4 == table.state.last


def test_s4_2_a_emptying_your_hand_in_your_own_row_wins_at_once() -> None:
    """§4.2 A and §5.1 strict: a player whose own-row placement empties their hand goes out,
    wins at once and the game ends; everyone's instructions and hands are then revealed."""
    table = Table()
    table.set_hands({ALICE: (7,)})
    table.play(ALICE, "A.7")
    outcome = table.outcome()
    assert outcome.winners == {ALICE} and outcome.termination == "went_out"
    assert RULES.to_act(table.state) == frozenset()
    public = table.public()
    assert public.over and public.final_instructions[ALICE] == ALICE_RULES
    assert [len(h) for h in public.final_hands] == [0, len(BOB_HAND)]


def test_s4_2_b_no_draw_from_an_empty_pile() -> None:
    """§4.2 B: drawing needs a non-empty draw pile; the refusal changes nothing."""
    table = Table()
    table.set_hands({ALICE: (1, 20)}, pile=())
    assert "B" not in table.legal(ALICE)
    before = table.state
    with pytest.raises(IllegalAction):
        table.play(ALICE, "B")
    assert table.state == before


def test_s4_2_b_drawing_is_allowed_while_a_card_fits() -> None:
    """§4.2 B: drawing is always allowed while the pile has cards, even if you could play."""
    table = Table()
    assert 7 in table.private(ALICE).satisfying and "B" in table.legal(ALICE)
    table.play(ALICE, "B")
    assert table.state.phase == "follow" and table.state.turn == ALICE


def test_s4_3_failure_hands_over_exactly_two_random_cards_of_the_target() -> None:
    """§4.3 failure 4: O gives min(2, cards in O's hand) cards chosen uniformly at random from
    O's hand (a chance step); any other hand-over is refused."""
    table = Table()
    table.play(ALICE, "A.7")
    table.play(BOB, "B")
    table.play(BOB, "P.15.0")  # odd after odd: breaks Alice's rule 1
    assert RULES.to_act(table.state) == {CHANCE}
    alice = set(table.hand(ALICE))
    seen: set[int] = set()
    for seed in range(200):
        chosen = RULES.chance_outcome(table.state, random.Random(seed))
        assert isinstance(chosen, Handover) and len(set(chosen.cards)) == 2
        assert set(chosen.cards) <= alice
        seen |= set(chosen.cards)
    assert seen == alice
    other = next(c for c in table.hand(BOB) if c != 15)
    for token in ("G.1", f"G.1,{other}", "G.1,14,20"):
        with pytest.raises(IllegalAction):
            table.play(CHANCE, token)
    table.play(CHANCE, "G.1,14")
    assert {1, 14, 15} <= set(table.hand(BOB)) and not {1, 14} & set(table.hand(ALICE))


def test_s4_3_a_target_holding_two_cards_gives_both_and_goes_out() -> None:
    """§4.3 failure 4-5 with min(2, 2): both cards are handed over without a random choice;
    O's hand is empty, so O goes out, and in strict mode wins (§5.1)."""
    table = Table()
    table.play(ALICE, "A.7")
    table.set_hands({ALICE: (1, 14)})
    table.play(BOB, "B")
    table.play(BOB, "P.15.0")
    assert {1, 14, 15} <= set(table.hand(BOB)) and table.hand(ALICE) == ()
    assert table.state.attempts[-1].handed == 2
    assert table.outcome().winners == {ALICE}


def quiet_start() -> Table:
    """Return the worked example after step 5 (L = 24, Bob to act, Bob barred from Alice)
    with an empty pile and hands in which no card fits its holder's own rules."""
    table = play_example_to_step(5)
    table.set_hands({ALICE: (1, 4, 5), BOB: (10, 15, 16)}, pile=())
    return table


def test_s5_2_2_q_resets_when_a_play_in_place_succeeds() -> None:
    """§5.2.1-5.2.2: a pass followed by a play-in-place attempt is not quiet, and Q resets
    to 0 whenever a card enters the layout."""
    table = quiet_start()
    table.play(BOB, "C")  # barred from Alice: a quiet turn
    assert table.state.quiet == 1 and table.state.turn == ALICE
    table.play(ALICE, "C")
    table.play(ALICE, "P.4.1")  # circle and black after 24: fits Bob
    s = table.state
    assert s.layout[-1] == Placement(4, BOB, 4, ALICE)
    assert s.quiet == 0 and s.turn == BOB and RULES.outcome(s) is None


def test_s5_2_2_q_resets_when_a_steal_fails() -> None:
    """§5.2.2, §8.15: a failed steal resets Q, because cards changed hands."""
    table = Table(steal="on")
    table.set_hands({ALICE: (1, 20)}, pile=())  # neither is odd and solid after 12
    table.play(ALICE, "C")
    table.play(ALICE, "E")
    assert table.state.quiet == 1 and table.state.turn == BOB
    table.play(ALICE, "S.20")  # a circle after the square 12: breaks Bob's KEEP shape
    table.play(CHANCE, "G.4,9")
    assert table.state.quiet == 0
    assert table.state.turn == BOB and RULES.to_act(table.state) == {BOB}


def test_s5_2_3_blocked_end_counts_only_players_in_play_and_ranks_eliminated_last() -> None:
    """§5.2.3: the game ends when Q equals the number of non-eliminated players; §5.3:
    winners first, then by cards in hand, eliminated players last."""
    table = Table(three_player_deal(), seats=3, mode="bluff")
    # After 12 neither Bob's (4, 9) nor Carol's (6, 8, 11) cards fit their holder's rules.
    table.set_hands({ALICE: (), BOB: (4, 9), CAROL: (6, 8, 11)}, pile=())
    table.tweak(eliminated=(True, False, False), turn=BOB)
    table.play(BOB, "C")
    table.play(BOB, "E")
    assert table.state.quiet == 1 and RULES.outcome(table.state) is None
    table.play(CAROL, "C")
    table.play(CAROL, "E")
    outcome = table.outcome()
    assert outcome.termination == "blocked" and outcome.winners == {BOB}
    assert outcome.ranks == (3, 1, 2)


@pytest.mark.parametrize(("carol", "ranks"), [(8, (1, 2, 2)), (3, (1, 3, 2))])
def test_s5_3_standings_after_going_out(carol: int, ranks: tuple[int, int, int]) -> None:
    """§5.3: winner first; then the others by cards in hand, fewest first, equal counts
    sharing a rank."""
    table = Table(three_player_deal(), seats=3)
    table.set_hands({ALICE: (7,), CAROL: tuple(sorted(table.hand(CAROL)))[:carol]})
    table.play(ALICE, "A.7")
    assert table.outcome().ranks == ranks


def test_s4_6_1_a_pass_closes_the_steal_window() -> None:
    """§4.6.1, §8.14: the window closes when T's action C is accepted; a later steal is
    rejected and the card stays in hand."""
    table = Table(steal="on")
    table.set_hands({ALICE: (1, 20)}, pile=())
    assert BOB in RULES.to_act(table.state)
    table.play(ALICE, "C")
    assert RULES.to_act(table.state) == {ALICE}
    with pytest.raises(NotYourTurn, match="Too late"):
        RULES.apply(table.state, BOB, Steal(15))
    assert 15 in table.hand(BOB)


def bluff_after_27(steal: str = "off") -> Table:
    """Return a bluff table where Alice placed 27, breaking her rule 2 (KEEP fill) (§9.1)."""
    table = Table(mode="bluff", steal=steal)
    table.play(ALICE, "A.27")
    return table


def test_s5_1_bluff_going_out_by_handing_over_cards_runs_the_reveal() -> None:
    """§4.3 failure 5 (house rule) with §5.1 bluff: a target whose hand empties by handing
    cards over goes out: both instructions are revealed publicly, the reveal event marks
    their hidden breaks and they draw 2 per token; play continues and the turn ends as usual."""
    table = bluff_after_27()
    table.play(BOB, "B")
    table.set_hands({ALICE: (1, 40)})
    pile = table.state.draw_pile
    table.play(BOB, "P.9.0")  # odd after 27: rule 1 broken, and 27 met rule 1: no exception
    s = table.state
    assert {1, 9, 40} <= set(table.hand(BOB)) and s.bars == ((BOB, ALICE),)
    assert RULES.outcome(s) is None and s.revealed[ALICE] == (True, True)
    assert s.layout[1].token and table.hand(ALICE) == tuple(sorted(pile[:2]))
    assert s.draw_pile == pile[2:] and s.last == 27
    assert table.public().players[ALICE].revealed == ALICE_RULES
    assert s.turn == ALICE and s.round == 2


def test_s5_1_bluff_stealer_going_out_with_penalties_lets_t_take_the_turn() -> None:
    """§4.6.4-4.6.5 with §5.1 bluff: a stealer who empties their hand goes out; if the reveal
    marks a card they keep the penalty cards, and T still takes their turn with the new L."""
    table = Table(mode="bluff", steal="on")
    table.play(ALICE, "A.7")
    table.play(BOB, "A.4")  # a black background after the black 7: breaks Bob's rule 2
    assert table.state.turn == ALICE and table.state.window
    table.set_hands({BOB: (15,)})
    pile = table.state.draw_pile
    table.play(BOB, "S.15")  # odd and solid after 4: fits Alice
    s = table.state
    assert s.layout[-1] == Placement(15, ALICE, 2, BOB) and s.last == 15
    assert RULES.outcome(s) is None and s.layout[2].token
    assert table.hand(BOB) == tuple(sorted(pile[:2])) and s.revealed[BOB] == (True, True)
    assert s.turn == ALICE and s.phase == "turn" and RULES.to_act(s) == {ALICE}


def test_s4_5_4_exception_on_a_steal() -> None:
    """§4.5.4 via §4.6.3: a failed steal whose revealed instruction the target broke
    unmarked: the stealer is not penalised or barred, the tried card goes to the target's
    hand, the reveal event runs, L is unchanged, and T still takes the turn (§4.6.4)."""
    table = bluff_after_27(steal="on")
    table.play(BOB, "B")
    table.play(BOB, "E")
    assert table.state.turn == ALICE and table.state.window
    bob = len(table.hand(BOB))
    table.play(BOB, "S.10")  # even and solid after 27: breaks only KEEP fill, as 27 did
    s = table.state
    assert [(x.viewer, x.owner, x.rule) for x in s.shown] == [(BOB, ALICE, 1)]
    assert s.bars == () and len(table.hand(BOB)) == bob - 1 and 10 in table.hand(ALICE)
    assert s.layout[1].token and s.last == 27
    assert s.attempts[-1].steal and s.attempts[-1].exception
    assert s.turn == ALICE and RULES.to_act(s) == {ALICE}


def test_s6_public_fields() -> None:
    """§6 public: hand sizes, draw pile size, dealer, whose turn and round, bars, and the
    attempt (target, card, failure, cards handed over) but not the instruction shown."""
    table = Table()
    table.play(ALICE, "A.7")
    table.play(BOB, "B")
    table.play(BOB, "P.15.0")
    table.play(CHANCE, "G.33,38")
    view = table.public()
    assert [p.hand_size for p in view.players] == [6, 12] and view.draw_pile == 20
    assert (view.dealer, view.turn, view.round) == (BOB, ALICE, 2)
    assert view.players[BOB].barred_from == (ALICE,) and view.bars == ((BOB, ALICE),)
    assert view.players[ALICE].revealed == (None, None)
    attempt = view.attempts[-1]
    assert (attempt.target, attempt.card.number, attempt.success, attempt.handed) == (
        ALICE,
        15,
        False,
        2,
    )
    assert set(ALICE_HAND) - {7, 33, 38} == set(table.hand(ALICE))
