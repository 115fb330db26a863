"""What the application needs from the outside world, as protocols."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Protocol

Clock = Callable[[], datetime]
"""Returns the current time, aware UTC; the bot passes Discord's (virtual in tests)."""


def system_clock() -> datetime:
    """Return the operating system's current time."""
    return datetime.now(UTC)


class Publisher(Protocol):
    """Told when a match changed; the Discord layer decides what to edit.

    A class that derives from it explicitly inherits methods that do nothing.
    """

    async def match_changed(self, match_id: int) -> None:
        """Refresh the public table of a match."""
        return None

    async def lobby_changed(self, match_id: int) -> None:
        """Refresh the lobby message of a match that has not started (or never will)."""
        return None

    async def remind(
        self, match_id: int, user_ids: Sequence[int], deadline: datetime, *, secret: bool = False
    ) -> None:
        """Remind members that their timer runs out at `deadline` (secret: by DM or not at all)."""
        return None

    async def grace(self, match_id: int, user_ids: Sequence[int], deadline: datetime) -> None:
        """Say in the channel that timers which ran out while the bot was down now end later."""
        return None


class NullPublisher(Publisher):
    """A publisher that shows nothing (benchmarks, scripts): every call does nothing."""
