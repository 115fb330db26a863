"""Turn timers end to end on SimCord's virtual clock: reminder, expiry, restart, absent rule."""

from __future__ import annotations

from typing import Any

from bot.discord_ui.bot import create_bot
from tests.discord.helpers import answer, member_by_id, open_table, stored, text_of, to_act

MINUTE = 60


def channel_texts(channel: Any) -> list[str]:
    """Return the content of every message in a channel, oldest first."""
    return [m.content or "" for m in channel.history()]


async def services(world: Any) -> Any:
    return world.env.bot.controller.matches


async def test_a_turn_timer_reminds_once_then_the_ai_plays_the_turn(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    absent = to_act(env, table)[0]
    assert "⏰ times out <t:1767225900:R>" in stored(env, table).content  # start + 5 minutes
    await env.advance_time(4 * MINUTE - 1)
    assert not any("⏰ <@" in t for t in channel_texts(world.channel))
    await env.advance_time(1)
    reminders = [t for t in channel_texts(world.channel) if "⏰ <@" in t]
    assert len(reminders) == 1 and f"<@{absent}>" in reminders[0]
    assert "times out <t:" in reminders[0]
    version = (await (await services(world)).load(match_id)).version
    await env.advance_time(MINUTE)
    live = await (await services(world)).load(match_id)
    assert live.version > version
    name = member_by_id(world)[absent].user.name
    assert f"Time ran out for {name} (1 of 3); the AI played." in text_of(env, table)
    assert absent not in to_act(env, table)
    assert len([t for t in channel_texts(world.channel) if "⏰ <@" in t]) == 1


async def test_a_deadline_that_passed_while_the_bot_was_down_gets_a_grace_period(
    world, settings
) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    absent = to_act(env, table)[0]
    version = (await (await services(world)).load(match_id)).version
    await env.bot.scheduler.stop()  # the bot goes down ...
    env.backend.advance_clock(30 * MINUTE)  # ... for half an hour
    await env.restart_bot(create_bot(settings))
    grace = [t for t in channel_texts(world.channel) if "I was offline" in t]
    assert len(grace) == 1 and f"<@{absent}>" in grace[0]
    live = await (await services(world)).load(match_id)
    assert live.version == version
    assert "more minutes to act" in text_of(env, table)
    await env.advance_time(5 * MINUTE)
    live = await (await services(world)).load(match_id)
    assert live.version > version and live.seats[0].timeouts + live.seats[1].timeouts == 1
    assert "Time ran out" in text_of(env, table)


async def test_after_n_timeouts_in_a_row_the_ai_takes_the_seat(world) -> None:
    env = world.env
    await world.mod.slash(world.channel, "config set", setting="absent_after", value="2")
    table, match_id = await open_table(world, players=("alice", "bob"))
    for _ in range(6):
        await env.advance_time(5 * MINUTE)
        live = await (await services(world)).load(match_id)
        if live.row.status != "active":
            break
    assert [s.status for s in live.seats] == ["autopilot", "autopilot"]
    assert live.row.status == "finished"
    final = text_of(env, table)
    assert "Rematch" in final and "My hand" not in final


async def test_a_player_who_stays_away_forfeits(world) -> None:
    env = world.env
    await world.mod.slash(world.channel, "config set", setting="absent", value="forfeit")
    await world.mod.slash(world.channel, "config set", setting="absent_after", value="1")
    table, match_id = await open_table(world, players=("alice", "bob"))
    absent = to_act(env, table)[0]
    await env.advance_time(5 * MINUTE)
    live = await (await services(world)).load(match_id)
    assert live.row.status == "finished"
    final = text_of(env, table)
    assert "forfeits (ranked last)" in final and "won: everyone else forfeited" in final
    assert "Rematch" in final and "Turn:" not in final and "match over" in final
    winner = world.bob if absent == world.alice.id else world.alice
    stats = answer(await winner.slash(world.channel, "stats"))
    assert "Matches played: **1** · won: **1**" in stats
