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
    shard_count: int | None = None
    """Discord shards in all; None: as many as Discord recommends."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs; None: all of them."""
    match_cache_size: int = 1000
    """Matches kept in memory at most (least recently used ones are dropped)."""

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Read settings from a mapping (default: the process environment)."""
        source: Any = os.environ if env is None else env
        count = _optional_int(source, "SHARD_COUNT", "a number of shards")
        if count is not None and count < 1:
            raise ConfigError("SHARD_COUNT must be at least 1.")
        return cls(
            discord_token=source.get("DISCORD_TOKEN", "").strip(),
            database_url=source.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL,
            dev_guild_id=_optional_int(source, "DEV_GUILD_ID"),
            log_level=_log_level(source.get("LOG_LEVEL", "INFO")),
            ai_move_delay=_float(source, "AI_MOVE_DELAY", 1.5, 0.0, 30.0),
            snapshot_every=int(_float(source, "SNAPSHOT_EVERY", 50, 1, 10_000)),
            shard_count=count,
            shard_ids=_shard_ids(source.get("SHARD_IDS", ""), count),
            match_cache_size=int(_float(source, "MATCH_CACHE_SIZE", 1000, 10, 1_000_000)),
        )

    def require_token(self) -> str:
        """Return the Discord token, or explain how to set one."""
        if not self.discord_token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: copy .env.example to .env and paste your bot token "
                "(or try `python -m bot playground`, which needs none)."
            )
        return self.discord_token


def _optional_int(source: Any, name: str, what: str = "a numeric Discord id") -> int | None:
    raw = source.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{name} must be {what}, not {raw!r}.")
    return int(raw)


def _shard_ids(raw: str, count: int | None) -> tuple[int, ...] | None:
    """Parse SHARD_IDS: ids and ranges such as `0-3` or `4,5,6,7`."""
    raw = raw.strip()
    if not raw:
        return None
    if count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT: set how many shards there are in all.")
    ids: set[int] = set()
    for part in raw.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ConfigError(f"SHARD_IDS must look like 0-3 or 4,5,6,7, not {raw!r}.")
        ids.update(range(int(low), int(high or low) + 1))
    if not ids or max(ids) >= count:
        raise ConfigError(f"SHARD_IDS must be shards 0 to {count - 1} (SHARD_COUNT={count}).")
    return tuple(sorted(ids))


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
