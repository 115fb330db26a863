"""Repositories over a migrated database: matches, seats, the event log, snapshots, settings."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from sqlalchemy import event, insert, select, update
from sqlalchemy.exc import IntegrityError

from bot.store import (
    CHANCE_SEAT,
    ConcurrencyConflict,
    EventRow,
    MatchRepository,
    NewEvent,
    NewMatch,
    NewSeat,
    NotFound,
    SeatRow,
    Store,
)
from bot.store.errors import StoreClosed
from bot.store.models import GuildSettings, Match, MatchEvent
from bot.store.repo import Extras
from bot.store.rows import DmViewRow
from bot.store.writer import writer_for

GUILD, CHANNEL, HOST = 111_222_333_444_555_666, 777_888_999_000_111_222, 9_000_000_000_000_001


MATCH = NewMatch(GUILD, CHANNEL, "coverta", 1, {"rounds": 3}, 2**62 + 7, HOST)


async def new_match(store: Store, **overrides: object) -> int:
    return await store.matches.create_match(replace(MATCH, **overrides))


def step(n: int) -> NewEvent:
    return NewEvent(
        seat=n % 3, action=f"play.{n}", events=[{"text": f"move {n}", "audience": None}]
    )


# Matches


async def test_create_and_get_match(store: Store) -> None:
    match_id = await new_match(store)
    match = await store.matches.get_match(match_id)
    assert match is not None
    assert (match.id, match.guild_id, match.channel_id, match.game) == (
        match_id,
        GUILD,
        CHANNEL,
        "coverta",
    )
    assert (match.options, match.seed, match.host_user_id) == ({"rounds": 3}, 2**62 + 7, HOST)
    assert (match.status, match.version, match.result, match.turn_deadline) == (
        "lobby",
        0,
        None,
        None,
    )
    assert match.created_at.tzinfo is not None
    assert await store.matches.get_match(match_id + 1000) is None


async def test_dm_match_has_no_guild(store: Store) -> None:
    match_id = await new_match(store, guild_id=None)
    match = await store.matches.get_match(match_id)
    assert match is not None and match.guild_id is None


async def test_update_match(store: Store) -> None:
    match_id = await new_match(store)
    deadline = datetime(2030, 1, 2, 3, 4, 5, 600000, tzinfo=timezone(timedelta(hours=2)))
    await store.matches.update_match(
        match_id, status="active", table_message_id=42, thread_id=43, turn_deadline=deadline
    )
    match = await store.matches.get_match(match_id)
    assert match is not None
    assert (match.status, match.table_message_id, match.thread_id) == ("active", 42, 43)
    assert match.turn_deadline == deadline and match.turn_deadline.tzinfo == UTC
    finished = datetime.now(UTC)
    await store.matches.update_match(
        match_id,
        status="finished",
        result={"ranks": [0, 1]},
        finished_at=finished,
        turn_deadline=None,
    )
    match = await store.matches.get_match(match_id)
    assert match is not None
    assert (match.status, match.result, match.finished_at) == (
        "finished",
        {"ranks": [0, 1]},
        finished,
    )
    assert match.turn_deadline is None


async def test_update_match_rejects_unknown_or_protected_fields(store: Store) -> None:
    match_id = await new_match(store)
    with pytest.raises(TypeError):
        await store.matches.update_match(match_id, version=5)
    with pytest.raises(TypeError):
        await store.matches.update_match(match_id, colour="red")
    with pytest.raises(NotFound):
        await store.matches.update_match(match_id + 1000, status="active")


async def test_update_match_expect_status(store: Store) -> None:
    match_id = await new_match(store)
    await store.matches.update_match(match_id, expect_status="lobby", status="active")
    with pytest.raises(ConcurrencyConflict) as caught:
        await store.matches.update_match(match_id, expect_status="lobby", status="active")
    assert (caught.value.expected, caught.value.actual) == ("lobby", "active")


async def test_list_matches(store: Store) -> None:
    a = await new_match(store)
    b = await new_match(store, status="active")
    c = await new_match(store, guild_id=GUILD + 1, channel_id=5, status="active")
    assert [m.id for m in await store.matches.list_matches()] == [c, b, a]
    assert [m.id for m in await store.matches.list_matches(GUILD)] == [b, a]
    assert [m.id for m in await store.matches.list_matches(GUILD, "active")] == [b]
    assert [m.id for m in await store.matches.list_matches(None, ("active", "lobby"))] == [c, b, a]
    assert [m.id for m in await store.matches.list_matches(channel_id=5)] == [c]
    assert [m.id for m in await store.matches.list_matches(status=[], limit=1)] == []
    assert [m.id for m in await store.matches.list_matches(limit=1)] == [c]


async def test_due_matches(store: Store) -> None:
    now = datetime.now(UTC)
    late = await new_match(store, status="active")
    later = await new_match(store, status="active")
    future = await new_match(store, status="active")
    lobby = await new_match(store)
    for match_id, offset in ((late, -60), (later, -5), (future, 60), (lobby, -60)):
        await store.matches.update_match(match_id, turn_deadline=now + timedelta(seconds=offset))
    assert [m.id for m in await store.matches.due_matches(now)] == [late, later]


async def test_one_rematch_lobby_of_a_match_is_open_at_a_time(db_url: str, store: Store) -> None:
    """Rematch clicks at once, in one process or two, open one lobby; the others get it.
    Once it is no longer a lobby, another rematch of the same match may open."""
    old = await new_match(store, status="finished")
    rematch = replace(MATCH, rematch_of=old, seats=[(0, HOST, None, "Host")])
    other = await Store.open(db_url)  # a second process on the same database
    try:
        tries = [s.matches.open_rematch(rematch) for s in (store, other) * 4]
        answers = await asyncio.gather(*tries)
    finally:
        await other.close()
    (lobby,) = {found for found, _opened in answers}
    assert [opened for _found, opened in answers].count(True) == 1
    row = await store.matches.get_match(lobby)
    seats = await store.matches.get_seats(lobby)
    assert row is not None and row.status == "lobby" and [s.user_id for s in seats] == [HOST]
    with pytest.raises(IntegrityError):  # the database itself refuses a second open one
        await new_match(store, rematch_of=old)
    await store.matches.update_match(lobby, status="abandoned")
    again, opened = await store.matches.open_rematch(rematch)
    assert opened and again != lobby


# Seats


async def test_seats_round_trip(store: Store) -> None:
    match_id = await new_match(store)
    await store.matches.set_seats(
        match_id, [(1, None, "strong", "Bot Ada"), NewSeat(0, HOST, None, "Host")]
    )
    assert await store.matches.get_seats(match_id) == [
        SeatRow(match_id, 0, HOST, None, "Host", "playing"),
        SeatRow(match_id, 1, None, "strong", "Bot Ada", "playing"),
    ]
    await store.matches.set_seats(match_id, [(0, 5, None, "Five")])
    seats = await store.matches.get_seats(match_id)
    assert [(s.seat, s.user_id, s.is_ai) for s in seats] == [(0, 5, False)]


async def test_update_seat(store: Store) -> None:
    match_id = await new_match(store)
    await store.matches.set_seats(match_id, [(0, HOST, None, "Host"), (1, 7, None, "Seven")])
    await store.matches.update_seat(match_id, 1, user_id=None, ai_level="easy", status="left")
    seats = await store.matches.get_seats(match_id)
    assert seats[1] == SeatRow(match_id, 1, None, "easy", "Seven", "left")
    assert seats[1].is_ai
    with pytest.raises(NotFound):
        await store.matches.update_seat(match_id, 9, status="kicked")
    with pytest.raises(TypeError):
        await store.matches.update_seat(match_id, 1, seat=3)


async def test_seats_need_an_existing_match(store: Store) -> None:
    with pytest.raises(IntegrityError):
        await store.matches.set_seats(12345, [(0, HOST, None, "Host")])


async def test_a_members_dm_view_is_kept_replaced_and_dropped(store: Store) -> None:
    repo = store.matches
    match_id, other = await new_match(store), await new_match(store)
    first = DmViewRow(match_id, 7, 70, 700, "it")
    assert await repo.keep_dm_view(first) is None
    assert await repo.keep_dm_view(DmViewRow(match_id, 8, 80, 800)) is None
    assert await repo.keep_dm_view(DmViewRow(other, 7, 70, 701)) is None
    second = DmViewRow(match_id, 7, 70, 702, "en")
    assert await repo.keep_dm_view(second) == first  # one per member and match: the latest
    assert await repo.dm_views(match_id) == [second, DmViewRow(match_id, 8, 80, 800)]
    await repo.drop_dm_views(match_id, 7, message_id=700)  # no longer that message: kept
    assert [v.user_id for v in await repo.dm_views(match_id)] == [7, 8]
    await repo.drop_dm_views(match_id, 7, message_id=702)
    assert await repo.dm_views(match_id) == [DmViewRow(match_id, 8, 80, 800)]
    await repo.drop_dm_views(match_id)
    assert await repo.dm_views(match_id) == []
    assert await repo.dm_views(other) == [DmViewRow(other, 7, 70, 701)]


# Event log


async def test_append_events_bumps_version(store: Store) -> None:
    match_id = await new_match(store)
    assert await store.matches.append_events(match_id, 0, [step(1)]) == 1
    assert (
        await store.matches.append_events(match_id, 1, [step(2), (CHANCE_SEAT, "deal.3", [])]) == 3
    )
    match = await store.matches.get_match(match_id)
    assert match is not None and match.version == 3
    events = await store.matches.load_events(match_id)
    assert [(e.seq, e.seat, e.action) for e in events] == [
        (1, 1, "play.1"),
        (2, 2, "play.2"),
        (3, CHANCE_SEAT, "deal.3"),
    ]
    assert events[0].events == [{"text": "move 1", "audience": None}]
    assert isinstance(events[0], EventRow) and events[0].created_at.tzinfo == UTC


async def test_stale_append_conflicts_and_writes_nothing(store: Store) -> None:
    match_id = await new_match(store)
    await store.matches.append_events(match_id, 0, [step(1), step(2)])
    with pytest.raises(ConcurrencyConflict) as caught:
        await store.matches.append_events(match_id, 1, [step(9)])
    assert (caught.value.match_id, caught.value.expected, caught.value.actual) == (match_id, 1, 2)
    match = await store.matches.get_match(match_id)
    assert match is not None and match.version == 2
    assert [e.action for e in await store.matches.load_events(match_id)] == ["play.1", "play.2"]


async def test_append_conflicts_on_key_collision(store: Store) -> None:
    match_id = await new_match(store)
    async with store.sessions() as session, session.begin():
        await session.execute(insert(MatchEvent), [_event_row(match_id, 1)])
    with pytest.raises(ConcurrencyConflict) as caught:
        await store.matches.append_events(match_id, 0, [step(1)])
    assert caught.value.actual is None
    match = await store.matches.get_match(match_id)
    assert match is not None and match.version == 0


async def test_append_to_missing_match(store: Store) -> None:
    with pytest.raises(NotFound):
        await store.matches.append_events(999, 0, [step(1)])
    with pytest.raises(ValueError):
        await store.matches.append_events(999, 0, [])


async def warm_pool(store: Store, size: int) -> None:
    """Open `size` pooled connections at once, so concurrent sessions really overlap."""
    connections = [await store.engine.connect() for _ in range(size)]
    for conn in connections:
        await conn.close()


async def test_concurrent_appends_one_wins(store: Store) -> None:
    match_id = await new_match(store)
    await store.matches.append_events(match_id, 0, [step(1)])
    await warm_pool(store, 2)
    results = await asyncio.gather(
        store.matches.append_events(match_id, 1, [step(2), step(3)]),
        store.matches.append_events(match_id, 1, [step(20)]),
        return_exceptions=True,
    )
    wins = [r for r in results if isinstance(r, int)]
    losses = [r for r in results if isinstance(r, ConcurrencyConflict)]
    assert len(wins) == 1 and len(losses) == 1, results
    events = await store.matches.load_events(match_id)
    assert [e.seq for e in events] == list(range(1, wins[0] + 1))
    match = await store.matches.get_match(match_id)
    assert match is not None and match.version == wins[0]


async def test_append_waits_for_an_open_writer_then_conflicts(store: Store) -> None:
    match_id = await new_match(store)
    async with store.sessions() as other, other.begin():
        bump = update(Match).where(Match.id == match_id).values(version=1)
        await other.execute(bump)  # holds the write lock until this block commits
        append = asyncio.create_task(store.matches.append_events(match_id, 0, [step(1)]))
        await asyncio.sleep(0.2)
        assert not append.done()
        await other.execute(insert(MatchEvent), [_event_row(match_id, 1)])
    with pytest.raises(ConcurrencyConflict) as caught:
        await append
    assert caught.value.actual == 1
    assert [e.action for e in await store.matches.load_events(match_id)] == ["other"]


def _event_row(match_id: int, seq: int) -> dict[str, object]:
    return {"match_id": match_id, "seq": seq, "seat": 0, "action": "other", "events": []}


async def test_concurrent_writers_with_retries_leave_a_gapless_log(store: Store) -> None:
    match_id = await new_match(store)
    repos = [MatchRepository(store.sessions) for _ in range(8)]
    await warm_pool(store, 5)

    async def writer(repo: MatchRepository, n: int) -> int:
        while True:
            match = await repo.get_match(match_id)
            assert match is not None
            try:
                return await repo.append_events(match_id, match.version, [step(n)])
            except ConcurrencyConflict:
                await asyncio.sleep(0)

    versions = await asyncio.gather(*(writer(r, n) for n, r in enumerate(repos)))
    assert sorted(versions) == list(range(1, 9))
    events = await store.matches.load_events(match_id)
    assert [e.seq for e in events] == list(range(1, 9))
    assert sorted(e.action for e in events) == sorted(f"play.{n}" for n in range(8))


async def test_a_group_commit_fails_only_the_append_at_fault(store: Store) -> None:
    """Appends of several matches share one commit; a stale one fails alone (issue: batching)."""
    ids = [await new_match(store) for _ in range(4)]
    await store.matches.append_events(ids[2], 0, [step(1)])
    writer = writer_for(store.engine)
    before = writer.batches
    statements: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(statement.split()[0].upper())

    engines = [store.engine.sync_engine, *store.sync_engines()]
    for engine in engines:
        event.listen(engine, "before_cursor_execute", seen)
    done = await asyncio.gather(
        *(store.matches.append_events(m, 0, [step(1)]) for m in ids), return_exceptions=True
    )
    for engine in engines:
        event.remove(engine, "before_cursor_execute", seen)
    assert writer.batches == before + 1 and writer.largest >= 4  # one transaction for all
    # Written together: one read of the versions, one UPDATE, one INSERT; the stale one is
    # answered without a savepoint.
    assert "SAVEPOINT" not in statements
    assert statements.count("UPDATE") == 1 and statements.count("INSERT") == 1
    assert isinstance(done[2], ConcurrencyConflict) and done[2].actual == 1
    assert [done[i] for i in (0, 1, 3)] == [1, 1, 1]
    for match_id in ids:
        events = await store.matches.load_events(match_id)
        assert [e.seq for e in events] == [1]
        assert await store.matches.standing_of(match_id) == (1, False, "lobby", 0, HOST)


async def test_no_step_is_logged_while_a_match_is_paused(store: Store) -> None:
    """Whichever process paused a match, an append to it is refused, alone or in a batch
    written set-wise; once resumed it takes the same append."""
    ids = [await new_match(store) for _ in range(3)]
    await store.matches.update_match(ids[1], paused=True)
    writer = writer_for(store.engine)
    before = writer.batches
    done = await asyncio.gather(
        *(store.matches.append_events(m, 0, [step(1)]) for m in ids), return_exceptions=True
    )
    assert writer.batches == before + 1  # the three were one batch
    assert (done[0], done[2]) == (1, 1) and isinstance(done[1], ConcurrencyConflict)
    with pytest.raises(ConcurrencyConflict):
        await store.matches.append_events(ids[1], 0, [step(1)])
    assert await store.matches.standing_of(ids[1]) == (0, True, "lobby", 0, HOST)
    assert await store.matches.load_events(ids[1]) == []
    await store.matches.update_match(ids[1], paused=False)
    assert await store.matches.append_events(ids[1], 0, [step(1)]) == 1
    assert await store.matches.standing_of(ids[1]) == (1, False, "lobby", 0, HOST)


async def test_no_step_is_logged_once_a_match_is_over(store: Store) -> None:
    """A match ended or finished (by another process, say) takes no more steps, alone or
    in a batch written set-wise."""
    ids = [await new_match(store) for _ in range(3)]
    await store.matches.update_match(ids[0], status="abandoned")
    await store.matches.update_match(ids[2], status="finished")
    done = await asyncio.gather(
        *(store.matches.append_events(m, 0, [step(1)]) for m in ids), return_exceptions=True
    )
    assert done[1] == 1
    assert isinstance(done[0], ConcurrencyConflict) and isinstance(done[2], ConcurrencyConflict)
    for match_id in (ids[0], ids[2]):
        with pytest.raises(ConcurrencyConflict):
            await store.matches.append_events(match_id, 0, [step(1)])
        assert await store.matches.load_events(match_id) == []


async def test_a_step_worked_out_on_old_seats_is_refused(store: Store) -> None:
    """Each change to a seat outside the log is counted; an append made on the seats as
    they were before it is refused, alone or in a batch written set-wise."""
    ids = [await new_match(store, status="active") for _ in range(3)]
    for match_id in ids:
        await store.matches.set_seats(match_id, [(0, HOST, None, "Host")])
    assert await store.matches.update_seat(ids[1], 0, status="kicked") == 1
    assert await store.matches.update_seat(ids[1], 0, timeouts=1) == 2
    done = await asyncio.gather(
        *(store.matches.append_events(m, 0, [step(1)]) for m in ids), return_exceptions=True
    )
    assert (done[0], done[2]) == (1, 1) and isinstance(done[1], ConcurrencyConflict)
    with pytest.raises(ConcurrencyConflict):
        await store.matches.append_events(ids[1], 0, [step(1)], Extras(seating=1))
    assert await store.matches.standing_of(ids[1]) == (0, False, "active", 2, HOST)
    assert await store.matches.append_events(ids[1], 0, [step(1)], Extras(seating=2)) == 1


async def test_a_batch_with_a_failing_write_runs_again_and_fails_only_that_append(
    store: Store,
) -> None:
    """An append that raises after its version moved (a seat that does not exist) is undone
    alone: the batch runs again append by append, and the others commit with their steps,
    columns and snapshots."""
    ids = [await new_match(store) for _ in range(4)]
    for match_id in ids:
        await store.matches.set_seats(match_id, [(0, HOST, None, "Host")])
    writer = writer_for(store.engine)
    before = writer.batches
    done = await asyncio.gather(
        *(
            store.matches.append_events(
                m,
                0,
                [step(1), step(2)],
                Extras(
                    values={"ai_to_act": True} if i % 2 else {"paused": True},
                    seats={5: {"timeouts": 1}} if i == 1 else {0: {"timeouts": 2}},
                    snapshot=b"{}" if i == 3 else None,
                ),
            )
            for i, m in enumerate(ids)
        ),
        return_exceptions=True,
    )
    assert writer.batches == before + 1  # still one commit for the three that stand
    assert isinstance(done[1], NotFound)
    assert [done[i] for i in (0, 2, 3)] == [2, 2, 2]
    assert [e.seq for e in await store.matches.load_events(ids[1])] == []
    assert await store.matches.standing_of(ids[1]) == (0, False, "lobby", 0, HOST)
    for i in (0, 2, 3):
        row = await store.matches.get_match(ids[i])
        assert row is not None and row.version == 2
        assert (row.ai_to_act, row.paused) == ((True, False) if i % 2 else (False, True))
        assert [s.timeouts for s in await store.matches.get_seats(ids[i])] == [2]
        assert [e.seq for e in await store.matches.load_events(ids[i])] == [1, 2]
    assert await store.matches.latest_snapshot(ids[3]) == (2, b"{}")
    assert await store.matches.latest_snapshot(ids[0]) is None


LANGUAGE: contextvars.ContextVar[str] = contextvars.ContextVar("LANGUAGE", default="en")


async def test_a_unit_runs_in_the_context_of_the_task_that_wrote_it(store: Store) -> None:
    """Units of one batch come from many tasks (members in different languages): each one
    reads its own task's context variables, on the writer's thread as in the event loop."""
    writer = writer_for(store.engine)

    async def written(language: str) -> str:
        LANGUAGE.set(language)
        return await writer.write(lambda connection: LANGUAGE.get())

    async def read(language: str) -> str:
        LANGUAGE.set(language)
        return await writer.read(lambda connection: LANGUAGE.get())

    languages = ["fr", "it", "de", "es", "nl"]
    assert await asyncio.gather(*(written(x) for x in languages)) == languages
    assert await asyncio.gather(*(read(x) for x in languages)) == languages


async def played_match(store: Store, moves: int, snapshots: tuple[int, ...]) -> int:
    """An active match of two seats, `moves` steps, a snapshot after each of `snapshots`
    and a note after the last step."""
    match_id = await new_match(store, status="active")
    await store.matches.set_seats(match_id, [(0, HOST, None, "Host"), (1, 7, None, "Seven")])
    for n in range(1, moves + 1):
        await store.matches.append_events(match_id, n - 1, [step(n)])
    for seq in snapshots:
        await store.matches.save_snapshot(match_id, seq, f"state-{seq}".encode())
    await store.matches.add_note(match_id, moves, "kick", "someone left")
    return match_id


async def test_a_cold_load_reads_snapshot_tail_and_recent_moves_at_once(store: Store) -> None:
    """load_match: the row, seats, newest snapshot, the log after it and the last moves."""
    match_id = await played_match(store, moves=20, snapshots=(10, 15))
    loaded = await store.matches.load_match(match_id, recent=12, notes=6)
    assert loaded is not None
    assert (loaded.row.id, loaded.row.version, len(loaded.seats)) == (match_id, 20, 2)
    assert loaded.snapshot == (15, b"state-15")
    assert [e.seq for e in loaded.tail] == [16, 17, 18, 19, 20]
    assert [e.seq for e in loaded.recent] == list(range(9, 21))
    assert [n.text for n in loaded.notes] == ["someone left"]
    assert await store.matches.load_match(999_999) is None


async def test_lobby_steps_return_the_lobby_exactly_as_a_fresh_read_finds_it(
    store: Store,
) -> None:
    """Opening and changing a lobby hand back what is stored (read back by RETURNING)."""
    lobby = replace(MATCH, seats=[NewSeat(1, 8, None, "Eight"), NewSeat(0, HOST, None, "Host")])
    opened = await store.matches.open_lobby(lobby)
    match_id = opened[0].id
    assert opened == await store.matches.match_and_seats(match_id)
    assert [s.seat for s in opened[1]] == [0, 1]
    steps = [
        lambda row, seats: ([(0, HOST, None, "Host"), (1, None, "easy", "AI 1")], None),
        lambda row, seats: (None, {"options": {"rounds": 5}}),
        lambda row, seats: ([(0, HOST, None, "Host")], {"host_user_id": HOST + 1}),
        lambda row, seats: (None, None),
    ]
    for change in steps:
        changed = await store.matches.change_lobby(match_id, change)
        assert changed == await store.matches.match_and_seats(match_id)
    row, seats = changed
    assert row.options == {"rounds": 5} and row.host_user_id == HOST + 1
    assert [(s.seat, s.display_name) for s in seats] == [(0, "Host")]


async def test_a_cold_load_is_one_statement(store: Store) -> None:
    """load_match sends one statement to the database, on every backend."""
    match_id = await played_match(store, moves=7, snapshots=(5,))
    statements: list[str] = []

    def on_execute(*args: object) -> None:
        statements.append(str(args[2]))

    engines = [store.engine.sync_engine, *store.sync_engines()]
    for engine in engines:
        event.listen(engine, "before_cursor_execute", on_execute)
    try:
        loaded = await store.matches.load_match(match_id, recent=3, notes=6)
    finally:
        for engine in engines:
            event.remove(engine, "before_cursor_execute", on_execute)
    assert loaded is not None
    assert loaded.snapshot == (5, b"state-5")
    assert ([e.seq for e in loaded.tail], [e.seq for e in loaded.recent]) == ([6, 7], [5, 6, 7])
    assert [(s.seat, s.display_name) for s in loaded.seats] == [(0, "Host"), (1, "Seven")]
    assert [n.text for n in loaded.notes] == ["someone left"]
    assert loaded.notes[0].created_at.tzinfo is not None
    assert len(statements) == 1, statements


async def test_load_and_last_events(store: Store) -> None:
    match_id = await new_match(store)
    other = await new_match(store)
    await store.matches.append_events(match_id, 0, [step(n) for n in range(1, 6)])
    await store.matches.append_events(other, 0, [step(99)])
    assert [e.seq for e in await store.matches.load_events(match_id, after_seq=3)] == [4, 5]
    assert await store.matches.load_events(match_id, after_seq=5) == []
    assert [e.seq for e in await store.matches.last_events(match_id, 2)] == [4, 5]
    assert [e.seq for e in await store.matches.last_events(match_id, 50)] == [1, 2, 3, 4, 5]


async def test_appended_events_survive_a_new_engine(db_url: str) -> None:
    first = await Store.open(db_url)
    match_id = await new_match(first)
    await first.matches.append_events(match_id, 0, [step(1)])
    await first.close()
    second = await Store.open(db_url, migrate=False)
    try:
        assert [e.action for e in await second.matches.load_events(match_id)] == ["play.1"]
    finally:
        await second.close()


# Snapshots


async def test_snapshots(store: Store) -> None:
    match_id = await new_match(store)
    assert await store.matches.latest_snapshot(match_id) is None
    await store.matches.save_snapshot(match_id, 2, b'{"two":2}')
    await store.matches.save_snapshot(match_id, 5, b'{"five":5}')
    assert await store.matches.latest_snapshot(match_id) == (5, b'{"five":5}')
    assert await store.matches.latest_snapshot(match_id, max_seq=4) == (2, b'{"two":2}')
    assert await store.matches.latest_snapshot(match_id, max_seq=1) is None
    await store.matches.save_snapshot(match_id, 5, b'{"five":"again"}')
    assert await store.matches.latest_snapshot(match_id) == (5, b'{"five":"again"}')


# Settings and preferences


async def test_guild_settings_round_trip(store: Store) -> None:
    assert await store.settings.get_guild_settings(GUILD) == {}
    await store.settings.set_guild_settings(GUILD, {"threads": True}, updated_by=HOST)
    await store.settings.set_guild_settings(GUILD, {"threads": False, "turn_seconds": 90}, 77)
    assert await store.settings.get_guild_settings(GUILD) == {"threads": False, "turn_seconds": 90}
    assert await store.settings.get_guild_settings(GUILD + 1) == {}
    async with store.sessions() as session:
        updated_by = await session.scalar(
            select(GuildSettings.updated_by).where(GuildSettings.guild_id == GUILD)
        )
    assert updated_by == 77


async def test_user_prefs_round_trip(store: Store) -> None:
    assert await store.settings.get_user_prefs(HOST) == {}
    await store.settings.set_user_prefs(HOST, {"hand_by_dm": True})
    await store.settings.set_user_prefs(HOST, {"hand_by_dm": False, "lang": "en"})
    assert await store.settings.get_user_prefs(HOST) == {"hand_by_dm": False, "lang": "en"}


async def test_a_closed_store_refuses_work_instead_of_opening_the_database_again(
    store: Store,
) -> None:
    """Work that outlives its process's stop fails loudly: a writer made again for a closed
    database would start threads (and connections) that nothing ever closes."""
    assert await store.matches.load_match(1) is None
    await store.close()
    before = set(threading.enumerate())
    with pytest.raises(StoreClosed):
        await store.matches.load_match(1)
    with pytest.raises(StoreClosed):
        writer_for(store.engine)
    assert not [t.name for t in set(threading.enumerate()) - before if t.name.startswith("db-")]
