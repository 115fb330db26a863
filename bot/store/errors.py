"""Errors raised by the storage layer."""

from __future__ import annotations


class StoreError(Exception):
    """Base class for storage errors the application layer may handle."""


class NotFound(StoreError, LookupError):
    """The match (or seat) to change does not exist."""


class ConcurrencyConflict(StoreError):
    """Someone else changed the match first; reload and retry on fresh state.

    `expected` and `actual` are versions (from `append_events`) or statuses (from
    `update_match(expect_status=...)`); `actual` is None when the database only
    reported a key collision.
    """

    def __init__(self, match_id: int, expected: int | str, actual: int | str | None) -> None:
        self.match_id = match_id
        self.expected = expected
        self.actual = actual
        found = "unknown" if actual is None else repr(actual)
        super().__init__(f"match {match_id}: expected {expected!r}, found {found}")


class StoreClosed(StoreError, RuntimeError):
    """The store's database was closed (the process is stopping): nothing more is written."""
