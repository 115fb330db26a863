"""A finished match's table picture says who won, on a band under the picture."""

from __future__ import annotations

import random

import pytest

from bot.draw.canvas import GOLD
from bot.draw.result import result_band
from bot.engine import CHANCE, Match
from bot.games import build_registry
from tests.support.games import ENDLESS_WITHOUT
from tests.support.images import count_near, open_png

NAMES = ["Ada", "Ben", "Cy", "Dee"]


def play_out(key: str) -> Match:
    """Play a random match of a game to its end, at its fewest seats."""
    module = build_registry().get(key)
    rules, seats, rng = module.rules, module.spec.min_seats, random.Random(4)
    options = module.spec.resolve_options(dict(ENDLESS_WITHOUT.get(key, {})), seats)
    match = Match.new(rules, seats, options)
    while match.outcome is None:
        seat = rng.choice(sorted(rules.to_act(match.state)))
        legal = rules.legal_actions(match.state, seat) if seat != CHANCE else ()
        action = rules.chance_outcome(match.state, rng) if seat == CHANCE else rng.choice(legal)
        match.step(seat, action.token())
    return match


def bottom(picture: bytes, share: float = 0.1):
    image = open_png(picture)
    return image.crop((0, round(image.height * (1 - share)), image.width, image.height))


def test_the_band_keeps_the_pictures_size_and_is_gold_under_it() -> None:
    from bot.draw.canvas import canvas, png

    plain = png(canvas((800, 600), (20, 60, 40)))
    banded = open_png(result_band(plain, "Ada wins with 5 points."))
    assert banded.size == (800, 600)
    assert count_near(bottom(result_band(plain, "Ada wins.")), GOLD, 30) > 800 * 40
    assert count_near(open_png(plain), GOLD, 30) == 0


@pytest.mark.parametrize("key", ["coverta", "coins", "cover_cover", "never_over", "covert"])
def test_every_games_final_table_picture_says_who_won(key: str) -> None:
    module = build_registry().get(key)
    match = play_out(key)
    view = module.rules.view(match.state, None)
    final = module.presenter.table(view, NAMES, match.outcome).image
    running = module.presenter.table(view, NAMES, None).image
    assert final is not None and running is not None
    assert count_near(bottom(final), GOLD, 30) > count_near(bottom(running), GOLD, 30) + 5000
