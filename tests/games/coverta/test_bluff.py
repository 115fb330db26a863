"""COVERTA bluff variant (rules §4.5, §5.1, §9.1): flags, tokens, the exception, going out."""

from __future__ import annotations

import msgspec
import pytest

from bot.engine import CHANCE, IllegalAction
from bot.games.coverta.present import CovertaPresenter
from bot.games.coverta.state import Placement

from .support import ALICE, ALICE_RULES, BOB, BOB_RULES, RULES, Table

NAMES = ["Alice", "Bob"]


def bluff_after_27() -> Table:
    """Return a bluff table where Alice has placed 27, breaking her KEEP fill (§9.1 step 1)."""
    table = Table(mode="bluff")
    table.play(ALICE, "A.27")
    return table


def test_placing_a_rule_breaking_card_asks_for_confirmation() -> None:
    table = Table(mode="bluff")
    assert "A.27" in table.legal(ALICE)
    view = table.private(ALICE)
    assert 27 not in view.satisfying and 7 in view.satisfying
    presenter = CovertaPresenter(images=False)
    legal = RULES.legal_actions(table.state, ALICE)
    screen = presenter.private(view, legal, NAMES, None)
    targets = {
        o.label.split(" ")[0]: o.target for c in screen.choices for o in getattr(c, "options", ())
    }
    assert targets["27"] == "p.W.27" and targets["7"] == "a.A.7"
    # The hand says why 27 is marked "-": it breaks Alice's rule 2 (KEEP fill) after L.
    lines = screen.body.splitlines()
    assert any(x.startswith("- 27 ") and x.endswith("· breaks your rule 2") for x in lines)
    assert any(x.startswith("+ 7 ") and "breaks" not in x for x in lines)
    warning = presenter.private(view, legal, NAMES, "W.27")
    assert "rule 2 (KEEP fill)" in warning.body
    assert [b.target for b in warning.choices] == ["a.A.27", "p."]


def test_example_bluff_step_1() -> None:
    table = bluff_after_27()
    assert table.state.layout[1] == Placement(27, ALICE, 1, ALICE, meets=(True, False))
    assert table.state.last == 27 and len(table.hand(ALICE)) == 8
    assert "KEEP" not in table.public_text() and "break" not in table.public_text()
    public = msgspec.to_builtins(table.public())
    assert "meets" not in str(public)


def test_example_bluff_step_2_the_exception() -> None:
    table = bluff_after_27()
    table.play(BOB, "B")
    assert len(table.state.draw_pile) == 20
    table.play(BOB, "P.10.0")
    s = table.state
    assert "KEEP fill" in table.private_text(BOB) and "KEEP fill" not in table.public_text()
    assert [(x.viewer, x.owner, x.rule) for x in s.shown] == [(BOB, ALICE, 1)]
    assert 10 in table.hand(ALICE) and 10 not in table.hand(BOB)
    assert s.bars == () and s.layout[1].token and s.last == 27
    assert {3, 5} <= set(table.hand(ALICE)) and len(s.draw_pile) == 18
    assert (len(table.hand(ALICE)), len(table.hand(BOB))) == (11, 9)
    assert s.attempts[-1].exception and not s.attempts[-1].success
    assert "3 (" in table.private_text(ALICE) and "3 (" not in table.public_text()
    assert s.turn == ALICE and s.round == 2
    assert table.public().players[ALICE].tokens == 1


def test_an_exception_that_empties_the_offenders_hand_makes_them_go_out() -> None:
    table = bluff_after_27()
    table.play(BOB, "B")
    table.set_hands({BOB: (10,)})
    table.play(BOB, "P.10.0")
    assert table.outcome().winners == {BOB}
    assert table.state.layout[1].token and 10 in table.hand(ALICE)


def test_exception_examines_only_the_revealed_instruction() -> None:
    table = bluff_after_27()
    table.play(BOB, "B")
    table.play(BOB, "P.15.0")  # 15 is odd and solid after 27: rule 1 is revealed, 27 met it
    assert [(x.owner, x.rule) for x in table.state.shown] == [(ALICE, 0)]
    assert RULES.to_act(table.state) == {CHANCE}
    table.play(CHANCE, "G.1,7")
    assert table.state.bars == ((BOB, ALICE),) and not table.state.layout[1].token


@pytest.mark.parametrize(("pile", "drawn"), [((3,), (3,)), ((), ())])
def test_penalty_draws_from_a_short_pile_are_forgiven(
    pile: tuple[int, ...], drawn: tuple[int, ...]
) -> None:
    table = bluff_after_27()
    table.play(BOB, "B")
    table.tweak(draw_pile=pile)
    table.play(BOB, "P.10.0")
    assert set(table.hand(ALICE)) == set(ALICE_HAND_AFTER_27) | {10, *drawn}
    assert "forgiven" in table.public_text()


ALICE_HAND_AFTER_27 = (1, 7, 14, 20, 24, 33, 38, 40)


def test_going_out_with_hidden_breaks_draws_penalties_and_play_goes_on() -> None:
    table = bluff_after_27()
    table.play(BOB, "B")
    table.play(BOB, "P.28.0")  # 28 is even and hollow after 27: it fits Alice
    assert table.state.layout[2] == Placement(28, ALICE, 1, BOB)
    table.set_hands({ALICE: (40,)})
    table.play(ALICE, "A.40")  # breaks ALTERNATE parity after 28
    s = table.state
    assert RULES.outcome(s) is None
    assert [pl.token for pl in s.layout] == [False, True, False, True]
    assert len(table.hand(ALICE)) == 4 and s.revealed[ALICE] == (True, True)
    assert table.public().players[ALICE].revealed == ALICE_RULES
    assert s.turn == BOB


def test_both_instructions_public_are_enforced() -> None:
    table = bluff_after_27()
    table.play(BOB, "B")
    table.play(BOB, "E")
    table.set_hands({ALICE: (14,)})
    table.play(ALICE, "A.14")  # fits, but 27 gets a token: Alice draws 3 and 5
    assert table.hand(ALICE) == (3, 5) and RULES.outcome(table.state) is None
    assert table.private(ALICE).enforced
    table.play(BOB, "B")
    table.play(BOB, "E")
    with pytest.raises(IllegalAction, match="Your rules need"):
        table.play(ALICE, "A.3")  # odd after 14 would meet rule 1 but 3 is solid after hollow


def test_going_out_without_hidden_breaks_wins() -> None:
    table = Table(mode="bluff")
    table.set_hands({ALICE: (7,)})
    table.play(ALICE, "A.7")
    assert table.outcome().winners == {ALICE}
    assert table.public().players[ALICE].revealed == ALICE_RULES


def test_going_out_with_an_empty_pile_eliminates() -> None:
    table = bluff_after_27()
    table.play(BOB, "B")
    table.play(BOB, "E")
    table.set_hands({ALICE: (14,)}, pile=())
    table.play(ALICE, "A.14")
    s = table.state
    assert s.eliminated == (True, False) and RULES.outcome(s) is None
    assert RULES.to_act(s) == {BOB} and s.targets(BOB) == ()
    table.set_hands({BOB: (10, 15)}, pile=())  # after L = 14 neither card fits Bob's rules
    table.play(BOB, "C")  # alone and quiet: the table is blocked
    outcome = table.outcome()
    assert outcome.ranks == (2, 1) and outcome.winners == {BOB}


def test_when_every_player_is_eliminated_nobody_is_ranked_first() -> None:  # §5.1, §5.3
    table = bluff_after_27()
    table.play(BOB, "B")
    table.play(BOB, "E")
    table.set_hands({ALICE: (14,)}, pile=())
    table.play(ALICE, "A.14")
    table.set_hands({BOB: (10,)}, pile=())  # after L = 14, 10 breaks Bob's rules: a token
    table.play(BOB, "A.10")
    assert table.state.eliminated == (True, True)
    outcome = table.outcome()
    assert outcome.ranks == (2, 2) and outcome.winners == frozenset()
    assert outcome.render(NAMES) == "Every player was eliminated; nobody wins."
    assert outcome.standings(NAMES) == "Standings: 2. Alice, 2. Bob"


def test_a_card_placed_by_someone_else_is_never_tokened() -> None:  # §8.10
    table = bluff_after_27()
    table.play(BOB, "B")
    table.play(BOB, "P.28.0")
    table.set_hands({ALICE: (40,)})
    table.play(ALICE, "A.40")
    tokened = [pl.card for pl in table.state.layout if pl.token]
    assert tokened == [27, 40]


def test_blocked_end_excludes_players_hiding_broken_cards() -> None:
    table = bluff_after_27()
    table.set_hands({ALICE: (1,), BOB: (4, 10, 16)}, pile=())  # nothing fits after L = 27
    for seat in (BOB, ALICE):
        table.play(seat, "C")
        table.play(seat, "E")
    outcome = table.outcome()
    assert outcome.winners == {BOB} and outcome.ranks == (2, 1)


def test_blocked_end_with_nobody_eligible_counts_everyone() -> None:
    table = bluff_after_27()
    table.play(BOB, "B")
    table.play(BOB, "E")
    table.play(ALICE, "B")
    table.play(ALICE, "E")
    bob_breaks = next(c for c in table.hand(BOB) if c not in table.private(BOB).satisfying)
    table.play(BOB, f"A.{bob_breaks}")
    table.set_hands({ALICE: (1,), BOB: (4, 10, 15)}, pile=())
    for seat in (ALICE, BOB):
        table.play(seat, "C")
        table.play(seat, "E")
    assert table.outcome().winners == {ALICE}
    assert table.public().final_instructions[BOB] == BOB_RULES


def test_the_rules_page_limits_the_exception_to_cards_without_a_token() -> None:
    """/coverta rules, bluff variant: the exception needs a rule-breaking card of the
    offender's own row that has no token yet (4.5.4), not any breach of theirs."""
    from bot.games.coverta.guide import GUIDE

    text = "\n".join(body for _, body in GUIDE.translated())
    assert "an instruction you yourself broke in your row" not in text
    assert "a card you placed in your own row broke and that card has no token yet" in text
