"""Publisher: keeps each match's table message current and pings whose turn it is.

Edits are coalesced per match: while one edit is in flight, further changes
only mark the match dirty, so a burst of AI moves costs a few edits, not one
per move, and stays inside Discord's per-channel rate limits.

Languages: tables, pings and notices in the channel are rendered in the server's
language (`/config language`, else the server's Discord locale); a direct message
in its member's language as last seen, else the server's; each open private view
in the language of the member who opened it (`Controller.refresh_views`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import discord
import msgspec

from bot.app.background import wind_down
from bot.app.texts import game_title
from bot.discord_ui import messages
from bot.discord_ui.payloads import (
    NO_MENTIONS,
    end_payload,
    lobby_payload,
    private_payload,
    table_payload,
)
from bot.engine import Outcome
from bot.engine.i18n import use_locale

USER_MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)

log = logging.getLogger(__name__)


ANNOUNCED_KEPT = 10_000
"""Finished matches remembered as announced (a bound, so memory does not grow for ever)."""


class DiscordPublisher:
    """Implements the application's Publisher port with message edits."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._pinged: dict[int, tuple[frozenset[int], int | None]] = {}
        """Per match, the members last told in the channel that it is their turn, and the
        ping message that told them."""
        self._asked: dict[int, frozenset[int]] = {}
        """Per match, the members last told by DM that a hidden decision waits for them."""
        self._unsaid: dict[int, set[int]] = {}
        """Per match, members whose DM (the hand at the start, a hidden decision) failed
        when nothing was posted in the channel: their next turn ping says so."""
        self._announced: set[int] = set()
        self._below: dict[int, dict[int, int]] = {}
        """Per channel, per active match shown there: messages posted below its table."""
        self._move: set[int] = set()
        """Matches whose table is to be posted anew at the bottom of the channel."""
        self._stopping = False

    async def stop(self) -> None:
        """Let the table edits under way end (the bot is stopping) and start no other."""
        self._stopping = True
        await wind_down(list(self._tasks.values()))

    async def match_changed(self, match_id: int) -> None:
        """Schedule a refresh of the match's table message."""
        if self._stopping:
            return
        self._dirty.add(match_id)
        task = self._tasks.get(match_id)
        if task is None or task.done():
            self._tasks[match_id] = asyncio.create_task(self._flush(match_id))

    async def _flush(self, match_id: int) -> None:
        while match_id in self._dirty:
            self._dirty.discard(match_id)
            try:
                await self._publish(match_id)
            except Exception:
                log.exception("match %s: could not update the table message", match_id)
        if self._tasks.get(match_id) is asyncio.current_task():
            del self._tasks[match_id]

    def forget(self, match_id: int) -> None:
        """Drop what is kept for a match that left memory (its next ping starts afresh)."""
        self._pinged.pop(match_id, None)
        self._asked.pop(match_id, None)
        self._unsaid.pop(match_id, None)
        self._move.discard(match_id)
        for tables in self._below.values():
            tables.pop(match_id, None)
        while len(self._announced) > ANNOUNCED_KEPT:
            self._announced.pop()

    async def _server_language(self, channel: Any, guild_id: int | None = None) -> str:
        """Return the language of public messages in the channel's server."""
        guild = getattr(channel, "guild", None)
        preferred = getattr(guild, "preferred_locale", None)
        guild_id = guild.id if guild is not None else guild_id
        return str(await self.bot.controller.server_language(guild_id, preferred))

    async def _member_language(self, user_id: int, server: str) -> str:
        """Return the language of a DM: the member's as last seen (or as they set /prefs in),
        else the server's."""
        seen = self.bot.controller.language_of(user_id)
        if seen is not None:
            return str(seen)
        prefs = await self._prefs(user_id)
        return str(getattr(prefs, "language", None) or server)

    async def _publish(self, match_id: int) -> None:
        matches = self.bot.controller.matches
        row = (await matches.load(match_id)).row
        where = row.thread_id or row.channel_id
        channel = self.bot.get_channel(where) or await self.bot.fetch_channel(where)
        server = await self._server_language(channel, row.guild_id)
        with use_locale(server):
            await self._publish_in(match_id, channel, server)

    async def _publish_in(self, match_id: int, channel: Any, server: str) -> None:
        """Update the table in the server's language (the caller set it)."""
        matches = self.bot.controller.matches
        info = await matches.table(match_id)
        payload = table_payload(info, await self.bot.controller.names(match_id))
        if match_id in self._move and info.message_id is not None:
            self._move.discard(match_id)
            await self._retire(channel, info, match_id)
            info = await self._repost(matches, channel, match_id, payload)
        elif info.message_id is not None:
            try:
                await channel.get_partial_message(info.message_id).edit(**payload)
            except discord.NotFound:
                info = await self._repost(matches, channel, match_id, payload)
        else:
            await self._repost(matches, channel, match_id, payload)
        self._follow(info)
        await self._ping(channel, info, server)
        await self.bot.controller.refresh_views(match_id)
        if info.status == "finished" and match_id not in self._announced:
            self._announced.add(match_id)
            await self._announce_end(channel, match_id)

    # ------------------------------------------------------------------ keeping tables in view
    def _follow(self, info: Any) -> None:
        """Count the messages below an active table; forget the table once the match is over."""
        tables = self._below.setdefault(info.channel_id, {})
        if info.status == "active":
            tables.setdefault(info.match_id, 0)
        else:
            tables.pop(info.match_id, None)

    async def message_posted(self, message: discord.Message) -> None:
        """Count a message posted in a channel; move tables that were pushed too far up."""
        tables = self._below.get(message.channel.id)
        if not tables or message.guild is None:
            return
        limit = (await self.bot.controller.matches.config(message.guild.id)).repost_after
        for match_id in list(tables):
            tables[match_id] += 1
            if limit and tables[match_id] >= limit:
                tables[match_id] = 0
                self._move.add(match_id)
                await self.match_changed(match_id)

    async def _retire(self, channel: Any, info: Any, match_id: int) -> None:
        """Remove a table that is moving down; if it can't be deleted, leave a pointer."""
        old = channel.get_partial_message(info.message_id)
        try:
            await old.delete()
        except discord.HTTPException:
            log.info("match %s: could not delete the old table message", match_id)
            try:
                await old.edit(
                    content=messages.MOVED_BELOW.format(match_id=match_id),
                    embeds=[],
                    attachments=[],
                    view=None,
                )
            except discord.HTTPException:
                log.debug("match %s: old table message already gone", match_id)

    async def _announce_end(self, channel: Any, match_id: int) -> None:
        """Post the end of a match once: standings, rating changes and a Rematch button."""
        live = await self.bot.controller.matches.load(match_id)
        result = live.row.result
        if result is None:
            return
        outcome = msgspec.convert(result, Outcome)
        stats = self.bot.controller.stats
        moved = await stats.wait_changes(match_id) if stats is not None else {}
        payload = end_payload(live, outcome, moved, self._title(live.row.game))
        await channel.send(**payload)

    async def _repost(
        self, matches: Any, channel: Any, match_id: int, payload: dict[str, Any]
    ) -> Any:
        send = dict(payload)
        send["files"] = send.pop("attachments")
        message = await channel.send(**send)
        await matches.set_table_message(match_id, message.id)
        tables = self._below.get(channel.id, {})
        if match_id in tables:
            tables[match_id] = 0  # the table is at the bottom again
        return await matches.table(match_id)

    async def _ping(self, channel: Any, info: Any, server: str) -> None:
        """Tell the members to act when that set changes: by DM if they asked, else a mention.

        The previous channel ping is removed, so only the current one stays. The channel
        follows only the public turn: a member asked a hidden decision is told by DM (if
        they take DMs) and nowhere else, so no ping kept, removed or left out says who
        was asked.
        """
        match_id = info.match_id
        active = info.status == "active"
        turn = frozenset(info.turn_user_ids) - await self._optional(info) if active else frozenset()
        asked = frozenset(info.secret_user_ids) if active else frozenset()
        first = match_id not in self._pinged
        previous, previous_message = self._pinged.get(match_id, (frozenset(), None))
        if first and active:
            await self._hands(channel, info, turn, server)
        link = _jump(channel, info.channel_id, info.message_id)
        for user_id in sorted(asked - self._asked.get(match_id, frozenset())):
            with use_locale(await self._member_language(user_id, server)):
                await self._dm_secret(user_id, info, self._title(info.game_key), link)
        self._asked[match_id] = asked
        if turn == previous and not first:
            return
        self._pinged[match_id] = (turn, None)
        if previous_message is not None:
            try:
                await channel.get_partial_message(previous_message).delete()
            except discord.HTTPException:
                log.debug("match %s: previous ping already gone", match_id)
        mention, failed = [], []
        for user_id in sorted(turn):
            if not await self._wants_dm(user_id):
                mention.append(user_id)
                continue
            if user_id in previous:
                continue
            with use_locale(await self._member_language(user_id, server)):
                sent = await self._dm_turn(user_id, info, self._title(info.game_key), link)
            if not sent:
                failed.append(user_id)
        mention += failed
        if not mention:
            return
        text = messages.TURN_PING.format(
            mentions=_mentions(mention), title=self._title(info.game_key), match_id=match_id
        )
        unsaid = self._unsaid.get(match_id, set())
        failed = sorted({*failed, *(unsaid & set(mention))})
        unsaid.difference_update(failed)
        if failed:
            text += "\n" + messages.DM_FALLBACK.format(mentions=_mentions(failed))
        message = await channel.send(text, allowed_mentions=USER_MENTIONS)
        self._pinged[match_id] = (turn, message.id)

    async def _optional(self, info: Any) -> frozenset[int]:
        """Return the members who may act now but need not (never pinged: a steal window)."""
        live = await self.bot.controller.matches.load(info.match_id)
        seats = live.module.may_act(live.state)
        return frozenset(
            uid for s in seats if 0 <= s < len(live.seats) if (uid := live.seats[s].user_id)
        )

    async def _hands(self, channel: Any, info: Any, turn: frozenset[int], server: str) -> None:
        """Send `/prefs dm_hand` members their hand as the match starts (or, after a restart,
        if none of their DMs shows it): from then on it follows every turn."""
        controller = self.bot.controller
        live = await controller.matches.load(info.match_id)
        shown = {row.user_id for row in await controller.matches.dm_views(info.match_id)}
        title = self._title(info.game_key)
        link = _jump(channel, info.channel_id, info.message_id)
        for seat in live.seats:
            user_id = seat.user_id
            if user_id is None or user_id in turn or user_id in shown:
                continue
            prefs = await self._prefs(user_id)
            if prefs is None or not prefs.dm_hand or prefs.dm_closed:
                continue
            with use_locale(await self._member_language(user_id, server)):
                text = messages.HAND_DM.format(title=title, match_id=info.match_id, link=link)
                await self._dm_unsaid(user_id, info.match_id, text)

    async def _dm_secret(self, user_id: int, info: Any, title: str, link: str) -> None:
        """DM a member who takes DMs that a hidden decision waits, with the view to answer it
        from; never a mention."""
        if await self._wants_dm(user_id):
            text = messages.SECRET_DM.format(title=title, match_id=info.match_id, link=link)
            await self._dm_unsaid(user_id, info.match_id, text)

    async def _dm_unsaid(self, user_id: int, match_id: int, text: str) -> None:
        """DM a member their view where nothing is posted in the channel (the hand as a
        match starts, a hidden decision); if DMs fail, their next turn ping says so."""
        if not await self._dm_view(user_id, match_id, text):
            self._unsaid.setdefault(match_id, set()).add(user_id)

    async def _dm_turn(self, user_id: int, info: Any, title: str, link: str) -> bool:
        """DM a member that it is their turn, with their view to play from; False if DMs fail."""
        text = messages.TURN_DM.format(title=title, match_id=info.match_id, link=link)
        return await self._dm_view(user_id, info.match_id, text)

    async def _dm_view(self, user_id: int, match_id: int, text: str) -> bool:
        """DM a member their private view under `text`; False if DMs fail.

        The view follows the match from then on, after a restart too; an older one
        says it is out of date.
        """
        controller = self.bot.controller
        private = await controller.matches.private(match_id, user_id)
        payload = private_payload(private, text, await controller.names(match_id), in_dm=True)
        payload["files"] = payload.pop("attachments")
        sent = await self._send_dm(user_id, payload)
        if sent is None:
            return False
        await controller.remember_dm_view(match_id, user_id, sent, version=private.version)
        return True

    async def _dm(self, user_id: int, payload: dict[str, Any]) -> bool:
        """Send a DM; on failure remember that this member's DMs are closed."""
        return await self._send_dm(user_id, payload) is not None

    async def _send_dm(self, user_id: int, payload: dict[str, Any]) -> Any:
        """Send a DM and return it; None (and remember closed DMs) if it could not be sent."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            return await user.send(**payload)
        except discord.HTTPException:
            # DEBUG: a DM that fails may be a hidden decision, and who was asked is secret.
            log.debug("user %s: DMs are closed, falling back to mentions", user_id)
            settings = self.bot.controller.settings
            if settings is not None:
                await settings.mark_dm_closed(user_id)
            return None

    async def _wants_dm(self, user_id: int) -> bool:
        """Tell whether a member asked for turn DMs and their DMs are not known to be closed."""
        prefs = await self._prefs(user_id)
        return prefs is not None and (prefs.dm_turn or prefs.dm_hand) and not prefs.dm_closed

    async def _prefs(self, user_id: int) -> Any:
        settings = self.bot.controller.settings
        return None if settings is None else await settings.prefs(user_id)

    def _title(self, game: str) -> str:
        """Return a game's title in the current language."""
        registry = self.bot.controller.registry
        return game_title(registry.get(game).spec) if game in registry else game

    async def _channel_of(self, match_id: int) -> tuple[Any, Any]:
        row = await self.bot.controller.matches.row(match_id)
        where = row.thread_id or row.channel_id
        channel = self.bot.get_channel(where) or await self.bot.fetch_channel(where)
        return row, channel

    # ------------------------------------------------------------------ other news
    async def lobby_changed(self, match_id: int) -> None:
        """Redraw a lobby message (closed, expired, a member removed)."""
        try:
            row, channel = await self._channel_of(match_id)
            if row.lobby_message_id is None:
                return
            lobby = await self.bot.controller.lobbies.info(match_id)
            message = channel.get_partial_message(row.lobby_message_id)
            with use_locale(await self._server_language(channel, row.guild_id)):
                payload = lobby_payload(lobby)
            await message.edit(**payload)
        except Exception:
            log.exception("match %s: could not update the lobby message", match_id)

    async def remind(
        self, match_id: int, user_ids: Sequence[int], deadline: datetime, *, secret: bool = False
    ) -> None:
        """Remind members once before their timer runs out: by DM if they asked, else here.

        A secret question is never mentioned in the channel: DM or nothing.
        """
        row, channel = await self._channel_of(match_id)
        server = await self._server_language(channel, row.guild_id)
        when = discord.utils.format_dt(deadline, "R")
        link = _jump(channel, channel.id, row.table_message_id)
        mention, failed = [], []
        for user_id in user_ids:
            with use_locale(await self._member_language(user_id, server)):
                text = messages.REMINDER_DM.format(
                    title=self._title(row.game), match_id=match_id, when=when, link=link
                )
            if not await self._wants_dm(user_id):
                mention.append(user_id)
            elif not await self._dm(user_id, {"content": text}):
                mention.append(user_id)
                failed.append(user_id)  # said once: later news mentions them without trying
        if mention and not secret:
            with use_locale(server):
                text = messages.REMINDER.format(
                    mentions=_mentions(mention),
                    title=self._title(row.game),
                    match_id=match_id,
                    when=when,
                )
                if failed:
                    text += "\n" + messages.DM_FALLBACK.format(mentions=_mentions(failed))
            await channel.send(text, allowed_mentions=USER_MENTIONS)

    async def grace(self, match_id: int, user_ids: Sequence[int], deadline: datetime) -> None:
        """Announce the grace period given after downtime."""
        row, channel = await self._channel_of(match_id)
        with use_locale(await self._server_language(channel, row.guild_id)):
            template = messages.GRACE if user_ids else messages.GRACE_HIDDEN
            text = template.format(
                mentions=_mentions(user_ids),
                title=self._title(row.game),
                match_id=match_id,
                when=discord.utils.format_dt(deadline, "t"),
            )
        await channel.send(text, allowed_mentions=USER_MENTIONS)


def _mentions(user_ids: Sequence[int]) -> str:
    return " ".join(f"<@{u}>" for u in user_ids)


def _jump(channel: Any, channel_id: int, message_id: int | None) -> str:
    guild = getattr(channel, "guild", None)
    base = f"https://discord.com/channels/{guild.id if guild else '@me'}/{channel_id}"
    return f"{base}/{message_id}" if message_id else base


__all__ = ["NO_MENTIONS", "DiscordPublisher"]
