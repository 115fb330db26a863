"""Which databases storage tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.

In CI (CI=true) TEST_DATABASE_URL must be set: a PostgreSQL suite that silently
skipped would read as green.
"""

from __future__ import annotations

import os

import pytest

HOW = (
    "set TEST_DATABASE_URL=postgresql+asyncpg://127.0.0.1/<database> to run these tests "
    "on PostgreSQL too"
)


def external_url() -> str:
    """Return TEST_DATABASE_URL, or skip (fail in CI) with how to set it."""
    url = os.environ.get("TEST_DATABASE_URL", "")
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail("TEST_DATABASE_URL is not set in CI")
        pytest.skip(HOW)
    return url


def database_urls() -> list[str]:
    """Return the backends to parametrize `db_url` with (PostgreSQL skips without its URL)."""
    return ["sqlite", "postgresql"]
