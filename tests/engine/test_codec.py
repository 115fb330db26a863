"""The action codec derived from declarations: round trips, refusals, declaration errors."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import BadToken
from bot.engine.codec import (
    MAX_TOKEN_LENGTH,
    Actions,
    Chance,
    Codes,
    Items,
    OneOf,
    Permutation,
    Range,
    Tagged,
)

Die = Annotated[int, Range(0, 5)]


class Roll(Tagged, frozen=True):
    """A demo action with every kind of field."""

    TAG = "R"
    die: Die
    city: Annotated[str, OneOf(("AMS", "ROM"), "-")]
    pile: Annotated[str, Codes({"green": "g", "red": "r"})]
    keep: Annotated[tuple[int, ...], Items(Range(0, 5), most=3, distinct=True)]
    faces: Annotated[tuple[int, ...], Items(Range(1, 6), least=1, sep="")]
    pay: Annotated[tuple[str, ...], Items(OneOf("A01", "B"), empty="-")] = ()


class Wait(Tagged, frozen=True):
    """A demo action without fields."""

    TAG = "W"


class Kind(Tagged, frozen=True):
    """A demo action whose first field's code is its tag."""

    kind: Annotated[str, Codes({"pass": "N", "end": "E"})]


class Pair(Tagged, frozen=True):
    """A demo action whose fields must agree: the first lower."""

    TAG = "P"
    a: Die
    b: Die

    def valid(self) -> bool:
        """Tell whether the first is the lower."""
        return self.a < self.b


class Order(Chance, frozen=True):
    """A demo chance step: a shuffle of a fixed size, and one of any size."""

    TAG = "SH"
    deck: Annotated[tuple[int, ...], Permutation(3, first=1)]
    pile: Annotated[tuple[int, ...], Permutation(most=40)]


class Many(Tagged, frozen=True):
    """A demo player action whose list has no cap but the token length."""

    TAG = "M"
    items: Annotated[tuple[int, ...], Items(Range(0, 9))]


DEMO = Actions[Tagged](Roll, Wait, Kind, Pair, Order, Many)

ROUND_TRIPS = {
    "R.0.AMS.g.1,5.6612.-": Roll(0, "AMS", "green", (1, 5), (6, 6, 1, 2)),
    "R.5.-.r..1.A01,B": Roll(5, "-", "red", (), (1,), ("A01", "B")),
    "R.3.ROM.g.0.2.-": Roll(3, "ROM", "green", (0,), (2,)),
    "W": Wait(),
    "N": Kind("pass"),
    "E": Kind("end"),
    "P.0.5": Pair(0, 5),
    "SH.3,1,2.0": Order((3, 1, 2), (0,)),
    "SH.1,2,3.2,0,1": Order((1, 2, 3), (2, 0, 1)),
    "M.": Many(()),
}


@pytest.mark.parametrize(("token", "action"), ROUND_TRIPS.items())
def test_declared_actions_round_trip(token: str, action: Tagged) -> None:
    assert action.token() == token
    assert DEMO.decode(token) == action
    assert type(action).from_token(token) == action
    assert hash(DEMO.decode(token)) == hash(action)
    assert eval(repr(action)) == action  # the repr reads back


def test_defaults_are_written_like_any_field() -> None:
    assert Roll(1, "AMS", "red", (), (3,)).token() == "R.1.AMS.r..3.-"


@given(
    die=st.integers(0, 5),
    city=st.sampled_from(["AMS", "ROM", "-"]),
    pile=st.sampled_from(["green", "red"]),
    keep=st.lists(st.integers(0, 5), max_size=3, unique=True),
    faces=st.lists(st.integers(1, 6), min_size=1, max_size=20),
    pay=st.lists(st.sampled_from(["A01", "B"]), max_size=4),
)
def test_every_declared_value_round_trips(
    die: int, city: str, pile: str, keep: list[int], faces: list[int], pay: list[str]
) -> None:
    action = Roll(die, city, pile, tuple(keep), tuple(faces), tuple(pay))
    assert DEMO.decode(action.token()) == action


@pytest.mark.parametrize(
    "token",
    [
        "R.6.AMS.g.1.1.-",  # die above its range
        "R.0.PAR.g.1.1.-",  # a city not declared
        "R.0.AMS.b.1.1.-",  # an unknown code
        "R.0.AMS.green.1.1.-",  # the value instead of its code
        "R.0.AMS.g.1,1.1.-",  # a repeated item where items are distinct
        "R.0.AMS.g.0,1,2,3.1.-",  # more items than allowed
        "R.0.AMS.g.1..-",  # fewer items than required
        "R.0.AMS.g.1.7.-",  # a packed digit out of range
        "R.0.AMS.g.1.1,2.-",  # a separator inside packed digits
        "R.0.AMS.g.1.1.C",  # a foreign item in a list
        "R.0.AMS.g.1.1.",  # an empty list written without its marker
        "P.3.3",  # fields that disagree
        "P.4.2",
        "SH.1,2.0",  # a shuffle missing an item
        "SH.1,2,2.0",  # a shuffle repeating one
        "SH.0,1,2.0",  # a shuffle with an item outside it
        "SH.1,2,3.",  # an unsized shuffle of nothing
        "SH.1,2,3.0,2",  # an unsized shuffle skipping one
        "SH.1,2,3." + ",".join(str(n) for n in range(41)),  # longer than its cap
    ],
)
def test_out_of_range_or_inconsistent_fields_are_refused(token: str) -> None:
    with pytest.raises(BadToken):
        DEMO.decode(token)


def test_an_action_built_in_code_is_checked_like_a_token() -> None:
    assert Pair(1, 2).checked() == Pair(1, 2)
    assert Order((2, 3, 1), (1, 0)).checked() == Order((2, 3, 1), (1, 0))
    with pytest.raises(BadToken):
        Pair(2, 1).checked()
    with pytest.raises(BadToken):
        Order((1, 1, 2), (0,)).checked()


@pytest.mark.parametrize(
    "token",
    ["X.1", "r.0.AMS.g.1.1.-", "RR.0.AMS.g.1.1.-", "Q", "n", "WAIT", "SU.1,2,3.0", ".R.0"],
)
def test_unknown_tags_are_refused(token: str) -> None:
    with pytest.raises(BadToken):
        DEMO.decode(token)


def test_a_class_refuses_another_class_token() -> None:
    with pytest.raises(BadToken):
        Pair.from_token("W")
    with pytest.raises(BadToken):
        Kind.from_token("P.0.1")
    with pytest.raises(BadToken):
        Wait.from_token("N")


@pytest.mark.parametrize(
    "token",
    ["R.0.AMS.g.1.1", "R.0.AMS.g.1.1.-.9", "W.1", "W.", "N.1", "P.1", "P.1.2.3", "P", "M"],
)
def test_missing_or_extra_fields_are_refused(token: str) -> None:
    with pytest.raises(BadToken):
        DEMO.decode(token)


@pytest.mark.parametrize(
    "token",
    [
        "",
        ".",
        "..",
        "P..1",
        "P.1 .2",
        "P.1;2",
        "P:1:2",
        "P.-1.2",
        "P.+1.2",
        "P.1.2\n",
        "P.١.٢",  # digits of another script
        "é",
        "P.0.0000005",  # more than six digits
        None,
        7,
        b"W",
    ],
)
def test_malformed_tokens_are_refused(token: Any) -> None:
    with pytest.raises(BadToken):
        DEMO.decode(token)


def test_player_tokens_longer_than_the_limit_are_refused() -> None:
    fits = Many((1,) * 39)
    assert len(fits.token()) <= MAX_TOKEN_LENGTH
    assert DEMO.decode(fits.token()) == fits
    too_long = Many((1,) * 40)
    assert len(too_long.token()) == MAX_TOKEN_LENGTH + 1
    with pytest.raises(BadToken):
        DEMO.decode(too_long.token())


def test_chance_tokens_may_be_long() -> None:
    order = Order((1, 2, 3), tuple(range(39, -1, -1)))
    assert len(order.token()) > MAX_TOKEN_LENGTH
    assert DEMO.decode(order.token()) == order


def test_player_tokens_read_again_are_not_parsed_again_and_chance_tokens_are_not_kept() -> None:
    actions = Actions[Tagged](Roll, Wait, Kind, Pair, Order, Many)
    first = actions.decode("P.0.5")
    assert actions.decode("P.0.5") is first  # read once, then kept
    for token in ("SH.3,1,2.0", "SH.1,2,3.2,0,1"):  # each deal or shuffle is new
        assert actions.decode(token) == ROUND_TRIPS[token]
    assert actions.decode("SH.3,1,2.0") is not actions.decode("SH.3,1,2.0")
    with pytest.raises(BadToken):
        actions.decode("P.5.0")  # refused, and refused again: a refusal is never kept
    with pytest.raises(BadToken):
        actions.decode("P.5.0")


def test_a_field_without_one_codec_is_a_declaration_error() -> None:
    with pytest.raises(TypeError):

        class Bare(Tagged, frozen=True):
            TAG = "B"
            count: int

    with pytest.raises(TypeError):

        class Twice(Tagged, frozen=True):
            TAG = "T"
            count: Annotated[int, Range(0, 1), Range(0, 2)]


def test_an_untagged_action_needs_a_coded_first_field() -> None:
    with pytest.raises(TypeError):

        class Untagged(Tagged, frozen=True):
            count: Die


def test_two_actions_may_not_share_a_tag() -> None:
    class Other(Tagged, frozen=True):
        TAG = "W"

    with pytest.raises(ValueError):
        Actions[Tagged](Wait, Other)
    with pytest.raises(ValueError):
        Actions[Tagged](Kind, Wait, Other)
    with pytest.raises(ValueError):
        Codes({"pass": "N", "end": "N"})


def test_ordered_items_take_one_order_numbers_increasing_codes_as_declared() -> None:
    numbers = Items(Range(0, 9), ordered=True)
    assert numbers.decode("1,1,3") == (1, 1, 3)
    codes = Items(Codes({"zeta": "Z", "alpha": "A"}), ordered=True)
    assert codes.decode("Z,A,A") == ("zeta", "alpha", "alpha")  # declared, not alphabetical
    for field, text in ((numbers, "3,1"), (codes, "A,Z")):
        with pytest.raises(BadToken):
            field.decode(text)
    assert Items(Range(0, 9)).decode("3,1") == (3, 1), "unordered unless declared"
