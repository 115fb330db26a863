"""The pieces every game's rules, views and AI share: the Rules base, SeatView, the AI levels."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Annotated, Any

import msgspec
import pytest

from bot.engine import CHANCE, GameSpec, Outcome
from bot.engine.codec import Actions, Range, Tagged
from bot.engine.errors import BadToken, GameError, IllegalAction, NotYourTurn
from bot.engine.policy import RandomPolicy, ViewPolicy
from bot.engine.registry import AiLevels
from bot.engine.rules import Action, Rules
from bot.engine.view import SeatView


class Take(Tagged, frozen=True):
    TAG = "T"
    n: Annotated[int, Range(0, 9)]


class Table(msgspec.Struct, frozen=True):
    seats: int
    phase: str = "deal"
    turn: int = 0


class Public(msgspec.Struct, frozen=True):
    phase: str


class Private(SeatView[Public], frozen=True):
    mine: int


class TakeRules(Rules[Table]):
    spec = GameSpec(key="take", title="Take", min_seats=2, max_seats=3)
    actions = Actions[Take](Take)

    def setup(self, seats: int, chosen: dict[str, str]) -> Table:
        assert chosen == {}
        return Table(seats)

    def players_to_act(self, state: Table) -> frozenset[int]:
        return frozenset({state.turn})

    def moves(self, state: Table, seat: int) -> Sequence[Take]:
        return (Take(seat),)

    def public_view(self, state: Table) -> Public:
        return Public(state.phase)

    def private_view(self, state: Table, seat: int) -> Private:
        return Private(seat, self.public_view(state), seat * 10)

    def final(self, state: Table) -> Outcome:
        return Outcome(ranks=(1,) * state.seats, termination="done", summary="")


RULES = TakeRules()


def test_state_type_comes_from_the_rules_base() -> None:
    assert TakeRules.state_type is Table


def test_seat_count_is_checked_against_the_spec() -> None:
    assert RULES.initial_state(2, {}) == Table(2)
    with pytest.raises(ValueError, match="Take needs 2 to 3 players, not 4"):
        RULES.initial_state(4, {})
    single = GameSpec(key="solo", title="Solo", min_seats=3, max_seats=3)
    assert single.seat_range == "exactly 3"


def test_chance_then_players_then_nobody() -> None:
    assert RULES.to_act(Table(2)) == {CHANCE}
    playing = Table(2, phase="play", turn=1)
    assert RULES.to_act(playing) == {1}
    assert RULES.legal_actions(playing, 1) == (Take(1),)
    assert RULES.legal_actions(playing, 0) == ()
    assert RULES.legal_actions(Table(2), CHANCE) == ()
    assert RULES.to_act(Table(2, phase="over")) == frozenset()


def test_tokens_views_and_outcome() -> None:
    assert RULES.decode("T.4") == Take(4)
    with pytest.raises(BadToken):
        RULES.decode("X.4")
    state = Table(2, phase="play")
    assert RULES.view(state, None) == Public("play")
    assert RULES.view(state, 2) == Public("play")  # no such seat: the public view
    assert RULES.view(state, 1) == Private(1, Public("play"), 10)
    assert RULES.outcome(state) is None
    assert RULES.outcome(Table(2, phase="over")) == Outcome((1, 1), "done", "")


def test_errors_fall_back_on_their_usual_sentence() -> None:
    assert NotYourTurn().message == "It is not your turn."
    assert NotYourTurn("Wait.").message == "Wait."
    assert IllegalAction("No.").message == "No."
    with pytest.raises(TypeError):
        GameError()


class Highest(ViewPolicy[Private]):
    name = "highest"

    def decide(
        self, view: Private, legal: Sequence[Action], rng: Any, *, must_act: bool
    ) -> Action | None:
        return max(legal, key=lambda a: a.n if isinstance(a, Take) else -1)


def test_view_policy_reads_only_its_private_view() -> None:
    rng = random.Random(3)
    legal = [Take(1), Take(7), Take(2)]
    assert Highest.reads is Private
    assert Highest().choose(Private(0, Public("play"), 0), legal, rng, must_act=True) == Take(7)
    assert Highest().choose(Private(0, Public("play"), 0), [], rng, must_act=True) is None
    picks = {Highest().choose(Public("play"), legal, rng, must_act=True) for _ in range(40)}
    assert picks == set(legal)  # a public view: any legal action


def test_standard_ai_levels() -> None:
    levels = AiLevels.standard(Highest)
    assert levels.policies == {"random": RandomPolicy, "highest": Highest}
    assert levels.default == "highest"
    assert levels.names == {"random": "Easy", "highest": "Normal"}
    alone = AiLevels.standard(Highest, easy=None)
    assert list(alone.policies) == ["highest"]
    assert alone.names == {"highest": "Normal"}
