"""SimCord fixtures: the real bot from create_bot, a server, a channel and members."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest

from bot.app.settings import Settings
from bot.discord_ui.bot import create_bot


@pytest.fixture
def simcord_bot(settings: Settings, request: pytest.FixtureRequest) -> Any:
    """The bot under test, built by the same factory as `python -m bot run`.

    Its match seeds come from ``random.Random(SEED)`` when the test module sets
    ``SEED`` (a file that needs one particular deal), else ``random.Random(2026)``.
    """
    return create_bot(settings, seeds=random.Random(getattr(request.module, "SEED", 2026)))


@dataclass
class World:
    """A server with a #games channel, three players, a bystander and a moderator."""

    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any
    dave: Any
    mod: Any


@pytest.fixture
async def world(simcord_env: Any, simcord_bot: Any) -> AsyncIterator[World]:
    """Arrange the server every end-to-end test plays in; close the bots' databases after."""
    env = simcord_env
    guild = env.create_guild("Table Top")
    channel = guild.create_text_channel("games")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    members = {n: guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave")}
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    # A restart leaves the old bot as a crash would, its database open: remember each one.
    restarted: list[Any] = []
    restart = env.restart_bot

    async def restart_bot(bot: Any = None) -> None:
        restarted.append(env.bot)
        await restart(bot)

    env.restart_bot = restart_bot
    yield World(env, guild, channel, mod=mod, **members)
    # SimCord never calls close(): stop the background work and dispose of the engines
    # here, so no pooled connection outlives the test's event loop.
    for bot in {id(b): b for b in (simcord_bot, *restarted, env.bot)}.values():
        await bot.stop_work()
        await bot.dispose_engine()
