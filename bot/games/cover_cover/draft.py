"""A transition in the making, shared by the Cover-cover flow modules."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from bot.engine.phrase import Phrase
from bot.engine.rules import Event, Transition
from bot.games.cover_cover.state import CoverState

T = TypeVar("T")


class Draft:
    """One transition in the making: the evolving state and the events told so far."""

    def __init__(self, state: CoverState) -> None:
        self.state = state
        self.events: list[Event] = []

    def update(self, **changes: Any) -> None:
        """Replace some fields of the state."""
        self.state = msgspec.structs.replace(self.state, **changes)

    def say(self, text: Phrase) -> None:
        """Tell everyone something (there is no private information in this game)."""
        self.events.append(Event(text))

    def chatty(self) -> bool:
        """Tell whether each round is told (auto mode tells a summary instead)."""
        return not self.state.auto

    def transition(self) -> Transition:
        """Return the finished transition."""
        return Transition(self.state, tuple(self.events))


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """Return a tuple with one item replaced."""
    return (*items[:index], value, *items[index + 1 :])
