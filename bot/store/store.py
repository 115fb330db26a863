"""The storage facade the application layer is handed."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store.db import make_engine, make_sessionmaker, upgrade_engine
from bot.store.repo import MatchRepository
from bot.store.settings import SettingsRepository
from bot.store.sql import Sessions
from bot.store.stats import StatsRepository
from bot.store.writer import close_writer, writer_for


class Store:
    """The engine plus the repositories built on it: what the app layer is handed."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.sessions: Sessions = make_sessionmaker(engine)
        self.matches = MatchRepository(self.sessions)
        self.settings = SettingsRepository(self.sessions)
        self.stats = StatsRepository(self.sessions)

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True) -> Store:
        """Connect to `url`, upgrading the schema to head first unless told not to."""
        engine = make_engine(url)
        if migrate:
            await upgrade_engine(engine)
        return cls(engine)

    def sync_engines(self) -> list[Engine]:
        """Return the other engines this store writes through (the writer's own SQLite one)."""
        direct = writer_for(self.engine).direct_engine
        return [] if direct is None else [direct]

    async def close(self) -> None:
        """Close the database: the SQLite writer's threads (after a last checkpoint), then
        every pooled connection."""
        close_writer(self.engine)
        await self.engine.dispose()
