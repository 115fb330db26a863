"""Guild settings and user preferences, stored as JSON dicts of overrides."""

from __future__ import annotations

from typing import Any

from bot.store.models import GuildSettings, UserPrefs, utcnow
from bot.store.sql import Sessions, upsert


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
        async with self._sessions() as session, session.begin():
            await upsert(session, GuildSettings, values, keys=("guild_id",))

    async def get_user_prefs(self, user_id: int) -> dict[str, Any]:
        """Return the user's stored preferences ({} if none)."""
        async with self._sessions() as session:
            found = await session.get(UserPrefs, user_id)
        return {} if found is None else dict(found.prefs)

    async def set_user_prefs(self, user_id: int, prefs: dict[str, Any]) -> None:
        """Replace the user's preferences."""
        values = {"user_id": user_id, "prefs": prefs, "updated_at": utcnow()}
        async with self._sessions() as session, session.begin():
            await upsert(session, UserPrefs, values, keys=("user_id",))
