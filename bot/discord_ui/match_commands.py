"""/match: your match in this channel, and match management for hosts and moderators."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.app.moderation import log_pages
from bot.app.texts import game_title
from bot.discord_ui import messages
from bot.discord_ui.controller import Controller, as_send
from bot.discord_ui.payloads import jump_url, private_payload
from bot.discord_ui.perms import is_moderator
from bot.discord_ui.text import member_name
from bot.engine import GameError
from bot.engine.i18n import N_
from bot.store.repo import MatchRow

log = logging.getLogger(__name__)

MATCH_PARAM = N_("The match number shown on its table (default: the latest here)")


class MemberAction(Protocol):
    """A moderation step about a member (remove, hand hosting over)."""

    def __call__(
        self, match_id: int, user_id: int, by: int, *, moderator: bool
    ) -> Awaitable[object]: ...


class MatchGroup(app_commands.Group):
    """/match: commands about the matches of this channel and server."""

    def __init__(self, ui: Controller) -> None:
        super().__init__(
            name="match", description=N_("Your match in this channel"), guild_only=True
        )
        self.ui = ui

    async def _my_match(self, interaction: discord.Interaction) -> int | None:
        channel_id = interaction.channel_id or 0
        found = await self.ui.matches.user_matches(channel_id, interaction.user.id)
        if not found:
            await self.ui.reply_error(interaction, messages.NO_MATCH_HERE)
            return None
        return found[0]

    async def _match_here(
        self, interaction: discord.Interaction, number: int | None, statuses: tuple[str, ...]
    ) -> MatchRow | None:
        """Find match #number of this server, or the latest one of this channel."""
        repo = self.ui.matches.repo
        if number is not None:
            row = await repo.get_match(number)
            if row is None or row.guild_id != interaction.guild_id:
                await self.ui.reply_error(
                    interaction, messages.NO_MATCH_NUMBER.format(match_id=number)
                )
                return None
            if row.status == "lobby" and "lobby" not in statuses:
                await self.ui.reply_error(interaction, messages.NOT_STARTED.format(match_id=number))
                return None
            return row
        rows = await repo.list_matches(interaction.guild_id, statuses)
        here = [r for r in rows if interaction.channel_id in (r.channel_id, r.thread_id)]
        if not here:
            await self.ui.reply_error(interaction, messages.NO_ACTIVE_MATCH)
            return None
        return max(here, key=lambda r: r.id)

    async def _as_host(
        self,
        interaction: discord.Interaction,
        match: int | None,
        statuses: tuple[str, ...],
        act: Callable[[MatchRow, bool], Awaitable[object]],
        done: Callable[[int], str],
    ) -> None:
        """Run a host-or-moderator action on a match here and answer how it went."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await self._match_here(interaction, match, statuses)
        if row is None:
            return
        try:
            await act(row, await is_moderator(interaction))
        except GameError as error:
            await interaction.followup.send(error.message, ephemeral=True)
            return
        try:  # done: a failure to say so is never answered as a failure
            await interaction.followup.send(done(row.id), ephemeral=True)
        except discord.HTTPException:
            log.warning("match %s: could not confirm a host command", row.id)

    @app_commands.command(name="hand", description=N_("See your hand and play from it"))
    @app_commands.describe(dm=N_("Send it to me by direct message and let me play from there"))
    async def hand(self, interaction: discord.Interaction, dm: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match_id = await self._my_match(interaction)
        if match_id is None:
            return
        info = await self.ui.matches.private(match_id, interaction.user.id)
        names = await self.ui.names(match_id)
        if dm:
            try:
                sent = await interaction.user.send(
                    **as_send(private_payload(info, None, names, in_dm=True))
                )
            except discord.HTTPException:
                payload = as_send(private_payload(info, None, names))  # shown here instead
                payload.pop("content", None)
                shown = await interaction.followup.send(
                    messages.DM_CLOSED, ephemeral=True, wait=True, **payload
                )
                await self.ui.remember_view(match_id, interaction, shown.id, version=info.version)
                return
            user_id = interaction.user.id
            await self.ui.remember_dm_view(match_id, user_id, sent, version=info.version)
            await interaction.followup.send(messages.DM_SENT, ephemeral=True)
            return
        payload = as_send(private_payload(info, None, names))
        message = await interaction.followup.send(ephemeral=True, wait=True, **payload)
        await self.ui.remember_view(match_id, interaction, message.id, version=info.version)

    @app_commands.command(
        name="status", description=N_("Show the table of the match in this channel")
    )
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

    @app_commands.command(name="leave", description=N_("Leave your match; the AI takes your seat"))
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

    @app_commands.command(name="end", description=N_("End a match now (host or moderator)"))
    @app_commands.describe(match=MATCH_PARAM)
    async def end(self, interaction: discord.Interaction, match: int | None = None) -> None:
        by = interaction.user.id
        await self._as_host(
            interaction,
            match,
            ("active", "lobby"),
            lambda row, mod: self.ui.matches.end(row.id, by, moderator=mod),
            lambda match_id: messages.ENDED,
        )

    @app_commands.command(name="list", description=N_("Open lobbies and matches in this server"))
    async def list_(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        rows = await self.ui.moderation.open_matches(interaction.guild_id or 0)
        if not rows:
            await interaction.followup.send(messages.MATCH_LIST_EMPTY, ephemeral=True)
            return
        lines = [await self._list_line(interaction.guild, row) for row in rows[:25]]
        embed = discord.Embed(
            title=messages.MATCH_LIST_TITLE, description="\n".join(lines)[:4000], colour=0x5865F2
        )
        await interaction.followup.send(embed=embed, ephemeral=True)

    async def _list_line(self, guild: Any, row: MatchRow) -> str:
        registry = self.ui.registry
        title = game_title(registry.get(row.game).spec) if row.game in registry else row.game
        return messages.MATCH_LIST_LINE.format(
            match_id=row.id,
            title=title,
            status=messages.LIST_LOBBY if row.status == "lobby" else messages.LIST_PLAYING,
            host=await member_name(guild, row.host_user_id),
            where=jump_url(row),
        )

    @app_commands.command(name="kick", description=N_("Remove a player; the AI takes the seat"))
    @app_commands.describe(member=N_("Who to remove"), match=MATCH_PARAM)
    async def kick(
        self, interaction: discord.Interaction, member: discord.User, match: int | None = None
    ) -> None:
        await self._about_member(
            interaction, member, match, self.ui.moderation.remove, messages.KICKED
        )

    @app_commands.command(
        name="skip", description=N_("Play the waiting turn now (host or moderator)")
    )
    @app_commands.describe(match=MATCH_PARAM)
    async def skip(self, interaction: discord.Interaction, match: int | None = None) -> None:
        by = interaction.user.id
        await self._as_host(
            interaction,
            match,
            ("active",),
            lambda row, mod: self.ui.moderation.skip(row.id, by, moderator=mod),
            lambda match_id: messages.SKIPPED.format(match_id=match_id),
        )

    @app_commands.command(name="pause", description=N_("Pause a match: no moves, no timers"))
    @app_commands.describe(match=MATCH_PARAM)
    async def pause(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await self._pause(interaction, match, on=True)

    @app_commands.command(name="resume", description=N_("Resume a paused match"))
    @app_commands.describe(match=MATCH_PARAM)
    async def resume(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await self._pause(interaction, match, on=False)

    async def _pause(self, interaction: discord.Interaction, match: int | None, on: bool) -> None:
        by, done = interaction.user.id, messages.PAUSE_DONE if on else messages.RESUME_DONE
        await self._as_host(
            interaction,
            match,
            ("active",),
            lambda row, mod: self.ui.moderation.pause(row.id, by, moderator=mod, on=on),
            lambda match_id: done.format(match_id=match_id),
        )

    @app_commands.command(name="host", description=N_("Hand hosting over to another player"))
    @app_commands.describe(member=N_("The new host (seated in the match)"), match=MATCH_PARAM)
    async def host(
        self, interaction: discord.Interaction, member: discord.User, match: int | None = None
    ) -> None:
        await self._about_member(
            interaction, member, match, self.ui.moderation.hand_over, messages.NEW_HOST
        )

    async def _about_member(
        self,
        interaction: discord.Interaction,
        member: discord.User,
        match: int | None,
        act: MemberAction,
        done: str,
    ) -> None:
        """Run a host-or-moderator action about a member on a lobby or match here:
        ``act(match_id, member_id, by, moderator=...)``, answered with ``done``."""
        by = interaction.user.id
        await self._as_host(
            interaction,
            match,
            ("active", "lobby"),
            lambda row, mod: act(row.id, member.id, by, moderator=mod),
            lambda match_id: done.format(member=member.mention, match_id=match_id),
        )

    @app_commands.command(name="log", description=N_("The public move log (everything once over)"))
    @app_commands.describe(
        match=MATCH_PARAM, page=N_("1 (default): the latest moves; 2: older ...")
    )
    async def log(
        self,
        interaction: discord.Interaction,
        match: int | None = None,
        page: app_commands.Range[int, 1, 10_000] = 1,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        statuses = ("active", "lobby", "finished", "abandoned")
        row = await self._match_here(interaction, match, statuses)
        if row is None:
            return
        pages = log_pages(await self.ui.moderation.log_lines(row.id))
        shown = min(page, len(pages)) if pages else 1
        body = "\n".join(pages[shown - 1]) if pages else messages.LOG_EMPTY
        title = messages.LOG_TITLE.format(match_id=row.id)
        embed = discord.Embed(title=title, description=body, colour=0x5865F2)
        if len(pages) > 1:
            older = messages.LOG_OLDER.format(page=shown + 1) if shown < len(pages) else ""
            footer = messages.LOG_PAGE.format(page=shown, pages=len(pages), older=older)
            embed.set_footer(text=footer)
        await interaction.followup.send(embed=embed, ephemeral=True)
