"""The leak check every game's playouts run: it finds a hidden value anywhere in a
view, however the view holds it, and raises no false alarm when bytes merely meet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec
import pytest

from tests.support.games import assert_no_leak, canonical


class Card(msgspec.Struct, frozen=True):
    suit: str
    rank: int


@dataclass
class Stub:
    """Rules that show one fixed view and hide a fixed list of values."""

    shown: Any
    hidden: list[Any]

    def view(self, state: Any, seat: int | None) -> Any:
        return self.shown

    def hidden_from(self, state: Any, seat: int | None) -> list[Any]:
        return self.hidden


@pytest.mark.parametrize(
    ("shown", "secret"),
    [
        ({"hand": [Card("h", 3)]}, Card("h", 3)),
        ({"deep": [{"rank": 3, "suit": "h"}]}, Card("h", 3)),
        ({"pile": [[1, 2], [3, 4]]}, (3, 4)),
        ({"notes": {"b": 2, "a": 1}}, {"a": 1, "b": 2}),
        ([145, 5, (5,)], (5,)),
    ],
    ids=["struct", "struct-as-dict", "tuple-as-list", "dict-in-other-order", "after-a-near-miss"],
)
def test_a_hidden_value_anywhere_in_the_view_is_found(shown: Any, secret: Any) -> None:
    with pytest.raises(AssertionError, match="can see"):
        assert_no_leak(Stub(shown, [Card("s", 9), secret]), None, 0)


@pytest.mark.parametrize(
    ("shown", "secret"),
    [
        ([145, 5], (5,)),
        ({"hand": [Card("h", 3), Card("h", 4)]}, (Card("h", 3),)),
        ({"rank": 3}, Card("h", 3)),
    ],
    ids=["bytes-meet-by-chance", "part-of-a-longer-list", "one-field-of-a-card"],
)
def test_what_is_not_a_sub_tree_of_the_view_is_no_leak(shown: Any, secret: Any) -> None:
    assert_no_leak(Stub(shown, [secret]), None, 0)


def test_the_near_miss_really_meets_in_bytes() -> None:
    """The chance meeting the second test relies on: [5] stands inside [145, 5]."""
    assert canonical((5,)) in canonical([145, 5])
