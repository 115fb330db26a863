"""Processes sharing one SQLite file: a write waits for another's write lock in short steps.

SQLite's own busy handler sleeps 1, 2, 5, 10 ... ms between tries; the writer
instead tries again every fraction of a millisecond, and still gives up after
the busy timeout.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from bot.store import db
from bot.store.store import Store
from bot.store.writer import writer_for


def hold_write_lock(path: Path) -> sqlite3.Connection:
    """Take the write lock of the file from a connection of its own (another process's)."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    return other


async def test_a_write_waits_for_another_connections_write_lock_in_short_steps(
    tmp_path: Path,
) -> None:
    path = tmp_path / "shared.db"
    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    writer = writer_for(store.engine)
    assert writer.direct_engine is not None
    tries: list[str] = []

    @event.listens_for(writer.direct_engine, "before_cursor_execute")
    def count(_c: object, _cur: object, statement: str, *_args: object) -> None:
        if statement == "BEGIN IMMEDIATE":
            tries.append(statement)

    other = hold_write_lock(path)
    try:
        write = asyncio.create_task(
            writer.write(
                lambda c: (
                    c.exec_driver_sql(
                        "UPDATE alembic_version SET version_num = version_num"
                    ).rowcount
                )
            )
        )
        await asyncio.sleep(0.3)
        assert not write.done()  # it waits while the lock is held
        other.execute("COMMIT")
        assert await asyncio.wait_for(write, 5) == 1
    finally:
        other.close()
        await store.close()
    # Tried again and again while it waited (SQLite's busy handler would try once,
    # sleeping inside it for up to tens of milliseconds at a time).
    assert len(tries) >= 10


async def test_a_write_gives_up_on_a_write_lock_held_past_the_busy_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 200)
    path = tmp_path / "shared.db"
    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    writer = writer_for(store.engine)
    other = hold_write_lock(path)
    try:
        with pytest.raises(OperationalError, match="locked"):
            await asyncio.wait_for(writer.write(lambda c: c.exec_driver_sql("SELECT 1")), 5)
        other.execute("COMMIT")
        # The connection is as before: its busy timeout is back, and it writes again.
        assert (
            await writer.write(lambda c: c.exec_driver_sql("PRAGMA busy_timeout").scalar()) == 200
        )
    finally:
        other.close()
        await store.close()
