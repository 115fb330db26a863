"""Errors of the application services; each message is one sentence for a member."""

from __future__ import annotations

from bot.engine import GameError
from bot.engine.i18n import _


class ServiceError(GameError):
    """A request a member made cannot be done; the message says why."""


class MatchNotFound(ServiceError):
    """No such match (a forged or very old button)."""

    def __init__(self) -> None:
        super().__init__(_("That match does not exist (the button may be from a deleted match)."))


class NotSeated(ServiceError):
    """The member holds no seat in the match."""

    def __init__(self) -> None:
        super().__init__(_("You are not seated in this match."))


class ChangedMeanwhile(ServiceError):
    """Another bot process changed the match between reading and writing it."""

    def __init__(self) -> None:
        super().__init__(_("The match changed meanwhile, so nothing was done. Please try again."))


class NotAllowed(ServiceError):
    """The member lacks the right to do this."""
