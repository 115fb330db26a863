"""What the application needs from the outside world, as protocols."""

from __future__ import annotations

from typing import Protocol


class Publisher(Protocol):
    """Told when a match changed; the Discord layer decides what to edit."""

    async def match_changed(self, match_id: int) -> None:
        """Refresh the public table of a match."""
        ...


class NullPublisher:
    """A publisher that shows nothing (benchmarks, scripts)."""

    async def match_changed(self, match_id: int) -> None:
        """Do nothing."""
