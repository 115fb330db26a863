"""Plain frozen rows the repositories return, and the tuples they accept."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any, NamedTuple, TypeVar

Row = TypeVar("Row")


@dataclass(frozen=True, slots=True)
class MatchRow:
    """A match as stored: where it is shown, which game, and how far it has got."""

    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    table_message_id: int | None
    lobby_message_id: int | None
    game: str
    rules_version: int
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    """The number of events applied, which is also the last `seq`."""
    host_user_id: int
    turn_deadline: datetime | None
    reminder_at: datetime | None
    turn_seconds: int | None
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    result: dict[str, Any] | None
    paused: bool = False
    ai_to_act: bool = False
    lease_owner: str | None = None
    lease_until: datetime | None = None
    repair_check: bool = False
    seating: int = 0
    """Changes to the seats made outside the log (see `MatchRepository.update_seat`)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """Who sits in one seat of a match."""

    match_id: int
    seat: int
    user_id: int | None
    """None for an AI seat."""
    ai_level: str | None
    display_name: str
    status: str
    timeouts: int = 0
    """Consecutive turn timers this seat let run out."""

    @property
    def is_ai(self) -> bool:
        """Whether an AI plays this seat."""
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class EventRow:
    """One logged step: the acting seat, its action token and the events it produced."""

    match_id: int
    seq: int
    seat: int
    action: str
    events: list[dict[str, Any]]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class DmViewRow:
    """Where a member's private view of a match sent by direct message is, and its language."""

    match_id: int
    user_id: int
    channel_id: int
    message_id: int
    language: str | None = None


class NewSeat(NamedTuple):
    """A seat to create with `MatchRepository.set_seats` (a plain 4-tuple works too)."""

    seat: int
    user_id: int | None
    ai_level: str | None
    display_name: str


@dataclass(frozen=True, slots=True)
class NewMatch:
    """A match to insert at version 0 with `MatchRepository.create_match` or `open_lobby`.

    `seats` are its first seats, as `NewSeat`s or plain 4-tuples.
    """

    guild_id: int | None
    channel_id: int
    game: str
    rules_version: int
    options: dict[str, Any]
    seed: int
    host_user_id: int
    status: str = "lobby"
    thread_id: int | None = None
    turn_seconds: int | None = None
    turn_deadline: datetime | None = None
    seats: Sequence[tuple[int, int | None, str | None, str]] = ()
    rematch_of: int | None = None
    """The finished match this lobby is a rematch of (see `MatchRepository.open_rematch`)."""

    def values(self) -> dict[str, Any]:
        """The match row's columns, at version 0 (the seats apart)."""
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "seats"}
        return {**values, "version": 0}


class NewEvent(NamedTuple):
    """A step to log with `MatchRepository.append_events` (a plain 3-tuple works too)."""

    seat: int
    action: str
    events: list[dict[str, Any]]


class NewNote(NamedTuple):
    """An entry of a match's log to store: after step `seq`, of `kind`, by `user_id`."""

    seq: int
    kind: str
    text: str
    user_id: int | None = None


class Standing(NamedTuple):
    """How far a stored match has gone, whether it is paused, its status, how often its
    seats changed outside the log and who hosts it: a match held in memory is current
    while all of these are what it holds."""

    version: int
    paused: bool
    status: str
    seating: int
    host_user_id: int


def to_row(row_type: type[Row], obj: object) -> Row:
    """Copy an ORM object into a frozen row dataclass."""
    names = [f.name for f in fields(row_type)]  # type: ignore[arg-type]
    return row_type(**{name: getattr(obj, name) for name in names})


@dataclass(frozen=True, slots=True)
class NoteRow:
    """One entry of a match's log written by the bot or a moderator, not by the engine."""

    match_id: int
    seq: int
    kind: str
    text: str
    user_id: int | None
    created_at: datetime
