"""Who may configure the bot and moderate matches: one check for every such command.

A moderator is a member with Manage Server, or a member holding the guild's
moderator role (`/config modrole`). `default_permissions` is only a hint to
Discord's client, and would hide /config from the moderator role, so it is not
used: this check is what enforces the rule (like Red-DiscordBot's
`PrivilegeLevel` checks).
"""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands

from bot.discord_ui import messages


class NotModerator(app_commands.CheckFailure):
    """The member is neither a server manager nor holds the moderator role."""

    def __init__(self) -> None:
        super().__init__(messages.NOT_MODERATOR)


async def is_moderator(interaction: discord.Interaction) -> bool:
    """Tell whether the member has Manage Server or the guild's moderator role."""
    if interaction.guild_id is None:
        return False
    if interaction.permissions.manage_guild:
        return True
    settings = getattr(cast(Any, interaction.client).controller, "settings", None)
    if settings is None:
        return False
    role = (await settings.get(interaction.guild_id)).mod_role
    roles = getattr(interaction.user, "roles", ())
    return role is not None and any(r.id == role for r in roles)


async def moderator_check(interaction: discord.Interaction) -> bool:
    """An app-command check: refuse anyone who is not a moderator, with one sentence."""
    if not await is_moderator(interaction):
        raise NotModerator()
    return True


moderators_only = app_commands.check(moderator_check)
"""Decorator for commands only moderators may use."""
