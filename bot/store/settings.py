"""Guild settings and user preferences, stored as JSON dicts of overrides."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from bot.store.models import GuildSettingChange, GuildSettings, UserPrefs, utcnow
from bot.store.sql import Sessions, upsert, writing


@dataclass(frozen=True, slots=True)
class SettingChange:
    """One logged change of a guild setting."""

    guild_id: int
    setting: str
    old: Any
    new: Any
    user_id: int | None
    created_at: datetime


class SettingsRepository:
    """Guild settings and user preferences, each a JSON dict of overrides."""

    def __init__(self, sessions: Sessions) -> None:
        self._sessions = sessions

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        """Return the guild's stored settings ({} if none)."""
        async with self._sessions() as session:
            found = await session.get(GuildSettings, guild_id)
        return {} if found is None else dict(found.settings)

    async def set_guild_settings(
        self, guild_id: int, settings: dict[str, Any], updated_by: int | None = None
    ) -> None:
        """Replace the guild's settings, recording who changed them."""
        values = {
            "guild_id": guild_id,
            "settings": settings,
            "updated_by": updated_by,
            "updated_at": utcnow(),
        }
        async with writing(self._sessions) as session:
            await upsert(session, GuildSettings, values, keys=("guild_id",))

    async def change_guild_setting(
        self, guild_id: int, setting: str, old: Any, new: Any, user_id: int | None
    ) -> None:
        """Set one setting (None: back to its default) and log the change, atomically."""
        async with writing(self._sessions) as session:
            found = await session.get(GuildSettings, guild_id, with_for_update=True)
            stored = {} if found is None else dict(found.settings)
            if new is None:
                stored.pop(setting, None)
            else:
                stored[setting] = new
            values = {
                "guild_id": guild_id,
                "settings": stored,
                "updated_by": user_id,
                "updated_at": utcnow(),
            }
            await upsert(session, GuildSettings, values, keys=("guild_id",))
            session.add(
                GuildSettingChange(
                    guild_id=guild_id, setting=setting, old=old, new=new, user_id=user_id
                )
            )

    async def setting_history(self, guild_id: int, limit: int = 10) -> list[SettingChange]:
        """Return the latest changes of a guild's settings, newest first."""
        query = (
            select(GuildSettingChange)
            .where(GuildSettingChange.guild_id == guild_id)
            .order_by(GuildSettingChange.id.desc())
            .limit(limit)
        )
        async with self._sessions() as session:
            found = (await session.scalars(query)).all()
        return [
            SettingChange(c.guild_id, c.setting, c.old, c.new, c.user_id, c.created_at)
            for c in found
        ]

    async def get_user_prefs(self, user_id: int) -> dict[str, Any]:
        """Return the user's stored preferences ({} if none)."""
        async with self._sessions() as session:
            found = await session.get(UserPrefs, user_id)
        return {} if found is None else dict(found.prefs)

    async def set_user_prefs(self, user_id: int, prefs: dict[str, Any]) -> None:
        """Replace the user's preferences."""
        values = {"user_id": user_id, "prefs": prefs, "updated_at": utcnow()}
        async with writing(self._sessions) as session:
            await upsert(session, UserPrefs, values, keys=("user_id",))
