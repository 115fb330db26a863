"""Small SQL helpers shared by the repositories."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Final

from sqlalchemy import Connection
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store.models import Base

Sessions = async_sessionmaker[AsyncSession]
WRITE: Final = "covert_table_write"
"""Execution option marking a write transaction; SQLite begins it IMMEDIATE (see db.py)."""
SINGLE: Final = "covert_table_single"
"""Execution option marking a read of one statement: SQLite runs it without BEGIN (see db.py)."""


@asynccontextmanager
async def writing(sessions: Sessions) -> AsyncIterator[AsyncSession]:
    """Open one write transaction: committed on leaving, rolled back on an error.

    On SQLite the transaction takes the write lock when it begins, so a writer
    never reads, then fails with "database is locked" when it tries to write: it
    waits its turn (busy timeout) before reading anything.
    """
    async with sessions() as session, session.begin():
        await session.connection(execution_options={WRITE: True})
        yield session


def check_fields(values: dict[str, Any], allowed: frozenset[str]) -> None:
    """Refuse an update that is empty or names a column callers may not change."""
    unknown = set(values) - allowed
    if unknown:
        raise TypeError(f"cannot update {', '.join(sorted(unknown))}")
    if not values:
        raise TypeError("nothing to update")


async def rowcount(session: AsyncSession, query: Any) -> int:
    """Execute a Core UPDATE/DELETE and return how many rows it matched."""
    result = await session.execute(query, execution_options={"synchronize_session": False})
    return int(result.rowcount)  # type: ignore[attr-defined]


async def upsert(
    session: AsyncSession, model: type[Base], values: dict[str, Any], keys: tuple[str, ...]
) -> None:
    """INSERT ... ON CONFLICT (keys) DO UPDATE, for SQLite and PostgreSQL."""
    dialect = session.get_bind().dialect.name
    await session.execute(upsert_statement(dialect, model, keys, tuple(values)), values)


def upsert_on(
    connection: Connection, model: type[Base], values: dict[str, Any], keys: tuple[str, ...]
) -> None:
    """INSERT ... ON CONFLICT (keys) DO UPDATE on a Core connection."""
    statement = upsert_statement(connection.dialect.name, model, keys, tuple(values))
    connection.execute(statement, values)


@functools.cache
def upsert_statement(
    dialect: str, model: type[Base], keys: tuple[str, ...], columns: tuple[str, ...]
) -> Any:
    """Return the upsert of these columns of `model`, built once (a handful exist)."""
    query = dialect_insert(dialect, model)
    changes = {name: query.excluded[name] for name in columns if name not in keys}
    return query.on_conflict_do_update(index_elements=list(keys), set_=changes)


def dialect_insert(dialect: str, model: type[Base]) -> sqlite.Insert | postgresql.Insert:
    """Return the dialect's INSERT, which knows ON CONFLICT."""
    if dialect == "sqlite":
        return sqlite.insert(model)
    if dialect == "postgresql":
        return postgresql.insert(model)
    raise NotImplementedError(f"upsert on {dialect}")
