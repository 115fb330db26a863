"""The table's recent moves keep older tricks face down (rules §6, house rule)."""

from __future__ import annotations

import random

import pytest

from bot.engine import CHANCE, Match
from bot.engine.phrase import words
from bot.games.coins import GAME
from bot.games.coins.rules import table_lines


def allowed_start(lines: list[str]) -> int:
    """Return where the lines the table may list begin: the first card of the last
    completed trick (the previous hand's last one while the first trick of a hand is
    played), or the first deal before any trick is complete."""
    start, trick_start, plays = 0, 0, 0
    for index, line in enumerate(lines):
        if " deals 16 cards each" in line:
            plays = 0
            if not any(" wins the trick " in earlier for earlier in lines[:index]):
                start = index
        elif " plays the " in line:
            if plays % 3 == 0:
                trick_start = index
            plays += 1
        elif " wins the trick " in line:
            start = trick_start
    return start


def new_match() -> Match:
    """Return a three-seat match to a target one hand cannot reach."""
    return Match.new(GAME.rules, 3, GAME.spec.resolve_options({"target": "20"}, 3))


def random_step(match: Match, rng: random.Random) -> list[str]:
    """Take one random step (a deal, or a card of the seat to play); return its public lines."""
    rules = GAME.rules
    seat = min(rules.to_act(match.state))
    if seat == CHANCE:
        token = rules.chance_outcome(match.state, rng).token()
    else:
        token = rng.choice(rules.legal_actions(match.state, seat)).token()
    return [words(e.text) for e in match.step(seat, token) if e.audience is None]


@pytest.mark.parametrize("seed", range(4))
def test_the_table_lists_only_the_last_trick_and_the_current_one(seed: int) -> None:
    rng, match = random.Random(seed), new_match()
    lines: list[str] = []
    while match.outcome is None:
        lines += random_step(match, rng)
        shown = table_lines(match.state)
        if match.outcome is None:
            assert shown == len(lines) - allowed_start(lines), lines[-8:]
    assert table_lines(match.state) is None, "at the end every line may show"
    assert GAME.table_lines(match.state) is None


def test_a_new_hand_keeps_the_last_trick_of_the_one_before_in_view() -> None:
    """§6: the last completed trick, its winner and why stay public: after a hand's 16th
    trick the next deal follows at once, and the table still lists that trick until the
    new hand's first trick is complete."""
    rng, match = random.Random(1), new_match()
    lines: list[str] = []
    while match.state.hand < 2:
        lines += random_step(match, rng)
    shown = lines[-table_lines(match.state) :]
    assert len(shown) == 6 and " wins the trick " in shown[3], shown
    assert "Hand 1 is over" in shown[4] and "Hand 2:" in shown[5]
