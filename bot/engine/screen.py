"""Discord-free description of a message: text, image and the choices offered.

A choice's ``target`` is either ``act(action)`` (submit this action) or
``pick(text)`` (show the next step of a multi-step choice, carrying the earlier
picks), so a choice in progress lives in the component itself, not in memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol

import msgspec

from bot.engine.rules import Action, Outcome

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


def act(action: Action) -> str:
    """Return the target that submits an action."""
    return "a." + action.token()


def pick(text: str) -> str:
    """Return the target that opens the next step of a choice."""
    return "p." + text


class Field(msgspec.Struct, frozen=True):
    """A titled block of text."""

    name: str
    value: str
    inline: bool = False


class Button(msgspec.Struct, frozen=True):
    """A button that submits an action or opens a next step."""

    label: str
    target: str
    style: ButtonStyle = "secondary"


class SelectOption(msgspec.Struct, frozen=True):
    """One entry of a select menu."""

    label: str
    target: str
    description: str = ""


class Select(msgspec.Struct, frozen=True):
    """A select menu (at most 25 options)."""

    placeholder: str
    options: tuple[SelectOption, ...]


class Screen(msgspec.Struct, frozen=True):
    """What one message shows."""

    title: str
    body: str = ""
    fields: tuple[Field, ...] = ()
    image: bytes | None = None
    """A PNG, described for accessibility by ``image_alt``."""
    image_alt: str = ""
    choices: tuple[Button | Select, ...] = ()
    colour: int = 0x2F3136


class Presenter(Protocol):
    """Turns a game's views into screens."""

    def table(self, view: Any, names: Sequence[str], outcome: Outcome | None) -> Screen:
        """Render the public table."""
        ...

    def private(
        self, view: Any, legal: Sequence[Action], names: Sequence[str], step: str | None
    ) -> Screen:
        """Render one seat's private view with its available actions."""
        ...

    def rules_pages(self) -> Sequence[Screen]:
        """Return the paged rules summary."""
        ...
