"""Small helpers for the sentences games show."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """Return "1 card", "0 cards", "2 Cover-covers": the count and the right form of the word."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
