"""On a SQLite file, the WAL reaches the database file in the background, never in a commit."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.store import NewMatch
from bot.store.db import WRITER_CHECKPOINT_PAGES
from bot.store.store import Store
from bot.store.writer import writer_for


def matches_in_database_file(path: Path) -> int:
    """Count the matches the database file itself holds (the WAL not read; -1: no table yet)."""
    file = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        return int(file.execute("SELECT count(*) FROM matches").fetchone()[0])
    except sqlite3.OperationalError:
        return -1  # the schema itself is still only in the WAL
    finally:
        file.close()


async def test_commits_reach_the_database_file_without_a_commit_copying_them(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bot.db"
    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    try:
        writer = writer_for(store.engine)
        autocheckpoint = await writer.write(
            lambda c: c.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
        )
        assert autocheckpoint == WRITER_CHECKPOINT_PAGES  # the writer's commits never copy
        match = NewMatch(None, 1, "coins", 1, {}, 5, 7, status="active")
        await asyncio.gather(*(store.matches.create_match(match) for _ in range(40)))
        checkpoints = writer.checkpoints
        assert checkpoints is not None
        for _ in range(100):  # the checkpoint thread copies them soon after (and then counts)
            if matches_in_database_file(path) == 40 and checkpoints.done >= 1:
                break
            await asyncio.sleep(0.05)
        assert matches_in_database_file(path) == 40
        assert checkpoints.done >= 1
    finally:
        await store.close()
