"""The playground's world: a simulated server, a #games channel, its members and the real bot.

The world is built before any bot is attached, so its ids are the same at every
start and the matches stored in the database still point at the same channel
and members. SimCord's clock starts at 2026-01-01; it is moved to the wall
clock before the real bot attaches, so new message ids and stored deadlines
keep growing from one run to the next, as they do on Discord.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
import simcord

from bot.app.settings import Settings
from bot.discord_ui.bot import create_bot
from bot.playground._simcord_pin import use_locales

log = logging.getLogger(__name__)

BOT_NAME = "Covert Table"
GUILD_NAME = "Covert Table"
CHANNEL_NAME = "games"
MIN_SETTLE, MAX_SETTLE = 1.0, 5.0
"""Bounds of the seconds SimCord waits for the bot to finish reacting to one action."""


@dataclass
class World:
    """A running SimCord environment with the playground's server in it."""

    env: Any
    guild: Any
    channel: Any
    members: dict[str, Any]
    """Member actors by name, in the order given; the first one owns the server."""

    @property
    def bot(self) -> Any:
        """The bot under SimCord (the one `create_bot` built)."""
        return self.env.bot


@asynccontextmanager
async def open_world(
    settings: Settings,
    names: Sequence[str],
    *,
    seeds: random.Random | None = None,
    languages: Mapping[str, str] | None = None,
    server_language: str = "en-US",
) -> AsyncIterator[World]:
    """Build the server, start the real bot in it, and shut everything down on exit.

    ``languages`` gives members their Discord client's locale (member name -> ``it``;
    others use en-US), ``server_language`` the server's preferred locale.
    """
    # A bare client holds SimCord's place until the clock has caught up.
    placeholder = discord.Client(intents=discord.Intents.default())
    env = simcord.Env(placeholder, settle_timeout=settle_timeout(settings.ai_move_delay))
    guild, channel, members = _populate(env, names, server_language)
    chosen = {members[name].id: locale for name, locale in (languages or {}).items()}
    use_locales(env, chosen)
    await env.start()
    try:
        with env.time_context():
            await _catch_up_with_wall_clock(env)
            # A simulated Discord is one gateway: one shard unless SHARD_COUNT says more.
            one = dataclasses.replace(settings, shard_count=settings.shard_count or 1)
            await env.restart_bot(create_bot(one, seeds=seeds))
            world = World(env, guild, channel, members)
            try:
                await _dress_bot(world.bot)
                await repost_tables(world)
                yield world
            finally:
                # Stopped as `python -m bot run` stops: the matches in memory are
                # snapshotted and the database closed (its threads, a last checkpoint).
                await world.bot.close()
    finally:
        await env.shutdown()


def settle_timeout(ai_move_delay: float) -> float:
    """Return how long one action may take, shorter than an AI seat's pause when possible.

    SimCord waits out, inside the click that caused them, sleeps that end before
    this timeout; longer ones wait for the clock. Keeping it under the AI pause
    lets a click return at once and the AI seats move one by one, in time. (A
    server's `ai_delay` under a second makes AI seats answer within the click.)
    """
    return min(MAX_SETTLE, max(MIN_SETTLE, ai_move_delay - 0.25))


async def repost_tables(world: World) -> list[int]:
    """Post again the tables of matches running in #games: SimCord keeps no messages."""
    matches = world.bot.controller.matches
    rows = await matches.repo.list_matches(status=("active",))
    found = [r.id for r in rows if r.channel_id == world.channel.id and r.thread_id is None]
    for match_id in sorted(found):
        # The table message is gone, so the bot posts a new one (and pings whoever is to act).
        await matches.publisher.match_changed(match_id)
    return found


async def _dress_bot(bot: Any) -> None:
    """Give the bot its own name instead of SimCord's "TestBot"."""
    try:
        await bot.user.edit(username=BOT_NAME)
    except discord.HTTPException:
        log.debug("SimCord refused to rename the bot; it keeps its default name")


def _populate(
    env: Any, names: Sequence[str], server_language: str = "en-US"
) -> tuple[Any, Any, dict[str, Any]]:
    """Create the guild (owned by the first member), #games and the members, in a fixed order."""
    users = [env.create_user(name) for name in names]
    guild = env.create_guild(GUILD_NAME, owner=users[0], preferred_locale=server_language)
    channel = guild.create_text_channel(CHANNEL_NAME)
    members = {name: guild.add_member(user) for name, user in zip(names, users, strict=True)}
    return guild, channel, members


async def _catch_up_with_wall_clock(env: Any) -> None:
    """Move SimCord's clock forward to now (it never goes back)."""
    gap = (datetime.now(UTC) - env.now()).total_seconds()
    if gap > 0:
        await env.advance_time(gap)
