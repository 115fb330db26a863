"""The shipped attribute table (rules §2.2), the instruction cards and the deal (§3)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bot.engine import CHANCE, BadToken
from bot.games.coverta.actions import Deal
from bot.games.coverta.cards import (
    ATTRIBUTE_TABLE,
    CARDS,
    GROUP_A,
    GROUP_B,
    HAND_SIZE,
    INSTRUCTIONS,
    Instruction,
    Trait,
    card,
)
from bot.games.coverta.rules import CovertaRules
from bot.games.coverta.state import CovertaState

from .support import RULES

PAIRS = list(itertools.combinations(Trait, 2))


def test_table_has_one_entry_per_number() -> None:
    assert len(ATTRIBUTE_TABLE) == 40
    assert [c.number for c in CARDS] == list(range(1, 41))
    assert all(card(n).number == n for n in range(1, 41))


def test_parity_comes_from_the_number() -> None:
    assert all(c.word(Trait.PARITY) == ("odd" if c.number % 2 else "even") for c in CARDS)
    assert Counter(c.value(Trait.PARITY) for c in CARDS) == {0: 20, 1: 20}


@pytest.mark.parametrize("trait", list(Trait))
def test_every_characteristic_splits_the_deck_in_half(trait: Trait) -> None:
    assert Counter(c.value(trait) for c in CARDS) == {0: 20, 1: 20}


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_every_pair_of_characteristics_is_balanced(first: Trait, second: Trait) -> None:
    combos = Counter((c.value(first), c.value(second)) for c in CARDS)
    assert combos == {(0, 0): 10, (0, 1): 10, (1, 0): 10, (1, 1): 10}


def test_no_two_cards_are_alike() -> None:
    assert len({c.traits for c in CARDS}) == 40
    assert len(PAIRS) == 15


def test_exactly_ten_cards_satisfy_both_instructions_after_any_card() -> None:
    for rule1, rule2 in itertools.product(GROUP_A, GROUP_B):
        for reference in CARDS:
            fits = [c for c in CARDS if rule1.check(c, reference) and rule2.check(c, reference)]
            assert len(fits) == 10, (rule1, rule2, reference.number)


def test_instruction_cards() -> None:
    assert len(INSTRUCTIONS) == 12 and len(set(INSTRUCTIONS)) == 12
    assert [i.code for i in INSTRUCTIONS] == list(range(12))
    assert {i.trait for i in GROUP_A} == {Trait.PARITY, Trait.NUMBER_COLOUR, Trait.SHAPE}
    assert {i.group for i in GROUP_B} == {"B"}
    keep = Instruction(Trait.FILL, keep=True)
    assert keep.words() == "KEEP fill" and "same fill" in keep.meaning()
    assert keep.check(card(7), card(12)) and not keep.check(card(27), card(12))
    alternate = Instruction(Trait.PARITY, keep=False)
    assert alternate.words() == "ALTERNATE parity"
    assert alternate.check(card(7), card(12)) and not alternate.check(card(15), card(7))


def dealt(seats: int, seed: int) -> CovertaState:
    """Deal a match at random."""
    state = RULES.initial_state(seats, {})
    action = RULES.chance_outcome(state, random.Random(seed))
    result: CovertaState = RULES.apply(state, CHANCE, action).state
    return result


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_deal_sizes(seats: int) -> None:
    state = dealt(seats, seats)
    assert all(len(h) == HAND_SIZE[seats] for h in state.hands)
    assert len(state.draw_pile) == {2: 21, 3: 15, 4: 11, 5: 9, 6: 9}[seats]
    numbers = [c for h in state.hands for c in h] + list(state.draw_pile) + [state.last]
    assert sorted(numbers) == list(range(1, 41))
    assert state.layout[0].row is None and state.layout[0].column == 0
    assert state.turn == state.first == (state.dealer + 1) % seats and state.round == 1


@pytest.mark.parametrize("seed", range(40))
def test_instruction_deal(seed: int) -> None:
    seats = 2 + seed % 5
    state = dealt(seats, seed)
    held = [i for pair in state.instructions for i in pair]
    assert len(set(held)) == len(held)
    for rule1, rule2 in state.instructions:
        assert rule1 in GROUP_A and rule2 in GROUP_B
        assert rule1.trait != rule2.trait


def test_dealer_and_instructions_vary() -> None:
    dealers = Counter(dealt(3, seed).dealer for seed in range(60))
    rules = Counter(dealt(3, seed).instructions[0][0] for seed in range(60))
    assert set(dealers) == {0, 1, 2}
    assert len(rules) == 6


def test_deal_tokens_are_checked() -> None:
    deck = ",".join(str(n) for n in range(1, 41))
    assert RULES.decode(f"D.1.{deck}.0,1.6,7") == Deal(1, tuple(range(1, 41)), (0, 1), (6, 7))
    repeated = deck.replace("2,", "1,", 1)
    forged = [
        f"D.1.{repeated}.0,1.6,7",
        f"D.1.{deck}.0,0.6,7",
        f"D.1.{deck}.0,6.6,7",
        f"D.1.{deck}.0,1.6",
        f"D.2.{deck}.0,1.6,7",
        f"D.1.{deck},41.0,1.6,7",
    ]
    for token in forged:
        with pytest.raises(BadToken):
            RULES.decode(token)


def test_an_injected_table_is_used() -> None:
    flipped = tuple(
        type(c)(
            c.number,
            (c.traits[0], c.traits[1], c.traits[2], c.traits[3], 1 - c.traits[4], c.traits[5]),
        )
        for c in CARDS
    )
    rules = CovertaRules(cards=flipped)
    assert rules.cards[6].value(Trait.FILL) == 1 - card(7).value(Trait.FILL)
    with pytest.raises(ValueError):
        CovertaRules(cards=CARDS[:39])
