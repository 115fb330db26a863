"""Named errors of the engine; each carries one sentence a player can read.

The sentence may be a :class:`~bot.engine.phrase.Phrase`: :attr:`GameError.message` words
it in the language of the moment, so a refusal reads in the language of whoever is shown it.
"""

from __future__ import annotations

from typing import ClassVar

from bot.engine.phrase import Phrase, Text, phrase, words

BAD_BUTTON = phrase("That button is not valid for this match.")
NOT_YOUR_TURN = phrase("It is not your turn.")
MOVED_ON = phrase("The table moved on; here is the current view.")
OVER = phrase("This match is over.")
NO_DEAL_PENDING = phrase("No deal is pending.")
BAD_DEAL = phrase("That deal does not fit this table.")
WRONG_SEATS_DEAL = phrase("That deal is for a different number of players.")


class GameError(Exception):
    """Base of every error a player may be shown; a kind with one usual sentence declares it
    as ``default`` and may be raised without one."""

    default: ClassVar[Text | None] = None

    def __init__(self, message: Text | None = None) -> None:
        text = message if message is not None else self.default
        if text is None:
            raise TypeError(f"{type(self).__name__} needs a sentence a player can read")
        super().__init__(text if isinstance(text, str) else text.msgid)
        self.text = text

    @property
    def message(self) -> str:
        """Return the sentence in the current language."""
        return words(self.text)

    def __str__(self) -> str:
        return self.message


class IllegalAction(GameError):
    """The action is not allowed in this position; the message says why."""


class BadOption(GameError, ValueError):
    """A match option was given a value it does not take; the message names what it takes."""


def bad_number(option: str, value: str, low: int, high: int) -> Phrase:
    """Refuse a value of an option that takes a whole number."""
    return phrase(
        "{option} takes a whole number from {low} to {high}, not “{value}”.",
        option=option,
        value=value[:20],
        low=str(low),
        high=str(high),
    )


def bad_choice(option: str, value: str, values: str) -> Phrase:
    """Refuse a value of an option that takes one of a list."""
    return phrase(
        "{option} takes one of {values}, not “{value}”.",
        option=option,
        value=value[:20],
        values=values,
    )


class BadToken(IllegalAction):
    """An action token could not be decoded (forged or from another game)."""

    default = BAD_BUTTON


class NotYourTurn(GameError):
    """The seat may not act now."""

    default = NOT_YOUR_TURN


class StaleVersion(GameError):
    """The click was made against an older version of the match."""

    default = MOVED_ON


class MatchOver(GameError):
    """The match has ended; nothing more can be played."""

    default = OVER
