"""Checks for the compact action tokens that travel inside Discord custom_ids."""

from __future__ import annotations

import re
from typing import ClassVar, Final, Self

import msgspec

from bot.engine.errors import BadToken

MAX_TOKEN_LENGTH: Final = 80
"""Longest player action token; a custom_id (100 chars) also holds match id and version."""

_TOKEN_RE: Final = re.compile(r"[A-Za-z0-9_.,+\-]+")


def split_token(token: str, prefix: str, parts: int) -> list[str]:
    """Split ``prefix.a.b`` into its fields, refusing anything malformed."""
    if not isinstance(token, str) or not _TOKEN_RE.fullmatch(token):
        raise BadToken()
    fields = token.split(".")
    if fields[0] != prefix or len(fields) != parts + 1:
        raise BadToken()
    return fields[1:]


def parse_int(text: str, low: int, high: int) -> int:
    """Parse a decimal integer within [low, high] or refuse the token."""
    if not text.isdigit() or len(text) > 6:
        raise BadToken()
    value = int(text)
    if not low <= value <= high:
        raise BadToken()
    return value


def parse_ints(text: str, low: int, high: int) -> tuple[int, ...]:
    """Parse a comma-separated list of integers within [low, high]."""
    if text == "":
        return ()
    return tuple(parse_int(part, low, high) for part in text.split(","))


def parse_permutation(text: str, size: int, first: int = 0) -> tuple[int, ...]:
    """Parse an ordering of every integer in [first, first + size) exactly once (a shuffle)."""
    values = parse_ints(text, first, first + size - 1)
    if sorted(values) != list(range(first, first + size)):
        raise BadToken()
    return values


def parse_distinct(text: str, low: int, high: int) -> tuple[int, ...]:
    """Parse integers within [low, high], none twice."""
    values = parse_ints(text, low, high)
    if len(set(values)) != len(values):
        raise BadToken()
    return values


def join_ints(values: tuple[int, ...] | list[int]) -> str:
    """Write integers as a comma-separated field."""
    return ",".join(str(v) for v in values)


class BareAction(msgspec.Struct, frozen=True):
    """An action with no fields: its token is its one-letter ``TAG`` (``B``: draw)."""

    TAG: ClassVar[str] = ""

    def token(self) -> str:
        """Return the tag."""
        return self.TAG

    @classmethod
    def from_token(cls, token: str) -> Self:
        """Parse the tag, refusing anything else."""
        split_token(token, cls.TAG, 0)
        return cls()
