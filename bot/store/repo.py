"""Repositories: async operations over the tables, returning plain frozen rows.

Every method opens its own short session from the sessionmaker and commits
before returning, so a returned write is durable. ORM objects never leave this
module.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any, Final, NamedTuple, TypeVar

from sqlalchemy import Select, delete, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.store.db import make_engine, make_sessionmaker, upgrade_engine
from bot.store.errors import ConcurrencyConflict, NotFound
from bot.store.models import (
    Base,
    GuildSettings,
    Match,
    MatchEvent,
    MatchSeat,
    MatchSnapshot,
    UserPrefs,
    utcnow,
)

Sessions = async_sessionmaker[AsyncSession]
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
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    result: dict[str, Any] | None


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


class NewSeat(NamedTuple):
    """A seat to create with `MatchRepository.set_seats` (a plain 4-tuple works too)."""

    seat: int
    user_id: int | None
    ai_level: str | None
    display_name: str


class NewEvent(NamedTuple):
    """A step to log with `MatchRepository.append_events` (a plain 3-tuple works too)."""

    seat: int
    action: str
    events: list[dict[str, Any]]


MATCH_FIELDS: Final = frozenset(
    {
        "status",
        "channel_id",
        "thread_id",
        "table_message_id",
        "lobby_message_id",
        "options",
        "seed",
        "rules_version",
        "host_user_id",
        "turn_deadline",
        "result",
        "finished_at",
    }
)
"""Columns `update_match` may change; `version` only moves through `append_events`."""
SEAT_FIELDS: Final = frozenset({"user_id", "ai_level", "display_name", "status"})


class MatchRepository:
    """Matches, their seats, their event log and state snapshots."""

    def __init__(self, sessions: Sessions) -> None:
        self._sessions = sessions

    async def create_match(
        self,
        guild_id: int | None,
        channel_id: int,
        game: str,
        rules_version: int,
        options: dict[str, Any],
        seed: int,
        host_user_id: int,
        status: str = "lobby",
    ) -> int:
        """Insert a match at version 0 and return its id."""
        match = Match(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            rules_version=rules_version,
            options=options,
            seed=seed,
            host_user_id=host_user_id,
            status=status,
            version=0,
        )
        async with self._sessions() as session, session.begin():
            session.add(match)
        return match.id

    async def get_match(self, match_id: int) -> MatchRow | None:
        """Return the match, or None."""
        async with self._sessions() as session:
            match = await session.get(Match, match_id)
        return None if match is None else _row(MatchRow, match)

    async def update_match(
        self, match_id: int, *, expect_status: str | None = None, **values: Any
    ) -> None:
        """Change some columns of a match (see MATCH_FIELDS).

        With `expect_status`, change it only if its status is still that one, else
        raise ConcurrencyConflict (e.g. two hosts pressing Start at once).
        """
        _check_fields(values, MATCH_FIELDS)
        query = update(Match).where(Match.id == match_id).values(**values)
        if expect_status is not None:
            query = query.where(Match.status == expect_status)
        async with self._sessions() as session, session.begin():
            if await _rowcount(session, query) == 1:
                return
            current = await session.scalar(select(Match.status).where(Match.id == match_id))
        if current is None or expect_status is None:
            raise NotFound(f"no match {match_id}")
        raise ConcurrencyConflict(match_id, expect_status, current)

    async def list_matches(
        self,
        guild_id: int | None = None,
        status: str | Iterable[str] | None = None,
        *,
        channel_id: int | None = None,
        limit: int | None = None,
    ) -> list[MatchRow]:
        """List matches, newest first, filtered by guild, status(es) and channel."""
        query = select(Match).order_by(Match.id.desc()).limit(limit)
        if guild_id is not None:
            query = query.where(Match.guild_id == guild_id)
        if channel_id is not None:
            query = query.where(Match.channel_id == channel_id)
        if status is not None:
            statuses = [status] if isinstance(status, str) else list(status)
            query = query.where(Match.status.in_(statuses))
        return await self._select(MatchRow, query)

    async def due_matches(self, now: datetime) -> list[MatchRow]:
        """List active matches whose turn deadline has passed, earliest first."""
        query = (
            select(Match)
            .where(Match.status == "active", Match.turn_deadline <= now)
            .order_by(Match.turn_deadline)
        )
        return await self._select(MatchRow, query)

    async def set_seats(
        self, match_id: int, seats: Iterable[tuple[int, int | None, str | None, str]]
    ) -> None:
        """Replace all seats of a match."""
        rows = [
            {"match_id": match_id, "seat": s, "user_id": u, "ai_level": a, "display_name": n}
            for s, u, a, n in seats
        ]
        async with self._sessions() as session, session.begin():
            await session.execute(delete(MatchSeat).where(MatchSeat.match_id == match_id))
            if rows:
                await session.execute(insert(MatchSeat), rows)

    async def get_seats(self, match_id: int) -> list[SeatRow]:
        """Return the seats of a match ordered by seat number."""
        query = select(MatchSeat).where(MatchSeat.match_id == match_id).order_by(MatchSeat.seat)
        return await self._select(SeatRow, query)

    async def update_seat(self, match_id: int, seat: int, **values: Any) -> None:
        """Change some columns of one seat (see SEAT_FIELDS); NotFound if it does not exist."""
        _check_fields(values, SEAT_FIELDS)
        query = (
            update(MatchSeat)
            .where(MatchSeat.match_id == match_id, MatchSeat.seat == seat)
            .values(**values)
        )
        async with self._sessions() as session, session.begin():
            if await _rowcount(session, query) != 1:
                raise NotFound(f"match {match_id} has no seat {seat}")

    async def append_events(
        self,
        match_id: int,
        expected_version: int,
        rows: Sequence[tuple[int, str, list[dict[str, Any]]]],
    ) -> int:
        """Log steps as seq expected_version+1.. and bump the version, atomically.

        Raises ConcurrencyConflict (and writes nothing) if the match is no longer
        at `expected_version`, NotFound if there is no such match. The new version
        is committed before it is returned.
        """
        if not rows:
            raise ValueError("append_events needs at least one row")
        new_version = expected_version + len(rows)
        bump = (
            update(Match)
            .where(Match.id == match_id, Match.version == expected_version)
            .values(version=new_version)
        )
        events = _event_values(match_id, expected_version, rows)
        try:
            async with self._sessions() as session, session.begin():
                # Write first: the UPDATE takes SQLite's write lock (or Postgres's row
                # lock) before anything is read, so a loser waits, then sees the new
                # version instead of failing on a stale snapshot.
                if await _rowcount(session, bump) != 1:
                    actual = await _version(session, match_id)
                    raise ConcurrencyConflict(match_id, expected_version, actual)
                await session.execute(insert(MatchEvent), events)
        except IntegrityError as exc:
            raise ConcurrencyConflict(match_id, expected_version, None) from exc
        return new_version

    async def load_events(self, match_id: int, after_seq: int = 0) -> list[EventRow]:
        """Return the events with seq > after_seq, in order."""
        query = (
            select(MatchEvent)
            .where(MatchEvent.match_id == match_id, MatchEvent.seq > after_seq)
            .order_by(MatchEvent.seq)
        )
        return await self._select(EventRow, query)

    async def last_events(self, match_id: int, limit: int) -> list[EventRow]:
        """Return the `limit` most recent events, oldest first."""
        query = (
            select(MatchEvent)
            .where(MatchEvent.match_id == match_id)
            .order_by(MatchEvent.seq.desc())
            .limit(limit)
        )
        return list(reversed(await self._select(EventRow, query)))

    async def save_snapshot(self, match_id: int, seq: int, state: bytes) -> None:
        """Store the encoded state after `seq` steps (replacing one at the same seq)."""
        async with self._sessions() as session, session.begin():
            await _upsert(
                session,
                MatchSnapshot,
                {"match_id": match_id, "seq": seq, "state": state, "created_at": utcnow()},
                keys=("match_id", "seq"),
            )

    async def latest_snapshot(
        self, match_id: int, max_seq: int | None = None
    ) -> tuple[int, bytes] | None:
        """Return (seq, state) of the newest snapshot (at or before max_seq), or None."""
        query = (
            select(MatchSnapshot.seq, MatchSnapshot.state)
            .where(MatchSnapshot.match_id == match_id)
            .order_by(MatchSnapshot.seq.desc())
            .limit(1)
        )
        if max_seq is not None:
            query = query.where(MatchSnapshot.seq <= max_seq)
        async with self._sessions() as session:
            found = (await session.execute(query)).first()
        return None if found is None else (found.seq, found.state)

    async def _select(self, row_type: type[Row], query: Select[Any]) -> list[Row]:
        async with self._sessions() as session:
            objects = (await session.scalars(query)).all()
        return [_row(row_type, obj) for obj in objects]


class SettingsRepository:
    """Guild settings and user preferences, each a JSON dict of overrides."""

    def __init__(self, sessions: Sessions) -> None:
        self._sessions = sessions

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        """Return the guild's stored settings ({} if none)."""
        async with self._sessions() as session:
            found = await session.get(GuildSettings, guild_id)
        return {} if found is None else dict(found.settings)

    async def set_guild_settings(
        self, guild_id: int, settings: dict[str, Any], updated_by: int | None = None
    ) -> None:
        """Replace the guild's settings, recording who changed them."""
        values = {
            "guild_id": guild_id,
            "settings": settings,
            "updated_by": updated_by,
            "updated_at": utcnow(),
        }
        async with self._sessions() as session, session.begin():
            await _upsert(session, GuildSettings, values, keys=("guild_id",))

    async def get_user_prefs(self, user_id: int) -> dict[str, Any]:
        """Return the user's stored preferences ({} if none)."""
        async with self._sessions() as session:
            found = await session.get(UserPrefs, user_id)
        return {} if found is None else dict(found.prefs)

    async def set_user_prefs(self, user_id: int, prefs: dict[str, Any]) -> None:
        """Replace the user's preferences."""
        values = {"user_id": user_id, "prefs": prefs, "updated_at": utcnow()}
        async with self._sessions() as session, session.begin():
            await _upsert(session, UserPrefs, values, keys=("user_id",))


class Store:
    """The engine plus the repositories built on it: what the app layer is handed."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.sessions: Sessions = make_sessionmaker(engine)
        self.matches = MatchRepository(self.sessions)
        self.settings = SettingsRepository(self.sessions)

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True) -> Store:
        """Connect to `url`, upgrading the schema to head first unless told not to."""
        engine = make_engine(url)
        if migrate:
            await upgrade_engine(engine)
        return cls(engine)

    async def close(self) -> None:
        """Close every pooled connection."""
        await self.engine.dispose()


def _row(row_type: type[Row], obj: Base) -> Row:
    """Copy an ORM object into a frozen row dataclass."""
    names = [f.name for f in fields(row_type)]  # type: ignore[arg-type]
    return row_type(**{name: getattr(obj, name) for name in names})


def _check_fields(values: dict[str, Any], allowed: frozenset[str]) -> None:
    unknown = set(values) - allowed
    if unknown:
        raise TypeError(f"cannot update {', '.join(sorted(unknown))}")
    if not values:
        raise TypeError("nothing to update")


def _event_values(
    match_id: int, expected_version: int, rows: Sequence[tuple[int, str, list[dict[str, Any]]]]
) -> list[dict[str, Any]]:
    now = utcnow()
    return [
        {
            "match_id": match_id,
            "seq": expected_version + i,
            "seat": seat,
            "action": action,
            "events": events,
            "created_at": now,
        }
        for i, (seat, action, events) in enumerate(rows, start=1)
    ]


async def _rowcount(session: AsyncSession, query: Any) -> int:
    """Execute a Core UPDATE/DELETE and return how many rows it matched."""
    result = await session.execute(query, execution_options={"synchronize_session": False})
    return int(result.rowcount)  # type: ignore[attr-defined]


async def _version(session: AsyncSession, match_id: int) -> int:
    """Return a match's current version; NotFound if there is no such match."""
    version = await session.scalar(select(Match.version).where(Match.id == match_id))
    if version is None:
        raise NotFound(f"no match {match_id}")
    return version


async def _upsert(
    session: AsyncSession, model: type[Base], values: dict[str, Any], keys: tuple[str, ...]
) -> None:
    """INSERT ... ON CONFLICT (keys) DO UPDATE, for SQLite and PostgreSQL."""
    dialect = session.get_bind().dialect.name
    insert_for = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}.get(dialect)
    if insert_for is None:
        raise NotImplementedError(f"upsert on {dialect}")
    query = insert_for(model).values(**values)
    changes = {name: query.excluded[name] for name in values if name not in keys}
    await session.execute(query.on_conflict_do_update(index_elements=list(keys), set_=changes))
