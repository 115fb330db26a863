"""COVERTA rules: the worked example (§9, §9.1) step by step and the strict-mode edge cases (§8)."""

from __future__ import annotations

import re

import msgspec
import pytest
from wcwidth import width

from bot.engine import CHANCE, IllegalAction, NotYourTurn
from bot.engine.phrase import words
from bot.games.coverta.cards import Trait, card
from bot.games.coverta.present import CovertaPresenter
from bot.games.coverta.state import Placement

from .support import (
    ALICE,
    ALICE_RULES,
    BOB,
    BOB_RULES,
    RULES,
    Table,
    layout_numbers,
    three_player_deal,
)

NAMES = ["Alice", "Bob"]

FIXTURE = {  # card: (parity, shape, fill, background) from the rules' test fixture
    12: ("even", "square", "solid", "white"),
    7: ("odd", "circle", "solid", "black"),
    27: ("odd", "square", "hollow", "black"),
    15: ("odd", "square", "solid", "white"),
    10: ("even", "square", "solid", "black"),
    20: ("even", "circle", "solid", "white"),
    9: ("odd", "circle", "hollow", "black"),
    24: ("even", "circle", "solid", "white"),
}


def test_the_shipped_cards_match_the_example_fixture() -> None:
    traits = (Trait.PARITY, Trait.SHAPE, Trait.FILL, Trait.BACKGROUND)
    for number, expected in FIXTURE.items():
        assert tuple(card(number).word(t) for t in traits) == expected


def test_the_example_deal() -> None:
    table = Table()
    s = table.state
    assert s.dealer == BOB and s.turn == ALICE and s.round == 1
    assert table.hand(ALICE) == (1, 7, 14, 20, 24, 27, 33, 38, 40)
    assert table.hand(BOB) == (4, 9, 10, 15, 17, 21, 28, 31, 36)
    assert s.last == 12 and s.draw_pile[:3] == (30, 3, 5) and len(s.draw_pile) == 21
    assert s.instructions == (ALICE_RULES, BOB_RULES)
    assert "ALTERNATE parity" in table.private_text(ALICE)
    assert "ALTERNATE parity" not in table.private_text(BOB) + table.public_text()


def play_example_to_step(step: int) -> Table:
    """Play the worked example up to and including a step."""
    table = Table()
    moves = [
        [(ALICE, "A.7")],
        [(BOB, "B"), (BOB, "P.15.0"), (CHANCE, "G.33,38")],
        [(ALICE, "A.20")],
        [(BOB, "A.9")],
        [(ALICE, "B"), (ALICE, "P.24.1")],
    ]
    for group in moves[:step]:
        for seat, token in group:
            table.play(seat, token)
    return table


def test_example_step_1_alice_places_7() -> None:
    table = play_example_to_step(1)
    assert table.state.layout[1] == Placement(7, ALICE, 1, ALICE)
    assert table.state.last == 7 and len(table.hand(ALICE)) == 8
    assert table.state.turn == BOB and table.state.round == 1


def test_example_step_2_bob_fails_in_alices_place() -> None:
    table = play_example_to_step(1)
    table.play(BOB, "B")
    assert 30 in table.hand(BOB) and len(table.state.draw_pile) == 20
    assert "30" in table.private_text(BOB) and "30" not in table.public_text()
    assert "A.4" not in table.legal(BOB)  # no own-row placement after a draw
    table.play(BOB, "P.15.0")
    assert "ALTERNATE parity" in table.private_text(BOB)
    assert "15" in table.public_text() and "does not fit" in table.public_text()
    assert "ALTERNATE" not in table.public_text()
    assert RULES.to_act(table.state) == {CHANCE}
    table.play(CHANCE, "G.33,38")
    s = table.state
    assert 15 in table.hand(BOB) and {33, 38} <= set(table.hand(BOB))
    assert len(table.hand(ALICE)) == 6 and len(table.hand(BOB)) == 12
    assert s.bars == ((BOB, ALICE),) and s.last == 7
    assert s.turn == ALICE and s.round == 2


def test_example_step_3_alice_is_refused_then_places_20() -> None:
    table = play_example_to_step(2)
    before = table.state
    with pytest.raises(IllegalAction, match=r"need an even.* after 7") as refused:
        table.play(ALICE, "A.27")
    assert "rule 1 (ALTERNATE parity)" in refused.value.message
    assert table.state == before and table.state.turn == ALICE
    table.play(ALICE, "A.20")
    assert table.state.layout[2] == Placement(20, ALICE, 2, ALICE)
    assert len(table.hand(ALICE)) == 5


def test_example_step_4_bob_places_9() -> None:
    table = play_example_to_step(4)
    assert table.state.layout[3] == Placement(9, BOB, 2, BOB)
    assert len(table.hand(BOB)) == 11


def test_example_step_5_alice_plays_24_in_bobs_place() -> None:
    table = play_example_to_step(4)
    table.play(ALICE, "B")
    assert 3 in table.hand(ALICE) and len(table.state.draw_pile) == 19
    table.play(ALICE, "P.24.1")
    assert table.state.layout[4] == Placement(24, BOB, 3, ALICE)
    assert table.hand(ALICE) == (1, 3, 14, 27, 40)
    assert "fits" in table.public_text()


def test_example_resulting_state() -> None:
    table = play_example_to_step(5)
    s = table.state
    assert s.last == 24 and s.turn == BOB and s.round == 3
    assert (len(table.hand(ALICE)), len(table.hand(BOB))) == (5, 11)
    assert len(s.draw_pile) == 19 and s.bars == ((BOB, ALICE),)
    shown = table.private(BOB).shown
    assert [(x.owner, x.rule, x.instruction) for x in shown] == [(ALICE, 1, ALICE_RULES[0])]
    assert table.private(ALICE).shown == ()
    assert layout_numbers(table, None) == [12]
    assert layout_numbers(table, ALICE) == [7, 20]
    assert layout_numbers(table, BOB) == [9, 24]
    grid = {(c.card.number, c.row, c.column, c.placed_by) for c in table.public().layout}
    assert grid == {(12, None, 0, None), (7, 0, 1, 0), (20, 0, 2, 0), (9, 1, 2, 1), (24, 1, 3, 0)}
    text = CovertaPresenter(images=False).table(table.public(), NAMES, None).body
    assert "[24*]" in text and "24 by Alice" in text


def starts(line: str) -> dict[str, int]:
    """Map each word of a code-block line to the display column it starts at."""
    return {m.group(): width(line[: m.start()]) for m in re.finditer(r"\S+", line)}


def test_the_text_grid_stays_aligned_with_wide_names() -> None:
    view = play_example_to_step(5).public()
    body = CovertaPresenter(images=False).table(view, ["李雷", "🤖 Ada"], None).body
    head, start, li, ada = body.split("```")[1].strip("\n").splitlines()
    assert li.startswith("李雷") and ada.startswith("🤖 Ada")
    heads = starts(head)
    assert starts(start)["12"] == heads["·"]
    assert starts(li)["7"] == heads["1"]
    assert starts(li)["20"] == starts(ada)["9"] == heads["2"]
    assert starts(ada)["[24*]"] == heads["3"]


def test_example_public_history_has_reference_cards() -> None:
    attempts = play_example_to_step(5).public().attempts
    assert [(a.card.number, a.reference.number, a.success, a.handed) for a in attempts] == [
        (15, 7, False, 2),
        (24, 9, True, 0),
    ]


# --- §8 edge cases in strict mode -------------------------------------------------------


def test_refusal_is_private_and_free() -> None:  # §8.2
    table = Table()
    with pytest.raises(IllegalAction) as refused:
        table.play(ALICE, "A.27")
    assert "even" not in refused.value.message  # 27 is odd: only KEEP fill is broken after 12
    assert "rule 2 (KEEP fill)" in refused.value.message and "after 12" in refused.value.message
    assert table.state.turn == ALICE and table.match.seq == 1


def test_no_own_row_card_after_a_draw() -> None:  # §8.3
    table = Table()
    table.play(ALICE, "B")
    assert not any(t.startswith("A.") for t in table.legal(ALICE))
    with pytest.raises(IllegalAction, match="already drew"):
        table.play(ALICE, "A.7")


def test_reference_can_be_in_any_row() -> None:  # §8.4
    table = play_example_to_step(5)
    view = table.private(BOB)
    assert view.public.last is not None and view.public.last.number == 24
    for number in view.satisfying:  # KEEP shape (circle) and ALTERNATE background (black)
        assert card(number).word(Trait.SHAPE) == "circle"
        assert card(number).word(Trait.BACKGROUND) == "black"


def test_a_cell_can_hold_several_cards() -> None:  # §8.5
    table = play_example_to_step(5)
    place = next(t for t in table.legal(BOB) if t.startswith("A."))
    table.play(BOB, place)
    cell = [c.card.number for c in table.public().layout if c.row == BOB and c.column == 3]
    assert cell == [24, int(place[2:])]


def test_barred_from_everyone_a_draw_ends_the_turn() -> None:  # §8.6
    table = play_example_to_step(5)
    table.play(BOB, "B")
    assert table.state.turn == ALICE and table.state.round == 4


def test_both_rules_broken_reveals_rule_1() -> None:  # §8.7
    table = play_example_to_step(1)
    table.play(BOB, "B")
    table.play(BOB, "P.9.0")  # 9 is odd and hollow after 7: both of Alice's rules broken
    assert [(x.owner, x.rule) for x in table.state.shown] == [(ALICE, 0)]
    assert "ALTERNATE parity" in table.private_text(BOB)
    assert "KEEP fill" not in table.private_text(BOB)


def test_target_with_one_card_goes_out_and_wins() -> None:  # §8.8
    table = play_example_to_step(1)
    table.set_hands({ALICE: (40,)})
    table.play(BOB, "B")
    table.play(BOB, "P.15.0")
    assert 40 in table.hand(BOB) and table.hand(ALICE) == ()
    outcome = RULES.outcome(table.state)
    assert outcome is not None and outcome.winners == {ALICE}
    assert outcome.termination == "went_out" and outcome.ranks == (1, 2)


def test_pass_then_play_in_place_with_the_last_card_wins() -> None:  # §8.9
    table = play_example_to_step(4)  # L = 9 (odd, hollow): Alice needs even and hollow
    table.set_hands({BOB: (40,)}, pile=())
    table.tweak(bars=(), turn=BOB)
    assert table.legal(BOB) == ["C"]
    table.play(BOB, "C")
    table.play(BOB, "P.40.0")
    outcome = RULES.outcome(table.state)
    assert outcome is not None and outcome.winners == {BOB}
    assert RULES.to_act(table.state) == frozenset()


def test_refused_targets_cost_nothing() -> None:  # §4.3
    table = Table(three_player_deal(), seats=3)
    table.play(ALICE, "B")
    table.tweak(bars=((ALICE, BOB),), eliminated=(False, False, True))
    assert table.legal(ALICE) == ["E"]  # barred from Bob, Carol eliminated
    before = table.state
    for token, reason in [
        ("P.7.1", "no longer play"),
        ("P.7.0", "own place"),
        ("P.7.2", "not in play"),
        ("P.7.5", "not in play"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            table.play(ALICE, token)
    assert table.state == before


def test_wrong_seat_and_wrong_phase() -> None:
    table = Table()
    with pytest.raises(NotYourTurn):
        table.play(BOB, "B")
    with pytest.raises(IllegalAction, match="only after a draw or a pass"):
        table.play(ALICE, "E")
    with pytest.raises(IllegalAction, match="pass only once"):
        table.play(ALICE, "C")
    with pytest.raises(IllegalAction, match="do not hold"):
        table.play(ALICE, "A.4")
    with pytest.raises(IllegalAction):
        table.play(ALICE, "S.7")


def test_quiet_turns_and_the_blocked_end() -> None:  # §5.2, §8.15
    table = play_example_to_step(5)
    # L = 24: none of these cards fits its holder's own instructions, so both may pass.
    table.set_hands({ALICE: (1, 5), BOB: (10, 15, 16)}, pile=())
    table.play(BOB, "C")  # barred from Alice: the pass ends the turn
    assert table.state.quiet == 1 and table.state.turn == ALICE
    table.play(ALICE, "C")
    table.play(ALICE, "P.1.1")  # fails: cards change hands, Q resets
    table.play(CHANCE, "G.10,15")
    assert table.state.quiet == 0
    assert (table.hand(ALICE), table.hand(BOB)) == ((1, 5, 10, 15), (16,))
    table.set_hands({ALICE: (1, 5), BOB: (10, 15, 16)}, pile=())
    table.tweak(bars=((BOB, ALICE), (ALICE, BOB)))
    table.play(BOB, "C")
    assert RULES.outcome(table.state) is None
    table.play(ALICE, "C")
    outcome = RULES.outcome(table.state)
    assert outcome is not None and outcome.termination == "blocked"
    assert outcome.winners == {ALICE} and outcome.ranks == (1, 2)


def test_blocked_end_ties_share_the_win() -> None:
    table = play_example_to_step(5)
    table.set_hands({ALICE: (1, 5), BOB: (10, 15)}, pile=())  # no card fits its holder
    table.tweak(bars=((BOB, ALICE), (ALICE, BOB)))
    table.play(BOB, "C")
    table.play(ALICE, "C")
    outcome = RULES.outcome(table.state)
    assert outcome is not None and outcome.ranks == (1, 1)
    assert "share the win" in words(outcome.summary)


def test_views_reveal_everything_at_the_end() -> None:
    table = play_example_to_step(1)
    table.set_hands({ALICE: (40,)})
    assert RULES.hidden_from(table.state, BOB)
    table.play(BOB, "B")
    table.play(BOB, "P.15.0")
    public = table.public()
    assert public.over and public.final_instructions == (ALICE_RULES, BOB_RULES)
    assert [len(h) for h in public.final_hands] == [0, len(table.hand(BOB))]
    assert RULES.hidden_from(table.state, None) == []


def test_state_round_trips_through_json() -> None:
    table = play_example_to_step(5)
    data = msgspec.json.encode(table.state)
    assert msgspec.json.decode(data, type=RULES.state_type) == table.state


def test_long_names_that_begin_alike_are_told_apart_in_the_grid_and_the_picture() -> None:
    from bot.games.coverta import art
    from bot.games.coverta.present import layout_image

    view = play_example_to_step(5).public()
    names = ["Bartholomew-Alexander", "Bartholomew-Alexandra"]
    body = CovertaPresenter(images=False).table(view, names, None).body
    rows = body.split("```")[1].strip("\n").splitlines()[2:]
    assert rows[0].split()[0] != rows[1].split()[0]
    grid = art.LayoutGrid(("start", *names), 4, ())
    labels = art.row_labels(grid.rows)
    assert labels[1] != labels[2] and labels[1].endswith("der")
    captions = art.by_captions(grid, 0.5)
    assert captions[names[0]] != captions[names[1]]
    assert all(c.startswith("by B") and c[-3:] in ("der", "dra") for c in captions.values())
    assert layout_image(view, names)[:4] == b"\x89PNG"
