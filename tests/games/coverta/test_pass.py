"""COVERTA action C (rules §4.2 C, §5.2): no pass while a card fits your own instructions."""

from __future__ import annotations

import random

import pytest

from bot.engine import CHANCE, IllegalAction
from bot.engine.phrase import words
from bot.engine.screen import Button
from bot.games.coverta import flow
from bot.games.coverta import messages as say
from bot.games.coverta.present import CovertaPresenter

from .support import ALICE, BOB, RULES, Table

NAMES = ["Alice", "Bob"]
FITS, BREAKS = 7, (1, 20)
"""After the starting card 12 Alice's rules (ALTERNATE parity, KEEP fill) need an odd solid card:
7 fits them, 1 and 20 do not."""


def empty_pile(mode: str = "strict", steal: str = "off", alice: tuple[int, ...] = ()) -> Table:
    """Return a fresh table with an empty draw pile and this hand for Alice."""
    table = Table(mode=mode, steal=steal)
    table.set_hands({ALICE: alice}, pile=())
    return table


def refused(table: Table, seat: int, token: str) -> str:
    """Ask for an action, check it is refused with nothing changed, and return the reason."""
    before = table.state
    with pytest.raises(IllegalAction) as refusal:
        table.play(seat, token)
    assert table.state == before
    return str(refusal.value)


def refuse_pass(table: Table, seat: int) -> str:
    """Ask to pass, check it is refused with nothing changed, and return the reason."""
    return refused(table, seat, "C")


def test_strict_no_pass_while_a_card_fits() -> None:
    """§4.2 C: the pile is empty and 7 fits Alice's rules, so the pass is not offered."""
    table = empty_pile(alice=(FITS, *BREAKS))
    assert FITS in table.private(ALICE).satisfying
    assert table.legal(ALICE) == [f"A.{FITS}"]
    reason = refuse_pass(table, ALICE)
    assert reason == words(say.CANNOT_PASS)
    assert not any(ch.isdigit() for ch in reason), "the refusal names no card"


def test_strict_pass_when_nothing_fits() -> None:
    """§4.2 C: holding no card that fits, the player passes (the pile being empty)."""
    table = empty_pile(alice=BREAKS)
    assert table.legal(ALICE) == ["C"]
    table.play(ALICE, "C")
    assert table.state.passed and table.state.phase == "follow"


def test_bluff_no_pass_while_a_card_fits_but_any_card_may_be_placed() -> None:
    """§4.2 C, §4.5: in bluff mode every card may be placed, but a fitting one bars the pass."""
    table = empty_pile("bluff", alice=(FITS, *BREAKS))
    assert sorted(table.legal(ALICE)) == sorted(f"A.{c}" for c in (FITS, *BREAKS))
    assert refuse_pass(table, ALICE) == words(say.CANNOT_PASS)


def test_bluff_may_pass_holding_only_rule_breaking_cards() -> None:
    """§4.2 C: "In the bluff variant a player may still pass while holding only cards that
    would break their instructions"."""
    table = empty_pile("bluff", alice=BREAKS)
    assert sorted(table.legal(ALICE)) == sorted(["C", *(f"A.{c}" for c in BREAKS)])
    table.play(ALICE, "C")
    assert table.state.passed


def test_steal_a_successful_steal_can_take_the_pass_away() -> None:
    """§4.6.3: T's action after a steal is judged against the new L. Bob plays 15 in Alice's
    place; after 15 Alice needs an even solid card, which 20 is, so she may no longer pass."""
    table = empty_pile(steal="on", alice=BREAKS)
    table.set_hands({BOB: (15, 31)}, pile=())
    assert "C" in table.legal(ALICE)
    table.play(BOB, "S.15")
    assert table.state.last == 15 and table.state.turn == ALICE
    assert table.legal(ALICE) == ["A.20"]
    assert refuse_pass(table, ALICE) == words(say.CANNOT_PASS)


@pytest.mark.parametrize("mode", ["strict", "bluff"])
def test_a_draw_from_the_empty_pile_is_refused_with_what_to_do_instead(mode: str) -> None:
    """§4.2 B and C: with the pile empty, the refused draw points to the pass only when
    the pass is open; holding a card that fits, the player must place."""
    holding = empty_pile(mode, alice=(FITS, *BREAKS))
    reason = refused(holding, ALICE, "B")
    assert "place it in your row" in reason and "pass" not in reason
    assert not any(ch.isdigit() for ch in reason), "the refusal names no card"
    lacking = empty_pile(mode, alice=BREAKS)
    assert "C" in lacking.legal(ALICE)
    assert "pass instead" in refused(lacking, ALICE, "B")


def test_playing_in_a_place_before_drawing_or_passing_says_what_comes_first() -> None:
    """§4.2: a play in an opponent's place follows a draw or a pass, never a placement."""
    assert "only after a draw or a pass" in refused(Table(), ALICE, f"P.{FITS}.{BOB}")


def test_the_hand_screen_offers_no_pass_and_says_why() -> None:
    """§4.2 C: the pass is simply not offered, and the private note names no card."""
    table = empty_pile(alice=(FITS, *BREAKS))
    legal = RULES.legal_actions(table.state, ALICE)
    screen = CovertaPresenter(images=False).private(table.private(ALICE), legal, NAMES, None)
    labels = [c.label for c in screen.choices if isinstance(c, Button)]
    assert "Pass" not in labels and "Draw a card" not in labels
    assert "cannot pass" in screen.body


@pytest.mark.parametrize("mode", ["strict", "bluff"])
@pytest.mark.parametrize("steal", ["off", "on"])
def test_a_blocked_end_only_when_nobody_can_place(mode: str, steal: str) -> None:
    """§5.2 with §4.2 C: the game ends blocked only when no player in play holds a card
    that their own instructions let them place."""
    blocked = 0
    for seed in range(12):
        rng = random.Random(seed)
        table = Table(mode=mode, steal=steal)
        table.tweak(draw_pile=())
        while RULES.outcome(table.state) is None:
            seat = rng.choice(sorted(RULES.to_act(table.state)))
            if seat == CHANCE:
                token = RULES.chance_outcome(table.state, rng).token()
            else:
                legal = RULES.legal_actions(table.state, seat)
                token = legal[rng.randrange(len(legal))].token()
            table.play(seat, token)
        s = table.state
        if s.termination == "blocked":
            blocked += 1
            for seat in range(s.seats):
                if s.active(seat):
                    assert not flow.can_place(s, RULES.cards, seat), (seed, seat)
    assert blocked, "some playouts should reach the blocked end"
