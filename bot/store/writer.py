"""Group commit: one writer per database puts the pending writes of many matches in one commit.

A caller hands the writer a unit of work, a plain function of a SQLAlchemy Core
`Connection`, and waits. The writer takes everything pending, runs it in one
write transaction (BEGIN IMMEDIATE on SQLite), commits once, and only then
answers every caller: an answer means the write is durable, exactly as with
one transaction per write.

A unit may have a `prepare(dialect)` method: the writer calls it before it
takes the write lock, so work that needs no lock (turning values into the
driver's parameters) is not done while other processes wait for it.

Units run together first: a kind of unit that knows how (an append) writes the
whole batch in a few set-based statements, refusing a stale version as an
answer rather than an exception. If anything raises, the transaction is rolled
back and the batch runs again with each unit inside its own SAVEPOINT: a unit
that raises rolls back its savepoint and gets its own exception
(ConcurrencyConflict, NotFound); the others commit. A unit that failed on a
database error (a deadlock, a lock timeout) and a whole batch whose BEGIN or
COMMIT failed are tried again, each unit alone in its own transaction.

On a SQLite file the work runs on a plain `sqlite3` connection in one
dedicated thread: one thread hop per batch instead of one per statement. On
PostgreSQL it runs over the async engine's connection (`run_sync`). Reads that
want one hop (a cold load) go through `read` the same way.

On a SQLite file a checkpoint thread copies committed pages from the WAL into
the database file after each burst of commits (a PASSIVE checkpoint, which never
holds up a writer), so no commit does it: left to SQLite, the commit that
crosses 1,000 WAL pages copies and syncs them all while the move that made it,
and every move behind it, waits (up to 200 ms after a busy minute).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, TypeVar

from sqlalchemy import Connection, Engine, create_engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import SingletonThreadPool

from bot.store.errors import StoreClosed
from bot.store.sql import SINGLE, WRITE

log = logging.getLogger(__name__)
T = TypeVar("T")
Work = Callable[[Connection], Any]
MAX_BATCH: Final = 256
"""Most units in one transaction."""
CHECKPOINT_AFTER: Final = 0.1
"""Seconds the checkpoint thread lets commits gather before it checkpoints them."""

before_commit: Callable[[int, bool], None] | None = None
"""Called just before each COMMIT with the batch size and whether its units were written
together (set-wise) rather than one by one; the crash test kills the process here."""


class _Retry(Exception):
    """A unit that failed on a database error, not on its own data: try it again alone."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


class GroupWriter:
    """The one writer of a database in this process (see the module docstring)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._direct = _direct_engine(engine)
        self._writer_thread = ThreadPoolExecutor(1, "db-writer") if self._direct else None
        self._reader_thread = ThreadPoolExecutor(1, "db-reader") if self._direct else None
        self.checkpoints = _Checkpoints(self._direct) if self._direct else None
        """The checkpoint thread (on a SQLite file)."""
        self._pending: list[tuple[Work, asyncio.Future[Any]]] = []
        self._task: asyncio.Task[None] | None = None
        self.batches = 0
        """Transactions committed (for benchmarks and tests)."""
        self.largest = 0
        """The most units one committed transaction held."""
        self.closed = False

    @property
    def direct_engine(self) -> Engine | None:
        """The sync engine used on a SQLite file (None on PostgreSQL)."""
        return self._direct

    async def write(self, work: Callable[[Connection], T]) -> T:
        """Run `work` in the next group commit; return its result once committed.

        A unit that cannot go together with others runs in the caller's context
        (its context variables: the language of the member it answers, say),
        whichever thread or task runs the batch.
        """
        loop = asyncio.get_running_loop()
        if getattr(work, "together", None) is None:
            work = _InContext(work)
        future: asyncio.Future[T] = loop.create_future()
        self._pending.append((work, future))
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._drain())
        return await future

    async def read(self, work: Callable[[Connection], T], *, single: bool = False) -> T:
        """Run `work` in one read transaction, in one thread hop where possible.

        With `single`, `work` runs one statement: on PostgreSQL it then runs with
        no transaction around it (one statement reads one snapshot anyway), so
        the read is one round trip, not BEGIN, the statement and ROLLBACK; on
        SQLite it runs without BEGIN.
        """
        if self._direct is not None:
            loop = asyncio.get_running_loop()
            unit = _InContext(work)  # the reader's thread runs it in the caller's context
            return await loop.run_in_executor(
                self._reader_thread, _read_on, self._direct, unit, single
            )
        async with self.engine.connect() as connection:
            if single:
                connection = await connection.execution_options(isolation_level="AUTOCOMMIT")
            return await connection.run_sync(work)

    async def _drain(self) -> None:
        while self._pending:
            batch = self._pending[:MAX_BATCH]
            del self._pending[:MAX_BATCH]
            batch.sort(key=lambda item: getattr(item[0], "order", 0))  # one lock order
            try:
                outcomes = await self._commit([work for work, _ in batch])
            except Exception as exc:
                if len(batch) == 1:
                    _answer(batch[0][1], False, exc)
                    continue
                await self._alone(batch)
                continue
            self.batches += 1
            self.largest = max(self.largest, len(batch))
            retry = []
            for item, (ok, value) in zip(batch, outcomes, strict=True):
                if not ok and isinstance(value, _Retry):
                    retry.append(item)
                else:
                    _answer(item[1], ok, value)
            await self._alone(retry)

    async def _alone(self, items: list[tuple[Work, asyncio.Future[Any]]]) -> None:
        """Commit each unit in a transaction of its own."""
        for work, future in items:
            try:
                [(ok, value)] = await self._commit([work])
            except Exception as exc:
                ok, value = False, exc
            if isinstance(value, _Retry):
                value = value.error
            _answer(future, ok, value)

    async def _commit(self, units: list[Work]) -> list[tuple[bool, Any]]:
        if self._direct is not None:
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(
                    self._writer_thread, _write_on, self._direct, units
                )
            finally:
                assert self.checkpoints is not None
                self.checkpoints.due()
        async with self.engine.connect() as connection:
            connection = await connection.execution_options(**{WRITE: True})
            return await connection.run_sync(_apply, units)

    def close(self) -> None:
        """Close the direct connections and threads."""
        self.closed = True
        for pool in (self._writer_thread, self._reader_thread):
            if pool is not None:
                pool.shutdown(wait=True)
        if self.checkpoints is not None:
            self.checkpoints.close()
        if self._direct is not None:
            self._direct.dispose()


class _Checkpoints:
    """The checkpoint thread of a SQLite file's writer (see the module docstring)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.done = 0
        """Checkpoints run (for tests)."""
        self._wake = threading.Event()
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._run, name="db-checkpoint", daemon=True)
        self._thread.start()

    def due(self) -> None:
        """Tell the thread that commits happened (called after each transaction)."""
        self._wake.set()

    def close(self) -> None:
        """Stop the thread, after a last checkpoint of what is committed."""
        self._closing.set()
        self._wake.set()
        self._thread.join()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._closing.wait(CHECKPOINT_AFTER)  # one checkpoint for a burst of commits
            self._wake.clear()
            try:
                with self.engine.connect() as connection:
                    single = connection.execution_options(**{SINGLE: True})
                    single.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
                self.done += 1
            except Exception:
                log.warning("WAL checkpoint failed; SQLite's own will run", exc_info=True)
            if self._closing.is_set():
                return


class _InContext:
    """A unit that runs in the context of the task that handed it to the writer."""

    def __init__(self, work: Callable[[Connection], Any]) -> None:
        self.work = work
        self.context = contextvars.copy_context()
        self.order = getattr(work, "order", 0)

    def prepare(self, dialect: Any) -> None:
        """Run the unit's own `prepare`, if it has one (see the module docstring)."""
        prepare = getattr(self.work, "prepare", None)
        if prepare is not None:
            self.context.run(prepare, dialect)

    def __call__(self, connection: Connection) -> Any:
        return self.context.run(self.work, connection)


def _answer(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.done():
        return  # the caller was cancelled
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


def _write_on(engine: Engine, units: list[Work]) -> list[tuple[bool, Any]]:
    with engine.connect() as connection:
        return _apply(connection.execution_options(**{WRITE: True}), units)


def _read_on(engine: Engine, work: Callable[[Connection], T], single: bool = False) -> T:
    with engine.connect() as connection:
        if single:
            return work(connection.execution_options(**{SINGLE: True}))
        with connection.begin():
            return work(connection)


def _apply(connection: Connection, units: list[Work]) -> list[tuple[bool, Any]]:
    """Run the units in one transaction: together if they can, else each in a savepoint.

    Several units first run together (see `_together`): appends as a handful of
    set-based statements for the whole batch. If anything raises there, the
    transaction is rolled back and the units run again, each in its own
    savepoint, so that only the units at fault fail.
    """
    for unit in units:  # work that needs no lock, done before the lock is taken
        prepare = getattr(unit, "prepare", None)
        if prepare is not None:
            prepare(connection.dialect)
    if len(units) > 1:
        transaction = connection.begin()
        try:
            outcomes = _together(connection, units)
        except Exception:
            transaction.rollback()
        else:
            return _commit_with(transaction, outcomes, together=True)
    outcomes = []
    transaction = connection.begin()
    try:
        if len(units) == 1:
            try:
                outcomes.append((True, units[0](connection)))
            except Exception as exc:
                transaction.rollback()
                return [(False, _classify(exc))]
        else:
            for unit in units:
                savepoint = connection.begin_nested()
                try:
                    value = unit(connection)
                except Exception as exc:
                    savepoint.rollback()
                    outcomes.append((False, _classify(exc)))
                else:
                    savepoint.commit()
                    outcomes.append((True, value))
    except BaseException:
        if transaction.is_active:
            transaction.rollback()
        raise
    return _commit_with(transaction, outcomes)


def _commit_with(
    transaction: Any, outcomes: list[tuple[bool, Any]], *, together: bool = False
) -> list[tuple[bool, Any]]:
    """Commit (the crash test's hook runs just before); roll back if that fails."""
    try:
        if before_commit is not None:
            before_commit(len(outcomes), together)
        transaction.commit()
    except BaseException:
        if transaction.is_active:
            transaction.rollback()
        raise
    return outcomes


def _together(connection: Connection, units: list[Work]) -> list[tuple[bool, Any]]:
    """Run units without savepoints; units of one kind that know how go in one call.

    A unit with a `together` attribute is a static function of the connection and
    a list of such units that returns one outcome per unit: refusals it found
    before writing anything (a stale version) are outcomes; any exception means
    the batch must run again unit by unit.
    """
    outcomes: list[tuple[bool, Any] | None] = [None] * len(units)
    kinds: dict[Any, list[int]] = {}
    for index, unit in enumerate(units):
        together = getattr(unit, "together", None)
        if together is None:
            outcomes[index] = (True, unit(connection))
        else:
            kinds.setdefault(together, []).append(index)
    for together, indexes in kinds.items():
        found = together(connection, [units[i] for i in indexes])
        for index, outcome in zip(indexes, found, strict=True):
            outcomes[index] = outcome
    return [outcome for outcome in outcomes if outcome is not None]


def _classify(exc: Exception) -> Exception:
    """Keep a unit's own error; mark a database error (not an integrity one) for a retry."""
    if isinstance(exc, DBAPIError) and not isinstance(exc, IntegrityError):
        return _Retry(exc)
    return exc


def _direct_engine(engine: AsyncEngine) -> Engine | None:
    """Return a sync pysqlite engine on the same SQLite file, with the same pragmas."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    from bot.store.db import json_text, tune_sqlite  # db imports this module's users

    direct = create_engine(
        url.set(drivername="sqlite+pysqlite"),
        json_serializer=json_text,
        poolclass=SingletonThreadPool,
        connect_args={"check_same_thread": False},
    )
    tune_sqlite(direct, own_thread=True)
    return direct


_WRITERS: weakref.WeakKeyDictionary[AsyncEngine, GroupWriter] = weakref.WeakKeyDictionary()
_CLOSED: weakref.WeakSet[AsyncEngine] = weakref.WeakSet()


def writer_for(engine: AsyncEngine) -> GroupWriter:
    """Return the writer of this engine's database, made on first use; refuse an engine
    whose writer was closed, since a writer made again would start threads that nothing
    closes (work left running after its process's stop: a bug to see, not to hide)."""
    found = _WRITERS.get(engine)
    if found is None:
        if engine in _CLOSED:
            raise StoreClosed("this database was closed; nothing more is written to it")
        found = _WRITERS[engine] = GroupWriter(engine)
    return found


def close_writer(engine: AsyncEngine) -> None:
    """Close the writer of an engine, if it has one, for good."""
    _CLOSED.add(engine)
    found = _WRITERS.pop(engine, None)
    if found is not None:
        found.close()
