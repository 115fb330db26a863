"""Coins AI: it reasons from its own view only, plays legal cards, and beats random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from bot.engine import Action, Match, Policy, RandomPolicy
from bot.games.coins import GAME
from bot.games.coins.actions import Play
from bot.games.coins.ai import Known, SamplingPolicy
from bot.games.coins.views import PrivateView
from tests.support.games import play_to_end

from .support import ANA, BEN, CY, RULES, Table, arranged, n

FAST = SamplingPolicy(deals=12)


def choice(table: Table, seat: int, policy: Policy = FAST, seed: int = 0) -> str:
    """Return the name of the card the policy plays for a seat."""
    view = table.private(seat)
    action = policy.choose(
        view, RULES.legal_actions(table.state, seat), random.Random(seed), must_act=True
    )
    assert isinstance(action, Play)
    return next(c.name() for c in view.hand if c.number == action.card)


def test_the_default_ai_is_the_sampler() -> None:
    assert isinstance(GAME.policy(None), SamplingPolicy)
    assert isinstance(GAME.policy("random"), RandomPolicy)


def test_the_unseen_cards_are_exactly_the_other_hands() -> None:
    rng = random.Random(5)
    table = Table(RULES.chance_outcome(Table().state, rng))
    for _ in range(20):
        (seat,) = RULES.to_act(table.state)
        legal = RULES.legal_actions(table.state, seat)
        table.play(seat, legal[rng.randrange(len(legal))].token())
        known = Known(table.private(ANA))
        others = sorted(c for s, h in enumerate(table.state.hands) if s != ANA for c in h)
        assert known.unseen == others
        deal = known.deal(rng)
        assert sorted(deal[ANA]) == sorted(table.state.hands[ANA])
        assert [len(h) for h in deal] == [len(h) for h in table.state.hands]
        assert sorted(deal[BEN] + deal[CY]) == others


def test_playing_last_it_takes_a_trick_full_of_coins() -> None:
    table = Table(arranged(CY, [["5 Coins"], ["7 Coins"], ["Ace Coins", "2 Swords", "3 Clubs"]]))
    table.trick((ANA, "5 Coins"), (BEN, "7 Coins"))
    # Three Coins: only the Ace takes the trick, and its own point with it.
    assert choice(table, CY) == "Ace of Coins"


def test_playing_last_it_wins_a_point_with_a_low_coin_when_three_suits_allow() -> None:
    cy = ["2 Coins", "Ace Swords", "7 Clubs"]
    table = Table(arranged(CY, [["5 Swords"], ["6 Clubs"], cy]))
    table.trick((ANA, "5 Swords"), (BEN, "6 Clubs"))
    # Cups missing: Coins win whatever the rank, so the 2 of Coins takes the trick and a point.
    assert choice(table, CY) == "2 of Coins"


def test_it_wins_the_match_when_one_card_does_it() -> None:
    table = Table(arranged(CY, [[], [], []]))
    table.tweak(scores=(0, 3, 14))
    table.give(["9 Cups", "2 Coins"], ["8 Swords", "3 Coins"], ["4 Coins", "2 Clubs"])
    table.trick((ANA, "2 Coins"), (BEN, "3 Coins"))
    # Three Coins: the 4 is the highest and takes three points, and the match.
    assert choice(table, CY) == "4 of Coins"


@pytest.mark.parametrize("seed", range(3))
def test_it_only_ever_plays_legal_cards_and_is_reproducible(seed: int) -> None:
    def pick(match: Match, seat: int, view: Any, legal: Sequence[Action]) -> Action:
        assert isinstance(view, PrivateView)
        action = FAST.choose(view, legal, random.Random(match.seq), must_act=True)
        again = FAST.choose(view, legal, random.Random(match.seq), must_act=True)
        assert action in legal and action == again
        return action

    play_to_end(Match.new(RULES, 3, {"target": "10"}), random.Random(seed), pick)


def test_it_decides_from_the_view_alone() -> None:
    table = Table(arranged(CY, [["5 Coins"], ["King Swords"], ["2 Cups"]]))
    view = table.private(ANA)
    legal = RULES.legal_actions(table.state, ANA)
    # The same view decides the same card whatever the hidden hands are.
    hands = table.state.hands
    table.tweak(hands=(hands[ANA], hands[CY], hands[BEN]))
    assert table.private(ANA) == view
    a = FAST.choose(view, legal, random.Random(3), must_act=True)
    b = FAST.choose(table.private(ANA), legal, random.Random(3), must_act=True)
    assert a == b


def test_the_work_per_decision_is_bounded() -> None:
    policy = SamplingPolicy()
    known = Known(Table(arranged(CY, [[], [], []])).private(ANA))
    assert known.tricks_left() == 16
    deals = policy.deals_for(known, 16)
    assert deals >= 4 and deals * 16 * 16 <= max(policy.work, 4 * 16 * 16)


def asking(
    policies: list[Policy], rng: random.Random
) -> Callable[[Match, int, Any, Sequence[Action]], Action]:
    """Pick each seat's action from its own policy, which must act."""

    def pick(match: Match, seat: int, view: Any, legal: Sequence[Action]) -> Action:
        action = policies[seat].choose(view, legal, rng, must_act=True)
        assert action is not None
        return action

    return pick


def test_it_beats_two_random_seats_over_a_seeded_sample() -> None:
    wins = 0
    games = 12
    for game in range(games):
        me = game % 3
        policies: list[Policy] = [RandomPolicy(), RandomPolicy(), RandomPolicy()]
        policies[me] = FAST
        pick = asking(policies, random.Random(f"a{game}"))
        match = play_to_end(Match.new(RULES, 3, {"target": "10"}), random.Random(f"c{game}"), pick)
        assert match.outcome is not None
        wins += me in match.outcome.winners
    assert wins >= 8, f"won {wins} of {games}; random play wins about a third"


def test_a_card_name_helper_round_trips() -> None:
    assert n("Ace Coins") == 23 and n("2 Cups") == 0
