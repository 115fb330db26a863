"""The Covert planner: legal play from the view alone, a clear win over random seats, tactics."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from bot.engine import CHANCE, Action, Match, Policy
from bot.games.covert import GAME
from bot.games.covert.actions import (
    DECLINE,
    FINISH,
    Accept,
    Complete,
    Fly,
    Move,
    Place,
    Step,
    Swap,
    TakeAgency,
)
from bot.games.covert.ai import RandomPolicy
from bot.games.covert.ai.plan import Holdings, plan
from bot.games.covert.ai.planner import PlannerPolicy, decide
from bot.games.covert.data import AGENCY
from bot.games.covert.missions import MISSION
from bot.games.covert.state import CovertState, Die, Spy, Turn
from tests.games.covert.support import RULES, edit, moves

PLANNER = PlannerPolicy()


def opening(seed: int, seats: int = 2) -> CovertState:
    """Return a seeded match at its first placement turn (timeout defaults for set-up)."""
    match = Match.new(RULES, seats, {})
    rng = random.Random(seed)
    while match.state.turn is None:
        if match.chance_pending:
            match.step(CHANCE, RULES.chance_outcome(match.state, rng).token())
        else:
            seat = min(RULES.to_act(match.state))
            match.step(seat, moves(match.state, seat)[0].token())
    state: CovertState = match.state
    return state


def choose(state: CovertState, seat: int, must_act: bool = False) -> Action:
    """Return the planner's legal choice for a seat."""
    legal = moves(state, seat)
    action = decide(RULES.view(state, seat), legal, must_act)
    assert action in legal
    return action


def kestrel(state: CovertState, seat: int, city: str, dice: tuple[Die, ...]) -> CovertState:
    """Give a seat Mission Kestrel (Camera, Zurich), a Camera card, an agent in a city, dice."""
    return edit(
        state, seat, agents=(city, "LIS", "HEL"), missions=("M31",), hand=("A14",), dice=dice
    )


def acting(state: CovertState, seat: int, **turn: Any) -> CovertState:
    """Return the state in Phase III with the seat's turn open."""
    return msgspec.structs.replace(state, phase="resolution", turn=Turn(seat, "act", **turn))


SPENT = (Die(1, "spent"), Die(1, "spent"), Die(1, "spent"))


def play_game(seed: int, policies: list[Policy], must_act: frozenset[int] = frozenset()) -> Match:
    """Play a seeded game, checking every planner answer is legal without the fallback."""
    match = Match.new(RULES, len(policies), {})
    rng = random.Random(seed)
    while match.outcome is None:
        assert match.seq < 4000
        if match.chance_pending:
            match.step(CHANCE, RULES.chance_outcome(match.state, rng).token())
            continue
        seat = min(s for s in RULES.to_act(match.state) if s >= 0)
        legal = moves(match.state, seat)
        view = RULES.view(match.state, seat)
        if isinstance(policies[seat], PlannerPolicy):
            action: Action | None = decide(view, legal, seat in must_act)
        else:
            action = policies[seat].choose(view, legal, rng, must_act=True)
        assert action is not None and action in legal
        match.step(seat, action.token())
    return match


def test_the_planner_is_the_default_level() -> None:
    assert GAME.policy(None).name == "planner" and GAME.policy("random").name == "random"


def test_only_legal_choices_over_seeded_games_of_every_size() -> None:
    for seats, seed in ((2, 11), (3, 12), (4, 13)):
        policies: list[Policy] = [PLANNER if s % 2 == 0 else RandomPolicy() for s in range(seats)]
        policies[-1] = PLANNER
        match = play_game(seed, policies, must_act=frozenset({seats - 1}))
        outcome = match.outcome
        assert outcome is not None and outcome.termination == "six_missions"


def test_same_seeds_same_game() -> None:
    first = play_game(5, [PLANNER, RandomPolicy(), PLANNER])
    second = play_game(5, [PLANNER, RandomPolicy(), PLANNER])
    assert first.state == second.state


def shuffled_alike(cards: list[str], rng: random.Random) -> list[str]:
    """Shuffle Agency cards among positions holding a card with the same ability."""
    result = list(cards)
    for ability in {AGENCY[c].ability for c in cards}:
        spots = [i for i, c in enumerate(cards) if AGENCY[c].ability == ability]
        picked = [cards[i] for i in spots]
        rng.shuffle(picked)
        for i, card in zip(spots, picked, strict=True):
            result[i] = card
    return result


def hide_differently(state: CovertState, seat: int, rng: random.Random) -> CovertState:
    """Shuffle what the seat cannot see: the decks with the other hands and Missions.

    Agency cards only trade places with cards of the same ability, since whether
    somebody holds Espionage or First shows on the table (the waiting line).
    """
    others = [s for s in range(state.seats) if s != seat]
    cards = shuffled_alike(
        [*state.agency_deck, *(c for s in others for c in state.players[s].hand)], rng
    )
    missions = [*state.mission_deck, *(m for s in others for m in state.players[s].missions)]
    rng.shuffle(missions)
    deck, kept = len(state.agency_deck), len(state.mission_deck)
    state = msgspec.structs.replace(
        state, agency_deck=tuple(cards[:deck]), mission_deck=tuple(missions[:kept])
    )
    cards, missions = cards[deck:], missions[kept:]
    for s in others:
        n, k = len(state.players[s].hand), len(state.players[s].missions)
        state = edit(state, s, hand=tuple(cards[:n]), missions=tuple(missions[:k]))
        cards, missions = cards[n:], missions[k:]
    return state


def test_it_decides_on_the_view_alone() -> None:
    match = Match.new(RULES, 3, {})
    rng, hide = random.Random(21), random.Random(22)
    while match.outcome is None and match.state.round < 4:
        state: CovertState = match.state
        if match.chance_pending:
            match.step(CHANCE, RULES.chance_outcome(state, rng).token())
            continue
        seat = min(s for s in RULES.to_act(state) if s >= 0)
        other = hide_differently(state, seat, hide)
        view, legal = RULES.view(state, seat), moves(state, seat)
        assert RULES.view(other, seat) == view and moves(other, seat) == legal
        action = PLANNER.choose(view, legal, random.Random(0), must_act=False)
        assert action == PLANNER.choose(RULES.view(other, seat), legal, hide, must_act=False)
        assert action is not None
        match.step(seat, action.token())


def test_it_beats_random_seats_by_a_clear_margin() -> None:
    share, mine, theirs = 0.0, 0.0, 0.0
    for game in range(20):
        me = game % 3
        policies: list[Policy] = [RandomPolicy(), RandomPolicy(), RandomPolicy()]
        policies[me] = PLANNER
        outcome = play_game(100 + game, policies).outcome
        assert outcome is not None and outcome.scores is not None
        winners = [s for s, r in enumerate(outcome.ranks) if r == 1]
        share += 1 / len(winners) if me in winners else 0.0
        mine += outcome.scores[me]
        theirs += (sum(outcome.scores) - outcome.scores[me]) / 2
    assert share >= 16, share
    assert mine / 20 >= 3 * theirs / 20 + 15, (mine, theirs)


def test_it_walks_the_agent_towards_the_mission_city() -> None:
    s = kestrel(
        opening(1), 0, "GVA", (Die(2, "MOVEMENT", 2), Die(3, "COMPLETE_MISSION", 3), *SPENT)
    )
    s = acting(s, 0)
    assert choose(s, 0) == Move(1)
    s = RULES.apply(s, 0, Move(1)).state
    assert choose(s, 0) == Step(0, "ZRH")


def test_it_completes_a_mission_it_can_pay() -> None:
    s = kestrel(
        opening(1), 0, "ZRH", (Die(3, "COMPLETE_MISSION", 3), Die(2, "MOVEMENT", 2), *SPENT)
    )
    assert choose(acting(s, 0), 0) == Complete("M31", ("A14",))


def test_it_takes_the_missing_equipment_from_its_region() -> None:
    s = kestrel(
        opening(1), 0, "ZRH", (Die(4, "AGENCY_CARDS", 4), Die(3, "COMPLETE_MISSION", 3), *SPENT)
    )
    s = edit(s, 0, hand=("A01",))  # a Recording Device, no Camera
    spaces = ("A02", "A03", "A04", "A05", "A06", "A07")  # the Camera in orange only
    s = msgspec.structs.replace(s, region_spaces=spaces)
    assert choose(acting(s, 0), 0) == TakeAgency(1, "orange")


def test_it_secures_the_complete_mission_space_when_a_mission_is_ready() -> None:
    s = opening(2)
    assert s.turn is not None
    seat = s.turn.seat
    s = kestrel(s, seat, "ZRH", tuple(Die(f) for f in (1, 2, 3, 4, 5)))
    action = choose(s, seat)
    assert isinstance(action, Place) and action.target == "COMPLETE_MISSION"


def test_it_swaps_to_break_a_code() -> None:
    s = opening(3)
    s = edit(s, 0, codes=("C01", "C40"), hand=(), tokens=(), dice=(Die(1, "spent"),) * 5)
    grid = (1, 2, 4, 3, 5, 6, 6, 5, 4, 3, 2, 1)  # T3↔T4 reads 1 2 3 (C01)
    s = msgspec.structs.replace(s, phase="codes", turn=Turn(0, "codes"), cipher=grid)
    assert choose(s, 0) == Swap(2, 3)
    s = RULES.apply(s, 0, Swap(2, 3)).state
    assert choose(s, 0) == FINISH
    s = RULES.apply(s, 0, FINISH).state
    assert s.players[0].done_codes == ("C01",)


def test_it_spies_a_card_it_needs_but_declines_when_timed_out() -> None:
    s = kestrel(opening(4), 0, "ZRH", (*SPENT, Die(2), Die(3)))
    s = edit(s, 0, hand=("A01",), tokens=("S07",))  # an Espionage token, no Camera
    s = edit(s, 1, hand=(), tokens=())
    s = msgspec.structs.replace(
        s, agency_discard=("A02",), spy=Spy(("A02",), (1, 0)), turn=Turn(1, "act", acted=True)
    )
    assert choose(s, 0) == Accept("S07", "A02")
    assert choose(s, 0, must_act=True) == DECLINE


def test_in_the_final_step_it_flies_to_the_mission_then_completes_it() -> None:
    s = kestrel(opening(5), 0, "BCN", (Die(1),) * 5)
    s = edit(s, 0, hand=("A14", "A22"))  # A22 flies to Zurich
    s = edit(s, 1, hand=(), tokens=())  # nobody to react to the flight
    s = msgspec.structs.replace(s, phase="final", turn=Turn(0, "final"), final_order=(0, 1))
    fly = choose(s, 0)
    assert isinstance(fly, Fly) and fly.card == "A22"
    s = RULES.apply(s, 0, fly).state
    assert choose(s, 0) == Complete("M31", ("A14",))


def test_one_region_benefit_never_covers_two_icons_of_a_mission() -> None:
    osprey = MISSION["M44"]  # Recording Device, Venice, an orange agent
    far = Holdings((AGENCY["A01"],), ("LIS", "OSL", "HEL"), frozenset({"orange"}), (), "CH1")
    assert not plan(far, osprey).ready and plan(far, osprey).steps > 0
    assert plan(far.moved(1, "VCE"), osprey).ready
