"""Rules of shared/rules/covert.md not pinned elsewhere, each test naming its section.

Every test drives the game through its rules API (legal actions, apply, chance steps)
on an arranged position, as the other Covert tests do.
"""

from __future__ import annotations

import msgspec
import pytest

from bot.engine import CHANCE, GameError, IllegalAction
from bot.games.covert import actions as act
from bot.games.covert.chance import Draw, Shuffle
from bot.games.covert.data import CITIES, CODE_CARDS, REGIONS
from bot.games.covert.state import CovertState, Die
from tests.games.covert.support import RULES, Table, arranged_setup, edit, moves
from tests.games.covert.test_edges import breaking, placing, play, resolving, settle_chance
from tests.games.covert.test_example import ADA, BEN, example_setup, phase_one, phase_two
from tests.games.covert.test_spec_rules import final_turn

KEYS = [c.key for c in CITIES]


def cubes_in(state: CovertState, city: str) -> tuple[str, ...]:
    """Return the Intel cubes in a city."""
    return state.cubes[KEYS.index(city)]


def with_cubes(state: CovertState, city: str, cubes: tuple[str, ...]) -> CovertState:
    """Return the state with exactly these cubes in a city."""
    new = list(state.cubes)
    new[KEYS.index(city)] = cubes
    return msgspec.structs.replace(state, cubes=tuple(new))


def keep_first_two(t: Table) -> None:
    """Answer every seat's set-up Mission choice by returning the third card dealt."""
    while t.state.prompts and t.state.prompts[0].kind == "keep3":
        prompt = t.state.prompts[0]
        t.play(prompt.seat, act.Choose(prompt.items[2]))


def three_players(roll: str = "123451234512345") -> Table:
    """Return a 3-player table at its first placement; seat 0 won the roll-off.

    Agents: seat 0 Venice, Munich, Paris; seat 1 Lisbon, Belgrade, Prague; seat 2
    Helsinki, Geneva, London (the first nine Agency cards in order)."""
    t = Table(3)
    t.chance(arranged_setup())
    t.roll("666661111211123")
    keep_first_two(t)
    t.roll(roll)
    return t


# Section 3: set-up ------------------------------------------------------------------


def test_3_step_3_a_neutral_cube_never_lands_where_its_colour_already_is() -> None:
    """3 step 3 [Ruling]: "If that city already holds a cube of the current colour, set the
    card aside and draw again for the same cube." Brown Budapest, grey Geneva, then a second
    Budapest card for brown is set aside: the next card takes that brown cube."""
    agents = ["A01", "A03", "A13", "A44", "A27", "A25"]
    neutral = ["A34", "A08", "A47", "A46", "A06", "A02", "A26", "A28", "A29", "A18", "A20"]
    rest = ["A14", "A21"]
    t = Table(2)
    t.chance(arranged_setup(agents=[*agents, *neutral, *rest]))
    s = t.state
    assert cubes_in(s, "BUD") == ("brown",)
    assert cubes_in(s, "BUH") == ("brown",), "the card after the set-aside one is brown's"
    assert cubes_in(s, "PRG") == ("grey",)
    for colour in ("brown", "grey"):
        assert sum(c.count(colour) for c in s.cubes) == 6
    assert all(len(set(c)) == len(c) for c in s.cubes)


def test_3_step_6_the_third_mission_goes_under_then_three_turn_face_up() -> None:
    """3 step 6: each player keeps 2 of 3 Missions, the third goes to the bottom of the
    deck; then the top 3 Missions are turned face up."""
    t = Table(2)
    t.chance(arranged_setup(missions=["M44", "M13", "M01", "M21", "M29", "M02", "M36", "M12"]))
    t.roll("4441212356")
    deck = t.state.mission_deck
    assert t.state.mission_row == ()
    t.play(BEN, act.Choose("M02"))
    t.play(ADA, act.Choose("M01"))
    s = t.state
    assert s.players[ADA].missions == ("M44", "M13") and s.players[BEN].missions == ("M21", "M29")
    assert deck[:2] == ("M36", "M12") and s.mission_row == deck[:3]
    assert s.mission_deck == (*deck[3:], "M02", "M01")


def test_3_step_7_codes_two_each_then_decks_a_and_b_alternate() -> None:
    """3 step 7: deal 2 Codes to each player; split the rest into Deck A and Deck B of
    equal size, alternating A, B, A, B."""
    for seats, left in ((2, 36), (3, 34), (4, 32)):
        t = Table(seats)
        t.chance(arranged_setup())
        s = t.state
        ids = [c.id for c in CODE_CARDS]
        for seat in range(seats):
            assert s.players[seat].codes == (ids[2 * seat], ids[2 * seat + 1])
        a, b = s.code_decks
        assert len(a) == len(b) == left // 2
        rest = ids[2 * seats :]
        assert a == tuple(rest[0::2]) and b == tuple(rest[1::2])


def test_3_step_11_roll_off_most_of_one_number_then_total_then_the_tied_roll_again() -> None:
    """3 step 11: most dice showing one number goes first; tie: highest total among the
    tied; still tied: only those players roll again."""
    t = Table(3)
    t.chance(arranged_setup())
    t.roll("111126665555566")  # four 1s beat three of a kind with a higher total
    assert t.state.first_placer == 0 and not t.state.rolloff

    t = Table(3)
    t.chance(arranged_setup())
    t.roll("333126665455566")  # 3 of a kind each: totals 12, 27, 27
    assert t.state.rolloff == (1, 2), "seats 1 and 2 tie on both counts and roll again"
    assert t.match.chance_pending
    t.roll("1234522224")
    assert t.state.first_placer == 2 and not t.state.rolloff

    t = Table(2)
    t.chance(arranged_setup())
    t.roll("2223411156")  # three of a kind each: the higher total (13 > 12)
    assert t.state.first_placer == BEN


# Section 2.9 and 4.1: placing dice ------------------------------------------------------


def test_2_9_a_die_joins_a_circle_next_to_a_die_and_6_is_next_to_1() -> None:
    """2.9: on a circle with a die, the die must go on the empty space of its face, and that
    space must be adjacent to an occupied one; space 6 is adjacent to space 1."""
    s = play(placing(), ADA, act.Place(0, "MOVEMENT"), act.END)  # Ada's 1 on Movement space 1
    assert s.turn is not None and s.turn.seat == BEN  # Ben: 2 2 4 5 6
    offered = moves(s, BEN)
    assert act.Place(0, "MOVEMENT") in offered and act.Place(4, "MOVEMENT") in offered  # 2 and 6
    assert act.Place(2, "MOVEMENT") not in offered and act.Place(3, "MOVEMENT") not in offered
    with pytest.raises(IllegalAction):
        play(s, BEN, act.Place(2, "MOVEMENT"))
    s = play(s, BEN, act.Place(4, "MOVEMENT"))
    assert s.players[BEN].dice[4] == Die(6, "MOVEMENT", 6)
    assert act.Place(0, "COMPLETE_MISSION") in offered  # an empty circle takes any face


def test_2_9_folder_and_decoder_take_any_number_of_dice() -> None:
    """2.9: the Special Operations folder and the Decoder take any die, any face,
    with unlimited capacity."""
    s = placing()
    dice = (Die(1, "DECODER"), Die(1, "DECODER"), Die(3, "SPEC_OPS"), Die(3), Die(5))
    s = edit(s, ADA, dice=dice)
    offered = moves(s, ADA)
    assert act.Place(3, "DECODER") in offered and act.Place(3, "SPEC_OPS") in offered


def test_8_1_two_plus_one_on_a_five_give_a_one_placed_on_space_1() -> None:
    """2.4 and 8.1: several +1 may be applied to one die, one source each; two +1 on a
    5 give 1, and the die is placed at its new face."""
    s = edit(placing(), ADA, hand=("A01", "A02"))
    s = play(s, ADA, act.Adjust(3, "A01"), act.Adjust(3, "A02"))
    assert s.players[ADA].dice[3].face == 1
    s = play(s, ADA, act.Place(3, "MOVEMENT"))
    assert s.players[ADA].dice[3] == Die(1, "MOVEMENT", 1)
    assert s.players[ADA].hand == () and s.agency_discard[-2:] == ("A01", "A02")


def test_2_4_sneak_attacks_stack_one_placement_each() -> None:
    """2.4: Sneak Attack lets the player place one more die this turn; each extra Sneak
    Attack adds one more placement."""
    s = edit(placing(), ADA, hand=("A25", "A26", "A07"))
    s = play(s, ADA, act.Use("A25"), act.Use("A26"))
    s = play(s, ADA, act.Place(0, "DECODER"), act.Place(1, "DECODER"), act.Place(2, "DECODER"))
    assert s.turn is not None and s.turn.seat == ADA
    assert not any(isinstance(a, act.Place) for a in moves(s, ADA)), "three placements, no more"
    with pytest.raises(IllegalAction):
        play(s, ADA, act.Place(3, "DECODER"))


def test_4_1_placement_turns_go_clockwise_skipping_token_holders() -> None:
    """4.1 steps 3-5: play goes clockwise, skipping anyone who already holds a Turn Order
    token; a pass takes the lowest token still available; the phase ends when all hold one."""
    t = three_players()
    assert t.state.turn is not None and t.state.turn.seat == 0
    t.play(0, act.PASS)
    assert t.state.players[0].turn_token == 1
    t.place(1, act.Place(0, "DECODER"))
    t.place(2, act.Place(0, "DECODER"))
    assert t.state.turn is not None and t.state.turn.seat == 1, "seat 0 is skipped"
    t.play(1, act.PASS)
    assert t.state.players[1].turn_token == 2
    assert t.state.turn is not None and t.state.turn.seat == 2
    t.place(2, act.Place(1, "DECODER"))
    assert t.state.turn is not None and t.state.turn.seat == 2, "the only one left"
    t.play(2, act.PASS)
    assert t.state.players[2].turn_token == 3 and t.state.phase == "codes"


# Section 4.3: Break Codes ---------------------------------------------------------------


def spec_swaps() -> set[tuple[int, int]]:
    """Return the 18 swaps 4.3 step 1 lists (T1..T6 = 0..5, B1..B6 = 6..11)."""
    horizontal = {(r + c, r + c + 1) for r in (0, 6) for c in range(5)}
    vertical = {(c, c + 6) for c in range(6)}
    return horizontal | vertical | {(0, 5), (6, 11)}


def test_4_3_one_swap_of_the_eighteen_plus_one_per_code_breaker() -> None:
    """4.3 step 1: one swap, plus one per Code Breaker activated now; a swap exchanges
    swap-adjacent tiles only (18 legal swaps, no diagonals)."""
    t = example_setup()
    phase_one(t)
    s = edit(t.state, ADA, character="CH2")  # no long swap
    swaps = {(a.a, a.b) for a in moves(s, ADA) if isinstance(a, act.Swap)}
    assert swaps == spec_swaps() and len(swaps) == 18
    with pytest.raises(IllegalAction):
        play(s, ADA, act.Swap(0, 7))  # a diagonal
    grid = s.cipher
    s = play(s, ADA, act.Swap(0, 5))
    assert s.cipher[0] == grid[5] and s.cipher[5] == grid[0]
    assert not any(isinstance(a, act.Swap) for a in moves(s, ADA))
    assert act.Use("S13") in moves(s, ADA)  # drawn in Phase I: a later turn (8.7)
    s = play(s, ADA, act.Use("S13"))
    assert {(a.a, a.b) for a in moves(s, ADA) if isinstance(a, act.Swap)} == spec_swaps()
    s = play(s, ADA, act.Swap(6, 11))
    assert not any(isinstance(a, act.Swap) for a in moves(s, ADA))
    assert "S13" in s.bag and s.players[ADA].tokens == ()


def test_2_11_cryptographer_makes_one_long_swap_in_a_row_per_round() -> None:
    """2.11 CH1: once per round one of the Break Codes swaps may exchange any two tiles in
    the same row; never across rows."""
    t = example_setup()
    phase_one(t)
    s = t.state
    assert s.players[ADA].character == "CH1"
    offered = {(a.a, a.b) for a in moves(s, ADA) if isinstance(a, act.Swap)}
    assert (0, 3) in offered and (7, 10) in offered and (0, 9) not in offered
    s = play(s, ADA, act.Use("S13"), act.Swap(0, 3))
    offered = {(a.a, a.b) for a in moves(s, ADA) if isinstance(a, act.Swap)}
    assert offered == spec_swaps(), "the long swap is spent"


def test_4_3_codes_read_left_to_right_only() -> None:
    """4.3 step 3: rows are never read right to left (nor columns)."""
    s = breaking(("C01",), (3, 2, 1, 4, 5, 6, 6, 5, 4, 3, 2, 1))  # 1 2 3 only backwards
    s = play(s, ADA, act.FINISH)
    assert s.players[ADA].done_codes == () and s.players[ADA].codes == ("C01",)
    s = breaking(("C01",), (4, 5, 6, 1, 2, 3, 6, 5, 4, 3, 2, 1))  # T4-T6 read 1 2 3
    s = play(s, ADA, act.FINISH)
    assert s.players[ADA].done_codes == ("C01",)


def test_4_3_a_decoder_die_reads_as_its_face_for_its_owner() -> None:
    """4.3 steps 2-3: a Decoder die put on a tile makes that position read as its face."""
    grid = (1, 2, 5, 6, 6, 5, 4, 4, 3, 3, 1, 2)
    dice = (Die(3, "DECODER"),) + (Die(1, "spent"),) * 4
    s = play(breaking(("C01",), grid), ADA, act.FINISH)
    assert s.players[ADA].done_codes == ()
    s = breaking(("C01",), grid, dice)
    s = play(s, ADA, act.Overlay(0, 2), act.FINISH)
    assert s.players[ADA].done_codes == ("C01",) and s.cipher == grid
    assert s.players[ADA].dice[0].place != "DECODER", "Decoder dice return after the turn"


def test_4_3_phase_two_allows_code_breaker_only() -> None:
    """4.3: in Phase II the only ability that may be activated is CODE_BREAKER; flying and
    other abilities are not allowed."""
    t = example_setup()
    phase_one(t)
    hand = ("A13", "A43", "A25", "A01", "A31", "A37")
    s = edit(t.state, ADA, hand=hand)
    offered = moves(s, ADA)
    assert act.Use("A37") in offered
    for card in ("A13", "A25", "A31"):
        assert act.Use(card) not in offered
        with pytest.raises(GameError):
            play(s, ADA, act.Use(card))
    assert act.Use("A43", "A") not in offered and act.Use("A43", "M") not in offered
    assert not any(isinstance(a, (act.Adjust, act.Fly)) for a in offered)


# Section 4.4: Dice Resolution -----------------------------------------------------------


def resolving_with(dice: tuple[Die, ...]) -> CovertState:
    """Return Phase III of the example, Ada to act, with these dice."""
    return edit(resolving(), ADA, dice=dice)


def test_4_4_complete_mission_needs_a_complete_mission_die() -> None:
    """4.4: Complete Mission uses 1 die from COMPLETE_MISSION."""
    s = edit(resolving(), ADA, agents=("VCE", "GVA", "WAW"))
    assert act.Complete("M44", ("A07",)) in moves(s, ADA)
    dice = tuple(
        Die(d.face, "spent") if d.place == "COMPLETE_MISSION" else d for d in s.players[ADA].dice
    )
    s = edit(s, ADA, dice=dice)
    assert not any(isinstance(a, act.Complete) for a in moves(s, ADA))
    with pytest.raises(IllegalAction):
        play(s, ADA, act.Complete("M44", ("A07",)))


def test_4_4_two_agency_dice_take_any_region_space_or_the_deck_top() -> None:
    """4.4: Agency Cards with two dice (any faces) is one Action: any face-up Region Space
    card or the top of the draw deck; the space is refilled at once."""
    dice = (Die(1, "AGENCY_CARDS", 1), Die(2, "AGENCY_CARDS", 2), Die(3, "MOVEMENT", 3))
    s = resolving_with((*dice, Die(4, "spent"), Die(5, "spent")))
    offered = moves(s, ADA)
    for region in REGIONS:
        assert act.TakeAgency(2, region) in offered
    assert act.TakeAgency(2, "deck") in offered
    assert act.TakeAgency(1, "red") not in offered  # no agent in red
    top = s.agency_deck[0]
    s = play(s, ADA, act.TakeAgency(2, "red"))
    assert s.players[ADA].hand[-1] == "A19" and s.region_spaces[3] == top
    assert [d.place for d in s.players[ADA].dice[:2]] == ["spent", "spent"]


def test_8_27_a_region_benefit_is_no_agent_for_one_agency_die() -> None:
    """4.8 and 8.27: benefits do not count as agents for taking Agency cards; one Agency die
    needs an agent in the space's region."""
    s = edit(resolving(), ADA, agents=("VCE", "GVA", "MIL"), done_missions=("M01",))  # purple
    offered = moves(s, ADA)
    assert act.TakeAgency(1, "orange") in offered and act.TakeAgency(1, "purple") not in offered


def test_4_4_a_face_up_mission_is_refilled_and_the_limit_is_three() -> None:
    """4.4: take a face-up Mission, refill that slot at once from the deck; holding more than
    3, discard one of your choice (the new one included) to the bottom of the deck."""
    s = resolving()
    top = s.mission_deck[0]
    s = edit(s, ADA, missions=("M44", "M13", "M01"))
    s = play(s, ADA, act.TakeMission(0))
    assert s.mission_row[0] == top and s.players[ADA].missions[-1] == "M36"
    assert s.prompts and s.prompts[0].kind == "mlimit"
    assert set(s.prompts[0].items) == {"M44", "M13", "M01", "M36"}
    s = play(s, ADA, act.Choose("M36"))
    assert s.players[ADA].missions == ("M44", "M13", "M01") and s.mission_deck[-1] == "M36"


def test_2_11_controller_draws_two_face_down_keeps_one_and_holds_four() -> None:
    """2.11 CH4: Mission hand limit 4; taking the face-down Mission draws two, keeps one,
    and puts the other on the bottom of the Mission deck."""
    s = edit(resolving(), ADA, character="CH4", missions=("M44", "M13", "M01"))
    deck = s.mission_deck
    s = play(s, ADA, act.TakeMission(3))
    assert s.prompts[0].kind == "controller" and s.prompts[0].items == deck[:2]
    s = play(s, ADA, act.Choose(deck[1]))
    assert s.players[ADA].missions == ("M44", "M13", "M01", deck[1])
    assert not s.prompts, "4 Missions are within the Controller's limit"
    assert s.mission_deck == (*deck[2:], deck[0])


def test_2_11_attache_holds_eight_and_takes_the_deck_top_with_one_die() -> None:
    """2.11 CH5: Agency hand limit 8; with a single Agency die the Attaché may take the top
    card of the draw deck."""
    seven = ("A01", "A02", "A03", "A04", "A05", "A06", "A07")
    s = edit(resolving(), ADA, hand=seven)
    assert act.TakeAgency(1, "deck") not in moves(s, ADA)
    s = edit(s, ADA, character="CH5")
    assert act.TakeAgency(1, "deck") in moves(s, ADA)
    top = s.agency_deck[0]
    after = play(s, ADA, act.TakeAgency(1, "deck"))
    assert after.players[ADA].hand == (*seven, top) and not after.prompts
    s = play(edit(s, ADA, hand=(*seven, "A08")), ADA, act.TakeAgency(1, "orange"))
    assert s.prompts and s.prompts[0].kind == "hand", "a ninth card is over the limit"


def test_4_4_movement_k_dice_k_steps_per_agent_one_agent_after_another() -> None:
    """4.4: with k Movement dice each agent may move up to k steps; agents move one after
    another, each finishing its path before the next starts."""
    dice = (Die(1, "MOVEMENT", 1), Die(2, "MOVEMENT", 2), Die(3, "AGENCY_CARDS", 3))
    s = resolving_with((*dice, Die(4, "spent"), Die(5, "spent")))
    offered = moves(s, ADA)
    assert act.Move(1) in offered and act.Move(2) in offered and act.Move(3) not in offered
    s = play(s, ADA, act.Move(2), act.Step(1, "BRU"), act.Step(1, "LON"))
    assert not any(isinstance(a, act.Step) and a.agent == 1 for a in moves(s, ADA)), "k steps"
    s = play(s, ADA, act.Step(0, "VIE"))
    assert not any(isinstance(a, act.Step) and a.agent == 1 for a in moves(s, ADA))
    s = play(s, ADA, act.Step(2, "KIE"))
    assert not any(isinstance(a, act.Step) and a.agent == 0 for a in moves(s, ADA)), "finished"
    assert s.players[ADA].agents == ("VIE", "LON", "KIE")
    assert [d.place for d in s.players[ADA].dice[:2]] == ["spent", "spent"]


def test_2_11_courier_bonus_step_after_movement_dice_not_after_move_x3() -> None:
    """2.11 CH3: each Movement Action with dice gives one bonus step; not with Move ×3."""
    s = edit(resolving(), ADA, character="CH3", tokens=("S05",))
    s = play(s, ADA, act.Use("S05"), act.Step(1, "BRU"), act.Step(1, "LON"), act.Step(1, "AMS"))
    assert s.moving is None
    s = play(s, ADA, act.Move(1), act.Step(0, "VIE"), act.HALT)
    assert s.moving is not None and s.moving.left == (1,)
    s = play(s, ADA, act.Step(2, "KIE"))
    assert s.moving is None and s.players[ADA].agents == ("VIE", "AMS", "KIE")


def test_4_4_players_without_circle_dice_are_skipped_and_the_round_ends() -> None:
    """4.4 and 4.9: a player with no dice on the Action Circles is skipped; Phase III ends
    when none remain; all dice return and the highest token holder places first."""
    s = play(resolving(), ADA, act.Forfeit("all"), act.END)
    assert s.turn is not None and s.turn.seat == BEN
    s = play(s, BEN, act.Forfeit("MOVEMENT"), act.END)
    assert s.turn is not None and s.turn.seat == BEN, "Ada has no dice left: skipped"
    s = play(s, BEN, act.Forfeit("all"), act.END)
    assert s.phase == "placement" and s.round == 2 and s.first_placer == BEN
    assert all(p.turn_token == 0 for p in s.players)
    assert RULES.to_act(s) == {CHANCE}  # the new roll
    assert all(d.place == "" for p in s.players for d in p.dice)


# Section 4.5 and 4.6: Intel and flights -------------------------------------------------


def test_4_5_two_pairs_in_one_step_give_two_free_cards() -> None:
    """4.5: every non-own cube in the entered city is collected; two pairs completed in one
    step give two free cards; neutral pairs leave the game."""
    s = edit(resolving(), ADA, intel=("brown", "grey"))
    s = with_cubes(s, "GVA", ("grey", "brown"))
    on_map = sum(len(c) for c in s.cubes)
    hand = s.players[ADA].hand
    s = play(s, ADA, act.Move(1), act.Step(1, "GVA"))
    assert s.players[ADA].intel == () and cubes_in(s, "GVA") == ()
    assert [p.kind for p in s.prompts] == ["free", "free"]
    s = play(s, ADA, act.Choose("orange"))
    s = play(s, ADA, act.Choose("orange"))
    assert len(s.players[ADA].hand) == len(hand) + 2 and "A29" in s.players[ADA].hand
    assert sum(len(c) for c in s.cubes) == on_map - 2 + 1  # 2 collected, Paris got black
    assert s.players[BEN].supply == 15 and s.players[ADA].supply == 14


def test_4_6_a_flight_drops_no_cube_and_collects_no_intel() -> None:
    """4.6 [Ruling]: a flight is not movement: no Intel cube is left and none collected."""
    s = edit(resolving(), ADA, hand=("A08",))  # Geneva, where a grey cube lies
    s = play(s, ADA, act.Fly("A08", 1))
    assert s.players[ADA].agents[1] == "GVA" and s.players[ADA].intel == ()
    assert cubes_in(s, "GVA") == ("grey",) and cubes_in(s, "PAR") == ()
    assert s.players[ADA].supply == 15 and "A08" in s.agency_discard


def test_2_11_infiltrator_collects_on_arrival_and_takes_any_free_card() -> None:
    """2.11 CH6: the Infiltrator's agents collect Intel when they fly into a city; a pair's
    free card may come from any Region Space."""
    s = edit(resolving(), ADA, character="CH6", hand=("A08",), intel=("grey",))
    s = play(s, ADA, act.Fly("A08", 1))
    assert cubes_in(s, "GVA") == () and s.players[ADA].intel == ()
    assert s.prompts and s.prompts[0].kind == "free"
    offered = {a.item for a in moves(s, ADA) if isinstance(a, act.Choose)}
    assert offered == {*REGIONS, "deck"}
    s = play(s, ADA, act.Choose("yellow"))
    assert "A48" in s.players[ADA].hand


# Section 4.7: reactions ----------------------------------------------------------------


def test_4_7_espionage_asks_the_actor_first_one_card_each() -> None:
    """4.7: after an event, players react in priority order, the acting player first; each
    takes at most one used card still in the discard pile."""
    s = edit(resolving(), ADA, missions=("M29",), hand=("A05", "A01", "A19"))
    s = edit(s, BEN, hand=("A20",))
    s = play(s, ADA, act.Complete("M29", ("A05",), "A01"))
    assert RULES.to_act(s) == {ADA}
    assert {a for a in moves(s, ADA) if isinstance(a, act.Accept)} == {
        act.Accept("A19", "A05"),
        act.Accept("A19", "A01"),
    }
    s = play(s, ADA, act.Accept("A19", "A05"))
    assert RULES.to_act(s) == {BEN}
    assert [a for a in moves(s, BEN) if isinstance(a, act.Accept)] == [act.Accept("A20", "A01")]
    s = play(s, BEN, act.Accept("A20", "A01"))
    assert s.players[ADA].hand == ("A05",) and s.players[BEN].hand == ("A01",)
    assert s.spy is None and "A19" in s.agency_discard and "A20" in s.agency_discard


def test_4_7_espionage_priority_goes_clockwise_from_the_actor() -> None:
    """4.7: "the acting player first, then clockwise" (3 players: seat 1 acts, then 2, 0)."""
    t = three_players()
    t.place(0, act.Place(0, "DECODER"))
    s = edit(t.state, 1, hand=("A09", "A19"))  # London
    s = edit(s, 2, hand=("A20",))
    s = edit(s, 0, hand=("A21",))
    assert s.turn is not None and s.turn.seat == 1
    s = play(s, 1, act.Fly("A09", 0))
    assert RULES.to_act(s) == {1}
    s = play(s, 1, act.DECLINE)
    assert RULES.to_act(s) == {2}
    s = play(s, 2, act.DECLINE)
    assert RULES.to_act(s) == {0}
    s = play(s, 0, act.Accept("A21", "A09"))
    assert s.players[0].hand == ("A09",) and RULES.to_act(s) == {1}


def test_4_7_an_espionage_activation_is_no_event() -> None:
    """2.4 and 8.18: activations of Espionage are no events (no chains)."""
    s = edit(resolving(), ADA, hand=("A03", "A19"))
    s = edit(s, BEN, hand=("A20",))
    s = play(s, ADA, act.Fly("A03", 0), act.DECLINE)
    s = play(s, BEN, act.Accept("A20", "A03"))
    assert s.spy is None and RULES.to_act(s) == {ADA}, "Ada is not asked about A20"


def test_4_7_phase_two_first_skips_token_one_and_lets_token_two_go_first() -> None:
    """4.7: in Phase II the holder of token 1 is not asked; a First user takes the whole
    Break Codes turn now and is skipped in the normal order."""
    s = edit(placing(), BEN, hand=("A10", "A14", "A32"))
    s = play(s, ADA, act.PASS)
    s = play(s, BEN, act.PASS)
    assert s.phase == "codes" and "A33" in s.players[ADA].hand
    assert s.turn is None and RULES.to_act(s) == {BEN}, "Ada (token 1) is not asked"
    s = play(s, BEN, act.Accept("A32"))
    assert s.turn is not None and s.turn.seat == BEN and s.turn.kind == "codes"
    s = play(s, BEN, act.FINISH)
    assert s.turn is not None and s.turn.seat == ADA and s.turn.kind == "codes"
    s = play(s, ADA, act.FINISH)
    assert s.phase != "codes", "Ben, who broke codes through First, is skipped"


def test_4_7_first_in_phase_three_is_one_action_then_the_window_reopens() -> None:
    """4.7: in Phase III a First user resolves exactly one Action now; the window then
    reopens from the top of turn order; then normal order begins with token 1."""
    t = example_setup()
    phase_one(t)
    phase_two(t)
    s = edit(t.state, BEN, hand=("A10", "A14", "A32"))
    assert RULES.to_act(s) == {ADA}
    s = play(s, ADA, act.DECLINE)
    assert RULES.to_act(s) == {BEN}
    s = play(s, BEN, act.Accept("A32"))
    assert s.turn is not None and s.turn.seat == BEN and s.turn.kind == "first"
    s = play(s, BEN, act.Forfeit("MOVEMENT"))
    offered = moves(s, BEN)
    assert not any(
        isinstance(a, (act.Forfeit, act.Move, act.TakeMission, act.TakeAgency)) for a in offered
    )
    s = play(s, BEN, act.END)
    assert s.turn is None and RULES.to_act(s) == {ADA}, "the window reopens from the top"
    s = play(s, ADA, act.DECLINE)
    assert s.turn is not None and s.turn.seat == ADA and s.turn.kind == "act"


def test_8_29_a_first_action_may_complete_the_sixth_mission() -> None:
    """5 step 1 and 8.29: completing the 6th Mission through FIRST sets the game-end flag."""
    t = example_setup()
    phase_one(t)
    phase_two(t)
    done = ("M01", "M02", "M03", "M04", "M05")
    s = edit(t.state, ADA, agents=("VCE", "GVA", "WAW"), done_missions=done)
    s = play(s, ADA, act.Accept("A33"), act.Complete("M44", ("A07",)))
    assert s.end_flag and s.phase == "resolution"


# Sections 4.8 and 5: benefits, final missions, scoring --------------------------------


def test_4_8_an_equipment_benefit_is_never_consumed() -> None:
    """4.8: an equipment benefit pays one matching icon on each later mission, never
    consumed."""
    dice = (Die(2, "COMPLETE_MISSION", 2), Die(3, "COMPLETE_MISSION", 3))
    s = resolving_with((*dice, Die(1, "spent"), Die(4, "spent"), Die(5, "spent")))
    s = edit(s, ADA, done_missions=("M21",), missions=("M01", "M02"), hand=("A07", "A03"))
    s = play(s, ADA, act.Complete("M01", ("A07", "B")), act.END)
    assert s.players[ADA].benefits() == ("RAD", "purple")
    s = play(s, BEN, act.Forfeit("all"), act.END)
    assert s.turn is not None and s.turn.seat == ADA
    assert act.Complete("M02", ("A03", "B")) in moves(s, ADA)
    s = play(s, ADA, act.Complete("M02", ("A03", "B")))
    assert s.players[ADA].done_missions == ("M21", "M01", "M02")


def test_5_2_final_turn_completes_one_mission_without_a_die() -> None:
    """5 step 2: a final-mission turn may complete at most one Mission with no die."""
    s = final_turn()
    assert all(d.place == "" for d in s.players[ADA].dice)
    s = edit(s, ADA, agents=("VCE", "GVA", "ROM"), hand=("A07", "A03"), missions=("M44", "M13"))
    assert act.Complete("M44", ("A07",)) in moves(s, ADA)
    assert act.Complete("M13", ("A03",)) in moves(s, ADA)
    s = play(s, ADA, act.Complete("M44", ("A07",)))
    assert not any(isinstance(a, act.Complete) for a in moves(s, ADA)), "at most one"
    assert s.players[ADA].done_missions == ("M44",)


def test_5_2_final_turn_offers_no_placement_ability_and_no_character() -> None:
    """5 step 2: +1/−1, Sneak Attack, First and Code Breaker are not offered; character
    abilities are off (the Infiltrator collects nothing on a flight)."""
    s = final_turn()
    s = edit(s, ADA, hand=("A01", "A07", "A25", "A31", "A37", "A08"), character="CH6")
    offered = moves(s, ADA)
    for card in ("A01", "A07", "A25", "A31", "A37"):
        assert not any(isinstance(a, (act.Use, act.Adjust)) and a.source == card for a in offered)
        with pytest.raises(GameError):
            play(s, ADA, act.Use(card))
    assert act.Fly("A08", 1) in offered
    s = play(s, ADA, act.Fly("A08", 1))
    assert s.players[ADA].agents[1] == "GVA" and "grey" in cubes_in(s, "GVA")
    assert "grey" not in s.players[ADA].intel


def test_5_2_final_turn_move_x3_and_search_are_offered() -> None:
    """5 step 2: players may activate Agency-card or token abilities such as Move ×3 and
    Search in the final-mission turn."""
    s = edit(final_turn(), ADA, hand=("A13", "A43"))
    offered = moves(s, ADA)
    assert (
        act.Use("A13") in offered
        and act.Use("A43", "A") in offered
        and act.Use("A43", "M") in offered
    )


def test_5_3_score_is_mission_points_plus_two_per_held_code() -> None:
    """5 step 3: each player scores the points on their completed Missions plus 2 per
    completed Code still held; highest total wins."""
    s = final_turn()
    s = edit(s, ADA, done_missions=("M44", "M13"), done_codes=("C07",))  # 5 + 3 + 2
    s = edit(s, BEN, done_missions=("M58",), done_codes=("C21", "C01"))  # 7 + 4
    s = play(s, ADA, act.END)
    s = play(s, BEN, act.END)
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.scores == (10.0, 11.0) and outcome.ranks == (2, 1)


# Section 2.4 and 2.10: Search and tokens ------------------------------------------------


def test_2_4_search_keeps_one_and_puts_the_others_under_in_drawn_order() -> None:
    """2.4 SEARCH: look at the top 3, keep 1, put the other 2 on the bottom of that deck in
    the order they were drawn."""
    s = edit(resolving(), ADA, hand=("A43",))
    deck = s.mission_deck
    s = play(s, ADA, act.Use("A43", "M"))
    assert s.prompts[0].kind == "search" and s.prompts[0].items == deck[:3]
    s = play(s, ADA, act.Choose(deck[1]))
    assert s.players[ADA].missions[-1] == deck[1]
    assert s.mission_deck == (*deck[3:], deck[0], deck[2])
    assert "A43" in s.agency_discard


def test_2_4_search_of_a_short_agency_deck_puts_the_discard_pile_under_first() -> None:
    """2.4 SEARCH: with fewer than 3 cards in the Agency deck, the discard pile is shuffled
    and placed under the remaining deck first."""
    s = msgspec.structs.replace(resolving(), agency_deck=("A02",), agency_discard=("A04", "A05"))
    s = edit(s, ADA, hand=("A43",))
    s = play(s, ADA, act.Use("A43", "A"))
    assert RULES.to_act(s) == {CHANCE}
    s = RULES.apply(s, CHANCE, Shuffle((2, 1, 0))).state  # A43 A05 A04 under A02
    assert s.prompts[0].kind == "search" and s.prompts[0].items == ("A02", "A43", "A05")
    s = play(s, ADA, act.Choose("A05"))
    assert s.players[ADA].hand[-1] == "A05" and s.agency_deck == ("A04", "A02", "A43")


def test_2_11_quartermaster_keeps_one_of_two_tokens_and_returns_the_other() -> None:
    """2.11 CH2: on the Special Operations folder, draw two tokens, keep one, return the
    other to the bag."""
    s = edit(placing(), ADA, character="CH2")
    s = play(s, ADA, act.Place(3, "SPEC_OPS"))
    s = RULES.apply(s, CHANCE, Draw((0, 4))).state  # S01 and S05
    assert s.prompts[0].kind == "quarter" and set(s.prompts[0].items) == {"S01", "S05"}
    s = play(s, ADA, act.Choose("S05"))
    assert s.players[ADA].tokens == ("S05",) and "S01" in s.bag and len(s.bag) == 15


def test_2_10_a_used_token_goes_back_to_the_bag() -> None:
    """2.10: tokens are returned to the bag when used."""
    s = edit(resolving(), ADA, tokens=("S05",))
    s = msgspec.structs.replace(s, bag=tuple(b for b in s.bag if b != "S05"))
    s = play(s, ADA, act.Use("S05"))
    assert "S05" in s.bag and s.players[ADA].tokens == ()


def test_4_5_free_card_from_the_deck_when_chosen() -> None:
    """4.5: the free card of a pair is the Region Space card of the collecting agent's
    region, or the top card of the draw deck, the player's choice."""
    s = edit(resolving(), ADA, intel=("grey",))
    top = s.agency_deck[0]
    s = play(s, ADA, act.Move(1), act.Step(1, "GVA"))
    assert {a.item for a in moves(s, ADA) if isinstance(a, act.Choose)} == {"orange", "deck"}
    s = settle_chance(RULES, play(s, ADA, act.Choose("deck")))
    assert s.players[ADA].hand[-1] == top


def test_8_30_each_flight_is_its_own_espionage_event() -> None:
    """8.30: several agents may fly in one turn; each flight is a separate Espionage event."""
    s = edit(resolving(), ADA, hand=("A03", "A08"))
    s = edit(s, BEN, hand=("A19", "A20"))
    s = play(s, ADA, act.Fly("A08", 0))
    assert RULES.to_act(s) == {BEN}
    assert [a for a in moves(s, BEN) if isinstance(a, act.Accept)] == [
        act.Accept("A19", "A08"),
        act.Accept("A20", "A08"),
    ]
    s = play(s, BEN, act.DECLINE)
    s = play(s, ADA, act.Fly("A03", 2))
    assert RULES.to_act(s) == {BEN}, "a second flight asks again"
    assert {a.card for a in moves(s, BEN) if isinstance(a, act.Accept)} == {"A03"}


def test_8_28_an_empty_mission_deck_cannot_be_searched() -> None:
    """8.28: with the Mission deck empty, Mission Search is unavailable."""
    s = edit(resolving(), ADA, hand=("A43",))
    assert act.Use("A43", "M") in moves(s, ADA)
    s = msgspec.structs.replace(s, mission_deck=())
    assert act.Use("A43", "M") not in moves(s, ADA) and act.Use("A43", "A") in moves(s, ADA)
    with pytest.raises(IllegalAction):
        play(s, ADA, act.Use("A43", "M"))


def test_2_4_search_keeps_within_the_hand_limits() -> None:
    """2.4 SEARCH and 8.20: the kept card obeys the hand limits, enforced at once."""
    six = ("A01", "A02", "A03", "A04", "A05", "A06")
    s = edit(resolving(), ADA, hand=(*six, "A07", "A43"))
    s = play(s, ADA, act.Use("A43", "A"))
    s = play(s, ADA, act.Choose(s.prompts[0].items[0]))
    assert s.prompts and s.prompts[0].kind == "hand" and len(s.players[ADA].hand) == 8
    s = edit(resolving(), ADA, hand=("A43",), missions=("M44", "M13", "M01"))
    s = play(s, ADA, act.Use("A43", "M"))
    s = play(s, ADA, act.Choose(s.prompts[0].items[0]))
    assert s.prompts and s.prompts[0].kind == "mlimit" and len(s.players[ADA].missions) == 4


def test_4_5_a_free_card_over_the_limit_is_discarded_at_once() -> None:
    """4.5: after a pair's free card, refill, then apply the hand limit."""
    seven = ("A01", "A02", "A03", "A04", "A05", "A06", "A07")
    s = edit(resolving(), ADA, hand=seven, intel=("grey",))
    top = s.agency_deck[0]
    s = play(s, ADA, act.Move(1), act.Step(1, "GVA"), act.Choose("orange"))
    assert s.region_spaces[0] == top, "refilled"
    assert s.prompts and s.prompts[0].kind == "hand" and "A29" in s.prompts[0].items


def test_4_7_an_espionage_card_taken_over_the_limit_is_discarded_at_once() -> None:
    """4.7 and 8.20: the reacting player applies the hand limit after taking the card."""
    six = ("A01", "A02", "A04", "A05", "A06", "A07")
    s = edit(resolving(), ADA, hand=("A03",))
    s = edit(s, BEN, hand=(*six, "A19"))
    s = play(s, ADA, act.Fly("A03", 0))
    s = play(s, BEN, act.Accept("A19", "A03"))
    assert len(s.players[BEN].hand) == 7 and not s.prompts
    s = edit(resolving(), ADA, hand=("A03",))
    s = edit(s, BEN, hand=(*six, "A08", "A19"))
    s = play(s, ADA, act.Fly("A03", 0))
    s = play(s, BEN, act.Accept("A19", "A03"))
    assert s.prompts and s.prompts[0].kind == "hand" and s.prompts[0].seat == BEN


def test_2_4_turn_abilities_outside_their_window_are_refused() -> None:
    """2.4: +1/−1 and Sneak Attack only in Phase I placement, Code Breaker only in a Break
    Codes turn, First only in a First window."""
    s = edit(resolving(), ADA, hand=("A01", "A25", "A31", "A37"))
    offered = moves(s, ADA)
    for card in ("A01", "A25", "A31", "A37"):
        assert not any(getattr(a, "source", None) == card for a in offered)
        with pytest.raises(GameError):
            play(s, ADA, act.Use(card))
    s = edit(placing(), ADA, hand=("A31", "A37"))
    offered = moves(s, ADA)
    assert not any(getattr(a, "source", None) in ("A31", "A37") for a in offered)


def test_4_3_two_codes_may_share_tiles() -> None:
    """4.3 step 3: tiles may be shared by two codes claimed in the same turn."""
    s = breaking(("C04", "C24"), (1, 4, 3, 2, 5, 6, 1, 2, 3, 4, 5, 6))  # 143 and 432
    s = play(s, ADA, act.FINISH)
    assert s.players[ADA].done_codes == ("C04", "C24")
    assert [p.kind for p in s.prompts] == ["deck", "deck"], "a replacement for each"


def test_4_4_the_face_down_mission_is_the_top_of_the_deck() -> None:
    """4.4 Mission Cards: take the top face-down card (no Controller: just one)."""
    s = resolving()
    deck, row = s.mission_deck, s.mission_row
    s = play(s, ADA, act.TakeMission(3))
    assert s.players[ADA].missions[-1] == deck[0] and s.mission_deck == deck[1:]
    assert s.mission_row == row and not s.prompts


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_3_each_player_starts_with_the_pieces_and_cards_of_the_setup(seats: int) -> None:
    """2.12 and 3 steps 2-5, 10: 5 dice, 3 agents, 15 cubes and a Reroll token each; 2
    private Agency cards each; one card in each of the six Region Spaces; the rest form the
    draw deck; the discard pile starts empty; all 16 tokens in the bag."""
    t = Table(seats)
    t.chance(arranged_setup())
    s = t.state
    for p in s.players:
        assert len(p.dice) == 5 and len(p.agents) == 3 and p.supply == 15 and p.reroll
        assert len(p.hand) == 2 and p.intel == () and p.turn_token == 0
    assert all(s.region_spaces) and len(s.region_spaces) == 6
    assert len(s.agency_deck) == 48 - 2 * seats - 6 and s.agency_discard == ()
    assert sorted(s.bag) == [f"S{n:02d}" for n in range(1, 17)]
    neutral = sum(len(c) for c in s.cubes)
    assert neutral == (12 if seats == 2 else 0), "neutral cubes only with 2 players"
