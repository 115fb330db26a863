"""Alembic scripts apply, roll back and match the models; SQLite is tuned for durability."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect, text

from bot.store import database_url, downgrade, make_engine, upgrade, upgrade_to_head
from bot.store.models import Base

TABLES = {
    "matches",
    "match_seats",
    "match_events",
    "match_snapshots",
    "match_results",
    "match_notes",
    "match_dm_views",
    "guild_settings",
    "guild_settings_log",
    "user_prefs",
    "ratings",
}
REPO_ROOT = Path(__file__).resolve().parents[2]


def sqlite_tables(url: str) -> set[str]:
    path = url.split("///", 1)[1]
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows} - {"alembic_version"}


def test_upgrade_downgrade_upgrade(sqlite_url: str) -> None:
    upgrade(sqlite_url)
    assert sqlite_tables(sqlite_url) == TABLES
    downgrade(sqlite_url, "base")
    assert sqlite_tables(sqlite_url) == set()
    upgrade(sqlite_url, "head")
    assert sqlite_tables(sqlite_url) == TABLES


async def test_upgrade_to_head_inside_running_loop(sqlite_url: str) -> None:
    await upgrade_to_head(sqlite_url)
    await upgrade_to_head(sqlite_url)  # already at head: nothing to do
    assert sqlite_tables(sqlite_url) == TABLES


async def test_upgrade_to_head_on_external_database(db_url: str) -> None:
    await upgrade_to_head(db_url)
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:
            names = await conn.run_sync(lambda sync: set(inspect(sync).get_table_names()))
            head = await conn.scalar(text("SELECT version_num FROM alembic_version"))
    finally:
        await engine.dispose()
    assert names - {"alembic_version"} == TABLES
    assert head == "0008"


async def test_models_match_the_migration(db_url: str) -> None:
    await upgrade_to_head(db_url)
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:
            diff = await conn.run_sync(_diff)
    finally:
        await engine.dispose()
    assert diff == []


def _diff(conn: Connection) -> list[object]:
    context = MigrationContext.configure(conn, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


def test_alembic_command_line(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}"}
    ini = str(REPO_ROOT / "alembic.ini")
    for args in (["upgrade", "head"], ["downgrade", "base"], ["upgrade", "head"]):
        subprocess.run(
            [sys.executable, "-m", "alembic", "-c", ini, *args],
            cwd=tmp_path,
            env=env,
            check=True,
            capture_output=True,
        )
    assert sqlite_tables(f"sqlite:///{db}") == TABLES


async def test_sqlite_pragmas(sqlite_url: str) -> None:
    engine = make_engine(sqlite_url)
    try:
        async with engine.connect() as conn:
            pragmas = {
                name: await conn.scalar(text(f"PRAGMA {name}"))
                for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
            }
    finally:
        await engine.dispose()
    assert pragmas == {
        "journal_mode": "wal",
        "synchronous": 2,
        "foreign_keys": 1,
        "busy_timeout": 5000,
    }


def test_database_url_picks_async_drivers(monkeypatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert database_url() == "sqlite+aiosqlite:///covert_table.db"
    assert database_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert database_url("postgres://u:p@h/db") == "postgresql+asyncpg://u:p@h/db"
    assert database_url("postgresql+psycopg://h/db") == "postgresql+psycopg://h/db"
    monkeypatch.setenv("DATABASE_URL", "postgresql://h/db")
    assert database_url() == "postgresql+asyncpg://h/db"
