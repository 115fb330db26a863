"""The command line stops on bad configuration with one readable sentence."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.app.settings import ConfigError, Settings
from bot.cli import _run, main

TRIES = 200
"""Failed starts in a row: the thread that outlived its loop did so in one in five to fifty."""


def test_run_without_a_token_explains_what_to_do(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and "Traceback" not in err


def test_a_start_logs_events_not_the_migration_tool_s_plugins(tmp_path: Path) -> None:
    """One clear line per important event: a start that stops at once says why, without
    the lines Alembic writes about its plugins."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env |= {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", "LOG_LEVEL": "INFO"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,
        env=env | {"PYTHONPATH": str(Path(__file__).resolve().parents[1])},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and "DISCORD_TOKEN is not set" in done.stderr
    assert "setup plugin" not in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL must be one of"),
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID must be a numeric Discord id"),
        ("AI_MOVE_DELAY", "-1", "AI_MOVE_DELAY must be between"),
        ("AI_MOVE_DELAY", "soon", "AI_MOVE_DELAY must be a number"),
        ("SHARD_COUNT", "many", "SHARD_COUNT must be a number of shards"),
        ("SHARD_COUNT", "0", "SHARD_COUNT must be at least 1"),
        ("SHARD_IDS", "0-3", "SHARD_IDS needs SHARD_COUNT"),
        ("MATCH_CACHE_SIZE", "1", "MATCH_CACHE_SIZE must be between"),
    ],
)
def test_bad_settings_are_named(name: str, value: str, expected: str) -> None:
    with pytest.raises(ConfigError, match=expected):
        Settings.from_env({name: value})


def test_defaults() -> None:
    settings = Settings.from_env({})
    assert settings.database_url == "sqlite+aiosqlite:///covert_table.db"
    assert settings.dev_guild_id is None and settings.log_level == "INFO"
    assert settings.shard_count is None and settings.shard_ids is None  # Discord decides
    assert settings.match_cache_size == 1000


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [("8", "0-3", (0, 1, 2, 3)), ("8", "4,5,6,7", (4, 5, 6, 7)), ("8", "0-1, 6", (0, 1, 6))],
)
def test_shard_ids_take_ranges_and_lists(count: str, ids: str, expected: tuple[int, ...]) -> None:
    settings = Settings.from_env({"SHARD_COUNT": count, "SHARD_IDS": ids})
    assert settings.shard_count == int(count) and settings.shard_ids == expected


@pytest.mark.parametrize("ids", ["0-8", "a-b", "3-"])
def test_shard_ids_out_of_range_or_malformed_are_refused(ids: str) -> None:
    with pytest.raises(ConfigError, match="SHARD_IDS"):
        Settings.from_env({"SHARD_COUNT": "8", "SHARD_IDS": ids})


def test_the_bot_runs_the_given_shards() -> None:
    from bot.discord_ui.bot import create_bot

    bot = create_bot(Settings.from_env({"SHARD_COUNT": "8", "SHARD_IDS": "2-3"}))
    assert bot.shard_count == 8 and bot.shard_ids == [2, 3]
    assert bot.own_shards().ids == {2, 3}


def test_migrate_creates_the_schema(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "fresh.db"
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{path}")
    assert main(["migrate"]) == 0
    tables = {r[0] for r in sqlite3.connect(path).execute("SELECT name FROM sqlite_master")}
    assert {"matches", "match_seats", "match_events", "match_snapshots"} <= tables


def test_run_with_an_unusable_database_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path}/missing/dir/x.db")
    died: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: died.append(args.exc_value))
    before = set(threading.enumerate())
    for _ in range(TRIES):
        assert main(["run"]) == 2
        assert "cannot open the database" in capsys.readouterr().err
    for thread in set(threading.enumerate()) - before:
        thread.join(5)
    # The sentence is all: no thread of the failed attempt outlives its event loop (one
    # did, in one start in five to fifty, and printed an "Event loop is closed" traceback).
    assert died == []


class StubBot:
    """Stands in for the bot: connects for ever, and records that it was closed."""

    def __init__(self) -> None:
        self.closed = False
        self.connected = asyncio.Event()

    async def __aenter__(self) -> StubBot:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.closed = True

    async def start(self, token: str) -> None:
        self.connected.set()
        await asyncio.Event().wait()


async def test_sigterm_closes_the_bot_as_ctrl_c_does() -> None:
    """A service manager stops the bot with SIGTERM: it closes gracefully (stores a
    snapshot of every match, closes the database) instead of dying mid-work."""
    stub = StubBot()
    # Should _run not take SIGTERM, it must not end the test run: ignore it meanwhile.
    before = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        running = asyncio.create_task(_run(stub, "token"))
        await asyncio.wait_for(stub.connected.wait(), 5)
        os.kill(os.getpid(), signal.SIGTERM)
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(running, 5)
        assert stub.closed
        # The handler went with the bot: the event loop no longer holds one.
        assert not asyncio.get_running_loop().remove_signal_handler(signal.SIGTERM)
    finally:
        signal.signal(signal.SIGTERM, before)
