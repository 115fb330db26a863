"""Fixtures shared by every test package."""

from __future__ import annotations

import os
from pathlib import Path

import hypothesis
import pytest

from bot.app.settings import Settings
from bot.store.db import downgrade, upgrade
from tests import backends
from tests.backends import external_url

hypothesis.settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
"""In CI every run draws the same examples, so a red build is reproducible."""
if os.environ.get("CI") == "true":
    hypothesis.settings.load_profile("ci")


def pytest_configure(config: pytest.Config) -> None:
    """A parallel worker (pytest -n) gets its own PostgreSQL database."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        backends.start_worker(workerinput["workerid"])


def pytest_unconfigure(config: pytest.Config) -> None:
    if getattr(config, "workerinput", None) is not None:
        backends.end_worker()


LONGEST = ("test_screens.py",)
"""Modules that take minutes: run first, so parallel workers share out the rest and end together."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.path.name not in LONGEST)  # stable: the rest keep their order


@pytest.fixture
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database upgraded to the latest schema: a SQLite file by default.

    Parametrized indirectly with `tests.backends.database_urls()`, it is also
    TEST_DATABASE_URL (PostgreSQL), wiped and upgraded again for each test.
    """
    backend = getattr(request, "param", "sqlite")
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'covert_table.db'}"
    else:
        url = external_url()
        downgrade(url, "base")
    upgrade(url)
    return url


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Settings for tests: a temporary database and AI seats that move at once."""
    return Settings(database_url=db_url, ai_move_delay=0.0, shard_count=1)
