"""The match repository: matches, seats, the event log and snapshots.

Every method opens its own short session and commits before returning, so a
returned write is durable. ORM objects never leave the storage package; callers
get the frozen rows of `bot.store.rows`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Final, TypeVar, cast

from sqlalchemy import (
    JSON,
    Connection,
    Integer,
    LargeBinary,
    Select,
    Table,
    bindparam,
    case,
    delete,
    false,
    func,
    insert,
    literal_column,
    or_,
    select,
    type_coerce,
    update,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import InstrumentedAttribute

from bot.store.errors import ConcurrencyConflict, NotFound
from bot.store.models import (
    Match,
    MatchDmView,
    MatchEvent,
    MatchNote,
    MatchResult,
    MatchSeat,
    MatchSnapshot,
    utcnow,
)
from bot.store.rows import (
    DmViewRow,
    EventRow,
    MatchRow,
    NewEvent,
    NewMatch,
    NewNote,
    NewSeat,
    NoteRow,
    Row,
    SeatRow,
    Standing,
    to_row,
)
from bot.store.sql import Prepared, Sessions, check_fields, prepared, upsert_on
from bot.store.stats import Finish, record_results_on
from bot.store.writer import GroupWriter, writer_for

# The row types are re-exported: callers import them from here as well.
__all__ = [
    "Changes",
    "EventRow",
    "Extras",
    "Finish",
    "Loaded",
    "MatchRepository",
    "MatchRow",
    "NewEvent",
    "NewMatch",
    "NewNote",
    "NewSeat",
    "NoteRow",
    "Opening",
    "SeatRow",
    "Shards",
]

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
        "reminder_at",
        "turn_seconds",
        "paused",
        "result",
        "finished_at",
        "ai_to_act",
        "repair_check",
    }
)
"""Columns `update_match` may change; `version` only moves through `append_events`."""
SEAT_FIELDS: Final = frozenset({"user_id", "ai_level", "display_name", "status", "timeouts"})
T = TypeVar("T")
OPEN_STATUSES: Final = ("lobby", "active")
"""Statuses of matches that count against limits and carry timers."""


@dataclass(frozen=True)
class Shards:
    """The Discord shards one process runs: background work is done for their guilds only.

    A guild belongs to shard `(guild_id >> 22) % count` (Discord's formula); a
    match without a guild belongs to shard 0.
    """

    count: int
    ids: frozenset[int]

    @property
    def everything(self) -> bool:
        """Tell whether these are all the shards (no filter needed)."""
        return self.ids >= frozenset(range(self.count))

    def owns(self, guild_id: int | None) -> bool:
        """Tell whether a guild's matches belong to these shards."""
        return ((guild_id or 0) >> 22) % self.count in self.ids

    def where(self, query: Any) -> Any:
        """Restrict a query on matches to these shards' guilds (in SQL, on the guild id)."""
        if self.everything:
            return query
        # A literal shift count: PostgreSQL has `bigint >> integer`, not `bigint >> bigint`.
        shard = func.coalesce(Match.guild_id, 0).op(">>")(literal_column("22"))
        shard = shard.op("%")(literal_column(str(int(self.count))))
        return query.where(shard.in_(sorted(self.ids)))


ALL_SHARDS: Final = Shards(1, frozenset({0}))


class MatchRepository:
    """Matches, their seats, their event log and state snapshots."""

    def __init__(self, sessions: Sessions) -> None:
        self._sessions = sessions
        self._engine: AsyncEngine = sessions.kw["bind"]
        self._group: GroupWriter | None = None

    @property
    def _writer(self) -> GroupWriter:
        # Kept: looking the engine up in the writers' weak dictionary costs a few
        # microseconds per write, on every move.
        group = self._group
        if group is None or group.closed:
            group = self._group = writer_for(self._engine)
        return group

    async def load_match(self, match_id: int, recent: int = 12, notes: int = 6) -> Loaded | None:
        """Read all a cold load needs in one statement (one thread hop on SQLite, one
        round trip on PostgreSQL).

        The match, its seats, the latest snapshot, the log after it, and the
        `recent` last events and `notes` last notes for the table's recent moves.
        """
        return await self._writer.read(lambda c: _load_on(c, match_id, recent, notes), single=True)

    async def create_match(self, match: NewMatch) -> int:
        """Insert a match at version 0 (and its first seats, in the same transaction)."""
        values, rows = match.values(), _seat_values(0, match.seats)
        row, _seats = await self._writer.write(lambda c: _insert_match_on(c, values, rows))
        return row.id

    async def open_lobby(
        self, match: NewMatch, *, room: Callable[[int, int], None] | None = None
    ) -> tuple[MatchRow, list[SeatRow]]:
        """Insert a lobby with its first seats; return it as stored, in one transaction.

        `room(in_guild, in_channel)` is first told how many lobbies and active
        matches the guild and the channel hold, inside the write transaction, and
        may raise to refuse (a limit reached): then nothing is written.
        """
        if match.status != "lobby":
            raise ValueError(f"open_lobby opens a lobby, not a {match.status!r} match")
        values, rows = match.values(), _seat_values(0, match.seats)

        def work(connection: Connection) -> tuple[MatchRow, list[SeatRow]]:
            if room is not None:
                room(*_count_open_on(connection, match.guild_id, match.channel_id))
            return _insert_match_on(connection, values, rows)

        return await self._writer.write(work)

    async def open_rematch(
        self, match: NewMatch, *, room: Callable[[int, int], None] | None = None
    ) -> tuple[int, bool]:
        """Insert a rematch lobby of `match.rematch_of` unless one is open; return the open
        one's id and whether this call opened it.

        Looking for an open one, `room` (as for `open_lobby`, asked only when none is
        open: finding one adds no lobby) and inserting are one transaction; the unique
        index over open rematch lobbies refuses the second of two processes inserting
        at once, which then finds the first one's lobby.
        """
        old = match.rematch_of
        if old is None or match.status != "lobby":
            raise ValueError("open_rematch opens a lobby with rematch_of set")
        values, rows = match.values(), _seat_values(0, match.seats)

        def work(connection: Connection) -> tuple[int, bool]:
            found = connection.execute(_OPEN_REMATCH, {"old": old}).scalar()
            if found is not None:
                return found, False
            if room is not None:
                room(*_count_open_on(connection, match.guild_id, match.channel_id))
            return _insert_match_on(connection, values, rows)[0].id, True

        try:
            return await self._writer.write(work)
        except IntegrityError:
            found = await self._writer.read(
                lambda c: c.execute(_OPEN_REMATCH, {"old": old}).scalar()
            )
            if found is None:
                raise
            return found, False

    async def change_lobby(
        self,
        match_id: int,
        change: Callable[
            [MatchRow, list[SeatRow]],
            tuple[list[tuple[int, int | None, str | None, str]] | None, dict[str, Any] | None],
        ],
        notes: Sequence[NewNote] = (),
    ) -> tuple[MatchRow, list[SeatRow]]:
        """Read a match and its seats, change them, and return them as stored: one transaction.

        `change(row, seats)` runs inside the write transaction (the match row
        locked) and returns the new seats and the match's columns to change
        (options, host; see MATCH_FIELDS), either None when unchanged; it may
        raise to refuse, and then nothing is written. NotFound: no such match. The
        `notes` (entries of the match log) are written in the same transaction.
        """

        def work(connection: Connection) -> tuple[MatchRow, list[SeatRow]]:
            found = _lobby_on(connection, match_id, lock=True)
            if found is None:
                raise NotFound(f"no match {match_id}")
            seats, values = change(*found)
            rows = None if seats is None else _seat_values(match_id, seats)
            row, stored = _set_seats_on(connection, match_id, rows, values)
            _seats_and_notes_on(connection, match_id, {}, notes)
            return row or found[0], found[1] if stored is None else stored

        return await self._writer.write(work)

    async def begin_match(
        self, match_id: int, plan: Callable[[Loaded], tuple[Opening, T]], notes: int = 6
    ) -> T:
        """Start a lobby in one transaction: read it, plan the opening, write it.

        `plan(loaded)` gets the lobby as a cold load reads it (with its `notes`
        last notes), inside the write transaction, the match row locked and its
        status still "lobby"; it returns the opening to store (the first steps,
        the columns to change) and what to hand back. Raises ConcurrencyConflict
        if the match is no longer a lobby, NotFound if there is no such match;
        `plan` may raise to refuse, and nothing is written.
        """

        def work(connection: Connection) -> T:
            loaded = _load_on(connection, match_id, 0, notes, lock=True)
            if loaded is None:
                raise NotFound(f"no match {match_id}")
            if loaded.row.status != "lobby":
                raise ConcurrencyConflict(match_id, "lobby", loaded.row.status)
            opening, handed = plan(loaded)
            if opening.rows:
                extras = replace(opening.extras, expect_status="lobby")
                _append_unit(match_id, 0, opening.rows, extras)(connection)
            else:
                values = opening.extras.values
                check_fields(values, MATCH_FIELDS)
                query = (
                    update(_MATCHES)
                    .where(_MATCHES.c.id == match_id, _MATCHES.c.status == "lobby")
                    .values(**values)
                )
                if connection.execute(query).rowcount != 1:
                    raise ConcurrencyConflict(match_id, "lobby", None)
            return handed

        return await self._writer.write(work)

    async def match_and_seats(self, match_id: int) -> tuple[MatchRow, list[SeatRow]] | None:
        """Return a match and its seats, read in one transaction (None: no such match)."""
        loaded = await self.load_match(match_id, recent=0, notes=0)
        return None if loaded is None else (loaded.row, loaded.seats)

    async def get_match(self, match_id: int) -> MatchRow | None:
        """Return the match, or None."""
        async with self._sessions() as session:
            match = await session.get(Match, match_id)
        return None if match is None else to_row(MatchRow, match)

    async def update_match(
        self, match_id: int, *, expect_status: str | None = None, **values: Any
    ) -> None:
        """Change some columns of a match (see MATCH_FIELDS).

        With `expect_status`, change it only if its status is still that one, else
        raise ConcurrencyConflict (e.g. two hosts pressing Start at once).
        """
        check_fields(values, MATCH_FIELDS)
        query = update(Match).where(Match.id == match_id).values(**values)
        if expect_status is not None:
            query = query.where(Match.status == expect_status)

        def work(connection: Connection) -> None:
            if connection.execute(query).rowcount == 1:
                return
            current = connection.scalar(select(Match.status).where(Match.id == match_id))
            if current is None or expect_status is None:
                raise NotFound(f"no match {match_id}")
            raise ConcurrencyConflict(match_id, expect_status, current)

        await self._writer.write(work)

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

    async def seated_matches(self, channel_id: int, user_id: int) -> list[int]:
        """List the active matches of a channel (or its thread) where a member plays a seat,
        newest first: one indexed read, however many matches are stored."""
        query = (
            select(Match.id)
            .join(MatchSeat, MatchSeat.match_id == Match.id)
            .where(
                MatchSeat.user_id == user_id,
                MatchSeat.status == "playing",
                Match.status == "active",
                (Match.channel_id == channel_id) | (Match.thread_id == channel_id),
            )
            .order_by(Match.id.desc())
        )
        async with self._sessions() as session:
            return list((await session.scalars(query)).all())

    async def due_matches(self, now: datetime) -> list[MatchRow]:
        """List active matches whose turn deadline has passed, earliest first."""
        query = (
            select(Match)
            .where(Match.status == "active", Match.turn_deadline <= now)
            .order_by(Match.turn_deadline)
        )
        return await self._select(MatchRow, query)

    async def timers_due(self, now: datetime, shards: Shards = ALL_SHARDS) -> list[MatchRow]:
        """List lobbies and active matches of these shards whose deadline or reminder has come."""
        query = (
            select(Match)
            .where(
                Match.status.in_(OPEN_STATUSES),
                or_(Match.turn_deadline <= now, Match.reminder_at <= now),
            )
            .order_by(Match.id)
        )
        return await self._select(MatchRow, shards.where(query))

    async def next_timer(self, shards: Shards = ALL_SHARDS) -> datetime | None:
        """Return the earliest deadline or reminder time of a lobby or active match."""
        query = select(func.min(Match.turn_deadline), func.min(Match.reminder_at)).where(
            Match.status.in_(OPEN_STATUSES)
        )
        async with self._sessions() as session:
            found = (await session.execute(shards.where(query))).one()
        times = [_aware(t) for t in found if t is not None]
        return min(times) if times else None

    async def ai_due(self, shards: Shards = ALL_SHARDS) -> list[int]:
        """List active, unpaused matches of these shards where an AI seat is to act."""
        query = select(Match.id).where(
            Match.status == "active", Match.ai_to_act.is_(True), Match.paused.is_(False)
        )
        async with self._sessions() as session:
            return list((await session.scalars(shards.where(query).order_by(Match.id))).all())

    async def to_check(self, shards: Shards = ALL_SHARDS) -> list[int]:
        """List matches of these shards flagged for one repair check."""
        query = select(Match.id).where(Match.repair_check.is_(True))
        async with self._sessions() as session:
            return list((await session.scalars(shards.where(query).order_by(Match.id))).all())

    async def claim(self, match_id: int, owner: str, now: datetime, until: datetime) -> bool:
        """Take (or renew) the lease on a match's background work; False if another holds it."""
        query = (
            update(Match)
            .where(
                Match.id == match_id,
                or_(
                    Match.lease_until.is_(None),
                    Match.lease_until < now,
                    Match.lease_owner == owner,
                ),
            )
            .values(lease_owner=owner, lease_until=until)
        )
        return await self._writer.write(lambda c: c.execute(query).rowcount == 1)

    async def release(self, match_id: int, owner: str) -> None:
        """Give a lease back, if this owner holds it."""
        query = (
            update(Match)
            .where(Match.id == match_id, Match.lease_owner == owner)
            .values(lease_owner=None, lease_until=None)
        )
        await self._writer.write(lambda c: c.execute(query).rowcount)

    async def standing_of(self, match_id: int) -> Standing | None:
        """Return a match's stored version, pause, status, seating and host (None: no such
        match): what a match held in memory is checked against when other processes write
        it too."""
        found = await self._writer.read(
            lambda c: c.execute(_STANDING_OF, {"match_id": match_id}).first(), single=True
        )
        return None if found is None else Standing(*found)

    async def add_note(
        self, match_id: int, seq: int, kind: str, text: str, user_id: int | None = None
    ) -> None:
        """Append an entry to the match log (moderation, timeouts)."""
        await self.change_match(match_id, Changes(notes=(NewNote(seq, kind, text, user_id),)))

    async def change_match(
        self, match_id: int, changes: Changes, expect_status: str | None = None
    ) -> int:
        """Write changes made outside the log (see `Changes`) in one transaction; return the
        match's `seating`, counted once more if a seat changed. NotFound if there is no
        such match or seat.

        With `changes.expect` (the standing they were worked out on), or `expect_status`,
        write only if the match is still so, else raise ConcurrencyConflict and write
        nothing (another process moved, reseated, paused or ended it meanwhile).
        """
        expect = changes.expect
        if changes.values:
            check_fields(changes.values, MATCH_FIELDS)
        for seat_values in changes.seats.values():
            check_fields(seat_values, SEAT_FIELDS)
        query = update(Match).where(Match.id == match_id, *_still(expect, expect_status))
        checked = expect is not None or expect_status is not None
        query = query.values(**(changes.values or {"updated_at": utcnow()}))

        def work(connection: Connection) -> int:
            if (changes.values or checked) and connection.execute(query).rowcount != 1:
                found = connection.scalar(select(Match.version).where(Match.id == match_id))
                if found is None:
                    raise NotFound(f"no match {match_id}")
                raise ConcurrencyConflict(match_id, expect.version if expect else "", found)
            _seats_and_notes_on(connection, match_id, changes.seats, changes.notes)
            if changes.seats:
                return int(connection.scalar(_COUNT_SEATING, {"match_id": match_id}))
            found = connection.scalar(select(Match.seating).where(Match.id == match_id))
            if found is None:
                raise NotFound(f"no match {match_id}")
            return int(found)

        return await self._writer.write(work)

    async def notes(self, match_id: int, limit: int | None = None) -> list[NoteRow]:
        """Return the match log entries (the latest `limit`), oldest first."""
        return await self._latest(NoteRow, MatchNote, MatchNote.id, match_id, limit)

    async def keep_dm_view(self, view: DmViewRow) -> DmViewRow | None:
        """Store a member's latest private view sent by DM; return the one it replaces, if any
        (read and replaced in one transaction)."""
        values = {f: getattr(view, f) for f in _DM_VIEW_FIELDS}
        mine = (MatchDmView.match_id == view.match_id) & (MatchDmView.user_id == view.user_id)

        def work(connection: Connection) -> DmViewRow | None:
            found = connection.execute(select(*_DM_VIEW_COLUMNS).where(mine)).first()
            upsert_on(connection, MatchDmView, values, keys=("match_id", "user_id"))
            return None if found is None else DmViewRow(**found._asdict())

        return await self._writer.write(work)

    async def dm_views(self, match_id: int) -> list[DmViewRow]:
        """Return the private views of a match sent by DM, by member."""
        query = (
            select(MatchDmView)
            .where(MatchDmView.match_id == match_id)
            .order_by(MatchDmView.user_id)
        )
        return await self._select(DmViewRow, query)

    async def drop_dm_views(
        self, match_id: int, user_id: int | None = None, message_id: int | None = None
    ) -> None:
        """Forget a match's DM views: all, one member's, or one member's if still that message."""
        query = delete(MatchDmView).where(MatchDmView.match_id == match_id)
        if user_id is not None:
            query = query.where(MatchDmView.user_id == user_id)
        if message_id is not None:
            query = query.where(MatchDmView.message_id == message_id)
        await self._writer.write(lambda c: c.execute(query).rowcount)

    async def set_seats(
        self,
        match_id: int,
        seats: Iterable[tuple[int, int | None, str | None, str]],
        *,
        options: dict[str, Any] | None = None,
    ) -> None:
        """Replace all seats of a match (and its options, in the same transaction)."""
        rows = _seat_values(match_id, seats)
        values = None if options is None else {"options": options}
        await self._writer.write(lambda c: _set_seats_on(c, match_id, rows, values))

    async def get_seats(self, match_id: int) -> list[SeatRow]:
        """Return the seats of a match ordered by seat number."""
        query = select(MatchSeat).where(MatchSeat.match_id == match_id).order_by(MatchSeat.seat)
        return await self._select(SeatRow, query)

    async def update_seat(self, match_id: int, seat: int, **values: Any) -> int:
        """Change some columns of one seat (see SEAT_FIELDS) and count the change in the
        match's `seating`, in one transaction; return the new count. NotFound if there is
        no such seat."""
        check_fields(values, SEAT_FIELDS)

        def work(connection: Connection) -> int:
            _update_seat_on(connection, match_id, seat, values)
            return int(connection.scalar(_COUNT_SEATING, {"match_id": match_id}))

        return await self._writer.write(work)

    async def append_events(
        self,
        match_id: int,
        expected_version: int,
        rows: Sequence[tuple[int, str, Any]],
        extras: Extras | None = None,
    ) -> int:
        """Log steps as seq expected_version+1.. and bump the version, in one transaction.

        The same transaction writes the `extras` (see `Extras`). Raises
        ConcurrencyConflict (and writes nothing) if the match is no longer at
        `expected_version`, NotFound if there is no such match. Everything is
        committed before the new version is returned.
        """
        append = _append_unit(match_id, expected_version, rows, extras or NO_EXTRAS)
        await self._writer.write(append)
        return append.new_version

    async def finish_match(
        self, match_id: int, finish: Finish, changes: Changes | None = None
    ) -> bool:
        """Mark an active match finished with its results and ratings, in one transaction.

        For an end decided outside the log (forfeits). The same transaction writes
        the `changes` that decided it (the forfeit). False, and nothing written, if
        it was not active (or no longer stands as `changes.expect`).
        """
        changes = changes or NO_CHANGES
        finished = {
            "status": "finished",
            "result": finish.result,
            "finished_at": utcnow(),
            "turn_deadline": None,
            "reminder_at": None,
        }
        values = {**changes.values, **finished}
        still = _still(changes.expect, "active")
        query = update(Match).where(Match.id == match_id, *still).values(values)

        def work(connection: Connection) -> bool:
            if connection.execute(query).rowcount != 1:
                return False
            _seats_and_notes_on(connection, match_id, changes.seats, changes.notes)
            if finish.rate is not None:
                record_results_on(
                    connection, match_id, finish.game, finish.results, finish.rate, finish.change
                )
            return True

        return await self._writer.write(work)

    async def record_results(self, match_id: int, finish: Finish) -> bool:
        """Give a finished match its results and ratings, once; False if it had them."""
        rate = finish.rate
        if rate is None:
            return False
        try:
            return await self._writer.write(
                lambda c: record_results_on(
                    c, match_id, finish.game, finish.results, rate, finish.change
                )
            )
        except IntegrityError:
            return False  # recorded by another process meanwhile

    async def finished_without_results(self, shards: Shards = ALL_SHARDS) -> list[MatchRow]:
        """List finished matches with an outcome but no result rows (a crash's leftovers)."""
        recorded = select(MatchResult.match_id).where(MatchResult.match_id == Match.id)
        query = (
            select(Match)
            .where(Match.status == "finished", Match.result.is_not(None), ~recorded.exists())
            .order_by(Match.id)
        )
        return await self._select(MatchRow, shards.where(query))

    async def active_ids(
        self, *, version: int | None = None, shards: Shards = ALL_SHARDS
    ) -> list[int]:
        """List the ids of active matches (at this version, if given), oldest first."""
        query = select(Match.id).where(Match.status == "active").order_by(Match.id)
        if version is not None:
            query = query.where(Match.version == version)
        async with self._sessions() as session:
            return list((await session.scalars(shards.where(query))).all())

    async def seats_since(self, match_id: int, after_seq: int) -> frozenset[int]:
        """Return the seats that took a step of a match after `after_seq` (chance's too)."""
        found = await self._writer.read(
            lambda c: c.scalars(_SEATS_SINCE, {"match_id": match_id, "after": after_seq}).all(),
            single=True,
        )
        return frozenset(int(seat) for seat in found)

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
        return await self._latest(EventRow, MatchEvent, MatchEvent.seq, match_id, limit)

    async def save_snapshot(self, match_id: int, seq: int, state: bytes) -> None:
        """Store the encoded state after `seq` steps (replacing one at the same seq)."""
        values = {"match_id": match_id, "seq": seq, "state": state, "created_at": utcnow()}
        await self._writer.write(
            lambda c: upsert_on(c, MatchSnapshot, values, keys=("match_id", "seq"))
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

    async def _latest(
        self,
        row_type: type[Row],
        model: type[MatchNote | MatchEvent],
        order: InstrumentedAttribute[int],
        match_id: int,
        limit: int | None,
    ) -> list[Row]:
        """The `limit` last rows of one match by `order` (all when None), oldest first."""
        query = select(model).where(model.match_id == match_id).order_by(order.desc()).limit(limit)
        return list(reversed(await self._select(row_type, query)))

    async def _select(self, row_type: type[Row], query: Select[Any]) -> list[Row]:
        async with self._sessions() as session:
            objects = (await session.scalars(query)).all()
        return [to_row(row_type, obj) for obj in objects]


def _seat_values(
    match_id: int, seats: Iterable[tuple[int, int | None, str | None, str]]
) -> list[dict[str, Any]]:
    return [
        {"match_id": match_id, "seat": s, "user_id": u, "ai_level": a, "display_name": n}
        for s, u, a, n in seats
    ]


def _event_values(
    match_id: int, expected_version: int, rows: Sequence[tuple[int, str, Any]]
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


def _count_open_on(
    connection: Connection, guild_id: int | None, channel_id: int
) -> tuple[int, int]:
    """Count a guild's open lobbies and matches, and those of one of its channels."""
    in_channel = func.count().filter(_MATCHES.c.channel_id == channel_id)
    query = select(func.count(), in_channel).where(
        _MATCHES.c.guild_id == guild_id, _MATCHES.c.status.in_(OPEN_STATUSES)
    )
    found = connection.execute(query).one()
    return int(found[0] or 0), int(found[1] or 0)


def _insert_match_on(
    connection: Connection, values: dict[str, Any], seats: list[dict[str, Any]]
) -> tuple[MatchRow, list[SeatRow]]:
    """Insert a match and its first seats; return them as stored (read back by RETURNING)."""
    row = MatchRow(*connection.execute(_INSERT_MATCH_RETURNING, values).one())
    return row, _insert_seats_on(connection, [{**r, "match_id": row.id} for r in seats])


def _set_seats_on(
    connection: Connection,
    match_id: int,
    rows: list[dict[str, Any]] | None,
    values: dict[str, Any] | None,
) -> tuple[MatchRow | None, list[SeatRow] | None]:
    """Replace all seats of a match (None: keep them) and change some of its columns.

    Returns the match row and the seats as stored now, each None if unchanged
    (read back by RETURNING, not by another query).
    """
    seats = None
    if rows is not None:
        connection.execute(_DELETE_SEATS, {"match_id": match_id})
        seats = _insert_seats_on(connection, rows)
    row = None
    if values:
        check_fields(values, MATCH_FIELDS)
        found = connection.execute(_SET_COLUMNS_RETURNING, {"at_id": match_id, **values}).first()
        if found is None:
            raise NotFound(f"no match {match_id}")
        row = MatchRow(*found)
    return row, seats


def _insert_seats_on(connection: Connection, rows: list[dict[str, Any]]) -> list[SeatRow]:
    """Insert seats; return them as stored, in seat order."""
    if not rows:
        return []
    found = connection.execute(_INSERT_SEATS_RETURNING, rows)
    return sorted((SeatRow(*r) for r in found), key=lambda seat: seat.seat)


def _lobby_on(
    connection: Connection, match_id: int, *, lock: bool = False
) -> tuple[MatchRow, list[SeatRow]] | None:
    """Read a match row and its seats (`lock`: FOR UPDATE on the match row, on PostgreSQL)."""
    query = _MATCH_BY_ID_LOCKED if lock else _MATCH_BY_ID
    found = connection.execute(query, {"match_id": match_id}).first()
    if found is None:
        return None
    seats = connection.execute(_SEATS_OF, {"match_id": match_id})
    return MatchRow(*found), [SeatRow(*r) for r in seats]


def _append_unit(
    match_id: int,
    expected_version: int,
    rows: Sequence[tuple[int, str, Any]],
    extras: Extras,
) -> _Append:
    """Check an append's arguments and make the unit that writes it (see append_events)."""
    if not rows:
        raise ValueError("append_events needs at least one row")
    new_version = expected_version + len(rows)
    changes = dict(extras.values)
    finish, seats = extras.finish, extras.seats
    if finish is not None:
        changes.update(
            status="finished",
            result=finish.result,
            finished_at=utcnow(),
            turn_deadline=None,
            reminder_at=None,
        )
    if changes:
        check_fields(changes, MATCH_FIELDS)
    for seat_values in seats.values():
        check_fields(seat_values, SEAT_FIELDS)
    return _Append(
        match_id,
        expected_version,
        new_version,
        changes,
        extras.expect_status,
        _event_values(match_id, expected_version, rows),
        dict(seats),
        extras.snapshot,
        finish,
        extras.seating,
        extras.notes,
    )


def _aware(value: datetime) -> datetime:
    """Tag a naive datetime (SQLite aggregates skip the column type) as UTC."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _update_seat_on(
    connection: Connection, match_id: int, seat: int, values: dict[str, Any]
) -> None:
    check_fields(values, _SEAT_FIELDS)
    found = connection.execute(_SET_SEAT, {"at_match": match_id, "at_seat": seat, **values})
    if found.rowcount != 1:
        raise NotFound(f"match {match_id} has no seat {seat}")


@dataclass(frozen=True)
class Loaded:
    """What a cold load reads: the match, seats, snapshot, log tail, recent events and notes."""

    row: MatchRow
    seats: list[SeatRow]
    snapshot: tuple[int, bytes] | None
    tail: list[EventRow]
    recent: list[EventRow]
    notes: list[NoteRow]


@dataclass(frozen=True)
class Extras:
    """What an append writes besides its steps, in the same transaction."""

    values: dict[str, Any] = field(default_factory=dict)
    """Other columns of the match (the turn deadline, say; see MATCH_FIELDS)."""
    snapshot: bytes | None = None
    """The encoded state after the last step."""
    seats: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Seat columns to change: seat -> values (see SEAT_FIELDS)."""
    finish: Finish | None = None
    """The match is decided: finished, with its outcome, results and rating updates."""
    expect_status: str | None = None
    """The match must also still have this status (a lobby being started)."""
    seating: int = 0
    """The match's `seating` the steps were worked out on: its seats are still those."""
    notes: tuple[NewNote, ...] = ()
    """Entries of the match log written with the steps (a timeout the AI played, say)."""


NO_EXTRAS: Final = Extras()


@dataclass(frozen=True)
class Changes:
    """Changes to a match outside its log that are written together (see change_match)."""

    values: dict[str, Any] = field(default_factory=dict)
    """Columns of the match (see MATCH_FIELDS)."""
    seats: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Seat columns to change: seat -> values (see SEAT_FIELDS)."""
    notes: tuple[NewNote, ...] = ()
    """Entries of the match log."""
    expect: Standing | None = None
    """The match's standing they were worked out on: written only while it still stands so."""


NO_CHANGES: Final = Changes()


def _still(expect: Standing | None, status: str | None) -> list[Any]:
    """The conditions under which a match still stands as `expect` (and has `status`)."""
    found: list[Any] = [] if status is None else [Match.status == status]
    if expect is not None:
        found += [
            Match.version == expect.version,
            Match.seating == expect.seating,
            Match.paused.is_(expect.paused),
            Match.status == expect.status,
        ]
    return found


def _seats_and_notes_on(
    connection: Connection,
    match_id: int,
    seats: dict[int, dict[str, Any]],
    notes: Sequence[NewNote],
) -> None:
    """Change seats and add log entries of a match (its columns are the caller's: each
    writes them in its own UPDATE)."""
    for seat, values in seats.items():
        _update_seat_on(connection, match_id, seat, values)
    if notes:
        rows = [{"match_id": match_id, **note._asdict()} for note in notes]
        connection.execute(insert(MatchNote), rows)


@dataclass(frozen=True)
class Opening:
    """Steps to log and what they write besides: an append, or what starting a lobby stores
    (see MatchRepository.begin_match, where the steps may be empty)."""

    rows: Sequence[tuple[int, str, Any]]
    extras: Extras


_MATCHES: Final = cast(Table, Match.__table__)
_EVENTS: Final = cast(Table, MatchEvent.__table__)
_SEATS: Final = cast(Table, MatchSeat.__table__)
_NOTES: Final = cast(Table, MatchNote.__table__)
_SNAPSHOTS: Final = cast(Table, MatchSnapshot.__table__)
_MATCH_COLUMNS: Final = [Match.__table__.c[f] for f in MatchRow.__slots__]
_SEAT_COLUMNS: Final = [MatchSeat.__table__.c[f] for f in SeatRow.__slots__]
_EVENT_COLUMNS: Final = [MatchEvent.__table__.c[f] for f in EventRow.__slots__]
_NOTE_COLUMNS: Final = [MatchNote.__table__.c[f] for f in NoteRow.__slots__]
_DM_VIEW_FIELDS: Final = DmViewRow.__slots__
_DM_VIEW_COLUMNS: Final = [MatchDmView.__table__.c[f] for f in _DM_VIEW_FIELDS]

# The statements of every move and every lobby step, built once: building a statement
# costs more than SQLAlchemy's cached compilation of it.
_STANDING_COLUMNS: Final = [_MATCHES.c[f] for f in Standing._fields]
_VERSIONS: Final = (
    select(_MATCHES.c.id, *_STANDING_COLUMNS)
    .where(_MATCHES.c.id.in_(bindparam("ids", expanding=True)))
    .order_by(_MATCHES.c.id)
    .with_for_update()
)
"""The stored standing of a batch's matches (see `_Append.fits`), read under the write lock."""
_BUMP: Final = update(_MATCHES).where(
    _MATCHES.c.id == bindparam("at_id"),
    _MATCHES.c.version == bindparam("at_version"),
    _MATCHES.c.seating == bindparam("at_seating"),
    _MATCHES.c.paused.is_(false()),
    _MATCHES.c.status.in_([literal_column(f"'{status}'") for status in OPEN_STATUSES]),
)
"""Move a match to its new version (and set the columns each row of parameters names);
only on the seats the steps were worked out on, never while it is paused or once it is
over, whichever process changed a seat, paused or ended it (`_Append.fits` says the same
for a batch's standing read under the lock)."""
_BUMP_AT_STATUS: Final = _BUMP.where(_MATCHES.c.status == bindparam("at_status"))
"""`_BUMP` only while the match has the status the append expects."""
_SET_SEAT: Final = update(_SEATS).where(
    _SEATS.c.match_id == bindparam("at_match"), _SEATS.c.seat == bindparam("at_seat")
)
"""Change the columns of one seat that the parameters name."""
_SEAT_FIELDS: Final = frozenset(_SEATS.c.keys())
_INSERT_EVENTS: Final = insert(_EVENTS)
_DELETE_SEATS: Final = delete(_SEATS).where(_SEATS.c.match_id == bindparam("match_id"))
_SET_COLUMNS_RETURNING: Final = (
    update(_MATCHES).where(_MATCHES.c.id == bindparam("at_id")).returning(*_MATCH_COLUMNS)
)
"""Change the columns of a match that the parameters name; the row as stored comes back."""
_INSERT_MATCH_RETURNING: Final = insert(_MATCHES).returning(*_MATCH_COLUMNS)
_INSERT_SEATS_RETURNING: Final = insert(_SEATS).returning(*_SEAT_COLUMNS)
"""Insert seats; they come back as stored (server defaults included)."""
_STANDING_OF: Final = select(*_STANDING_COLUMNS).where(_MATCHES.c.id == bindparam("match_id"))
"""What a process sharing the database checks a match in memory against (see Standing)."""
_COUNT_SEATING: Final = (
    update(_MATCHES)
    .where(_MATCHES.c.id == bindparam("match_id"))
    .values(seating=_MATCHES.c.seating + 1)
    .returning(_MATCHES.c.seating)
)
"""Count a change to a match's seats made outside its log."""
_SEATS_SINCE: Final = (
    select(_EVENTS.c.seat)
    .distinct()
    .where(_EVENTS.c.match_id == bindparam("match_id"), _EVENTS.c.seq > bindparam("after"))
)
"""The seats that stepped since a version (the check of a click made on an older table)."""
_MATCH_BY_ID: Final = select(*_MATCH_COLUMNS).where(_MATCHES.c.id == bindparam("match_id"))
_MATCH_BY_ID_LOCKED: Final = _MATCH_BY_ID.with_for_update()
_OPEN_REMATCH: Final = select(_MATCHES.c.id).where(
    _MATCHES.c.rematch_of == bindparam("old"), _MATCHES.c.status == "lobby"
)
_SEATS_OF: Final = (
    select(*_SEAT_COLUMNS).where(_SEATS.c.match_id == bindparam("match_id")).order_by(_SEATS.c.seat)
)


def _load_on(
    connection: Connection, match_id: int, recent: int, notes: int, *, lock: bool = False
) -> Loaded | None:
    """Read a match for a cold load in one statement (one round trip on PostgreSQL).

    The match row comes with its seats, the latest snapshot, the log after it
    (and the `recent` last steps) and the `notes` last notes, each gathered by
    a subquery: the rows as a JSON array, the snapshot as two scalars. With
    `lock`, the match row is read FOR UPDATE (PostgreSQL; SQLite's write
    transactions hold the database lock already).
    """
    query = _load_statement(connection.dialect.name, lock)
    found = connection.execute(
        query, {"match_id": match_id, "recent": recent, "notes": notes}
    ).first()
    if found is None:
        return None
    width = len(_MATCH_COLUMNS)
    row = MatchRow(*found[:width])
    seats_json, snapshot_seq, snapshot_state, events_json, notes_json = found[width:]
    seats = sorted((_seat_of(s) for s in seats_json or ()), key=lambda r: r.seat)
    events = sorted((_event_of(e) for e in events_json or ()), key=lambda r: r.seq)
    after = 0 if snapshot_seq is None else int(snapshot_seq)
    latest = sorted(notes_json or (), key=lambda n: n["id"])
    return Loaded(
        row=row,
        seats=seats,
        snapshot=None if snapshot_seq is None else (after, bytes(snapshot_state)),
        tail=[e for e in events if e.seq > after],
        recent=events[-recent:] if recent else [],
        notes=[_note_of(n) for n in latest],
    )


_LOAD_STATEMENTS: dict[tuple[str, bool], Any] = {}


def _load_statement(dialect: str, lock: bool) -> Any:
    """Return the cold load's one statement for a dialect, built once (see _load_on)."""
    found = _LOAD_STATEMENTS.get((dialect, lock))
    if found is None:
        found = _LOAD_STATEMENTS[(dialect, lock)] = _build_load(dialect, lock)
    return found


def _build_load(dialect: str, lock: bool) -> Any:
    match_id = bindparam("match_id", type_=Integer)
    snaps = _SNAPSHOTS
    latest = (
        select(snaps.c.seq, snaps.c.state)
        .where(snaps.c.match_id == match_id)
        .order_by(snaps.c.seq.desc())
        .limit(1)
        .subquery("latest")
    )
    snapshot_seq = select(latest.c.seq).scalar_subquery()
    snapshot_state = select(latest.c.state).scalar_subquery()
    # The tail after the snapshot and the recent steps overlap: one array holds both.
    stored = _MATCHES.alias("stored")
    version = select(stored.c.version).where(stored.c.id == match_id).scalar_subquery()
    tail_from = func.coalesce(snapshot_seq, 0)
    recent_from = version - bindparam("recent", type_=Integer)
    since = case((tail_from < recent_from, tail_from), else_=recent_from)
    seats = select(*_SEAT_COLUMNS).where(_SEATS.c.match_id == match_id).subquery("seats")
    events = (
        select(*_EVENT_COLUMNS)
        .where(_EVENTS.c.match_id == match_id, _EVENTS.c.seq > since)
        .subquery("events")
    )
    notes = (
        select(_NOTES.c.id, *_NOTE_COLUMNS)
        .where(_NOTES.c.match_id == match_id)
        .order_by(_NOTES.c.id.desc())
        .limit(bindparam("notes", type_=Integer))
        .subquery("notes")
    )
    query = select(
        *_MATCH_COLUMNS,
        _json_rows(dialect, seats),
        type_coerce(snapshot_seq, Integer),
        type_coerce(snapshot_state, LargeBinary),
        _json_rows(dialect, events, json=("events",)),
        _json_rows(dialect, notes),
    ).where(_MATCHES.c.id == match_id)
    return query.with_for_update(of=_MATCHES) if lock else query


def _json_rows(dialect: str, rows: Any, json: tuple[str, ...] = ()) -> Any:
    """Aggregate a subquery's rows into one JSON array of objects (NULL or [] when empty)."""
    if dialect == "sqlite":
        pairs = [x for c in rows.c for x in (_key(c.name), func.json(c) if c.name in json else c)]
        aggregate = func.json_group_array(func.json_object(*pairs))
    elif dialect == "postgresql":
        pairs = [x for c in rows.c for x in (_key(c.name), c)]
        aggregate = func.json_agg(func.json_build_object(*pairs))
    else:
        raise NotImplementedError(f"cold load on {dialect}")
    return type_coerce(select(aggregate).select_from(rows).scalar_subquery(), JSON)


def _key(name: str) -> Any:
    """A column's name as a literal string of the statement (a key of the JSON objects)."""
    return literal_column(f"'{name}'")


def _when(text: str) -> datetime:
    """Read a timestamp out of JSON (SQLite's text, PostgreSQL's ISO form) as aware UTC."""
    value = datetime.fromisoformat(text)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _seat_of(found: dict[str, Any]) -> SeatRow:
    return SeatRow(**{name: found[name] for name in SeatRow.__slots__})


def _event_of(found: dict[str, Any]) -> EventRow:
    values = {name: found[name] for name in EventRow.__slots__}
    return EventRow(**{**values, "created_at": _when(values["created_at"])})


def _note_of(found: dict[str, Any]) -> NoteRow:
    values = {name: found[name] for name in NoteRow.__slots__}
    return NoteRow(**{**values, "created_at": _when(values["created_at"])})


@dataclass
class _Append:
    """One append as a unit of the group commit: Core statements on the writer's connection.

    Alone it is two statements (bump the version, insert the steps). In a batch,
    `together` writes every append of the batch with one read of the versions,
    one UPDATE per set of changed columns and one INSERT of all the steps. The
    parameters are worked out by `prepare`, which the writer calls before it
    takes the write lock.
    """

    match_id: int
    expected: int
    new_version: int
    changes: dict[str, Any]
    expect_status: str | None
    events: list[dict[str, Any]]
    seats: dict[int, dict[str, Any]]
    snapshot: bytes | None
    finish: Finish | None
    seating: int = 0
    notes: tuple[NewNote, ...] = ()
    _params: _Params | None = None

    @property
    def order(self) -> int:
        """Units of a batch are applied in match order (one lock order across processes)."""
        return self.match_id

    def prepare(self, dialect: Dialect) -> _Params:
        """Turn the append into the driver's parameters for `dialect` (once)."""
        found = self._params
        if found is not None and found.dialect is dialect:
            return found
        where = {"at_id": self.match_id, "at_version": self.expected, "at_seating": self.seating}
        values = {**where, "version": self.new_version, **self.changes, "updated_at": utcnow()}
        statement = _BUMP
        if self.expect_status is not None:
            statement, values["at_status"] = _BUMP_AT_STATUS, self.expect_status
        bump = prepared(statement, dialect, tuple(values))
        insert = _insert_events(dialect)
        found = _Params(dialect, bump, bump.row(values), [insert.row(e) for e in self.events])
        self._params = found
        return found

    def fits(self, stored: Any) -> bool:
        """Tell whether the match as stored takes this append: what `_BUMP` checks."""
        return (
            stored.version == self.expected
            and stored.seating == self.seating
            and not stored.paused
            and stored.status in OPEN_STATUSES
            and (self.expect_status is None or stored.status == self.expect_status)
        )

    def __call__(self, connection: Connection) -> int:
        match_id = self.match_id
        params = self.prepare(connection.dialect)
        bumped = params.bump.run(connection, [params.bump_row])
        if bumped.rowcount != 1:
            actual = connection.execute(_STANDING_OF, {"match_id": match_id}).first()
            if actual is None:
                raise NotFound(f"no match {match_id}")
            raise ConcurrencyConflict(match_id, self.expected, actual.version)
        try:
            _insert_events(connection.dialect).run(connection, params.event_rows)
        except IntegrityError as exc:
            raise ConcurrencyConflict(match_id, self.expected, None) from exc
        self._extras(connection)
        return self.new_version

    def _extras(self, connection: Connection) -> None:
        """Write what only some appends carry: seat changes, a snapshot, a finish."""
        match_id = self.match_id
        _seats_and_notes_on(connection, match_id, self.seats, self.notes)
        if self.snapshot is not None:
            values = {
                "match_id": match_id,
                "seq": self.new_version,
                "state": self.snapshot,
                "created_at": utcnow(),
            }
            upsert_on(connection, MatchSnapshot, values, keys=("match_id", "seq"))
        finish = self.finish
        if finish is not None and finish.rate is not None:
            record_results_on(
                connection, match_id, finish.game, finish.results, finish.rate, finish.change
            )

    @staticmethod
    def together(connection: Connection, appends: list[_Append]) -> list[tuple[bool, Any]]:
        """Write a batch of appends set-wise; a stale or missing match is refused, not raised.

        The versions are read under the write lock (BEGIN IMMEDIATE on SQLite,
        FOR UPDATE on PostgreSQL, in match order), so they cannot move before the
        UPDATEs, which still check them. Anything unexpected raises, and the
        writer runs the batch again append by append.
        """
        ids = [a.match_id for a in appends]
        if len(set(ids)) != len(ids):
            raise _NotTogether("two appends to one match")
        stored = {r.id: r for r in connection.execute(_VERSIONS, {"ids": ids})}
        outcomes: list[tuple[bool, Any]] = []
        ready: dict[str, list[_Params]] = {}
        written: list[_Append] = []
        for append in appends:
            found = stored.get(append.match_id)
            if found is None:
                outcomes.append((False, NotFound(f"no match {append.match_id}")))
                continue
            if not append.fits(found):
                error = ConcurrencyConflict(append.match_id, append.expected, found.version)
                outcomes.append((False, error))
                continue
            outcomes.append((True, append.new_version))
            params = append.prepare(connection.dialect)
            ready.setdefault(params.bump.sql, []).append(params)
            written.append(append)
        for group in ready.values():  # one UPDATE per set of changed columns
            result = group[0].bump.run(connection, [p.bump_row for p in group])
            multi = connection.dialect.supports_sane_multi_rowcount or len(group) == 1
            if multi and result.rowcount != len(group):
                raise _NotTogether("a version moved under the write lock")
        rows = [row for group in ready.values() for p in group for row in p.event_rows]
        if rows:
            _insert_events(connection.dialect).run(connection, rows)
        for append in written:
            append._extras(connection)
        return outcomes


@dataclass(frozen=True)
class _Params:
    """An append as the driver's parameters: its version bump and its steps."""

    dialect: Dialect
    bump: Prepared
    bump_row: tuple[Any, ...]
    event_rows: list[tuple[Any, ...]]


_EVENT_NAMES: Final = ("match_id", "seq", "seat", "action", "events", "created_at")
"""The parameters of a step's INSERT (the keys `_event_values` writes)."""


def _insert_events(dialect: Dialect) -> Prepared:
    """The INSERT of steps, compiled for `dialect` (once)."""
    return prepared(_INSERT_EVENTS, dialect, _EVENT_NAMES)


class _NotTogether(Exception):
    """A batch of appends that must be written one by one instead."""
