"""Slash commands: one group per registered game, plus /match."""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands

from bot.discord_ui import messages
from bot.discord_ui.controller import Controller, as_send, is_moderator
from bot.discord_ui.payloads import private_payload, table_payload
from bot.engine import GameError, GameModule, Registry


def register_commands(
    tree: app_commands.CommandTree[Any], ui: Controller, registry: Registry
) -> None:
    """Add every game's group and the shared groups to the command tree."""
    for module in registry.all():
        tree.add_command(game_group(module, ui))
    tree.add_command(MatchGroup(ui))


def game_group(module: GameModule, ui: Controller) -> app_commands.Group:
    """Build /<game> start|rules from the game's spec."""
    spec = module.spec
    group = app_commands.Group(
        name=spec.command_name, description=f"Play {spec.title}", guild_only=True
    )
    group.add_command(_start_command(module, ui))

    async def rules(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            ephemeral=True, **as_send(ui.rules_payload(module, 0))
        )

    group.add_command(
        app_commands.Command(name="rules", description=f"How to play {spec.title}", callback=rules)
    )
    return group


def _start_command(module: GameModule, ui: Controller) -> app_commands.Command[Any, ..., None]:
    """Build /<game> start with one parameter per declared option."""
    spec = module.spec

    async def start(interaction: discord.Interaction, **options: Any) -> None:
        await ui.start_game(interaction, module, options)

    kind = inspect.Parameter.KEYWORD_ONLY
    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    params += [
        inspect.Parameter(o.name, kind, default=None, annotation=str | None) for o in spec.options
    ]
    start.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    choices = {
        o.name: [app_commands.Choice(name=label, value=value) for value, label in o.choices]
        for o in spec.options
    }
    described = {o.name: o.description for o in spec.options}
    callback = app_commands.describe(**described)(app_commands.choices(**choices)(start))
    return app_commands.Command(
        name="start", description=f"Open a {spec.title} lobby in this channel", callback=callback
    )


class MatchGroup(app_commands.Group):
    """/match: commands about the match you are playing in this channel."""

    def __init__(self, ui: Controller) -> None:
        super().__init__(name="match", description="Your match in this channel", guild_only=True)
        self.ui = ui

    async def _my_match(self, interaction: discord.Interaction) -> int | None:
        channel_id = interaction.channel_id or 0
        found = await self.ui.matches.user_matches(channel_id, interaction.user.id)
        if not found:
            await self.ui.reply_error(interaction, messages.NO_MATCH_HERE)
            return None
        return found[0]

    @app_commands.command(name="hand", description="See your hand and play from it")
    @app_commands.describe(dm="Send it to me by direct message and let me play from there")
    async def hand(self, interaction: discord.Interaction, dm: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match_id = await self._my_match(interaction)
        if match_id is None:
            return
        info = await self.ui.matches.private(match_id, interaction.user.id)
        payload = as_send(private_payload(info))
        if dm:
            try:
                await interaction.user.send(**payload)
            except discord.HTTPException:
                await interaction.followup.send(messages.DM_CLOSED, ephemeral=True, **payload)
                return
            await interaction.followup.send(messages.DM_SENT, ephemeral=True)
            return
        await interaction.followup.send(ephemeral=True, **payload)

    @app_commands.command(name="status", description="Show the table of the match in this channel")
    async def status(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        rows = await self.ui.matches.repo.list_matches(status=("active",))
        here = [r.id for r in rows if interaction.channel_id in (r.channel_id, r.thread_id)]
        if not here:
            await interaction.followup.send(messages.NO_ACTIVE_MATCH, ephemeral=True)
            return
        payload = as_send(await self.ui.table(max(here)))
        payload.pop("view", None)
        await interaction.followup.send(ephemeral=True, **payload)

    @app_commands.command(name="leave", description="Leave your match; the AI takes your seat")
    async def leave(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match_id = await self._my_match(interaction)
        if match_id is None:
            return
        try:
            await self.ui.matches.leave(match_id, interaction.user.id)
        except GameError as error:
            await interaction.followup.send(error.message, ephemeral=True)
            return
        await interaction.followup.send(messages.LEFT, ephemeral=True)

    @app_commands.command(name="end", description="End a match now (host or moderator)")
    @app_commands.describe(match="The match number shown on its table (default: the latest here)")
    async def end(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match_id = match
        if match_id is None:
            rows = await self.ui.matches.repo.list_matches(status=("active", "lobby"))
            here = [r.id for r in rows if interaction.channel_id in (r.channel_id, r.thread_id)]
            match_id = max(here) if here else None
        if match_id is None:
            await interaction.followup.send(messages.NO_ACTIVE_MATCH, ephemeral=True)
            return
        try:
            await self.ui.matches.end(
                match_id, interaction.user.id, moderator=is_moderator(interaction)
            )
        except GameError as error:
            await interaction.followup.send(error.message, ephemeral=True)
            return
        await interaction.followup.send(messages.ENDED, ephemeral=True)


__all__ = ["register_commands", "table_payload"]
