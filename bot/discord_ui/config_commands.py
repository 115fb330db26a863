"""/config: moderators show and change this server's settings (see bot.app.guild_settings)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands

from bot.app.guild_settings import SCHEMA, SPECS, SettingSpec, SettingsService, language_name
from bot.app.texts import game_title
from bot.discord_ui import messages
from bot.discord_ui.controller import Controller
from bot.discord_ui.perms import moderators_only
from bot.engine import GameError
from bot.engine.i18n import N_, _, available_languages, use_locale

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
"""The most characters Discord takes in one message's text."""

Choices = list[app_commands.Choice[str]]
DEFAULT_LANGUAGE = "default"


def _language_choices() -> Choices:
    """Each language with a catalogue, named in itself, and the server's default."""
    choices = []
    for lang in available_languages():
        with use_locale(lang):
            choices.append(app_commands.Choice(name=language_name(lang), value=lang))
    default = N_("Default: the server's Discord language")
    return [*choices, app_commands.Choice(name=default, value=DEFAULT_LANGUAGE)]


def _value_suggestions(spec: SettingSpec) -> list[str]:
    if spec.kind == "bool":
        return [_("on"), _("off")]
    if spec.kind in ("choice", "language"):
        return list(spec.allowed())
    marks = [spec.default, spec.low, spec.high]
    return [f"{m:g}" for m in dict.fromkeys(m for m in marks if m is not None)]


class ConfigGroup(app_commands.Group):
    """/config: every subcommand is for moderators only (checked, not only hinted)."""

    def __init__(self, ui: Controller) -> None:
        super().__init__(
            name="config", description=N_("Covert Table settings of this server"), guild_only=True
        )
        self.ui = ui

    @property
    def settings(self) -> SettingsService:
        """Return the settings service."""
        assert self.ui.settings is not None
        return self.ui.settings

    async def _done(self, interaction: discord.Interaction, text: str) -> None:
        """Say that a change is stored. Over Discord's length limit (a long list of
        channels) the text is cut; a reply Discord still refuses is logged, never answered
        as a failure."""
        if len(text) > MESSAGE_LIMIT:
            text = text[: MESSAGE_LIMIT - 1] + "…"
        try:
            await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not confirm a stored setting", exc_info=True)

    @app_commands.command(name="show", description=N_("Every setting, its value and its default"))
    @moderators_only
    async def show(self, interaction: discord.Interaction) -> None:
        config = await self.settings.get(interaction.guild_id)
        embed = discord.Embed(title=messages.CONFIG_TITLE, colour=0x5865F2)
        for spec in SCHEMA:
            value = getattr(config, spec.name)
            text = messages.CONFIG_FIELD.format(
                value=spec.show(value),
                default=spec.show(spec.default),
                description=_(spec.description),
            )
            embed.add_field(name=spec.name, value=text[:1024], inline=False)
        embed.set_footer(text=messages.CONFIG_FOOTER)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="set", description=N_("Change a setting"))
    @app_commands.describe(setting=N_("Which setting"), value=N_("Its new value"))
    @moderators_only
    async def set_(self, interaction: discord.Interaction, setting: str, value: str) -> None:
        guild_id, by = interaction.guild_id or 0, interaction.user.id
        await self._change(
            interaction,
            setting,
            self.settings.set(guild_id, setting, value, by),
            messages.CONFIG_CHANGED,
        )

    async def _change(
        self, interaction: discord.Interaction, setting: str, change: Awaitable[Any], done: str
    ) -> None:
        """Make a change to one setting, then answer with its new value (or the refusal)."""
        try:
            new = await change
        except GameError as error:
            await self.ui.reply_error(interaction, error.message)
            return
        spec = SPECS[setting.strip().lower()]
        await self._done(interaction, done.format(name=spec.name, value=spec.show(new)))

    @set_.autocomplete("setting")
    async def _setting_names(self, interaction: discord.Interaction, current: str) -> Choices:
        return _choices([s.name for s in SCHEMA if s.scalar], current)

    @set_.autocomplete("value")
    async def _setting_values(self, interaction: discord.Interaction, current: str) -> Choices:
        spec = SPECS.get(str(getattr(interaction.namespace, "setting", "")).strip().lower())
        return _choices(_value_suggestions(spec) if spec else [], current)

    @app_commands.command(name="reset", description=N_("Put a setting back to its default"))
    @app_commands.describe(setting=N_("Which setting"))
    @moderators_only
    async def reset(self, interaction: discord.Interaction, setting: str) -> None:
        guild_id, by = interaction.guild_id or 0, interaction.user.id
        await self._change(
            interaction, setting, self.settings.reset(guild_id, setting, by), messages.CONFIG_RESET
        )

    @reset.autocomplete("setting")
    async def _all_names(self, interaction: discord.Interaction, current: str) -> Choices:
        return _choices(list(SPECS), current)

    @app_commands.command(name="channel", description=N_("Allow or refuse games in a channel"))
    @app_commands.describe(
        channel=N_("The channel"), allowed=N_("May games be started there? (no list: any channel)")
    )
    @moderators_only
    async def channel(
        self, interaction: discord.Interaction, channel: discord.TextChannel, allowed: bool
    ) -> None:
        now = await self.settings.toggle_member(
            interaction.guild_id or 0, "channels", channel.id, allowed, interaction.user.id
        )
        listed = SPECS["channels"].show(now)
        text = messages.CHANNEL_ALLOWED if allowed else messages.CHANNEL_REFUSED
        await self._done(interaction, text.format(channel=channel.mention, channels=listed))

    @app_commands.command(name="game", description=N_("Enable or turn off a game in this server"))
    @app_commands.describe(game=N_("The game"), enabled=N_("May members start it?"))
    @moderators_only
    async def game(self, interaction: discord.Interaction, game: str, enabled: bool) -> None:
        if game not in self.ui.registry:
            await self.ui.reply_error(interaction, messages.UNKNOWN_GAME)
            return
        await self.settings.toggle_member(
            interaction.guild_id or 0, "disabled_games", game, not enabled, interaction.user.id
        )
        title = game_title(self.ui.registry.get(game).spec)
        text = messages.GAME_ENABLED if enabled else messages.GAME_DISABLED
        await self._done(interaction, text.format(title=title))

    @game.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, current: str) -> Choices:
        games = [(game_title(m.spec), m.spec.key) for m in self.ui.registry.all()]
        return [
            app_commands.Choice(name=title, value=key)
            for title, key in games
            if current.lower() in title.lower() or current.lower() in key
        ][:25]

    @app_commands.command(name="modrole", description=N_("Set the moderator role (none: clear it)"))
    @app_commands.describe(role=N_("Members with this role may use /config and moderate matches"))
    @moderators_only
    async def modrole(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        await self.settings.set_value(
            interaction.guild_id or 0, "mod_role", role.id if role else None, interaction.user.id
        )
        if role is None:
            await self._done(interaction, messages.MODROLE_CLEARED)
        else:
            await self._done(interaction, messages.MODROLE_SET.format(role=role.mention))

    @app_commands.command(
        name="language", description=N_("Language of tables and channel messages here")
    )
    @app_commands.describe(language=N_("A language, or the server's Discord language"))
    @app_commands.choices(language=_language_choices())
    @moderators_only
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        guild_id, by = interaction.guild_id or 0, interaction.user.id
        try:
            if language == DEFAULT_LANGUAGE:
                new = await self.settings.reset(guild_id, "language", by)
            else:
                new = await self.settings.set(guild_id, "language", language, by)
        except GameError as error:
            await self.ui.reply_error(interaction, error.message)
            return
        shown = SPECS["language"].show(new)
        await self._done(interaction, messages.LANGUAGE_SET.format(language=shown))

    @app_commands.command(name="history", description=N_("Who changed which setting, latest first"))
    @moderators_only
    async def history(self, interaction: discord.Interaction) -> None:
        changes = await self.settings.history(interaction.guild_id or 0)
        lines = []
        for change in changes:
            spec = SPECS.get(change.setting)
            show = spec.show if spec else str
            new = spec.default if spec and change.new is None else change.new
            lines.append(
                messages.CONFIG_HISTORY_LINE.format(
                    when=int(change.created_at.timestamp()),
                    user=change.user_id,
                    name=change.setting,
                    old=show(change.old),
                    new=show(new),
                )
            )
        text = "\n".join(lines) or messages.CONFIG_HISTORY_EMPTY
        await self._done(interaction, text[:2000])


def _choices(values: list[str], current: str) -> Choices:
    found = [v for v in values if current.lower() in v.lower()]
    return [app_commands.Choice(name=v, value=v) for v in found[:25]]
