"""Named errors of the engine; each carries one sentence a player can read."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error a player may be shown."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalAction(GameError):
    """The action is not allowed in this position; the message says why."""


class BadToken(IllegalAction):
    """An action token could not be decoded (forged or from another game)."""

    def __init__(self, message: str = "That button is not valid for this match.") -> None:
        super().__init__(message)


class NotYourTurn(GameError):
    """The seat may not act now."""

    def __init__(self, message: str = "It is not your turn.") -> None:
        super().__init__(message)


class StaleVersion(GameError):
    """The click was made against an older version of the match."""

    def __init__(self, message: str = "The table moved on; here is the current view.") -> None:
        super().__init__(message)


class MatchOver(GameError):
    """The match has ended; nothing more can be played."""

    def __init__(self, message: str = "This match is over.") -> None:
        super().__init__(message)
