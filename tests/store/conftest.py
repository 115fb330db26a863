"""Fixtures: a migrated database per test; SQLite always, PostgreSQL if TEST_DATABASE_URL is set."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store, downgrade
from tests.backends import external_url

BACKENDS = ["sqlite", "external"]


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A SQLite file URL in the test's temporary directory."""
    return f"sqlite+aiosqlite:///{tmp_path / 'covert_table.db'}"


@pytest.fixture(params=BACKENDS)
async def db_url(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    """An empty database URL: the SQLite file, or TEST_DATABASE_URL wiped back to base."""
    if request.param == "sqlite":
        return sqlite_url
    url = external_url()
    await asyncio.to_thread(downgrade, url, "base")
    return url


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    """A store on a database upgraded to head."""
    opened = await Store.open(db_url)
    try:
        yield opened
    finally:
        await opened.close()
