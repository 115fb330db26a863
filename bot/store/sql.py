"""Small SQL helpers shared by the repositories."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import Connection, CursorResult
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Dialect
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


@dataclass(frozen=True)
class Prepared:
    """A Core statement compiled once for one dialect and one set of parameters.

    Rows of Python values become the driver's positional parameters through the
    columns' own bind processors (SQLAlchemy's: the stored text is what
    `Connection.execute` would write), so a batch can be turned into parameters
    before the write lock is taken and then sent with the driver's executemany,
    without SQLAlchemy's per-row work inside the transaction.
    """

    sql: str
    names: tuple[str, ...]
    processors: tuple[Callable[[Any], Any] | None, ...]

    def row(self, values: Mapping[str, Any]) -> tuple[Any, ...]:
        """Return one row of parameters, in the statement's order."""
        return tuple(
            values[name] if process is None else process(values[name])
            for name, process in zip(self.names, self.processors, strict=True)
        )

    def run(self, connection: Connection, rows: Sequence[tuple[Any, ...]]) -> CursorResult[Any]:
        """Execute the statement once per row: one executemany (one execute for one row,
        so that its row count is exact on every driver)."""
        return connection.exec_driver_sql(self.sql, rows[0] if len(rows) == 1 else list(rows))


@functools.lru_cache(maxsize=256)
def prepared(statement: Any, dialect: Dialect, names: tuple[str, ...]) -> Prepared:
    """Compile `statement` for `dialect` with parameters `names` (once per statement and set).

    The names must be every parameter of the compiled statement: a column with
    an `onupdate` default (`updated_at`) is one, and the caller gives its value
    as SQLAlchemy would have computed it.
    """
    compiled = statement.compile(dialect=dialect, column_keys=list(names))
    order = tuple(compiled.positiontup or ())
    if not compiled.positional or set(order) != set(names):
        raise ValueError(f"cannot prepare {compiled.string!r} with {names}")
    processors = tuple(
        compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect) for name in order
    )
    return Prepared(compiled.string, order, processors)
