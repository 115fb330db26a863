"""A transition in the making: the evolving state and what is told of it.

Every game's flow code applies an action by updating a :class:`Draft` and telling
events (phrases, worded when read); :meth:`Draft.transition` hands the result back
to the engine. A game subclasses it for its own shortcuts (a player's fields, a
prompt to ask).
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import msgspec

from bot.engine.phrase import Phrase
from bot.engine.rules import Event, Transition

S = TypeVar("S", bound=msgspec.Struct)
T = TypeVar("T")


class Draft(Generic[S]):
    """One transition in the making: the evolving state and the events told so far."""

    def __init__(self, state: S) -> None:
        self.state = state
        self.events: list[Event] = []

    def update(self, **changes: Any) -> None:
        """Replace some fields of the state."""
        self.state = msgspec.structs.replace(self.state, **changes)

    def say(self, text: Phrase, audience: tuple[int, ...] | None = None) -> None:
        """Tell an event to everyone (or only to ``audience``)."""
        self.events.append(Event(text, audience))

    def tell(self, seat: int, text: Phrase) -> None:
        """Tell an event to one seat only."""
        self.say(text, (seat,))

    def transition(self) -> Transition:
        """Return the finished transition."""
        return Transition(self.state, tuple(self.events))


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """Return a tuple with one item replaced."""
    return (*items[:index], value, *items[index + 1 :])


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """Return a tuple with the first copy of an item removed."""
    index = items.index(item)
    return (*items[:index], *items[index + 1 :])
