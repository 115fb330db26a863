"""The kernel's small parts: options, events, registry (the token codec: test_codec)."""

from __future__ import annotations

import pytest

from bot.engine import BadOption, Event, GameSpec, OptionSpec, Outcome, Registry
from bot.engine.i18n import _, use_locale
from bot.engine.rules import OFF, ON

SPEC = GameSpec(
    key="demo",
    title="Demo",
    min_seats=2,
    max_seats=4,
    options=(OptionSpec("mode", "How to play", (("a", "A"), ("b", "B")), "a"),),
)


def test_options_default_and_validate() -> None:
    assert SPEC.resolve_options({}) == {"mode": "a"}
    assert SPEC.resolve_options({"mode": "b"}) == {"mode": "b"}
    with pytest.raises(ValueError):
        SPEC.resolve_options({"mode": "c"})


def test_a_whole_number_option_takes_any_number_in_its_range() -> None:
    spec = GameSpec(
        key="demo",
        title="Demo",
        min_seats=2,
        max_seats=4,
        options=(OptionSpec("limit", "Rounds", (("0", "No limit"),), "0", whole=(0, 500)),),
    )
    assert spec.resolve_options({}) == {"limit": "0"}
    assert spec.resolve_options({"limit": "37"}) == {"limit": "37"}
    assert spec.resolve_options({"limit": "0042"}) == {"limit": "42"}
    (option,) = spec.options
    assert option.label("0") == "No limit" and option.label("37") == "37"
    for bad in ("501", "-1", "4.5", "", "12a", "٣"):
        with pytest.raises(BadOption) as refused:
            spec.resolve_options({"limit": bad} if bad else {"limit": " "})
        assert "limit takes a whole number from 0 to 500" in refused.value.message


def test_switch_and_number_declare_the_usual_option_kinds() -> None:
    """An off/on switch is off unless turned on, and says Off/On in the member's language;
    a number option takes its range, with its named values, and defaults to its number."""
    spec = GameSpec(
        key="demo",
        title="Demo",
        min_seats=2,
        max_seats=4,
        options=(
            OptionSpec.switch("steal", "Steal"),
            OptionSpec.number("limit", "Rounds", 0, (0, 500), named=(("0", "No limit"),)),
            OptionSpec.number("every", "Summary", 10, (1, 1000)),
        ),
    )
    assert spec.resolve_options({}) == {"steal": OFF, "limit": "0", "every": "10"}
    assert spec.resolve_options({"steal": ON, "every": "7"})["steal"] == ON
    steal, limit, every = spec.options
    assert every.values() == frozenset() and every.default == "10"
    assert steal.values() == {OFF, ON} and steal.whole is None
    assert [steal.label(v) for v in (OFF, ON)] == ["Off", "On"]
    with use_locale("it"):
        assert [_(steal.label(v)) for v in (OFF, ON)] == ["No", "Sì"]
    assert limit.label("0") == "No limit" and limit.whole == (0, 500)
    with pytest.raises(BadOption, match="every takes a whole number from 1 to 1000"):
        spec.resolve_options({"every": "0"})
    with pytest.raises(BadOption, match="steal takes one of off, on"):
        spec.resolve_options({"steal": "maybe"})


def test_a_listed_option_names_its_choices_when_refusing() -> None:
    with pytest.raises(BadOption) as refused:
        SPEC.resolve_options({"mode": "c"})
    assert refused.value.message == "mode takes one of a, b, not “c”."


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
