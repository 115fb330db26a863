"""Process settings read from the environment (and a .env file)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///covert_table.db"
_LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(Exception):
    """A setting is missing or malformed; the message is one readable sentence."""


@dataclass(frozen=True)
class Settings:
    """Everything the host configures; see .env.example for each setting."""

    discord_token: str = ""
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    ai_move_delay: float = 1.5
    """Seconds an AI seat waits before moving, so people can follow."""
    snapshot_every: int = 50
    """Store a state snapshot every this many logged steps."""

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Read settings from a mapping (default: the process environment)."""
        source: Any = os.environ if env is None else env
        return cls(
            discord_token=source.get("DISCORD_TOKEN", "").strip(),
            database_url=source.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL,
            dev_guild_id=_optional_int(source, "DEV_GUILD_ID"),
            log_level=_log_level(source.get("LOG_LEVEL", "INFO")),
            ai_move_delay=_float(source, "AI_MOVE_DELAY", 1.5, 0.0, 30.0),
            snapshot_every=int(_float(source, "SNAPSHOT_EVERY", 50, 1, 10_000)),
        )

    def require_token(self) -> str:
        """Return the Discord token, or explain how to set one."""
        if not self.discord_token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: copy .env.example to .env and paste your bot token "
                "(or try `python -m bot playground`, which needs none)."
            )
        return self.discord_token


def _optional_int(source: Any, name: str) -> int | None:
    raw = source.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{name} must be a numeric Discord id, not {raw!r}.")
    return int(raw)


def _float(source: Any, name: str, default: float, low: float, high: float) -> float:
    raw = source.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, not {raw!r}.") from None
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low:g} and {high:g}, not {raw}.")
    return value


def _log_level(raw: str) -> str:
    level = raw.strip().upper() or "INFO"
    if level not in _LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(_LOG_LEVELS)}, not {raw!r}.")
    return level
