"""Rules checked against the spec: round end, Code replacement, +1/−1 targets, final-step
hand limits, the open placement turn and every prompt's timeout default."""

from __future__ import annotations

import random

import msgspec
import pytest

from bot.engine import GameError, IllegalAction
from bot.games.covert import GAME
from bot.games.covert.actions import (
    DECLINE,
    END,
    FINISH,
    HALT,
    PASS,
    Adjust,
    Choose,
    Forfeit,
    Place,
    Reroll,
    Use,
)
from bot.games.covert.rules import CovertRules
from bot.games.covert.state import CovertState, Die, Prompt
from tests.games.covert.support import RULES, moves
from tests.games.covert.test_edges import edit, placing, play, resolving, tokens
from tests.games.covert.test_example import ADA, BEN, example_setup, phase_one, phase_two


def finish_round(s: CovertState) -> CovertState:
    """Forfeit every remaining Phase III die until the round is over."""
    for _ in range(40):
        if s.phase != "resolution":
            return s
        seat = min(RULES.to_act(s))
        s = play(s, seat, Forfeit("all") if s.turn and not s.turn.acted else END)
    return s


def test_5_no_round_cap_by_default() -> None:
    """Section 5: the game ends only after the round of a sixth mission; round 20 is no end."""
    s = msgspec.structs.replace(resolving(), round=20)
    s = finish_round(s)
    assert s.phase == "placement" and s.round == 21 and not s.final_order


def test_round_limit_is_a_host_option() -> None:
    """A round limit exists only when the host sets it (a guard for AI-only tables)."""
    assert CovertRules().initial_state(2, {}).round_limit == 0
    limited = CovertRules().initial_state(2, {"round_limit": "20"})
    assert limited.round_limit == 20
    s = msgspec.structs.replace(resolving(), round=20, round_limit=20)
    s = finish_round(s)
    assert s.phase == "final" and s.turn is not None and s.turn.kind == "final"


def test_4_3_code_replacement_never_offers_an_empty_deck() -> None:
    """4.3 step 4: for each broken code draw from A or B; if one is empty, from the other."""
    t = example_setup()
    phase_one(t)
    s = play(t.state, ADA, FINISH)  # Ada's Break Codes turn: nothing claimed
    s = msgspec.structs.replace(
        s,
        code_decks=(("C01",), ("C02", "C03")),
        prompts=(Prompt("deck", BEN, ("A", "B")), Prompt("deck", BEN, ("A", "B"))),
    )
    assert tokens(s, BEN) == ["C.B", "C.A"]  # the larger deck first (the timeout default)
    s = play(s, BEN, Choose("A"))
    assert not s.prompts and s.code_decks == ((), ("C03",))
    assert s.players[BEN].codes[-2:] == ("C01", "C02")
    s = msgspec.structs.replace(s, prompts=(Prompt("deck", BEN, ("A", "B")),))
    assert tokens(s, BEN) == ["C.B"]
    with pytest.raises(IllegalAction):
        play(s, BEN, Choose("A"))


def test_2_4_plus_minus_never_on_the_special_operations_folder() -> None:
    """2.4: +1/−1 only while placing on an Action Circle or the Decoder."""
    s = edit(placing(), ADA, hand=("A01",))
    assert "P.0.SO" in tokens(s, ADA)
    s = play(s, ADA, Adjust(0, "A01"))
    listed = tokens(s, ADA)
    assert "P.0.SO" not in listed and "P.0.DE" in listed
    with pytest.raises(IllegalAction):
        play(s, ADA, Place(0, "SPEC_OPS"))
    s = play(s, ADA, Place(0, "DECODER"))
    assert s.players[ADA].dice[0] == Die(2, "DECODER")


def final_turn() -> CovertState:
    """Return Ada's final-mission turn (both players' Phase III dice forfeited)."""
    s = msgspec.structs.replace(resolving(), end_flag=True)
    s = finish_round(s)
    assert s.phase == "final" and s.turn is not None and s.turn.seat == ADA
    return s


def test_5_final_missions_check_no_hand_limit() -> None:
    """Section 5 step 2: hand limits are not checked during the final-mission step."""
    s = final_turn()
    s = edit(s, ADA, hand=("A44",), missions=("M44", "M13", "M12"))
    s = play(s, ADA, Use("A44", "M"))
    assert s.prompts and s.prompts[0].kind == "search"
    s = play(s, ADA, Choose(s.prompts[0].items[0]))
    assert len(s.players[ADA].missions) == 4 and not s.prompts
    cards = ("A01", "A02", "A03", "A04", "A05", "A06", "A07")
    s = edit(s, ADA, hand=(*cards, "A43"))
    s = play(s, ADA, Use("A43", "A"))
    s = play(s, ADA, Choose(s.prompts[0].items[0]))
    assert len(s.players[ADA].hand) == 8 and not s.prompts


def test_4_1_turn_stays_open_after_a_placement() -> None:
    """4.1 step 4 and 7.3: after a placement the turn stays open (flights, abilities) until
    End turn; it closes by itself only when nothing could act any more."""
    s = edit(placing(), ADA, hand=("A13",))
    s = play(s, ADA, Place(1, "COMPLETE_MISSION"))
    assert s.turn is not None and s.turn.seat == ADA and not s.turn.done
    listed = tokens(s, ADA)
    assert listed[0] == "E" and "N" not in listed
    assert any(t.startswith("F.A13.") for t in listed) and "U.A13.-" in listed
    assert not any(t.startswith("P.") for t in listed)
    s = play(s, ADA, END)
    assert s.turn is not None and s.turn.seat == BEN
    s = play(s, BEN, Place(0, "DECODER"))
    assert s.turn is not None and s.turn.seat == BEN  # Ben holds cards: still his turn
    s = edit(placing(), ADA, hand=())
    s = play(s, ADA, Place(1, "COMPLETE_MISSION"))
    assert s.turn is not None and s.turn.seat == BEN  # nothing left: it ended by itself


def standin(s: CovertState, seat: int) -> object:
    """Return what the game's timeout policy plays for a seat."""
    policy = GAME.policy(GAME.timeout_policy)
    legal = moves(s, seat)
    return policy.choose(RULES.view(s, seat), legal, random.Random(0), must_act=True)


def with_prompt(prompt: Prompt, **changes: object) -> CovertState:
    """Return the first placement with one pending sub-decision."""
    return msgspec.structs.replace(placing(), prompts=(prompt,), **changes)


@pytest.mark.parametrize(
    ("prompt", "changes", "expected"),
    [
        (Prompt("keep3", ADA, ("M01", "M02", "M03")), {}, Choose("M03")),
        (Prompt("hand", ADA, ("A07", "A33", "A01")), {}, Choose("A01")),
        (Prompt("mlimit", ADA, ("M44", "M13", "M12", "M01")), {}, Choose("M01")),
        (Prompt("search", ADA, ("A01", "A02", "A03"), "A"), {}, Choose("A01")),
        (Prompt("search", ADA, ("M05", "M06", "M07"), "M"), {}, Choose("M05")),
        (Prompt("free", ADA, (), "red"), {}, Choose("red")),
        (Prompt("free", ADA, ("blue",), "*"), {}, Choose("blue")),
        (
            Prompt("free", ADA, (), "red"),
            {"region_spaces": ("A29", "A23", "A45", "", "A40", "A48")},
            Choose("deck"),
        ),
        (Prompt("deck", ADA, ("A", "B")), {"code_decks": (("C01",), ("C02", "C03"))}, Choose("B")),
        (Prompt("deck", ADA, ("A", "B")), {"code_decks": (("C01",), ("C02",))}, Choose("A")),
        (Prompt("deck", ADA, ("A", "B")), {"code_decks": (("C01", "C03"), ("C02",))}, Choose("A")),
    ],
)
def test_7_4_every_prompt_times_out_to_its_default(
    prompt: Prompt, changes: dict[str, object], expected: object
) -> None:
    """7.4: keep the first two dealt Missions, discard the newest card / Mission, keep the
    first searched card, the Region Space card if present else the deck, the larger Code deck."""
    s = with_prompt(prompt, **changes)
    assert standin(s, ADA) == expected


def test_7_5_main_turn_and_reaction_timeouts() -> None:
    """7.5: Phase I passes (ends the turn once a die is down), Phase II finishes, Phase III
    forfeits every die, the final turn completes nothing; reactions decline; no Reroll."""
    s = placing()
    assert standin(s, ADA) == PASS
    assert standin(s, BEN) is None  # an out-of-turn Reroll is never used on a timeout
    s = edit(s, ADA, hand=("A13",))
    s = play(s, ADA, Place(1, "COMPLETE_MISSION"))
    assert standin(s, ADA) == END
    s = play(s, ADA, Use("A13"))
    assert standin(s, ADA) == HALT
    t = example_setup()
    phase_one(t)
    assert standin(t.state, ADA) == FINISH
    s = resolving()
    assert standin(s, ADA) == Forfeit("all")
    s = final_turn()
    assert standin(s, ADA) == END
    t = example_setup()
    phase_one(t)
    from tests.games.covert.test_example import phase_two

    phase_two(t)
    assert standin(t.state, ADA) == DECLINE


def test_reroll_is_not_a_timeout_default_even_on_ones_turn() -> None:
    """7.4: the Reroll is never auto-used."""
    s = placing()
    legal = moves(s, ADA)
    assert any(isinstance(a, Reroll) for a in legal)
    assert not isinstance(standin(s, ADA), Reroll)
    with pytest.raises(GameError):
        play(s, BEN, PASS)  # out of turn, only the Reroll is accepted


def test_6_discard_pile_contents_are_one_button_away() -> None:
    """Section 6: the Agency discard pile is public; its full contents are viewable via a
    button (in every dossier, whether or not the seat is to act)."""
    from bot.engine.screen import Button
    from bot.games.covert.present import CovertPresenter

    s = msgspec.structs.replace(placing(), agency_discard=("A07", "A19"))
    presenter, names = CovertPresenter(images=False), ["Ada", "Ben"]
    for seat in (ADA, BEN):
        legal = moves(s, seat) if seat == ADA else ()
        screen = presenter.private(RULES.view(s, seat), legal, names, None)
        buttons = [c for c in screen.choices if isinstance(c, Button)]
        pile = [b for b in buttons if b.label.startswith("🗑️ Discard pile (2)")]
        assert pile, [b.label for b in buttons]
        shown = presenter.private(RULES.view(s, seat), legal, names, pile[0].target[2:])
        assert "A07" in shown.body and "A19" in shown.body and "Helsinki" in shown.body
        assert "A33" not in shown.body  # the pile only, not the seat's own hand
    table = presenter.table(RULES.view(s, None), names, None)
    assert "discard 2 (top A19" in "\n".join(f.value for f in table.fields) + table.body


def concealed(state: CovertState) -> CovertState:
    """Return the state with the ``conceal_reactions`` option on."""
    return msgspec.structs.replace(state, conceal=True)


def test_7_5_conceal_reactions_is_a_match_option_off_by_default() -> None:
    """7.5: ``conceal_reactions`` defaults to off."""
    assert not CovertRules().initial_state(2, {}).conceal
    assert CovertRules().initial_state(2, {"conceal_reactions": "on"}).conceal
    assert GAME.chance_pause(placing()) == 0.0


def test_7_5_concealed_espionage_event_waits_the_same_with_nobody_eligible() -> None:
    """7.5: with ``conceal_reactions`` on, every Espionage event shows the waiting line for a
    fixed 8 s, even when nobody may react; the wait is a logged step, so replays never wait."""
    from bot.engine import CHANCE
    from bot.games.covert.actions import Fly
    from bot.games.covert.flow import asked_in_secret

    plain = edit(placing(), ADA, hand=("A03",))
    s = play(plain, ADA, Fly("A03", 0))  # nobody holds Espionage
    assert RULES.to_act(s) == {ADA} and not RULES.view(s, None).waiting_hidden
    s = play(concealed(plain), ADA, Fly("A03", 0))
    assert RULES.to_act(s) == {CHANCE} and RULES.view(s, None).waiting_hidden
    assert asked_in_secret(s) and GAME.chance_pause(s) == 8.0
    step = RULES.chance_outcome(s, random.Random(0))
    assert step.token() == "HU"
    s = RULES.apply(s, CHANCE, RULES.decode("HU")).state
    assert RULES.to_act(s) == {ADA} and not RULES.view(s, None).waiting_hidden
    assert GAME.chance_pause(s) == 0.0


def test_7_5_concealed_first_window_waits_even_with_nobody_eligible() -> None:
    """7.5: every First window waits the same fixed time when reactions are concealed."""
    from bot.engine import CHANCE

    s = concealed(placing())
    s = edit(s, ADA, hand=("A07",))  # Ada no longer holds First: nobody is eligible
    s = play(s, ADA, PASS)
    s = play(s, BEN, PASS)
    assert s.phase == "codes" and RULES.to_act(s) == {CHANCE}
    assert RULES.view(s, None).waiting_hidden and GAME.chance_pause(s) == 8.0
    s = RULES.apply(s, CHANCE, RULES.decode("HU")).state
    assert RULES.to_act(s) == {ADA} and s.turn is not None and s.turn.kind == "codes"


def hushes(state: CovertState) -> CovertState:
    """End the concealed waits (and any other chance step) pending now."""
    from bot.engine import CHANCE

    while RULES.to_act(state) == {CHANCE}:
        state = RULES.apply(state, CHANCE, RULES.chance_outcome(state, random.Random(0))).state
    return state


@pytest.mark.parametrize("ben_holds_first", [False, True])
def test_7_5_a_first_window_reopened_after_a_use_waits_the_same(ben_holds_first: bool) -> None:
    """4.7 and 7.5: after a First turn the window reopens from the top; with reactions
    concealed it first waits the fixed 8 s, whether or not anybody else may use First,
    so the pause reveals nothing."""
    from bot.engine import CHANCE
    from bot.games.covert.actions import Accept, Move, Step

    table = example_setup()
    phase_one(table)
    phase_two(table)
    s = concealed(table.state)
    if ben_holds_first:
        s = edit(s, BEN, hand=("A10", "A14", "A32"))
    s = hushes(play(s, ADA, Accept("A33")))
    for action in (Move(1), Step(1, "GVA"), HALT):
        s = hushes(play(s, ADA, action))
    if s.turn is not None and s.turn.seat == ADA:
        s = play(s, ADA, END)
    assert s.turn is None and s.window is not None
    assert RULES.to_act(s) == {CHANCE} and GAME.chance_pause(s) == 8.0
    assert RULES.view(s, None).waiting_hidden
    s = RULES.apply(s, CHANCE, RULES.decode("HU")).state
    assert (BEN in RULES.to_act(s)) is ben_holds_first


def test_rules_text_says_what_the_code_does() -> None:
    """/covert rules: no round cap unless the host sets one; Reroll on anyone's turn; the
    turn stays open after a placement; the options are named as the spec names them."""
    from bot.games.covert.present.guide import GUIDE
    from bot.games.covert.rules import SPEC

    text = "\n".join(body for _, body in GUIDE.translated())
    assert "If nobody has six missions after round 20" not in text
    assert "on anyone's turn" in text and "**End turn**" in text
    options = {o.name: o.default for o in SPEC.options}
    assert options["round_limit"] == "off" and options["conceal_reactions"] == "off"
    assert "`round_limit` (off by default)" in text and "`conceal_reactions` (off" in text
    # Phase II has its First window and Espionage reactions too (4.3).
    assert "A First window opens before the first of these turns" in text
    assert "Espionage still follows every use" in text
