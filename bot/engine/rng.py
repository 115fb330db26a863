"""The random source handed to chance steps and AI policies.

The engine and the games never create randomness themselves: the application
passes in a seeded generator (``random.Random`` satisfies this protocol), and
every random result becomes a logged chance action.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, Protocol


class Rng(Protocol):
    """The subset of ``random.Random`` the games and policies use."""

    def random(self) -> float:
        """Return a float in [0, 1)."""
        ...

    def randrange(self, start: int, stop: int | None = ..., step: int = ...) -> int:
        """Return a random integer from the range."""
        ...

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle a list in place."""
        ...
