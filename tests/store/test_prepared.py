"""Statements compiled once and fed driver parameters store exactly what `execute` stores."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone
from typing import Any

import msgspec
import pytest
from sqlalchemy import Connection, bindparam, insert, update

from bot.engine import Event
from bot.engine.phrase import phrase
from bot.store import NewMatch, Store
from bot.store.models import Match, MatchEvent
from bot.store.sql import prepared
from bot.store.writer import writer_for

WHEN = datetime(2026, 11, 27, 3, 4, 5, 678_901, tzinfo=timezone(timedelta(hours=2)))
EVENTS = (Event(phrase("{p[0]} plays {card}", card=phrase("7 of hearts")), audience=(1,)),)
COLUMNS = ("match_id", "seq", "seat", "action", "events", "created_at")


def stored(connection: Connection, match_id: int) -> list[tuple[str, str, str, str]]:
    """The steps and the match row as text, as the database holds them."""
    steps = connection.exec_driver_sql(
        "SELECT CAST(events AS TEXT), CAST(created_at AS TEXT) FROM match_events "
        f"WHERE match_id = {match_id} ORDER BY seq"
    ).all()
    row = connection.exec_driver_sql(
        "SELECT CAST(turn_deadline AS TEXT), CAST(result AS TEXT) FROM matches "
        f"WHERE id = {match_id}"
    ).one()
    return [(*step, *row) for step in steps]


async def test_prepared_rows_store_byte_for_byte_what_execute_stores(store: Store) -> None:
    match = NewMatch(None, 1, "coins", 1, {}, 5, 7, status="active")
    ids = [await store.matches.create_match(match) for _ in range(2)]
    table = MatchEvent.__table__
    matches = Match.__table__

    def write(connection: Connection) -> list[list[tuple[str, str, str, str]]]:
        step = {"seat": 0, "action": "play.1", "events": EVENTS, "created_at": WHEN}
        change = {"turn_deadline": WHEN, "result": {"winner": [0], "note": "Zoë"}}
        connection.execute(insert(table), {"match_id": ids[0], "seq": 1, **step})
        connection.execute(update(matches).where(matches.c.id == ids[0]), change)
        events = prepared(insert(table), connection.dialect, COLUMNS)
        events.run(connection, [events.row({"match_id": ids[1], "seq": 1, **step})])
        names = ("turn_deadline", "result", "updated_at", "at_id")
        by_id = update(matches).where(matches.c.id == bindparam("at_id"))
        bump = prepared(by_id, connection.dialect, names)
        bump.run(connection, [bump.row({**change, "updated_at": WHEN, "at_id": ids[1]})])
        return [stored(connection, match_id) for match_id in ids]

    by_execute, by_prepared = await writer_for(store.engine).write(write)
    assert by_execute == by_prepared
    [(events, *_)] = by_prepared
    assert msgspec.json.decode(events, type=tuple[Event, ...]) == EVENTS


async def test_a_statement_is_not_prepared_without_all_of_its_parameters(store: Store) -> None:
    def compile_without_updated_at(connection: Connection) -> None:
        matches = Match.__table__
        by_id = update(matches).where(matches.c.id == bindparam("at_id"))
        prepared(by_id, connection.dialect, ("version", "at_id"))

    with pytest.raises(ValueError, match="cannot prepare"):
        await writer_for(store.engine).write(compile_without_updated_at)


async def test_the_writer_prepares_a_unit_before_it_takes_the_write_lock(store: Store) -> None:
    seen: list[tuple[str, bool]] = []

    class Unit:
        def prepare(self, dialect: Any) -> None:
            seen.append(("prepare", bool(writer_for(store.engine).direct_engine) and locked()))

        def __call__(self, connection: Connection) -> int:
            seen.append(("write", connection.in_transaction()))
            return 1

    def locked() -> bool:
        """Whether another connection finds the SQLite file's write lock taken."""
        url = store.engine.url
        other = sqlite3.connect(str(url.database), timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            return False
        except sqlite3.OperationalError:
            return True
        finally:
            other.close()

    assert await writer_for(store.engine).write(Unit()) == 1
    assert seen == [("prepare", False), ("write", True)]
