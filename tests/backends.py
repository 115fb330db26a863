"""Which databases storage tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.

In CI (CI=true) TEST_DATABASE_URL must be set: a PostgreSQL suite that silently
skipped would read as green.

Tests run in parallel worker processes (``pytest -n``) each get a database of
their own on that server: TEST_DATABASE_URL's database name with the worker's
id appended (``covert_test_gw0``), created afresh when the worker starts and
dropped when it ends.
"""

from __future__ import annotations

import asyncio
import os

import pytest
from sqlalchemy.engine import make_url

HOW = (
    "set TEST_DATABASE_URL=postgresql+asyncpg://127.0.0.1/<database> to run these tests "
    "on PostgreSQL too"
)

_worker = ""
"""The id of this parallel worker process ("gw0", ...), empty when tests run in one process."""


def external_url() -> str:
    """Return TEST_DATABASE_URL (this worker's own database), or skip (fail in CI) with how."""
    url = os.environ.get("TEST_DATABASE_URL", "")
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail("TEST_DATABASE_URL is not set in CI")
        pytest.skip(HOW)
    return worker_url(url, _worker)


def database_urls() -> list[str]:
    """Return the backends to parametrize `db_url` with (PostgreSQL skips without its URL)."""
    return ["sqlite", "postgresql"]


def worker_url(url: str, worker: str) -> str:
    """Return the URL of a worker's database: the same server, the name suffixed by its id."""
    if not worker:
        return url
    parsed = make_url(url)
    return parsed.set(database=f"{parsed.database}_{worker}").render_as_string(hide_password=False)


def start_worker(worker: str) -> None:
    """Give a parallel worker its own empty PostgreSQL database (if TEST_DATABASE_URL is set)."""
    global _worker
    _worker = worker
    url = os.environ.get("TEST_DATABASE_URL", "")
    if worker and url:
        asyncio.run(_recreate(url, worker_url(url, worker), drop_only=False))


def end_worker() -> None:
    """Drop the worker's database again."""
    url = os.environ.get("TEST_DATABASE_URL", "")
    if _worker and url:
        asyncio.run(_recreate(url, worker_url(url, _worker), drop_only=True))


async def _recreate(admin_url: str, url: str, *, drop_only: bool) -> None:
    """Drop the database of `url` (closing its connections), then create it unless told not to.

    Runs on a connection to TEST_DATABASE_URL's own database, which exists.
    """
    import asyncpg  # PostgreSQL's driver, only needed when its URL is set

    name = make_url(url).database
    assert name, url
    quoted = '"' + name.replace('"', '""') + '"'
    admin = make_url(admin_url).set(drivername="postgresql")
    connection = await asyncpg.connect(admin.render_as_string(hide_password=False))
    try:
        await connection.execute(f"DROP DATABASE IF EXISTS {quoted} WITH (FORCE)")
        if not drop_only:
            await connection.execute(f"CREATE DATABASE {quoted}")
    finally:
        await connection.close()
