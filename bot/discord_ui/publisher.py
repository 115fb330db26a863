"""Publisher: keeps each match's table message current and pings whose turn it is.

Edits are coalesced per match: while one edit is in flight, further changes
only mark the match dirty, so a burst of AI moves costs a few edits, not one
per move, and stays inside Discord's per-channel rate limits.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.discord_ui import messages
from bot.discord_ui.payloads import NO_MENTIONS, table_payload

log = logging.getLogger(__name__)


class DiscordPublisher:
    """Implements the application's Publisher port with message edits."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._pinged: dict[int, tuple[frozenset[int], int | None]] = {}

    async def match_changed(self, match_id: int) -> None:
        """Schedule a refresh of the match's table message."""
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

    async def _publish(self, match_id: int) -> None:
        matches = self.bot.controller.matches
        info = await matches.table(match_id)
        channel = self.bot.get_channel(info.channel_id) or await self.bot.fetch_channel(
            info.channel_id
        )
        payload = table_payload(info)
        if info.message_id is not None:
            try:
                await channel.get_partial_message(info.message_id).edit(**payload)
            except discord.NotFound:
                info = await self._repost(matches, channel, match_id, payload)
        else:
            await self._repost(matches, channel, match_id, payload)
        await self._ping(channel, match_id, info.turn_user_ids, info.status, info.game_key)

    async def _repost(
        self, matches: Any, channel: Any, match_id: int, payload: dict[str, Any]
    ) -> Any:
        send = dict(payload)
        send["files"] = send.pop("attachments")
        message = await channel.send(**send)
        await matches.set_table_message(match_id, message.id)
        return await matches.table(match_id)

    async def _ping(
        self, channel: Any, match_id: int, users: list[int], status: str, game: str
    ) -> None:
        """Mention the members to act when that set changes; remove the previous ping."""
        turn = frozenset(users) if status == "active" else frozenset()
        previous, previous_message = self._pinged.get(match_id, (frozenset(), None))
        if turn == previous:
            return
        if previous_message is not None:
            try:
                await channel.get_partial_message(previous_message).delete()
            except discord.HTTPException:
                log.debug("match %s: previous ping already gone", match_id)
        message_id = None
        if turn:
            title = self.bot.controller.registry.get(game).spec.title
            mentions = " ".join(f"<@{u}>" for u in sorted(turn))
            text = messages.TURN_PING.format(mentions=mentions, title=title, match_id=match_id)
            allowed = discord.AllowedMentions(users=True, roles=False, everyone=False)
            message = await channel.send(text, allowed_mentions=allowed)
            message_id = message.id
        self._pinged[match_id] = (turn, message_id)


__all__ = ["NO_MENTIONS", "DiscordPublisher"]
