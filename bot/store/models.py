"""SQLAlchemy models: the event-sourced match log plus settings, prefs and ratings.

`match_events` is the truth; `match_snapshots` is a cache. The initial Alembic
revision (`migrations/versions/0001_initial.py`) spells these tables out by hand;
a test compares the two so they cannot drift apart.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Final

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    false,
    func,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

CHANCE_SEAT: Final = -1
"""`match_events.seat` for a chance step (same value as `bot.engine.CHANCE`)."""
SYSTEM_SEAT: Final = -2
"""`match_events.seat` for a step taken by the bot itself (timeouts, host actions)."""

MATCH_STATUSES: Final = ("lobby", "active", "finished", "abandoned")
SEAT_STATUSES: Final = ("playing", "left", "kicked", "autopilot", "forfeited")

NAMING_CONVENTION: Final = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """Return the current time as an aware UTC datetime."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware datetime that always reads back as aware UTC.

    SQLite keeps no offset, so values are normalised to UTC on the way in and
    tagged as UTC on the way out; naive inputs are taken to be UTC already.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Normalise to UTC before storing."""
        if value is None or value.tzinfo is None:
            return value
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Tag naive values (SQLite) as UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    """Declarative base with a naming convention so batch migrations can name constraints."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {  # noqa: RUF012 - read by SQLAlchemy at class creation
        datetime: UTCDateTime(),
        dict[str, Any]: JSON(),
        list[dict[str, Any]]: JSON(),
        bytes: LargeBinary(),
    }


def _created() -> Mapped[datetime]:
    return mapped_column(default=utcnow, server_default=func.now())


def _updated() -> Mapped[datetime]:
    return mapped_column(default=utcnow, onupdate=utcnow, server_default=func.now())


def _match_key() -> Mapped[int]:
    """The match a row belongs to, the first part of its key (deleted with the match)."""
    return mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)


def _number_key() -> Mapped[int]:
    """A seat or step number within the match, the rest of the row's key."""
    return mapped_column(Integer, primary_key=True, autoincrement=False)


class Match(Base):
    """One table of one game, from lobby to result."""

    __tablename__ = "matches"
    __table_args__ = (
        Index("ix_matches_guild_id_status", "guild_id", "status"),
        Index("ix_matches_channel_id", "channel_id"),
        Index("ix_matches_status_turn_deadline", "status", "turn_deadline"),
        Index("ix_matches_status_reminder_at", "status", "reminder_at"),
        Index("ix_matches_status_ai_to_act", "status", "ai_to_act"),
        Index("ix_matches_repair_check", "repair_check"),
        Index(
            "ux_matches_rematch_of_lobby",
            "rematch_of",
            unique=True,
            sqlite_where=text("status = 'lobby'"),
            postgresql_where=text("status = 'lobby'"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    thread_id: Mapped[int | None] = mapped_column(BigInteger)
    table_message_id: Mapped[int | None] = mapped_column(BigInteger)
    lobby_message_id: Mapped[int | None] = mapped_column(BigInteger)
    game: Mapped[str] = mapped_column(String(32))
    rules_version: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="lobby")
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    host_user_id: Mapped[int] = mapped_column(BigInteger)
    turn_deadline: Mapped[datetime | None] = mapped_column()
    """When the seats to act time out (for a lobby: when it expires)."""
    reminder_at: Mapped[datetime | None] = mapped_column()
    """When to remind the seats to act; cleared once the reminder is sent."""
    turn_seconds: Mapped[int | None] = mapped_column(Integer)
    """The turn timer of this match; None or 0 means no timer."""
    paused: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Paused by the host or a moderator: no moves, no timers, AI seats wait."""
    ai_to_act: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """An AI seat is to act (start-up resumes only these matches)."""
    lease_owner: Mapped[str | None] = mapped_column(String(64))
    """The process working on this match's timer or AI turn, until `lease_until`."""
    lease_until: Mapped[datetime | None] = mapped_column()
    repair_check: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Look at this match once at start-up (set for matches older than atomic finishing)."""
    seating: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Changes to the seats made outside the log; a step worked out on other seats is refused."""
    rematch_of: Mapped[int | None] = mapped_column(Integer)
    """The match this lobby was opened from with Rematch (one such lobby open at a time)."""
    created_at: Mapped[datetime] = _created()
    updated_at: Mapped[datetime] = _updated()
    finished_at: Mapped[datetime | None] = mapped_column()
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))


class MatchSeat(Base):
    """Who sits in a seat: a member (`user_id`) or an AI (`user_id` null, `ai_level` set)."""

    __tablename__ = "match_seats"
    __table_args__ = (Index("ix_match_seats_user_id", "user_id"),)

    match_id: Mapped[int] = _match_key()
    seat: Mapped[int] = _number_key()
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    ai_level: Mapped[str | None] = mapped_column(String(32))
    display_name: Mapped[str] = mapped_column(String(100))
    status: Mapped[str] = mapped_column(String(16), default="playing", server_default="playing")
    timeouts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Consecutive turn timers this seat let run out."""


class MatchNote(Base):
    """Something the bot or a moderator did to a match (kick, timeout, end): the match log.

    Kept apart from `match_events` so replaying the engine log never sees it.
    """

    __tablename__ = "match_notes"
    __table_args__ = (Index("ix_match_notes_match_id", "match_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    """The match version when it happened, to place it among the moves."""
    kind: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)
    """Plain words with ``{p[i]}`` placeholders for seat names."""
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    """Who did it; None for the bot itself (timers)."""
    created_at: Mapped[datetime] = _created()


class MatchEvent(Base):
    """One applied step of a match: who acted, the action token, and the events it produced."""

    __tablename__ = "match_events"

    match_id: Mapped[int] = _match_key()
    seq: Mapped[int] = _number_key()
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    events: Mapped[list[dict[str, Any]]] = mapped_column(default=list)
    created_at: Mapped[datetime] = _created()


class MatchSnapshot(Base):
    """A cached encoded state after `seq` steps (msgspec JSON bytes)."""

    __tablename__ = "match_snapshots"

    match_id: Mapped[int] = _match_key()
    seq: Mapped[int] = _number_key()
    state: Mapped[bytes] = mapped_column()
    created_at: Mapped[datetime] = _created()


class MatchDmView(Base):
    """A member's private view of a match sent by direct message, kept current after a restart
    and by every process (one per member and match: the latest)."""

    __tablename__ = "match_dm_views"

    match_id: Mapped[int] = _match_key()
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    """The member's DM channel."""
    message_id: Mapped[int] = mapped_column(BigInteger)
    language: Mapped[str | None] = mapped_column(String(16))
    """The language it is drawn in (the member's, when it was sent)."""


class GuildSettings(Base):
    """A guild's overrides of the declared setting defaults."""

    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    updated_at: Mapped[datetime] = _updated()
    updated_by: Mapped[int | None] = mapped_column(BigInteger)


class GuildSettingChange(Base):
    """One change of one guild setting: who, when, from what to what."""

    __tablename__ = "guild_settings_log"
    __table_args__ = (Index("ix_guild_settings_log_guild_id", "guild_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    setting: Mapped[str] = mapped_column(String(32))
    old: Mapped[Any] = mapped_column(JSON(none_as_null=True), nullable=True)
    new: Mapped[Any] = mapped_column(JSON(none_as_null=True), nullable=True)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = _created()


class UserPrefs(Base):
    """A member's personal preferences (hand by DM, ...)."""

    __tablename__ = "user_prefs"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    prefs: Mapped[dict[str, Any]] = mapped_column(default=dict)
    updated_at: Mapped[datetime] = _updated()


class Rating(Base):
    """A skill rating per game and player; `player_key` is "u:<user_id>" or "ai:<level>"."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_key: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    wins: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    updated_at: Mapped[datetime] = _updated()


class MatchResult(Base):
    """How one seat finished one match, for stats."""

    __tablename__ = "match_results"
    __table_args__ = (Index("ix_match_results_player_key", "player_key"),)

    match_id: Mapped[int] = _match_key()
    seat: Mapped[int] = _number_key()
    player_key: Mapped[str] = mapped_column(String(64))
    rank: Mapped[int] = mapped_column(Integer)
    score: Mapped[float | None] = mapped_column(Float)
    rating_change: Mapped[int | None] = mapped_column(Integer)
    """How the player's shown rating moved with this match (null before revision 0005)."""
