"""The NEVER OVER planner: legal choices only, and the trade-offs its docstring promises."""

from __future__ import annotations

import random

from bot.engine import CHANCE, Match, RandomPolicy
from bot.games.never_over import GAME
from bot.games.never_over.ai import PlannerPolicy

from .support import ABE, BEA, CAL, RULES, Table, arranged

PLANNER = PlannerPolicy()


def choose(table: Table, seat: int) -> str:
    """Return the planner's choice for a seat, as a token."""
    legal = RULES.legal_actions(table.state, seat)
    action = PLANNER.choose(table.private(seat), legal, random.Random(0), must_act=True)
    assert action is not None and action in legal
    return action.token()


def test_the_planner_is_the_default_level() -> None:
    assert GAME.policy(None).name == "planner" and GAME.policy("random").name == "random"


def test_planner_choices_are_always_legal_and_games_end() -> None:
    for game in range(30):
        seats = 2 + game % 5
        options = {"games": "2", "partnerships": "on", "team": "A,B" * 3}
        match = Match.new(
            RULES, seats, {**options, "team": ",".join("AB"[s % 2] for s in range(seats))}
        )
        rng = random.Random(game)
        policies = [PLANNER if s % 2 == 0 else RandomPolicy() for s in range(seats)]
        while match.outcome is None:
            assert match.seq < 2000
            (seat,) = RULES.to_act(match.state)
            if seat == CHANCE:
                match.step(CHANCE, RULES.chance_outcome(match.state, rng).token())
                continue
            legal = RULES.legal_actions(match.state, seat)
            action = policies[seat].choose(
                RULES.view(match.state, seat), legal, rng, must_act=False
            )
            assert action in legal
            match.step(seat, action.token())


def test_it_scores_its_best_green_when_no_cap_is_worth_more() -> None:
    table = Table()
    table.give({ABE: "g1 g3 g2 r4", BEA: "g1", CAL: "g1"})
    assert choose(table, ABE) == "P.g3.0.g"


def test_it_raises_its_cap_to_unlock_high_greens() -> None:
    table = Table()
    zero = next(c for c in table.state.hands[BEA] if table.state.card(c).kind == "r0")
    table.tweak(reds=((zero,), (), ()))
    table.give({ABE: "g4 g4 g3 r4"})
    assert choose(table, ABE) == "P.r4.0.r"


def test_it_caps_the_leader_rather_than_the_one_behind() -> None:
    table = Table()
    table.give({ABE: "r0 g1", BEA: "g1 g1", CAL: "g1 g1"})
    leader = tuple(c for c in table.state.stock if table.state.card(c).kind == "g4")[:3]
    table.tweak(greens=((), (), leader))
    assert choose(table, ABE) == "P.r0.2.r"


def test_it_never_caps_its_partner() -> None:
    table = Table(partnerships="on", team="A,B,A")
    table.give({ABE: "r0 r1", BEA: "g1", CAL: "g1"})
    ahead = tuple(c for c in table.state.stock if table.state.card(c).kind == "g4")[:3]
    table.tweak(greens=((), (), ahead))  # Cal, Abe's partner, leads
    assert choose(table, ABE) in ("P.r0.1.r", "P.r1.1.r")


def test_it_discards_rather_than_retires_while_the_stock_lasts() -> None:
    table = Table()
    zero = next(c for c in table.state.hands[BEA] if table.state.card(c).kind == "r0")
    table.tweak(reds=((zero,), (), ()))
    table.give({ABE: "g4 g3"})
    assert choose(table, ABE).startswith("D.")


def test_it_retires_once_nothing_useful_remains() -> None:
    table = Table(seats=2, deal=arranged(1, ("g4 " * 7 + "g3", "g1 " * 8)))
    zero = next(c for c in table.state.stock if table.state.card(c).kind == "r0")
    table.tweak(stock=(), reds=((zero,), ()))
    assert choose(table, 0) == "X"
