"""Named errors of the engine; each carries one sentence a player can read.

The sentence may be a :class:`~bot.engine.phrase.Phrase`: :attr:`GameError.message` words
it in the language of the moment, so a refusal reads in the language of whoever is shown it.
"""

from __future__ import annotations

from bot.engine.phrase import Text, phrase, words

BAD_BUTTON = phrase("That button is not valid for this match.")
NOT_YOUR_TURN = phrase("It is not your turn.")
MOVED_ON = phrase("The table moved on; here is the current view.")
OVER = phrase("This match is over.")
NO_DEAL_PENDING = phrase("No deal is pending.")
BAD_DEAL = phrase("That deal does not fit this table.")
WRONG_SEATS_DEAL = phrase("That deal is for a different number of players.")


class GameError(Exception):
    """Base of every error a player may be shown."""

    def __init__(self, message: Text) -> None:
        super().__init__(message if isinstance(message, str) else message.msgid)
        self.text = message

    @property
    def message(self) -> str:
        """Return the sentence in the current language."""
        return words(self.text)

    def __str__(self) -> str:
        return self.message


class IllegalAction(GameError):
    """The action is not allowed in this position; the message says why."""


class BadToken(IllegalAction):
    """An action token could not be decoded (forged or from another game)."""

    def __init__(self, message: Text = BAD_BUTTON) -> None:
        super().__init__(message)


class NotYourTurn(GameError):
    """The seat may not act now."""

    def __init__(self, message: Text = NOT_YOUR_TURN) -> None:
        super().__init__(message)


class StaleVersion(GameError):
    """The click was made against an older version of the match."""

    def __init__(self, message: Text = MOVED_ON) -> None:
        super().__init__(message)


class MatchOver(GameError):
    """The match has ended; nothing more can be played."""

    def __init__(self, message: Text = OVER) -> None:
        super().__init__(message)
