"""Fixtures shared by every test package."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.app.settings import Settings
from bot.store.db import upgrade


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh SQLite file upgraded to the latest schema."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'covert_table.db'}"
    upgrade(url)
    return url


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Settings for tests: a temporary database and AI seats that move at once."""
    return Settings(database_url=db_url, ai_move_delay=0.0)
