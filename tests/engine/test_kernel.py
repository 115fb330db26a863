"""The kernel's small parts: token codec, options, events, registry."""

from __future__ import annotations

import pytest

from bot.engine import BadToken, Event, GameSpec, OptionSpec, Outcome, Registry
from bot.engine.codec import parse_distinct, parse_int, parse_ints, parse_permutation, split_token

SPEC = GameSpec(
    key="demo",
    title="Demo",
    min_seats=2,
    max_seats=4,
    options=(OptionSpec("mode", "How to play", (("a", "A"), ("b", "B")), "a"),),
)


def test_split_token_reads_fields() -> None:
    assert split_token("P.7.2", "P", 2) == ["7", "2"]


@pytest.mark.parametrize(
    "token", ["", "P.7", "Q.7.2", "P.7.2.9", "P 7.2", "P.7.2<", "P:7:2", "é.1.2"]
)
def test_split_token_refuses_malformed(token: str) -> None:
    with pytest.raises(BadToken):
        split_token(token, "P", 2)


def test_parse_int_bounds() -> None:
    assert parse_int("40", 1, 40) == 40
    for bad in ("41", "0", "-1", "x", "1234567"):
        with pytest.raises(BadToken):
            parse_int(bad, 1, 40)
    assert parse_ints("1,2,3", 1, 3) == (1, 2, 3)
    assert parse_ints("", 1, 3) == ()


def test_options_default_and_validate() -> None:
    assert SPEC.resolve_options({}) == {"mode": "a"}
    assert SPEC.resolve_options({"mode": "b"}) == {"mode": "b"}
    with pytest.raises(ValueError):
        SPEC.resolve_options({"mode": "c"})


def test_event_visibility_and_names() -> None:
    public = Event("{p[0]} drew a card.")
    private = Event("You drew 30.", audience=(1,))
    assert public.visible_to(None) and public.visible_to(3)
    assert not private.visible_to(None) and not private.visible_to(0)
    assert private.visible_to(1)
    assert public.render(["Alice", "Bob"]) == "Alice drew a card."


def test_outcome_winners_share_first_rank() -> None:
    outcome = Outcome(ranks=(1, 2, 1), termination="blocked", summary="")
    assert outcome.winners == frozenset({0, 2})


def test_registry_refuses_duplicates() -> None:
    from bot.games import build_registry

    registry = build_registry()
    first = registry.all()[0]
    again = Registry()
    again.register(first)
    with pytest.raises(ValueError):
        again.register(first)
    assert first.spec.key in again and again.get(first.spec.key) is first


def test_shuffles_are_read_as_permutations_or_refused() -> None:
    assert parse_permutation("2,0,1", 3) == (2, 0, 1)
    assert parse_permutation("3,1,2", 3, first=1) == (3, 1, 2)
    for bad in ("0,1", "0,1,1", "0,1,3", "1,2,3"):
        with pytest.raises(BadToken):
            parse_permutation(bad, 3)
    assert parse_distinct("5,1", 0, 9) == (5, 1)
    with pytest.raises(BadToken):
        parse_distinct("5,5", 0, 9)
