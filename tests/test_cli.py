"""The command line stops on bad configuration with one readable sentence."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.app.settings import ConfigError, Settings
from bot.cli import main


def test_run_without_a_token_explains_what_to_do(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL must be one of"),
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID must be a numeric Discord id"),
        ("AI_MOVE_DELAY", "-1", "AI_MOVE_DELAY must be between"),
        ("AI_MOVE_DELAY", "soon", "AI_MOVE_DELAY must be a number"),
    ],
)
def test_bad_settings_are_named(name: str, value: str, expected: str) -> None:
    with pytest.raises(ConfigError, match=expected):
        Settings.from_env({name: value})


def test_defaults() -> None:
    settings = Settings.from_env({})
    assert settings.database_url == "sqlite+aiosqlite:///covert_table.db"
    assert settings.dev_guild_id is None and settings.log_level == "INFO"


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
    assert main(["run"]) == 2
    assert "cannot open the database" in capsys.readouterr().err
