"""Section 8 edge cases, each on a small arranged position."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from bot.engine import CHANCE, GameError, IllegalAction
from bot.engine.phrase import words
from bot.games.covert.actions import (
    DECLINE,
    END,
    FINISH,
    HALT,
    PASS,
    Accept,
    Adjust,
    Choose,
    Complete,
    Fly,
    Move,
    Overlay,
    Place,
    Reroll,
    Setting,
    Step,
    Swap,
    TakeAgency,
    Use,
)
from bot.games.covert.ai import RandomPolicy, timeout_default
from bot.games.covert.data import CITIES, NEIGHBOURS
from bot.games.covert.flow import timer_share
from bot.games.covert.rules import CovertRules
from bot.games.covert.state import CovertState, Die, Player
from tests.games.covert.support import RULES, edit, moves
from tests.games.covert.test_example import ADA, BEN, example_setup, phase_one, phase_two

KEYS = [c.key for c in CITIES]


def play(state: CovertState, seat: int, *actions: Any) -> CovertState:
    """Apply actions of one seat in order."""
    for action in actions:
        state = RULES.apply(state, seat, action).state
    return state


def tokens(state: CovertState, seat: int) -> list[str]:
    """Return the seat's legal tokens."""
    return [a.token() for a in moves(state, seat)]


def placing() -> CovertState:
    """Return round 1 at Ada's first placement (Ada 1 3 3 5 6, Ben 2 2 4 5 6)."""
    t = example_setup()
    t.roll("1335622456")
    return t.state


def resolving() -> CovertState:
    """Return Phase III of the example with Ada to act (after declining First)."""
    t = example_setup()
    phase_one(t)
    phase_two(t)
    return play(t.state, ADA, DECLINE)


def test_1_die_arithmetic_wraps() -> None:
    s = edit(placing(), ADA, hand=("A01", "A07"), dice=(Die(6), Die(1), Die(3), Die(3), Die(5)))
    s = play(s, ADA, Adjust(0, "A01"))
    assert s.players[ADA].dice[0].face == 1 and s.turn is not None and s.turn.adjusting == 0
    with pytest.raises(IllegalAction):
        play(s, ADA, Place(1, "MOVEMENT"))
    s2 = play(edit(placing(), ADA, hand=("A07",), dice=(Die(1),) * 5), ADA, Adjust(0, "A07"))
    assert s2.players[ADA].dice[0].face == 6


def test_1_a_modified_die_is_placed_before_anything_ends_the_turn() -> None:
    """2.4 and 4.1: +1/−1 is spent "while placing a die", "as it is placed" (version 5):
    no Pass, End turn or Reroll of that die in between; a timeout puts it on the Decoder."""
    s = edit(placing(), ADA, hand=("A01", "A25"), dice=(Die(6), Die(1), Die(3), Die(3), Die(5)))
    s = play(s, ADA, Adjust(0, "A01"))
    offered = tokens(s, ADA)
    assert offered[0] == "P.0.DE", "the default of a timed-out turn"
    assert "N" not in offered and "E" not in offered
    assert not [t for t in offered if t.startswith("R.") and "0" in t.split(".")[1].split(",")]
    for refused in (PASS, Reroll((0,))):
        with pytest.raises(IllegalAction) as error:
            play(s, ADA, refused)
        assert words(error.value.text) == "Place the die you just modified."
    s = play(s, ADA, Place(0, "DECODER"))
    assert s.players[ADA].dice[0] == Die(1, "DECODER") and "E" in tokens(s, ADA)

    # With Sneak Attack the second placement may be modified too, and End turn waits for it.
    s = edit(placing(), ADA, hand=("A01", "A25"), dice=(Die(6), Die(1), Die(3), Die(3), Die(5)))
    s = play(s, ADA, Use("A25"), Place(1, "DECODER"), Adjust(2, "A01"))
    assert "E" not in tokens(s, ADA)
    with pytest.raises(IllegalAction):
        play(s, ADA, END)
    s = play(s, ADA, Place(2, "DECODER"))
    assert s.players[ADA].dice[2] == Die(4, "DECODER")


def test_1_matches_begun_before_version_5_may_still_pass_after_a_modifier() -> None:
    """A stored match of version 4 replays as it was played."""
    old = CovertRules(4)
    s = edit(placing(), ADA, hand=("A01",), dice=(Die(6), Die(1), Die(3), Die(3), Die(5)))
    s = old.apply(s, ADA, Adjust(0, "A01")).state
    assert PASS in old.legal_actions(s, ADA) and PASS not in moves(s, ADA)
    s = old.apply(s, ADA, PASS).state
    assert s.players[ADA].turn_token == 1 and s.players[ADA].dice[0] == Die(1)


def test_2_3_full_or_blocked_circle_still_leaves_folder_and_decoder() -> None:
    s = placing()
    s = edit(s, BEN, dice=(Die(1, "MOVEMENT", 1), *s.players[BEN].dice[1:]))
    options = {t for t in tokens(s, ADA) if t.startswith("P.1.")}
    assert options == {"P.1.CM", "P.1.MC", "P.1.AC", "P.1.SO", "P.1.DE"}  # 3 is not next to 1
    full = tuple(Die(f, "AGENCY_CARDS", f) for f in range(1, 6))
    s = edit(s, BEN, dice=full)
    assert "P.0.AC" not in tokens(s, ADA)


def test_4_passing_with_dice_and_without() -> None:
    s = play(placing(), ADA, PASS)
    assert s.players[ADA].turn_token == 1 and s.turn is not None and s.turn.seat == BEN
    s = edit(placing(), ADA, dice=tuple(Die(2, "DECODER") for _ in range(5)))
    assert [t for t in tokens(s, ADA) if not t.startswith(("F.", "U."))] == ["N"]


def test_5_sneak_attack_extra_placement_is_optional() -> None:
    s = edit(placing(), ADA, hand=("A25",))
    s = play(s, ADA, Use("A25"), Place(1, "COMPLETE_MISSION"))
    assert s.turn is not None and s.turn.seat == ADA and tokens(s, ADA)[0] == "E"
    s = play(s, ADA, END)
    assert s.turn is not None and s.turn.seat == BEN and s.players[ADA].turn_token == 0


def told(state: CovertState, seat: int, action: Any) -> tuple[CovertState, list[str]]:
    """Apply an action; return the state and what was said to the seat alone."""
    step = RULES.apply(state, seat, action)
    return step.state, [words(e.text) for e in step.events if e.audience == (seat,)]


WASTED = "No die is left for this Sneak Attack's extra placement: it is wasted."


def test_5_sneak_attack_is_wasted_only_when_no_die_is_left_for_it() -> None:
    """8.5: with one die left, Sneak Attack is legal but wasted, and the bot warns; an
    extra placement a die is left for is no waste."""
    one_left = (*(Die(2, "DECODER") for _ in range(4)), Die(3))
    s, said = told(edit(placing(), ADA, hand=("A25",), dice=one_left), ADA, Use("A25"))
    assert said == [WASTED]
    two_left = (*(Die(2, "DECODER") for _ in range(3)), Die(3), Die(5))
    s = play(edit(placing(), ADA, hand=("A25", "A26"), dice=two_left), ADA, Place(3, "DECODER"))
    s, said = told(s, ADA, Use("A25"))  # placed one, one die left: the extra one is usable
    assert WASTED not in said
    s = play(s, ADA, Place(4, "DECODER"))
    assert s.players[ADA].unplaced() == ()
    s = play(edit(placing(), ADA, hand=("A25", "A26"), dice=two_left), ADA, Use("A25"))
    s, said = told(s, ADA, Use("A26"))  # two dice, three placements: the second is wasted
    assert said == [WASTED]


def test_6_reroll_once_unplaced_only_on_anyones_turn() -> None:
    """4.1 step 2, 7.4 and 8.6: the Reroll is usable at any moment of Phase I, on another
    player's turn too and after placing dice; only unplaced dice, once per game."""
    s = placing()
    assert RULES.to_act(s) == {ADA}
    assert "R.23" in tokens(s, BEN)  # Ben may reroll on Ada's turn
    s = play(s, ADA, Place(1, "COMPLETE_MISSION"))
    s = play(s, BEN, Reroll((2, 3)))
    assert RULES.to_act(s) == {-1}
    s = RULES.apply(s, -1, RULES.decode("RL.66")).state
    assert [d.face for d in s.players[BEN].dice] == [2, 2, 6, 6, 6] and not s.players[BEN].reroll
    assert RULES.to_act(s) == {ADA} and s.turn is not None and s.turn.seat == ADA
    assert not any(t.startswith("R.") for t in tokens(s, BEN))
    with pytest.raises(GameError):
        play(s, BEN, Reroll((0,)))
    with pytest.raises(GameError):  # die 1 is placed: only unplaced dice
        play(s, ADA, Reroll((1,)))
    s = play(s, ADA, Reroll((0, 2)))  # after placing, within one's own turn
    s = RULES.apply(s, -1, RULES.decode("RL.44")).state
    assert [d.face for d in s.players[ADA].dice][:3] == [4, 3, 4]
    assert s.turn is not None and s.turn.seat == ADA and not s.turn.done


def test_6_reroll_while_answering_espionage_or_moving() -> None:
    """4.1 step 2: "at any moment during Phase I", so also while the player is being asked
    about Espionage, or is spending a Move ×3."""
    s = edit(placing(), ADA, hand=("A03",))
    s = edit(s, BEN, hand=("A19",))
    s = play(s, ADA, Fly("A03", 0))
    assert RULES.to_act(s) == {BEN} and "Q" in tokens(s, BEN) and "R.23" in tokens(s, BEN)
    s = play(s, BEN, Reroll((2, 3)))
    s = RULES.apply(s, CHANCE, RULES.decode("RL.11")).state
    assert [d.face for d in s.players[BEN].dice][2:4] == [1, 1] and not s.players[BEN].reroll
    assert RULES.to_act(s) == {BEN} and tokens(s, BEN)[0] == "Q", "still asked about Espionage"
    s = edit(placing(), ADA, hand=("A13",))
    s = walk(play(s, ADA, Use("A13")), ADA, 1)
    s = play(s, ADA, Reroll((0,)))
    s = RULES.apply(s, CHANCE, RULES.decode("RL.4")).state
    assert s.players[ADA].dice[0].face == 4 and s.moving is not None and s.moving.left == (2,)


def test_6_reroll_ends_with_phase_one() -> None:
    """4.1 step 2: the Reroll belongs to Phase I only; nobody may use it in Phase II."""
    t = example_setup()
    phase_one(t)
    assert t.state.players[BEN].reroll
    assert not any(tok.startswith("R.") for tok in tokens(t.state, BEN))
    with pytest.raises(GameError):
        play(t.state, BEN, Reroll((0,)))


def test_7_8_token_timing_and_empty_bag() -> None:
    s = edit(placing(), ADA, hand=("A25",))
    s = play(s, ADA, Use("A25"), Place(3, "SPEC_OPS"))
    s = RULES.apply(s, -1, RULES.decode("TK.0")).state
    assert s.players[ADA].tokens == ("S01",) and "S01" in s.fresh
    assert not any(t.endswith(".S01") for t in tokens(s, ADA))
    s = play(s, ADA, Place(0, "AGENCY_CARDS"))  # nothing left to act with: the turn ends
    s = play(s, BEN, Place(0, "DECODER"), END)
    assert "J.1.S01" in tokens(s, ADA)
    empty = msgspec.structs.replace(placing(), bag=())
    s = play(empty, ADA, Place(3, "SPEC_OPS"))
    assert not s.needs and s.players[ADA].tokens == ()


def drew_espionage(rules: CovertRules) -> CovertState:
    """Ada draws S07 (Espionage) from Spec Ops and ends her turn; Ben, holding A03, is next."""
    s = edit(placing(), BEN, hand=("A03",))
    s = rules.apply(s, ADA, Place(3, "SPEC_OPS")).state
    s = rules.apply(s, CHANCE, rules.decode("TK.6")).state
    assert s.players[ADA].tokens == ("S07",) and "S07" in s.fresh
    s = rules.apply(s, ADA, END).state
    return rules.apply(s, BEN, Fly("A03", 0)).state  # an Espionage event on Ben's turn


def test_8_7_a_token_waits_for_its_own_players_next_turn() -> None:
    s = drew_espionage(RULES)
    assert s.turn is not None and s.turn.seat == BEN and "S07" in s.fresh
    assert not any(t.startswith("A.S07") for t in tokens(s, ADA)), "not before Ada's next turn"
    with pytest.raises(GameError):  # nobody is asked: the flight is no event for Ada yet
        play(s, ADA, Accept("S07", "A03"))
    older = CovertRules(6)  # a match begun before: usable at the next turn of anyone
    s = drew_espionage(older)
    assert "A.S07.A03" in [a.token() for a in older.legal_actions(s, ADA)]


def test_8_quartermaster_with_one_token_takes_it() -> None:
    s = edit(placing(), ADA, character="CH2")
    s = msgspec.structs.replace(s, bag=("S05",))
    s = play(s, ADA, Place(3, "SPEC_OPS"))
    assert s.needs[0].arg == "1"
    s = RULES.apply(s, -1, RULES.decode("TK.0")).state
    assert s.players[ADA].tokens == ("S05",)


def breaking(
    codes: tuple[str, ...], grid: tuple[int, ...], dice: tuple[Die, ...] = ()
) -> CovertState:
    """Return Ada's Break Codes turn with these codes, grid and dice."""
    t = example_setup()
    phase_one(t)
    s = edit(t.state, ADA, codes=codes, dice=dice or t.state.players[ADA].dice)
    return msgspec.structs.replace(s, cipher=grid)


def test_10_11_readable_code_claimed_without_swap_and_no_wrap_reading() -> None:
    s = breaking(("C01", "C19"), (1, 2, 3, 6, 6, 5, 4, 4, 5, 5, 1, 2))
    s = play(s, ADA, FINISH)
    assert s.players[ADA].done_codes == ("C01",)
    s = breaking(("C19",), (5, 4, 1, 1, 2, 3, 6, 6, 2, 2, 4, 4))
    assert "W.0.5" in tokens(s, ADA)
    s = play(s, ADA, FINISH)  # 3 5 4 would need T6 T1 T2
    assert s.players[ADA].done_codes == ()


def test_12_two_codes_one_die_asks_which() -> None:
    grid = (1, 6, 3, 1, 5, 4, 2, 2, 6, 5, 4, 6)
    dice = (Die(2, "DECODER"),) + (Die(1, "spent"),) * 4
    s = breaking(("C01", "C09"), grid, dice)
    s = play(s, ADA, Overlay(0, 1), FINISH)
    assert s.prompts[0].kind == "claim" and tokens(s, ADA) == ["C.C01", "C.C09"]
    s = play(s, ADA, Choose("C09"))
    assert s.players[ADA].done_codes == ("C09",) and "C01" in s.players[ADA].codes


def test_13_both_code_decks_empty() -> None:
    s = breaking(("C01", "C19"), (1, 2, 3, 6, 6, 5, 4, 4, 5, 5, 1, 2))
    s = msgspec.structs.replace(s, code_decks=((), ()))
    s = play(s, ADA, FINISH)
    assert s.players[ADA].codes == ("C19",) and not s.prompts


def test_14_code_spent_goes_to_smaller_deck_and_reshuffles() -> None:
    s = resolving()
    s = edit(s, ADA, agents=("VCE", "GVA", "WAW"), hand=("A33",), done_codes=("C07",))
    a, b = s.code_decks
    step = RULES.apply(s, ADA, Complete("M44", ("C07",)))
    s = step.state
    smaller = 1 if len(b) < len(a) else 0
    assert "C07" in s.code_decks[smaller] and s.needs[0].kind == "codes"
    score = s.players[ADA].score()
    line = next(words(e.text) for e in step.events if "paying with" in words(e.text))
    assert line.endswith(f"Score {score}."), "the spent Code's 2 points are gone (4.8)"


def test_15_16_separate_agents_and_region_benefit() -> None:
    s = resolving()
    s = edit(s, ADA, agents=("VCE", "PAR", "WAW"), hand=("A01",))
    assert not any(t.startswith("X.M44") for t in tokens(s, ADA))
    s = edit(s, ADA, done_missions=("M05",))  # orange region benefit
    assert "X.M44.A01.-" in tokens(s, ADA)
    s = edit(s, ADA, agents=("PAR", "PAR", "WAW"), done_missions=("M05", "M37"))
    assert "X.M44.A01.-" in tokens(s, ADA)  # two orange benefits pay Venice and orange


def test_17_any_card_must_be_another_agency_card() -> None:
    s = resolving()
    s = edit(s, ADA, missions=("M29",), agents=("BUD", "PAR", "WAW"), hand=("A05",))
    assert not any(t.startswith("X.M29") for t in tokens(s, ADA))
    s = edit(s, ADA, done_missions=("M15",))  # DSG benefit
    assert [t for t in tokens(s, ADA) if t.startswith("X.M29")] == ["X.M29.B.A05"]
    s = edit(s, ADA, hand=("A05", "A01"))
    assert {t for t in tokens(s, ADA) if t.startswith("X.M29")} == {
        "X.M29.B.A05",
        "X.M29.B.A01",
        "X.M29.A05.A01",
    }


def intel_pair_after_a_card(rules: CovertRules, ben_hand: tuple[str, ...]) -> CovertState:
    """Ada, with an empty deck and discard and the orange space empty, uses Move ×3 (A13)
    and collects a second brown cube: an Intel pair whose free card is now due."""
    s = resolving()
    spaces = ("", *s.region_spaces[1:])
    s = msgspec.structs.replace(s, region_spaces=spaces, agency_deck=(), agency_discard=())
    s = edit(edit(s, ADA, hand=("A13",), intel=("brown",)), BEN, hand=ben_hand)
    s = rules.apply(s, ADA, Use("A13")).state
    s = settle_chance(rules, s)
    return rules.apply(s, ADA, Step(0, "MUC")).state


def settle_chance(rules: CovertRules, s: CovertState) -> CovertState:
    """Play the random steps the state waits for."""
    rng = random.Random(0)
    while CHANCE in rules.to_act(s):
        s = rules.apply(s, CHANCE, rules.chance_outcome(s, rng)).state
    return s


def test_26_an_intel_pairs_free_card_does_not_hang_on_a_hidden_espionage_card() -> None:
    """8.26: with the deck empty, the free card is the top of the reshuffled discard pile,
    whether or not an opponent holds Espionage (which holds the pile while it waits)."""
    hands = []
    for ben_hand in (("A20",), ("A10",)):  # Espionage in Ben's hand, or not
        s = intel_pair_after_a_card(RULES, ben_hand)
        assert s.prompts and s.prompts[0].kind == "free"
        first = moves(s, ADA)[0]  # the timeout default
        s = settle_chance(RULES, RULES.apply(s, ADA, first).state)
        hands.append(s.players[ADA].hand)
    assert hands == [("A13",), ("A13",)]
    waiting = intel_pair_after_a_card(RULES, ("A20",))
    assert [a.token() for a in moves(waiting, ADA)] == [Choose("deck").token()]


def test_26_matches_begun_before_version_6_drop_the_free_card_while_espionage_waits() -> None:
    old = CovertRules(5)
    s = intel_pair_after_a_card(old, ("A20",))
    assert not (s.prompts and s.prompts[0].kind == "free")
    assert s.players[ADA].hand == ()


def test_18_19_espionage_scope_and_own_favour() -> None:
    s = resolving()
    s = edit(s, ADA, hand=("A19", "A01"))
    s = play(s, ADA, Fly("A01", 1))
    assert tokens(s, ADA) == ["Q", "A.A19.A01"]
    s = play(s, ADA, Accept("A19", "A01"))
    assert s.players[ADA].hand == ("A01",) and s.players[ADA].agents[1] == "VCE"
    assert s.spy is None


def test_7_5_a_dossier_setting_changes_in_play_out_of_turn_and_only_its_player_is_told() -> None:
    s = resolving()
    assert RULES.to_act(s) == {ADA} and BEN in RULES.also_act(s)
    offered = [a for a in RULES.legal_actions(s, BEN) if isinstance(a, Setting)]
    assert offered == [Setting("espionage", "never"), Setting("first", "never")]
    done = RULES.apply(s, BEN, Setting("espionage", "never"))
    assert done.state.spy_never == (BEN,) and RULES.to_act(done.state) == {ADA}
    assert [e.audience for e in done.events] == [(BEN,)]  # nothing said to the table
    again = RULES.legal_actions(done.state, BEN)
    assert Setting("espionage", "ask") in again and Setting("espionage", "never") not in again
    back = RULES.apply(done.state, BEN, Setting("espionage", "ask")).state
    assert back.spy_never == ()
    with pytest.raises(IllegalAction):  # already the setting: nothing to change
        RULES.apply(s, BEN, Setting("first", "ask"))


def test_7_5_never_while_asked_declines_the_reaction_at_once() -> None:
    s = edit(resolving(), ADA, hand=("A19", "A01"))
    s = play(s, ADA, Fly("A01", 1))
    assert tokens(s, ADA) == ["Q", "A.A19.A01"]  # asked for Espionage
    s = play(s, ADA, Setting("espionage", "never"))
    assert s.spy is None and s.players[ADA].hand == ("A19",)  # declined: A01 stays discarded


def test_7_5_no_ai_and_no_timeout_ever_changes_a_setting() -> None:
    s = resolving()
    legal = RULES.legal_actions(s, ADA)
    assert isinstance(legal[-1], Setting) and not isinstance(legal[0], Setting)
    others = RULES.legal_actions(s, BEN)
    assert others and all(isinstance(a, Setting) for a in others)
    assert timeout_default(RULES.view(s, BEN), others) is None
    rng = random.Random(1)
    for _ in range(50):
        chosen = RandomPolicy().decide(RULES.view(s, ADA), legal, rng, must_act=True)
        assert not isinstance(chosen, Setting)
    assert RandomPolicy().decide(RULES.view(s, BEN), others, rng, must_act=False) is None


def test_7_5_matches_begun_before_version_6_keep_their_lobby_settings() -> None:
    old, s = CovertRules(5), resolving()
    assert BEN not in old.also_act(s)
    assert not any(isinstance(a, Setting) for a in old.legal_actions(s, ADA))
    with pytest.raises(GameError):
        old.apply(s, BEN, Setting("espionage", "never"))


def walk(state: CovertState, seat: int, steps: int) -> CovertState:
    """Take steps with the seat's first agent, each to the first neighbouring city."""
    for _ in range(steps):
        here = state.players[seat].agents[0]
        state = play(state, seat, Step(0, NEIGHBOURS[here][0]))
    return state


def test_18_move_x3_is_spent_before_its_espionage_event() -> None:
    """2.4: Move ×3 points are "spent immediately"; 4.7: players react "after the event
    fully resolves". Ada moves first; Ben is asked about Espionage once she has."""
    s = edit(resolving(), ADA, hand=("A13",))
    s = edit(s, BEN, hand=("A19",))
    s = play(s, ADA, Use("A13"))
    assert s.moving is not None and s.spy is not None
    assert RULES.to_act(s) == {ADA} and not RULES.view(s, None).waiting_hidden
    assert moves(s, BEN) == []
    s = walk(s, ADA, 2)
    assert RULES.to_act(s) == {ADA}, "one point left"
    s = walk(s, ADA, 1)
    assert s.moving is None and RULES.to_act(s) == {BEN}
    assert RULES.view(s, None).waiting_hidden
    s = play(s, BEN, Accept("A19", "A13"))
    assert s.players[BEN].hand == ("A13",) and s.spy is None and RULES.to_act(s) == {ADA}


def test_18_stopping_a_move_x3_early_resolves_the_event() -> None:
    s = edit(resolving(), ADA, hand=("A13",))
    s = edit(s, BEN, hand=("A19",))
    s = walk(play(s, ADA, Use("A13")), ADA, 1)
    s = play(s, ADA, HALT)
    assert s.moving is None and RULES.to_act(s) == {BEN}


def test_7_5_a_concealed_move_x3_waits_after_its_steps_even_with_nobody_eligible() -> None:
    s = msgspec.structs.replace(edit(resolving(), ADA, hand=("A13",)), conceal=True)
    s = play(s, ADA, Use("A13"))
    assert RULES.to_act(s) == {ADA} and not RULES.view(s, None).waiting_hidden
    s = walk(s, ADA, 3)
    assert RULES.to_act(s) == {CHANCE} and s.needs[0].kind == "hush"
    assert RULES.view(s, None).waiting_hidden
    s = RULES.apply(s, CHANCE, RULES.decode("HU")).state
    assert RULES.to_act(s) == {ADA} and s.spy is None and not RULES.view(s, None).waiting_hidden


def test_18_token_use_is_no_espionage_event() -> None:
    s = resolving()
    s = edit(s, ADA, hand=(), tokens=("S05",))
    s = edit(s, BEN, hand=("A19",))
    s = play(s, ADA, Use("S05"))
    assert s.spy is None and s.moving is not None


def test_20_hand_limit_discard_is_immediate_and_not_a_use() -> None:
    s = resolving()
    hand = ("A02", "A03", "A04", "A05", "A06", "A08", "A09")
    s = edit(s, ADA, hand=hand)
    s = edit(s, BEN, hand=("A19",))
    s = play(s, ADA, TakeAgency(1, "orange"))
    assert RULES.to_act(s) == {ADA} and tokens(s, ADA)[0] == "C.A29"
    s = play(s, ADA, Choose("A29"))
    assert len(s.players[ADA].hand) == 7 and s.spy is None


def test_21_22_24_cubes_when_moving() -> None:
    s = resolving()
    s = edit(s, ADA, supply=0)
    s = play(s, ADA, Move(1), Step(1, "GVA"))
    assert "black" not in s.cubes[KEYS.index("PAR")]
    s = resolving()
    s = edit(s, ADA, agents=("PAR", "PAR", "WAW"))
    s = play(s, ADA, Move(1), Step(0, "GVA"), Step(1, "LON"))
    assert s.cubes[KEYS.index("PAR")].count("black") == 1 and s.players[ADA].supply == 14
    s = resolving()
    s = edit(s, ADA, tokens=("S05",))
    s = play(s, ADA, Use("S05"), Step(1, "GVA"), Step(1, "PAR"), Step(1, "GVA"))
    assert s.players[ADA].intel == ("grey",) and s.moving is None


def test_25_opponent_pair_goes_back_to_its_owner() -> None:
    s = resolving()
    s = edit(s, ADA, intel=("white",))
    cubes = list(s.cubes)
    cubes[KEYS.index("GVA")] = ("white",)
    s = msgspec.structs.replace(s, cubes=tuple(cubes))
    s = edit(s, BEN, supply=13)
    s = play(s, ADA, Move(1), Step(1, "GVA"))
    assert s.players[BEN].supply == 15 and s.prompts[0].kind == "free"


def test_26_free_card_from_deck_when_space_empty() -> None:
    s = resolving()
    spaces = ("", *s.region_spaces[1:])
    s = msgspec.structs.replace(s, region_spaces=spaces, agency_deck=())
    s = edit(s, ADA, intel=("brown",))
    assert s.agency_discard == ()
    s = play(s, ADA, Move(1), Step(0, "MUC"))
    assert not s.prompts  # nothing to take: the pair gives no card


def deck_ran_out() -> CovertState:
    """Ada in Phase III with one Agency die, as the Controller (who may take the deck's top
    card with it); the deck is empty, every Region Space full, two cards discarded."""
    s = msgspec.structs.replace(resolving(), agency_deck=(), agency_discard=("A01", "A02"))
    return edit(s, ADA, character="CH5")


def test_4_4_the_discard_pile_waits_until_a_card_is_drawn_from_the_empty_deck() -> None:
    s = deck_ran_out()
    assert RULES.to_act(s) == {ADA}  # no card must be drawn yet: no shuffle
    s = settle_chance(RULES, play(s, ADA, TakeAgency(1, "deck")))
    assert s.players[ADA].hand[-1] in ("A01", "A02")  # the pile became the deck, then drawn
    assert len(s.agency_deck) == 1 and s.agency_discard == ()


def test_4_4_a_region_space_to_refill_reshuffles_the_discard_pile() -> None:
    s = play(deck_ran_out(), ADA, TakeAgency(1, "orange"))
    assert s.region_spaces[0] == "" and RULES.to_act(s) == {CHANCE}
    s = settle_chance(RULES, s)
    assert s.region_spaces[0] in ("A01", "A02") and len(s.agency_deck) == 1


def test_4_4_matches_begun_before_version_6_reshuffle_as_soon_as_the_deck_is_empty() -> None:
    old = CovertRules(5)
    s = deck_ran_out()
    assert old.to_act(s) == {CHANCE}
    s = settle_chance(old, s)
    assert sorted(s.agency_deck) == ["A01", "A02"] and s.agency_discard == ()


def test_27_one_agency_die_needs_an_agent_in_the_region() -> None:
    s = resolving()
    assert "G.1.red" not in tokens(s, ADA)
    with pytest.raises(IllegalAction):
        play(s, ADA, TakeAgency(1, "red"))


def test_28_empty_mission_deck_hides_face_down_draw() -> None:
    s = msgspec.structs.replace(resolving(), mission_deck=())
    assert "T.3" not in tokens(s, ADA) and "T.0" in tokens(s, ADA)


def test_29_first_needs_a_die_on_a_circle() -> None:
    t = example_setup()
    phase_one(t)
    phase_two(t)
    s = edit(t.state, ADA, dice=tuple(Die(d.face, "spent") for d in t.state.players[ADA].dice))
    s = edit(s, BEN, hand=("A32",))
    assert RULES.to_act(s) == {BEN}


def test_30_no_flight_to_the_same_city() -> None:
    s = edit(resolving(), ADA, hand=("A01",))
    assert "F.A01.0" not in tokens(s, ADA)
    with pytest.raises(IllegalAction):
        play(s, ADA, Fly("A01", 0))


def test_32_same_start_city() -> None:
    from tests.games.covert.support import Table, arranged_setup

    t = Table(3)
    t.chance(arranged_setup(agents=["A01", "A36", "A03"]))
    assert t.state.players[0].agents == ("VCE", "VCE", "PAR")


def test_moving_back_and_halting() -> None:
    s = play(resolving(), ADA, Move(1), Step(1, "GVA"))
    assert tokens(s, ADA)[0] == "H"
    s = play(s, ADA, HALT)
    assert s.moving is None


def test_player_keeps_5_dice() -> None:
    assert len(placing().players[ADA].dice) == 5 and isinstance(placing().players[0], Player)


def test_9_decoder_details() -> None:
    t = example_setup()
    phase_one(t)
    s = t.state
    # Ada has no Decoder die but still gets her Break Codes turn, with swaps only.
    assert s.turn is not None and s.turn.seat == ADA and s.turn.kind == "codes"
    legal = moves(s, ADA)
    assert any(isinstance(a, Swap) for a in legal)
    assert not any(isinstance(a, Overlay) for a in legal)
    s = play(s, ADA, Swap(3, 4), FINISH, Choose("B"))
    assert s.turn is not None and s.turn.seat == BEN
    grid = s.cipher
    same = grid.index(s.players[BEN].dice[0].face)
    s = play(s, BEN, Overlay(0, same))  # a die may cover a tile showing its own value
    legal = moves(s, BEN)
    assert not any(isinstance(a, Overlay) for a in legal)  # one die per tile, each die once
    with pytest.raises(IllegalAction):
        play(s, BEN, Overlay(0, (same + 1) % 12))
    s = play(s, BEN, FINISH)
    # The overlay was only for Ben's turn: the grid itself never changed.
    assert s.cipher == grid
    while s.prompts:
        s = play(s, BEN, moves(s, BEN)[0])
    assert s.phase == "resolution" and s.cipher == grid
    assert s.turn is None or not s.turn.overlays


def test_23_neutral_cubes_under_agents_at_setup_are_not_collected() -> None:
    from tests.games.covert.support import Table, arranged_setup
    from tests.games.covert.test_example import NEUTRAL

    t = Table(2)
    t.chance(arranged_setup(agents=["A01", "A03", "A13", "A44", "A27", "A25", "A36", *NEUTRAL]))
    vce = t.state.cubes[KEYS.index("VCE")]
    assert t.state.players[ADA].agents[0] == "VCE" and vce == ("brown",)
    assert t.state.players[ADA].intel == ()
    # Only a later entry by movement collects such a cube.
    s = resolving()
    cubes = list(s.cubes)
    cubes[KEYS.index("PAR")] = ("brown",)
    s = msgspec.structs.replace(s, cubes=tuple(cubes))
    s = edit(s, ADA, tokens=("S05",))
    assert s.players[ADA].agents[1] == "PAR" and s.players[ADA].intel == ()
    s = play(s, ADA, Use("S05"), Step(1, "GVA"))
    assert "brown" not in s.players[ADA].intel
    s = play(s, ADA, Step(1, "PAR"))
    assert "brown" in s.players[ADA].intel


def test_31_seventh_mission_and_final_step_without_completable_missions() -> None:
    s = resolving()
    done = ("M01", "M02", "M03", "M04", "M05", "M06")
    s = edit(s, ADA, agents=("VCE", "GVA", "WAW"), hand=("A07",), done_missions=done)
    s = play(s, ADA, Complete("M44", ("A07",)))
    assert len(s.players[ADA].done_missions) == 7 and s.end_flag
    assert s.phase == "resolution"  # reaching 6 (or more) does not stop the round
    s = edit(s, ADA, missions=(), hand=())
    s = edit(s, BEN, missions=(), hand=())
    for _ in range(40):
        if s.phase != "resolution":
            break
        seat = min(RULES.to_act(s))
        s = play(s, seat, moves(s, seat)[0])
    assert s.phase == "final"
    for seat in (ADA, BEN):
        assert s.turn is not None and s.turn.kind == "final" and s.turn.seat == seat
        assert list(moves(s, seat)) == [END]
        s = play(s, seat, END)
    outcome = RULES.outcome(s)
    assert s.phase == "over" and outcome is not None and outcome.ranks[ADA] == 1


def test_7_5_timer_shares_follow_the_decision() -> None:
    """7.5: reactions get 30 s and set-up choices 120 s beside a 300 s main turn."""
    s = edit(resolving(), ADA, hand=("A13",))
    s = edit(s, BEN, hand=("A19",))
    assert timer_share(s) == 1.0
    s = play(s, ADA, Use("A13"))
    assert timer_share(s) == 1.0, "the mover's steps are part of the turn"
    s = walk(s, ADA, 3)
    assert RULES.to_act(s) == {BEN} and timer_share(s) == 0.1
    chosen = CovertRules().initial_state(2, {"characters": "choose"})
    assert chosen.prompts[0].kind == "character" and timer_share(chosen) == 0.4


def test_a_flight_out_of_turn_names_every_turn_one_may_fly_in() -> None:
    """4.6: flights on one's own turn in Phase I or III, and in the final-mission turn."""
    t = example_setup()
    phase_one(t)  # Phase II: Ada breaks codes
    with pytest.raises(IllegalAction) as refused:
        play(t.state, ADA, Fly("A07", 0))
    assert words(refused.value.text) == (
        "You can only fly on your own turn in Phase I or III, or in your final-mission turn."
    )
