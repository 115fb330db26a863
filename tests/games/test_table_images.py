"""Every game's table picture fills Discord's embed box at every stage of a match.

Discord shows an embed image inside a box of about 400×300 px. Each table picture
is drawn at about 800×600 (Covert larger) in 4:3, so that, fitted into that box,
it is at least 360 px wide and 250 px high: at the start, in the middle and at the
end of random matches, for every seat count. Every picture also carries alt text.
"""

from __future__ import annotations

import importlib
import io
import random
import re
from typing import Any

import pytest
from PIL import Image

from bot.engine import CHANCE, GameModule, Match
from bot.games import build_registry
from tests.support.games import ENDLESS_WITHOUT

GAMES = build_registry().all()
NAMES = ("Zoë", "🤖 Ωμέγα (hard)", "Niccolò", "李雷", "Жанна", "🤖 Bo")
BOX = (400, 300)
STAGES = (0.0, 0.1, 0.5, 0.9, 1.0)
STEP_LIMIT = 3000


def fitted(size: tuple[int, int]) -> tuple[float, float]:
    """Return the size a picture is shown at inside Discord's embed box."""
    scale = min(BOX[0] / size[0], BOX[1] / size[1])
    return size[0] * scale, size[1] * scale


def stages(module: GameModule, seats: int) -> list[Any]:
    """Play a random match and return its states at the chosen stages."""
    rules, rng = module.rules, random.Random(seats * 7 + 1)
    given = ENDLESS_WITHOUT.get(module.spec.key, {})  # random seats never end an uncapped Covert
    match = Match.new(rules, seats, module.spec.resolve_options(dict(given), seats))
    states = [match.state]
    while match.outcome is None:
        assert match.seq < STEP_LIMIT
        seat = rng.choice(sorted(rules.to_act(match.state)))
        if seat == CHANCE:
            action = rules.chance_outcome(match.state, rng)
        else:
            legal = rules.legal_actions(match.state, seat)
            action = legal[rng.randrange(len(legal))]
        match.step(seat, action.token())
        states.append(match.state)
    return [states[round(f * (len(states) - 1))] for f in STAGES]


def test_fitting_rule_rejects_the_old_shapes() -> None:
    """The check below fails for the pictures as they were drawn before (tall or flat)."""
    for old in ((436, 734), (181, 734), (729, 258), (900, 414), (560, 512)):
        width, height = fitted(old)
        assert width < 360 or height < 250, old
    assert fitted((800, 600)) == (400, 300)


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.spec.key)
def test_table_pictures_fill_the_embed_box_at_every_stage(module: GameModule) -> None:
    rules, drawn = module.rules, 0
    for seats in range(module.spec.min_seats, module.spec.max_seats + 1):
        for state in stages(module, seats):
            view = rules.view(state, None)
            screen = module.presenter.table(view, NAMES[:seats], rules.outcome(state))
            if screen.image is None:
                continue
            drawn += 1
            size = Image.open(io.BytesIO(screen.image)).size
            width, height = fitted(size)
            assert width >= 360 and height >= 250, (seats, size)
            assert abs(size[0] / size[1] - 4 / 3) < 0.02, (seats, size)
            assert 780 <= size[0] <= 1400, (seats, size)
            assert screen.image_alt.strip(), "every picture has alt text"
    assert drawn >= 2 * (module.spec.max_seats - module.spec.min_seats + 1)


@pytest.mark.parametrize("key", ["coins", "never_over"])
def test_a_table_with_an_outcome_names_nobody_to_play(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A match decided by forfeits in the middle of play: its table (text and picture)
    shows nobody to play, though the state still waits for a move."""
    from bot.engine.rules import Outcome

    module = build_registry().get(key)
    seats = module.spec.min_seats
    mid = stages(module, seats)[2]
    view = module.rules.view(mid, None)
    assert view.turn is not None, "the chosen state waits for someone"
    drawn: list[Any] = []
    blank = io.BytesIO()
    Image.new("RGB", (800, 600)).save(blank, "PNG")

    def draw(view: Any, names: Any) -> bytes:
        drawn.append(view)
        return blank.getvalue()

    present = importlib.import_module(f"bot.games.{key}.present")
    monkeypatch.setattr(present, "table_image", draw)
    outcome = Outcome((1,) + (2,) * (seats - 1), "forfeit", "{p[0]} won: everyone else forfeited.")
    screen = module.presenter.table(view, NAMES[:seats], outcome)
    shown = screen.body + " ".join(f.name + f.value for f in screen.fields)
    assert not re.search(r"\bTurn\b|[(,] ?to play|\*\* to play", shown), shown
    assert [v.turn for v in drawn] == [None], "the picture marks nobody to play"
