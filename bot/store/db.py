"""Engines, sessions and schema migrations.

SQLite is tuned for an event log that must not lose acknowledged actions: WAL
journal, `synchronous=FULL`, foreign keys on, a busy timeout so that concurrent
writers queue instead of failing. SQLAlchemy (not the sqlite3 driver) emits
BEGIN, so reads and DDL run inside real transactions (see SQLAlchemy's
"Transactions with SQLite and the sqlite3 driver"); write transactions begin
IMMEDIATE, taking the write lock before they read.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import threading
import time
from pathlib import Path
from typing import Any, Final

import msgspec
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import NullPool

from bot.store.sql import SINGLE, WRITE

DEFAULT_URL: Final = "sqlite+aiosqlite:///covert_table.db"
BUSY_TIMEOUT_MS: Final = 5000
"""How long SQLite waits for another connection's lock before "database is locked"."""
SQLITE_PRAGMAS: Final = (
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",
    "PRAGMA foreign_keys = ON",
)
WRITER_CHECKPOINT_PAGES: Final = 16_000
"""WAL pages after which the writer's own commit checkpoints (SQLite's auto-checkpoint).

Only a safety net: the writer's checkpoint thread keeps the WAL short off the commit
path (see `bot.store.writer`), so a member's move never waits for SQLite to copy
the WAL into the database file. Other connections keep SQLite's default (1,000)."""
THREAD_END: Final = 2.0
"""Seconds a failed schema upgrade waits for each thread it started to end."""
_ROOT: Final = Path(__file__).resolve().parents[2]
ALEMBIC_INI: Final = _ROOT / "alembic.ini"
MIGRATIONS_DIR: Final = _ROOT / "migrations"

_ASYNC_DRIVERS: Final = {
    "sqlite": "sqlite+aiosqlite",
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
}


def database_url(url: str | None = None) -> str:
    """Pick the URL (argument, then `DATABASE_URL`, then the SQLite default), async driver."""
    chosen = url or os.environ.get("DATABASE_URL") or DEFAULT_URL
    scheme, sep, rest = chosen.partition("://")
    return f"{_ASYNC_DRIVERS.get(scheme, scheme)}{sep}{rest}"


def make_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """Create an async engine; SQLite connections get the durability pragmas."""
    url = database_url(url)
    if make_url(url).get_backend_name() == "postgresql":
        kwargs.setdefault("pool_pre_ping", True)
    kwargs.setdefault("json_serializer", json_text)
    engine = create_async_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":
        tune_sqlite(engine.sync_engine)
    return engine


def json_text(value: Any) -> str:
    """Write a JSON column's value: builtins or msgspec structs, compact, in C."""
    return msgspec.json.encode(value).decode()


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Create the session factory the repositories use."""
    return async_sessionmaker(engine, expire_on_commit=False)


def tune_sqlite(sync_engine: Engine, *, own_thread: bool = False) -> None:
    """Install the connect/begin hooks on a SQLite engine (async or the writer's own).

    `own_thread`: the engine runs on threads of its own (the writer's), where a
    write may wait for the write lock in short steps (see `begin_immediate`) and a
    commit leaves checkpoints to the writer's checkpoint thread.
    """

    @event.listens_for(sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Stop the driver's own BEGIN handling; the "begin" hook below takes over.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            for pragma in SQLITE_PRAGMAS:
                cursor.execute(pragma)
            if own_thread:
                cursor.execute(f"PRAGMA wal_autocheckpoint = {WRITER_CHECKPOINT_PAGES}")
        finally:
            cursor.close()

    @event.listens_for(sync_engine, "begin")
    def _on_begin(connection: Connection) -> None:
        # A write transaction takes the write lock at once (see bot.store.sql.writing);
        # a read stays deferred so readers never queue behind writers (WAL).
        options = connection.get_execution_options()
        if options.get(SINGLE, False):
            return  # one statement reads one snapshot: no transaction around it
        write = options.get(WRITE, False)
        if write and own_thread:
            begin_immediate(connection)
        else:
            connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


LOCK_WAIT_STEPS: Final = (0.0001, 0.0002, 0.0005, 0.001)
"""How long a write waits between tries for another process's write lock (then the last, on)."""


def begin_immediate(connection: Connection) -> None:
    """Take the write lock, waiting for another process's in steps of at most a millisecond.

    SQLite's own busy handler sleeps 1, 2, 5, 10, 15 ... ms between tries, so
    processes sharing a file would hand the lock over with milliseconds lost
    each time. The wait gives up, as the busy handler would, after `busy_timeout`.
    Only on a thread of the writer's own: it blocks while it waits.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    connection.exec_driver_sql("PRAGMA busy_timeout = 0")
    try:
        for step in itertools.chain(LOCK_WAIT_STEPS, itertools.repeat(LOCK_WAIT_STEPS[-1])):
            try:
                connection.exec_driver_sql("BEGIN IMMEDIATE")
                return
            except OperationalError as exc:
                if "locked" not in str(exc.orig) or time.monotonic() + step > deadline:
                    raise
            time.sleep(step)
    finally:
        connection.exec_driver_sql(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


def alembic_config(url: str | None = None, connection: Connection | None = None) -> Config:
    """Build an Alembic config for programmatic use, independent of the working directory."""
    config = Config(str(ALEMBIC_INI)) if ALEMBIC_INI.exists() else Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    # The bot owns logging; env.py must not replace its handlers.
    config.attributes["configure_logger"] = False
    if url is not None:
        config.attributes["url"] = url
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def upgrade(url: str | None = None, revision: str = "head") -> None:
    """Upgrade the schema (blocking; not from inside a running event loop)."""
    asyncio.run(_upgrade_settled(url, revision))


async def _upgrade_settled(url: str | None, revision: str) -> None:
    """Upgrade; when the database cannot be opened, let the threads the attempt started
    end before the event loop closes, then raise. (aiosqlite stops the thread of a
    connection that failed to open without waiting for it, and that thread then reports
    to the loop: once the loop is closed, it dies with an "Event loop is closed"
    traceback, printed after the one sentence that says what is wrong.)"""
    before = set(threading.enumerate())
    try:
        await upgrade_to_head(url, revision)
    except BaseException:
        for thread in set(threading.enumerate()) - before:
            await asyncio.to_thread(thread.join, THREAD_END)
        raise


def downgrade(url: str | None, revision: str) -> None:
    """Downgrade the schema (blocking; not from inside a running event loop)."""
    command.downgrade(alembic_config(url), revision)


async def upgrade_engine(engine: AsyncEngine, revision: str = "head") -> None:
    """Upgrade the schema over one connection of `engine`, in one transaction."""
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade_on, revision)


async def upgrade_to_head(url: str | None = None, revision: str = "head") -> None:
    """Upgrade the database at `url` to the newest revision (or to `revision`); safe
    inside a running loop."""
    engine = make_engine(database_url(url), poolclass=NullPool)
    try:
        await upgrade_engine(engine, revision)
    finally:
        await engine.dispose()


def _upgrade_on(connection: Connection, revision: str) -> None:
    command.upgrade(alembic_config(connection=connection), revision)
