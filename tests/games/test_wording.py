"""Words every game shows: rounds count from 1, plurals are real plurals.

A playtest found "Round 0" and "Round 1" shown for the same moment and
"0 Cover-cover(s)"; every presenter is read here over random playouts.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from bot.engine import CHANCE, GameModule, Match
from bot.games import build_registry

GAMES = build_registry().all()
ROUND_ZERO = re.compile(r"\bround 0\b", re.IGNORECASE)


def texts(module: GameModule, seed: int, steps: int = 250) -> Iterator[str]:
    """Yield every text a random playout shows: table, each seat's view, each event
    (words only: the presenter draws no pictures here)."""
    spec, rules, presenter = module.spec, module.rules, type(module.presenter)(images=False)
    rng = random.Random(seed)
    seats = spec.min_seats + seed % (spec.max_seats - spec.min_seats + 1)
    match = Match.new(rules, seats, spec.resolve_options({}, seats))
    names = [f"P{i}" for i in range(seats)]
    for _ in range(steps):
        outcome = rules.outcome(match.state)
        screens = [presenter.table(rules.view(match.state, None), names, outcome)]
        for seat in range(seats):
            acting = seat in rules.to_act(match.state)
            legal = rules.legal_actions(match.state, seat) if acting else ()
            screens.append(presenter.private(rules.view(match.state, seat), legal, names, None))
        for screen in screens:
            yield screen.title
            yield screen.body
            yield from (f"{f.name}: {f.value}" for f in screen.fields)
        if outcome is not None:
            return
        seat = min(rules.to_act(match.state))
        if seat == CHANCE:
            action = rules.chance_outcome(match.state, rng)
        else:
            action = rng.choice(list(rules.legal_actions(match.state, seat)))
        yield from (event.render(names) for event in match.step(seat, action.token()))


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.spec.key)
def test_rounds_count_from_one_and_plurals_agree(module: GameModule) -> None:
    for seed in range(2):
        for text in texts(module, seed):
            assert not ROUND_ZERO.search(text), text
            assert "(s)" not in text, text
