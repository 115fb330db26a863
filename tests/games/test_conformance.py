"""One contract for every registered game: random playouts under every check.

Like OpenSpiel's random-simulation test, each game in ``build_registry()`` gets
the same suite: playouts end, every seat to act has a legal action, tokens
round-trip, foreign seats and forged tokens are refused, replay equals the live
state, states survive JSON, views never hold another seat's secrets, and the
presenter renders every step with choices that point at legal actions.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from bot.engine import (
    CHANCE,
    BadToken,
    Button,
    GameError,
    GameModule,
    LogEntry,
    Match,
    Screen,
    Select,
)
from bot.games import build_registry
from tests.support.games import (
    assert_no_leak,
    assert_revealed_once_ended,
    options_for,
    random_playout,
    seats_for,
)

GAMES = build_registry().all()
PLAYOUTS = 48
NEVER_SEEN = {"cover_cover"}
"""Games whose hidden cards belong to nobody and stay unseen by everyone, even after the
match (Cover-cover's face-down cards and hands, rules §6): at the end no seat knows more
than another. Every other game reveals every secret at the end."""
"""Random playouts per game; seat counts and options cycle through every choice."""
STEP_LIMIT = 3000
REVEAL_EVERY = 16
"""How often a playout checks what its match would show if ended at that step."""
TOKEN_RE = re.compile(r"[A-Za-z0-9_.,+\-]+")
FORGED = ["", "?", "x" * 81, "A..", ".", "Z.1.2", "A.1;drop", "é", "1" * 90]
FORGED_IN = {
    "coins": ("P.48", "P.-1", "P.1.2", "P.x", "D.3." + ",".join(map(str, range(48))), "D.0.1,1"),
    "cover_cover": ("F.1", "C.", "D.0.1,2", "S.0.", "S.0.1,1", "S.9.1", "D.0." + "0," * 51 + "0"),
    "never_over": (
        "P.g0.0.g",
        "P.g5.0.g",
        "P.x1.0.g",
        "P.g1.6.g",
        "P.g1.0.b",
        "D.r5",
        "X.1",
        "S.0.1,1",
    ),
    "coverta": ("A.41", "A.0", "B.1", "P.1.9", "E.1"),
    "covert": ("RL.67", "RL.06", "TK.x", "HU.1", "P.1", "W.3.2", "O.1.12"),
}
"""Tokens in each game's own syntax that name no action: out of range, out of order,
a field too many or too few, a repeated card in a deal."""


def check_seat_actions(rules: Any, state: Any, seats: int) -> None:
    """Check legal actions and their tokens for every seat to act."""
    to_act = rules.to_act(state)
    assert to_act, "a live match must have someone to act"
    for seat in to_act - {CHANCE}:
        legal = rules.legal_actions(state, seat)
        assert legal, f"seat {seat} must have a legal action"
        for action in legal:
            token = action.token()
            assert len(token) <= 80 and TOKEN_RE.fullmatch(token), token
            assert rules.decode(token) == action
    if CHANCE in to_act:
        foreign = [rules.chance_outcome(state, random.Random(0))]
    else:
        foreign = list(rules.legal_actions(state, min(to_act)))
    for seat in set(range(seats)) - to_act:
        with pytest.raises(GameError):
            rules.apply(state, seat, foreign[0])


def check_forgeries(rules: Any, state: Any, legal_tokens: set[str], seat: int) -> None:
    """Check that garbage tokens are refused and mutated ones never pass unchecked."""
    for token in FORGED:
        with pytest.raises(BadToken):
            rules.decode(token)
    for token in sorted(legal_tokens)[:3]:
        mutated = token + ".999999"
        try:
            action = rules.decode(mutated)
        except BadToken:
            continue
        if action.token() not in legal_tokens:
            with pytest.raises(GameError):
                rules.apply(state, seat, action)


@pytest.mark.parametrize(
    ("key", "token"), [(key, token) for key, tokens in FORGED_IN.items() for token in tokens]
)
def test_a_forged_token_in_a_games_own_syntax_is_refused(key: str, token: str) -> None:
    with pytest.raises(BadToken):
        build_registry().get(key).rules.decode(token)


def check_state(rules: Any, state: Any, seats: int) -> None:
    """Run the per-step checks."""
    data = msgspec.json.encode(state)
    assert msgspec.json.encode(msgspec.json.decode(data, type=rules.state_type)) == data
    for seat in [None, *range(seats)]:
        assert_no_leak(rules, state, seat)
    if rules.outcome(state) is None:
        check_seat_actions(rules, state, seats)


def playout(module: GameModule, index: int) -> Iterator[tuple[Any, list[LogEntry]]]:
    """Play a random match, yielding each state with the log that produced it."""
    rules, seats = module.rules, seats_for(module, index)
    steps = random_playout(
        rules, seats, options_for(module, index), random.Random(index), STEP_LIMIT
    )
    for match, log in steps:
        yield match.state, log
    assert match.outcome is not None, "the playout did not end"


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.spec.key)
@pytest.mark.parametrize("index", range(PLAYOUTS))
def test_random_playout(module: GameModule, index: int) -> None:
    rules, seats = module.rules, seats_for(module, index)
    state, log = None, []
    for state, log in playout(module, index):
        check_state(rules, state, seats)
        if len(log) % REVEAL_EVERY == index % REVEAL_EVERY and rules.outcome(state) is None:
            assert_revealed_once_ended(rules, state, seats)
        for seat in rules.to_act(state) - {CHANCE}:
            tokens = {a.token() for a in rules.legal_actions(state, seat)}
            check_forgeries(rules, state, tokens, seat)
            break
    replayed = Match.replay(rules, seats, options_for(module, index), log)
    assert msgspec.json.encode(replayed.state) == msgspec.json.encode(state)
    outcome = rules.outcome(state)
    assert outcome is not None and rules.to_act(state) == frozenset()
    assert len(outcome.ranks) == seats
    nobody_won = set(outcome.ranks) == {seats} and seats > 1  # COVERTA: all eliminated (5.1)
    assert min(outcome.ranks) == 1 or nobody_won, outcome.ranks
    assert all(1 <= r <= seats for r in outcome.ranks)
    at_end = list(rules.hidden_from(state, None))
    if module.spec.key in NEVER_SEEN:
        assert at_end, "these cards stay unseen after the match too"
        assert all(list(rules.hidden_from(state, s)) == at_end for s in range(seats))
    else:
        assert at_end == [], "every secret is revealed at the end"


def text_only(module: GameModule) -> Any:
    """Return the game's presenter, with images switched off when it allows that."""
    presenter = copy.copy(module.presenter)
    if hasattr(presenter, "images"):
        presenter.images = False
    return presenter


def check_screen(screen: Screen, legal_tokens: set[str]) -> list[str]:
    """Check a screen's choices; return the next steps it offers."""
    assert screen.title
    steps = []
    rows = 0
    buttons = 0
    for choice in screen.choices:
        if isinstance(choice, Select):
            rows += 1
            assert 1 <= len(choice.options) <= 25
            targets = [(o.label, o.target) for o in choice.options]
        else:
            assert isinstance(choice, Button)
            buttons += 1
            targets = [(choice.label, choice.target)]
        for label, target in targets:
            assert 0 < len(label) <= 80
            assert target.startswith(("a.", "p.")), target
            if target.startswith("a."):
                assert target[2:] in legal_tokens, target
            else:
                steps.append(target[2:])
    assert rows + (buttons + 4) // 5 <= 5, "Discord shows at most five rows"
    return steps


def present_step(module: GameModule, presenter: Any, state: Any, seats: int) -> None:
    """Render the table and every private view (with their next steps) for one state."""
    rules = module.rules
    names = [f"Player {i}" for i in range(seats)]
    check_screen(presenter.table(rules.view(state, None), names, rules.outcome(state)), set())
    if rules.outcome(state) is None:  # as if its host ended it now
        check_screen(presenter.table(rules.ended_view(state), names, None), set())
        for seat in range(seats):
            check_screen(presenter.private(rules.ended_view(state, seat), (), names, None), set())
    for seat in range(seats):
        legal = rules.legal_actions(state, seat) if seat in rules.to_act(state) else ()
        tokens = {a.token() for a in legal}
        view = rules.view(state, seat)
        for step in check_screen(presenter.private(view, legal, names, None), tokens):
            check_screen(presenter.private(view, legal, names, step or None), tokens)


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.spec.key)
@pytest.mark.parametrize("index", [1, 2, 7])
def test_presenter_renders_every_step(module: GameModule, index: int) -> None:
    presenter, seats = text_only(module), seats_for(module, index)
    state = None
    for state, _ in playout(module, index):
        present_step(module, presenter, state, seats)
    with_images = module.presenter.table(module.rules.view(state, None), ["A"] * seats, None)
    if with_images.image is not None:
        assert with_images.image.startswith(b"\x89PNG") and with_images.image_alt


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.spec.key)
def test_rules_pages(module: GameModule) -> None:
    pages = module.presenter.rules_pages()
    assert len(pages) >= 2 and all(p.title and p.body for p in pages)
