"""Property tests over every registered game, with drawn seat counts, options and playouts.

The conformance contract (test_conformance.py) plays fixed seeds through every
option combination; these tests let hypothesis draw the seat count, the match
and per-seat options and every random choice of a playout, and shrink a failure
to a short, readable example (the printed ``HypothesisRandom`` lists each draw).

Playouts stop at an outcome or after the game's step bound; a bounded playout
is still a valid prefix of a match, so every property holds for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, TypeVar

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import CHANCE, Action, GameModule, Match, is_legal
from bot.games import build_registry
from tests.support.games import Chooser, assert_no_leak, option_values, random_playout

GAMES = build_registry().all()
T = TypeVar("T")


class Budget(NamedTuple):
    """How much of a game one property may play: examples and steps per playout."""

    examples: int
    steps: int


BUDGETS = {
    "coverta": Budget(12, 400),
    "coins": Budget(8, 400),
    "cover_cover": Budget(8, 200),
    "never_over": Budget(12, 400),
    "covert": Budget(5, 120),
}
"""Sized so the whole module stays near a minute on a busy two-core machine;
Covert's turns are the slowest, so its playouts are cut shortest."""
DEFAULT_BUDGET = Budget(6, 200)


@st.composite
def setups(draw: st.DrawFn, module: GameModule) -> tuple[int, dict[str, str]]:
    """Draw a seat count and options (match options, then each seat's picks) for a game."""
    spec = module.spec
    seats = draw(st.integers(spec.min_seats, spec.max_seats), label="seats")
    given_options: dict[str, str] = {}
    for option in spec.match_options:
        values = st.sampled_from(option_values(option))
        if option.whole is not None:  # any number, kept small so playouts stay short
            low, high = option.whole
            values |= st.integers(low, min(high, low + 9)).map(str)
        given_options[option.name] = draw(values, label=option.name)
    for option in spec.seat_options:
        if option.applies(given_options):
            values = [value for value, _ in option.choices]
            picks = st.lists(st.sampled_from(values), min_size=seats, max_size=seats)
            given_options[option.name] = ",".join(draw(picks, label=option.name))
    return seats, spec.resolve_options(given_options, seats)


Check = Callable[[GameModule, int, dict[str, str], Chooser, int], None]


def check_property(module: GameModule, check: Check) -> None:
    """Run one property for one game under hypothesis, within the game's budget."""
    budget = BUDGETS.get(module.spec.key, DEFAULT_BUDGET)

    @settings(
        max_examples=budget.examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(setup=setups(module), rng=st.randoms(use_true_random=False))
    def run(setup: tuple[int, dict[str, str]], rng: Any) -> None:
        seats, options = setup
        check(module, seats, options, rng, budget.steps)

    run()


def last(steps: Iterator[T]) -> T:
    """Run an iterator to its end and return its last item."""
    item = next(steps)
    for item in steps:  # noqa: B007 (only the last one matters)
        pass
    return item


def each_game(test: Callable[..., None]) -> Callable[..., None]:
    """Parametrize a property test over every registered game."""
    parametrized: Callable[..., None] = pytest.mark.parametrize(
        "module", GAMES, ids=lambda m: m.spec.key
    )(test)
    return parametrized


def live(module: GameModule, seats: int, options: dict[str, str], rng: Chooser, limit: int) -> None:
    """Every state has an outcome and nobody to act, or someone to act with a legal move."""
    rules = module.rules
    for match, _ in random_playout(rules, seats, options, rng, limit):
        to_act = rules.to_act(match.state)
        outcome = rules.outcome(match.state)
        if outcome is not None:
            assert to_act == frozenset(), f"step {match.seq}: over, yet {set(to_act)} to act"
            continue
        assert to_act, f"step {match.seq}: no outcome and nobody to act"
        assert to_act <= {CHANCE, *range(seats)}, f"step {match.seq}: {set(to_act)} to act"
        assert CHANCE not in to_act or to_act == {CHANCE}, "chance shares a step with seats"
        for seat in to_act - {CHANCE}:
            assert rules.legal_actions(match.state, seat), f"step {match.seq}: seat {seat} stuck"


def tokens(
    module: GameModule, seats: int, options: dict[str, str], rng: Chooser, limit: int
) -> None:
    """Every legal action and chance result decodes to itself and re-encodes to its token."""
    rules = module.rules
    for match, _ in random_playout(rules, seats, options, rng, limit):
        to_act = rules.to_act(match.state)
        actions = [
            a for seat in sorted(to_act - {CHANCE}) for a in rules.legal_actions(match.state, seat)
        ]
        if CHANCE in to_act:
            actions.append(rules.chance_outcome(match.state, random.Random(match.seq)))
        for action in actions:
            token = action.token()
            decoded = rules.decode(token)
            assert decoded == action, f"step {match.seq}: {token!r} decodes to {decoded!r}"
            assert decoded.token() == token, f"step {match.seq}: {token!r} re-encodes differently"


def secrets(
    module: GameModule, seats: int, options: dict[str, str], rng: Chooser, limit: int
) -> None:
    """No seat's view (nor the public one) holds a value hidden from that seat."""
    rules = module.rules
    for match, _ in random_playout(rules, seats, options, rng, limit):
        for seat in [None, *range(seats)]:
            assert_no_leak(rules, match.state, seat)


def direct_legality(
    module: GameModule, seats: int, options: dict[str, str], rng: Chooser, limit: int
) -> None:
    """A game's direct legality check answers exactly as its list of legal actions.

    Each state is asked about actions that were legal earlier in the playout (for
    any seat) and some that are legal now, for every seat.
    """
    rules = module.rules
    seen: dict[Action, None] = {}
    for match, _ in random_playout(rules, seats, options, rng, limit):
        for seat in range(seats):
            legal = list(rules.legal_actions(match.state, seat))
            now = rng.sample(legal, min(len(legal), 8))
            for action in [*list(seen)[-24:], *now]:
                expected = action in legal
                found = is_legal(rules, match.state, seat, action)
                assert found == expected, f"step {match.seq}: seat {seat}, {action!r}: {found}"
            seen.update(dict.fromkeys(now))


def replay(
    module: GameModule, seats: int, options: dict[str, str], rng: Chooser, limit: int
) -> None:
    """Replaying the log from the options gives the state the live fold reached."""
    rules = module.rules
    match, log = last(random_playout(rules, seats, options, rng, limit))
    replayed = Match.replay(rules, seats, options, log)
    assert replayed.seq == match.seq == len(log)
    assert replayed.state == match.state
    assert msgspec.json.encode(replayed.state) == msgspec.json.encode(match.state)


def snapshots(
    module: GameModule, seats: int, options: dict[str, str], rng: Chooser, limit: int
) -> None:
    """A state survives JSON, and play from the copy goes exactly as from the original.

    The snapshot is taken at a drawn step; from there both copies must offer the
    same seats and actions, draw the same chance results from equal generators,
    and reach equal states with equal events.
    """
    rules = module.rules
    cut = rng.randrange(limit + 1)
    original, _ = last(random_playout(rules, seats, options, rng, cut))
    data = msgspec.json.encode(original.state)
    copied = Match(rules, msgspec.json.decode(data, type=rules.state_type), original.seq)
    assert copied.state == original.state
    assert msgspec.json.encode(copied.state) == data
    while original.outcome is None and original.seq < cut + limit // 4:
        step = original.seq
        assert rules.to_act(copied.state) == rules.to_act(original.state), f"step {step}"
        seat = rng.choice(sorted(rules.to_act(original.state)))
        if seat == CHANCE:
            seed = rng.randrange(2**32)
            action = rules.chance_outcome(original.state, random.Random(seed))
            again = rules.chance_outcome(copied.state, random.Random(seed))
            assert again == action, f"step {step}: chance drew {again!r}, not {action!r}"
        else:
            legal = rules.legal_actions(original.state, seat)
            assert list(rules.legal_actions(copied.state, seat)) == list(legal), f"step {step}"
            action = legal[rng.randrange(len(legal))]
        events = original.step(seat, action.token())
        assert copied.step(seat, action.token()) == events, f"step {step}: events differ"
        assert copied.state == original.state, f"step {step}: states differ"
    assert rules.outcome(copied.state) == original.outcome


PROPERTIES = [live, tokens, secrets, replay, snapshots]
"""Each property above: playouts end or someone can act, action tokens round-trip, views
hold no hidden value, replay equals the live fold, snapshots round-trip and play on alike."""


@each_game
@pytest.mark.parametrize("check", PROPERTIES, ids=lambda check: check.__name__)
def test_property_holds(module: GameModule, check: Check) -> None:
    check_property(module, check)


@pytest.mark.parametrize(
    "module", [m for m in GAMES if hasattr(m.rules, "is_legal")], ids=lambda m: m.spec.key
)
def test_direct_legality_agrees_with_legal_actions(module: GameModule) -> None:
    check_property(module, direct_legality)
