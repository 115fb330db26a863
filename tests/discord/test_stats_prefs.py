"""/stats, /leaderboard and /prefs end to end, closed DMs included."""

from __future__ import annotations

import random
from typing import Any

from tests.discord.helpers import (
    answer,
    close_dms,
    leave_to_the_ai,
    member_by_id,
    open_table,
    play_one_turn,
    private_message,
    to_act,
)


async def take_turn(world: Any, table: Any, rng: random.Random) -> None:
    """Let the member to act play until someone else is to act."""
    env = world.env
    first = to_act(env, table)[0]
    member = member_by_id(world)[first]
    for _ in range(8):
        view = private_message(await member.slash(world.channel, "match hand"))
        await play_one_turn(member, env, view, rng)
        if to_act(env, table) != [first]:
            return
    raise AssertionError("the turn never passed")


def dm_texts(member: Any) -> list[str]:
    return [m.content or "" for m in member.user.dm_channel.history()]


async def test_ratings_and_stats_after_a_few_matches(world) -> None:
    env = world.env
    for _ in range(2):
        await open_table(world, players=("alice",), ai=2)
        await leave_to_the_ai(world, world.alice)
    await world.mod.slash(world.channel, "config set", setting="absent", value="forfeit")
    await world.mod.slash(world.channel, "config set", setting="absent_after", value="1")
    table, _ = await open_table(world, players=("alice", "bob"))
    absent = to_act(env, table)[0]
    await env.advance_time(300)
    alice_won = absent != world.alice.id
    stats = answer(await world.dave.slash(world.channel, "stats", member=world.alice))
    assert f"Matches played: **3** · won: **{int(alice_won)}**" in stats
    assert "favourite game: **COVERTA**" in stats and "COVERTA: rating" in stats
    only = answer(await world.alice.slash(world.channel, "stats", game="coverta"))
    assert "Matches played: **3**" in only
    board = answer(await world.dave.slash(world.channel, "leaderboard", game="coverta"))
    assert board.index("🤖 AI (") < board.index("alice")
    assert "bob" in board and "(2 played, 2 won)" in board
    nothing = answer(await world.alice.slash(world.channel, "stats", member=world.dave))
    assert "dave has not finished a match yet." in nothing
    unknown = answer(await world.dave.slash(world.channel, "leaderboard", game="chess"))
    assert "I don't know that game." in unknown


async def test_prefs_show_and_change(world) -> None:
    shown = answer(await world.alice.slash(world.channel, "prefs"))
    assert "DM me when it is my turn: **off**" in shown
    changed = answer(await world.alice.slash(world.channel, "prefs", dm_turn=True))
    assert "DM me when it is my turn: **on**" in changed
    assert "DM me my hand at every turn: **off**" in changed


async def test_turn_dms_and_closed_dms_fall_back_to_mentions_once(world) -> None:
    env = world.env
    rng = random.Random(3)
    for member in (world.alice, world.bob):
        await member.slash(world.channel, "prefs", dm_turn=True)
    close_dms(world, world.bob)
    table, _match_id = await open_table(world, players=("alice", "bob"))
    first, second = (world.alice, world.bob)
    assert to_act(env, table) == [first.id]
    assert any("It's your turn in **COVERTA**" in t for t in dm_texts(first))
    assert not any(f"<@{first.id}>, it's your turn" in m.content for m in world.channel.history())
    await take_turn(world, table, rng)
    fallback = world.channel.history()[-1].content
    assert f"<@{second.id}>, it's your turn" in fallback
    assert "I can't send you direct messages" in fallback
    assert (await env.bot.controller.settings.prefs(second.id)).dm_closed
    await take_turn(world, table, rng)
    await take_turn(world, table, rng)
    again = world.channel.history()[-1].content
    assert f"<@{second.id}>, it's your turn" in again and "can't send" not in again
    tries = [
        r
        for r in env.http_requests
        if r.method == "POST" and r.path == f"/channels/{second.user.dm_channel.id}/messages"
    ]
    assert len(tries) == 1  # said once; not tried again until the prefs change
    assert "mention you in the channel" in answer(await second.slash(world.channel, "prefs"))


async def test_a_hand_dm_that_fails_at_the_start_is_said_at_the_members_first_turn(
    world,
) -> None:
    """With DMs closed, the hand sent at the start fails before any ping: the member's first
    turn ping mentions them and says, once, that DMs could not be sent."""
    env = world.env
    rng = random.Random(3)
    await world.bob.slash(world.channel, "prefs", dm_hand=True)
    close_dms(world, world.bob)
    table, _match_id = await open_table(world, players=("alice", "bob"))
    assert to_act(env, table) == [world.alice.id]
    assert (await env.bot.controller.settings.prefs(world.bob.id)).dm_closed
    await take_turn(world, table, rng)
    assert to_act(env, table) == [world.bob.id]
    ping = world.channel.history()[-1].content
    assert f"<@{world.bob.id}>, it's your turn" in ping
    assert "I can't send you direct messages" in ping
    await take_turn(world, table, rng)
    await take_turn(world, table, rng)
    again = world.channel.history()[-1].content
    assert f"<@{world.bob.id}>, it's your turn" in again and "can't send" not in again


async def test_a_reminder_whose_dm_fails_mentions_the_member_and_says_why(world) -> None:
    """DMs that close after a turn DM went through: the reminder mentions the member in
    the channel and says, once, that DMs could not be sent."""
    env = world.env
    for member in (world.alice, world.bob):
        await member.slash(world.channel, "prefs", dm_turn=True)
    table, _match_id = await open_table(world, players=("alice", "bob"))
    member = member_by_id(world)[to_act(env, table)[0]]
    assert any("It's your turn" in t for t in dm_texts(member))
    close_dms(world, member)
    await env.advance_time(4 * 60)  # the reminder of the five-minute timer
    (reminder,) = [m.content for m in world.channel.history() if "⏰ <@" in (m.content or "")]
    assert f"<@{member.id}>" in reminder and "I can't send you direct messages" in reminder
    assert (await env.bot.controller.settings.prefs(member.id)).dm_closed


async def test_hand_by_dm_at_every_turn(world) -> None:
    env = world.env
    await world.alice.slash(world.channel, "prefs", dm_hand=True)
    table, _ = await open_table(world, players=("alice", "bob"))
    assert to_act(env, table) == [world.alice.id]
    dm = world.alice.user.dm_channel.history()[-1]
    assert "It's your turn" in (dm.content or "")
    assert dm.embeds and dm.components  # the private view, playable from the DM
