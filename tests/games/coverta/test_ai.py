"""Tests for the COVERTA AI: what it deduces, and that it plays legally and sensibly."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.engine import CHANCE, Match, Policy, RandomPolicy
from bot.games.coverta.actions import Deal, EndTurn, Place, PlayInPlace, Steal
from bot.games.coverta.ai import DeducingPolicy, chance
from bot.games.coverta.cards import INSTRUCTIONS, Instruction, Trait, card
from bot.games.coverta.deduce import (
    ALL_PAIRS,
    Breaks,
    Exposed,
    Pinned,
    beliefs,
    candidate_pairs,
    clues_about,
    met_codes,
    weigh_pairs,
)
from bot.games.coverta.rules import CovertaRules
from bot.games.coverta.state import CovertaState
from bot.games.coverta.views import PrivateView

RULES = CovertaRules()
ME, LEFT, RIGHT = 0, 1, 2
ALT, KEEP = False, True
MY_RULES = (Instruction(Trait.PARITY, ALT), Instruction(Trait.FILL, KEEP))
LEFT_RULES = (Instruction(Trait.SHAPE, KEEP), Instruction(Trait.BACKGROUND, KEEP))
RIGHT_RULES = (Instruction(Trait.NUMBER_COLOUR, KEEP), Instruction(Trait.SHAPE_COLOUR, ALT))
LEFT_HAND = (11, 3, 5, 6, 7, 9, 10, 12)
RIGHT_HAND = (14, 17, 18, 19, 20, 21, 22, 23)
START = 16
"""Card 16 has value 0 on all six traits; card 11 differs from it on parity and number colour."""
WITH_CERTAIN = (27, 4, 1, 8, 13, 15, 34, 2)
"""27 meets, after 11, every pair LEFT may hold once it has placed 11 after 16."""
WITHOUT_CERTAIN = (24, 4, 1, 8, 13, 15, 34, 2)
OPENING = ((ME, "B"), (ME, "E"), (LEFT, "A.11"), (RIGHT, "B"), (RIGHT, "E"))
"""I draw and end; LEFT places 11 after 16; RIGHT draws and ends."""


def pair(rule1: Instruction, rule2: Instruction) -> tuple[Instruction, Instruction]:
    """Return an instruction pair."""
    return (rule1, rule2)


def start(my_hand: tuple[int, ...], mode: str = "strict", steal: str = "off") -> Match:
    """Deal the fixed three-seat table; RIGHT deals, so I play first."""
    deal = Deal.arrange(
        RIGHT,
        (my_hand, LEFT_HAND, RIGHT_HAND),
        START,
        (30, 31, 32),
        (MY_RULES, LEFT_RULES, RIGHT_RULES),
    )
    match = Match.new(RULES, 3, {"mode": mode, "steal": steal})
    match.step(CHANCE, deal.token())
    return match


def after_left_placed(my_hand: tuple[int, ...]) -> Match:
    """Play the opening, then I draw again and stand in the follow-up."""
    match = start(my_hand)
    for seat, token in OPENING:
        match.step(seat, token)
    match.step(ME, "B")
    return match


def private(match: Match, seat: int) -> PrivateView:
    """Return a seat's private view."""
    view = RULES.view(match.state, seat)
    assert isinstance(view, PrivateView)
    return view


def test_a_placement_keeps_the_pairs_it_met() -> None:
    match = after_left_placed(WITH_CERTAIN)
    pairs = candidate_pairs(private(match, ME))
    shape, colour = Instruction(Trait.SHAPE, KEEP), Instruction(Trait.NUMBER_COLOUR, ALT)
    tint, back = Instruction(Trait.SHAPE_COLOUR, KEEP), Instruction(Trait.BACKGROUND, KEEP)
    assert pairs[LEFT] == {pair(a, b) for a in (colour, shape) for b in (tint, back)}
    # Nothing is known of RIGHT, except that my own two instructions are not theirs.
    assert len(pairs[RIGHT]) == 25
    assert all(MY_RULES[0] != a and MY_RULES[1] != b for a, b in pairs[RIGHT])


def test_a_shown_instruction_pins_that_rule_and_is_nobody_elses() -> None:
    match = after_left_placed(WITH_CERTAIN)
    match.step(ME, PlayInPlace(4, LEFT).token())  # 4 is a circle after the square 11
    match.step(CHANCE, RULES.chance_outcome(match.state, random.Random(3)).token())
    mine = candidate_pairs(private(match, ME))
    shape = Instruction(Trait.SHAPE, KEEP)
    tint, back = Instruction(Trait.SHAPE_COLOUR, KEEP), Instruction(Trait.BACKGROUND, KEEP)
    assert mine[LEFT] == {pair(shape, tint), pair(shape, back)}
    assert all(a != shape for a, _ in mine[RIGHT])
    # RIGHT saw 11 placed after 16 (rule 1 among ALTERNATE parity, ALTERNATE number colour,
    # KEEP shape; rule 2 a KEEP of group B), then 4 fail after 11: 4 also alternates parity
    # and keeps every group B trait, so ALTERNATE parity is out.
    colour, fill = Instruction(Trait.NUMBER_COLOUR, ALT), Instruction(Trait.FILL, KEEP)
    expected = {pair(a, b) for a in (colour, shape) for b in (tint, fill, back)}
    assert candidate_pairs(private(match, RIGHT))[LEFT] == expected


def test_a_shown_rule_2_means_rule_1_was_met() -> None:
    tried = met_codes(card(3), card(11))  # 3 keeps the shape of 11 and changes its background
    pinned = Pinned(1, Instruction(Trait.BACKGROUND, ALT).code, tried)
    weights = weigh_pairs([pinned, Breaks(tried)], frozenset())
    assert {INSTRUCTIONS[a] for a, _ in weights} == {INSTRUCTIONS[a] for a in tried if a < 6}
    assert {b for _, b in weights} == {Instruction(Trait.BACKGROUND, ALT).code}


def test_a_failed_attempt_in_bluff_clears_the_older_token_free_cards() -> None:
    tried = frozenset({0, 2, 4, 6, 8, 10})  # the tried card met every ALTERNATE
    clean = frozenset({0, 3, 5, 7, 9, 11})  # an older token-free card
    marked = frozenset({1, 2, 5, 7, 9, 11})  # an older card with a token
    # V (rule 1 when the tried card broke it, else rule 2) was met by the clean card: a
    # broken rule 1 among KEEP number colour (3) and KEEP shape (5), or a rule 2 among the
    # clean card's KEEPs after a rule 1 that the tried card met.
    normal = Exposed(tried, (clean,), None)
    survivors = {p for p in ALL_PAIRS if normal.weigh(p)}
    assert survivors == {
        p for p in ALL_PAIRS if p[0] in (3, 5) or (p[0] in tried and p[1] in clean)
    }
    # With the exception, the tokened card also broke V: only V = 3 is left.
    exception = Exposed(tried, (clean,), (marked,))
    assert {p for p in ALL_PAIRS if exception.weigh(p)} == {p for p in ALL_PAIRS if p[0] == 3}


def test_the_policy_plays_a_certain_card_in_a_place() -> None:
    match = after_left_placed(WITH_CERTAIN)
    view, legal = private(match, ME), RULES.legal_actions(match.state, ME)
    action = DeducingPolicy().choose(view, legal, random.Random(0), must_act=True)
    assert action == PlayInPlace(27, LEFT)


def test_the_policy_ends_the_turn_when_unsure() -> None:
    match = after_left_placed(WITHOUT_CERTAIN)
    view, legal = private(match, ME), RULES.legal_actions(match.state, ME)
    odds = [chance(beliefs(view)[LEFT], c, card(11)) for c in view.hand]
    assert 0 < max(odds) < DeducingPolicy().threshold
    assert DeducingPolicy().choose(view, legal, random.Random(0), must_act=True) == EndTurn()


def test_the_policy_places_a_compliant_card_on_its_turn() -> None:
    match = start(WITH_CERTAIN)
    view, legal = private(match, ME), RULES.legal_actions(match.state, ME)
    assert view.satisfying
    action = DeducingPolicy().choose(view, legal, random.Random(0), must_act=False)
    assert isinstance(action, Place) and action.card in view.satisfying


@pytest.mark.parametrize(("hand", "expected"), [(WITH_CERTAIN, Steal(27)), (WITHOUT_CERTAIN, None)])
def test_the_policy_steals_only_with_a_certain_card(
    hand: tuple[int, ...], expected: Steal | None
) -> None:
    match = start(hand, steal="on")
    for seat, token in (*OPENING, (ME, "B"), (ME, "E")):
        match.step(seat, token)
    # LEFT's turn has begun with its window open, and L is still LEFT's 11.
    assert match.state.turn == LEFT and ME in RULES.to_act(match.state)
    view, legal = private(match, ME), RULES.legal_actions(match.state, ME)
    policy = DeducingPolicy()
    assert policy.choose(view, legal, random.Random(0), must_act=False) == expected
    assert policy.choose(view, legal, random.Random(0), must_act=True) in legal


def finish(match: Match, policies: list[Policy], rng: random.Random) -> Iterator[CovertaState]:
    """Play a match to its end, asking AI seats in order as the match service does."""
    while match.outcome is None:
        yield match.state
        if match.chance_pending:
            match.step(CHANCE, RULES.chance_outcome(match.state, rng).token())
            continue
        asks = [(s, m) for m in (False, True) for s in sorted(RULES.to_act(match.state))]
        for seat, must_act in asks:
            view, legal = RULES.view(match.state, seat), RULES.legal_actions(match.state, seat)
            action = policies[seat].choose(view, legal, rng, must_act=must_act)
            if action is not None:
                match.step(seat, action.token())
                break


def playouts(mode: str, steal: str, seats: int, games: int) -> Iterator[CovertaState]:
    """Yield every state of seeded games between deducers and random seats."""
    for seed in range(games):
        match = Match.new(RULES, seats, {"mode": mode, "steal": steal})
        policies: list[Policy] = [
            DeducingPolicy() if (seat + seed) % 2 else RandomPolicy() for seat in range(seats)
        ]
        yield from finish(match, policies, random.Random(seed))


VARIANTS = [("strict", "off", 3), ("strict", "on", 4), ("bluff", "off", 3), ("bluff", "on", 5)]


@pytest.mark.parametrize(("mode", "steal", "seats"), VARIANTS)
def test_every_true_pair_stays_a_candidate(mode: str, steal: str, seats: int) -> None:
    checked = 0
    for state in playouts(mode, steal, seats, games=25):
        if state.phase in ("deal", "over"):
            continue
        truth = {s: (a.code, b.code) for s, (a, b) in enumerate(state.instructions)}
        for seat in range(seats):
            view = RULES.view(state, seat)
            assert isinstance(view, PrivateView)
            mine = frozenset(i.code for i in view.instructions)
            believed = beliefs(view)
            for other in (s for s in range(seats) if s != seat):
                assert truth[other] in weigh_pairs(clues_about(view, other), mine)
                assert believed[other].get(truth[other], 0.0) > 0
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize(("mode", "steal", "seats"), VARIANTS)
def test_the_policy_acts_legally_and_abstains_only_when_allowed(
    mode: str, steal: str, seats: int
) -> None:
    policy, rng = DeducingPolicy(), random.Random(7)
    for state in playouts(mode, steal, seats, games=15):
        for seat in sorted(s for s in RULES.to_act(state) if s >= 0):
            view, legal = RULES.view(state, seat), list(RULES.legal_actions(state, seat))
            for must_act in (False, True):
                action = policy.choose(view, legal, rng, must_act=must_act)
                if action is None:
                    assert not must_act and seat != state.turn
                else:
                    assert action in legal


def test_the_deducer_beats_two_random_seats() -> None:
    share = 0.0
    for seed in range(30):
        match = Match.new(RULES, 3, {"mode": "strict", "steal": "off"})
        policies: list[Policy] = [RandomPolicy(), RandomPolicy(), RandomPolicy()]
        policies[seed % 3] = DeducingPolicy()
        for _ in finish(match, policies, random.Random(seed)):
            pass
        assert match.outcome is not None
        winners = match.outcome.winners
        share += (seed % 3 in winners) / len(winners)
    assert share / 30 >= 0.6
