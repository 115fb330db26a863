"""The table's recent moves keep older tricks face down (rules §6, house rule)."""

from __future__ import annotations

import random

import pytest

from bot.engine import CHANCE, Match
from bot.engine.phrase import words
from bot.games.coins import GAME
from bot.games.coins.rules import table_lines


def allowed_start(lines: list[str]) -> int:
    """Return where the lines the table may list begin: the first card of the hand's last
    completed trick, or the deal when no trick of the hand is complete."""
    start, trick_start, plays = 0, 0, 0
    for index, line in enumerate(lines):
        if " deals 16 cards each" in line:
            start, plays = index, 0
        elif " plays the " in line:
            if plays % 3 == 0:
                trick_start = index
            plays += 1
        elif " wins the trick " in line:
            start = trick_start
    return start


@pytest.mark.parametrize("seed", range(4))
def test_the_table_lists_only_the_last_trick_and_the_current_one(seed: int) -> None:
    rng = random.Random(seed)
    rules = GAME.rules
    match = Match.new(rules, 3, GAME.spec.resolve_options({"target": "20"}, 3))
    lines: list[str] = []
    while match.outcome is None:
        seat = min(rules.to_act(match.state))
        if seat == CHANCE:
            token = rules.chance_outcome(match.state, rng).token()
        else:
            token = rng.choice(rules.legal_actions(match.state, seat)).token()
        lines += [words(e.text) for e in match.step(seat, token) if e.audience is None]
        shown = table_lines(match.state)
        if match.outcome is None:
            assert shown == len(lines) - allowed_start(lines), lines[-8:]
    assert table_lines(match.state) is None, "at the end every line may show"
    assert GAME.table_lines(match.state) is None
