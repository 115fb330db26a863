"""A secret question (a reaction only card holders are offered) is never named in the channel."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from bot.app.settings import Settings
from bot.discord_ui.bot import create_bot
from tests.app.fakes import secret_registry
from tests.discord.helpers import open_table, play_one_turn, private_message, stored, text_of

MINUTE = 60


@pytest.fixture
def simcord_bot(settings: Settings) -> Any:
    """The bot with a COVERTA whose every question is secret."""
    return create_bot(settings, registry=secret_registry(), seeds=random.Random(2026))


async def test_the_asked_member_is_neither_mentioned_nor_reminded_in_the_channel(world) -> None:
    env = world.env
    for member in (world.alice, world.bob):
        await member.slash(world.channel, "prefs", dm_turn=True)
    table, match_id = await open_table(world, players=("alice", "bob"))
    live = await env.bot.controller.matches.load(match_id)
    asked = {live.seats[s].user_id for s in live.module.rules.to_act(live.state) if s >= 0}
    assert asked
    assert "to act" not in (stored(env, table).content or "")
    await env.advance_time(4 * MINUTE)  # the reminder is due
    channel = [m.content or "" for m in world.channel.history()]
    assert not any(f"<@{user}>" in text for text in channel for user in asked)
    for member in (world.alice, world.bob):
        dms = [m.content or "" for m in member.user.dm_channel.history()]
        told = any("A decision is waiting for you in **COVERTA**" in t for t in dms)
        assert told is (member.id in asked)
    await env.advance_time(MINUTE)  # the question times out to its default
    texts = " ".join(m.content or "" for m in world.channel.history()) + text_of(env, table)
    assert "Time ran out on a hidden decision" in texts and "Time ran out for" not in texts
    assert not any(f"<@{user}>" in texts for user in asked)


async def test_who_answers_or_misses_a_secret_question_stays_out_of_the_info_log(
    world, caplog
) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    live = await env.bot.controller.matches.load(match_id)
    (seat,) = [s for s in live.module.rules.to_act(live.state) if s >= 0]
    version = live.version
    member = {world.alice.id: world.alice, world.bob.id: world.bob}[live.seats[seat].user_id]
    view = private_message(await member.click(table, label="My hand"))
    assert await play_one_turn(member, env, view, random.Random(1))
    assert (await env.bot.controller.matches.load(match_id)).version > version
    await env.advance_time(5 * MINUTE)  # the next question times out
    info = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert any("turn timer ran out for a hidden decision" in line for line in info)
    assert not any("acted" in line or "for seats" in line for line in info), info
