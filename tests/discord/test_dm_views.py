"""Private views by direct message: playable from the DM, and kept current across restarts."""

from __future__ import annotations

import random
from typing import Any

from bot.discord_ui.bot import create_bot
from tests.discord.helpers import (
    choices,
    custom_ids,
    my_hand,
    open_table,
    play_one_turn,
    stored,
    text_of,
    to_act,
)


def last_dm(member: Any) -> Any:
    return member.user.dm_channel.history()[-1]


async def dm_table(world: Any, member: Any, **prefs: bool) -> tuple[Any, int, Any]:
    """Set a member's DM preferences, start a COVERTA match of alice and bob (alice
    first) and return the table, the match id and the member's latest DM."""
    await member.slash(world.channel, "prefs", **prefs)
    table, match_id = await open_table(world, players=("alice", "bob"))
    assert to_act(world.env, table) == [world.alice.id]
    return table, match_id, last_dm(member)


async def finish_turn(actor: Any, env: Any, table: Any, view: Any, seed: int) -> None:
    """Play random actions from one private view until someone else is to act (the actor is
    the member in the channel, or the user in their DMs)."""
    rng = random.Random(seed)
    for _ in range(8):
        assert await play_one_turn(actor, env, view, rng)
        if to_act(env, table) != [actor.id]:
            return
    raise AssertionError("the turn never passed")


async def test_the_turn_dm_carries_the_view_to_play_from(world: Any) -> None:
    env = world.env
    table, _, dm = await dm_table(world, world.alice, dm_turn=True)
    assert "It's your turn in **COVERTA**" in (dm.content or "")
    assert dm.embeds and choices(env, dm), "the DM holds the playable view, not just a link"
    await finish_turn(world.alice.user, env, table, dm, 5)
    assert to_act(env, table) == [world.bob.id]


async def test_a_dm_view_follows_the_match_after_a_restart_and_ends_without_your_turn(
    world: Any, settings: Any
) -> None:
    env = world.env
    table, match_id, dm = await dm_table(world, world.alice, dm_turn=True)
    assert "It's your turn" in text_of(env, dm) and choices(env, dm)

    await env.restart_bot(create_bot(settings))
    assert not env.bot.controller.open_views, "the new process holds no view in memory"
    await finish_turn(world.alice, env, table, await my_hand(world.alice, table), 1)
    assert to_act(env, table) == [world.bob.id]
    version = (await env.bot.controller.matches.load(match_id)).version
    redrawn = text_of(env, dm)
    assert "It's your turn" not in redrawn and "Your turn" not in redrawn
    assert f":{version}:" in " ".join(custom_ids(env, dm)) or not choices(env, dm)

    await env.restart_bot(create_bot(settings))
    await world.alice.slash(world.channel, "match end")
    await env.advance_time(1)
    ended = text_of(env, dm)
    assert "over" in ended.lower() and "Your turn" not in ended and not choices(env, dm)
    assert await env.bot.controller.matches.dm_views(match_id) == []


async def test_dm_hand_sends_the_hand_at_the_start_and_a_restart_sends_no_second_one(
    world: Any, settings: Any
) -> None:
    env = world.env
    table, _, hand = await dm_table(world, world.bob, dm_hand=True)
    assert "Your hand in **COVERTA**" in (hand.content or "") and hand.embeds

    await env.restart_bot(create_bot(settings))
    await world.alice.slash(world.channel, "match pause")  # the new process's first table
    assert last_dm(world.bob).id == hand.id, "the hand DM'd before the restart still counts"

    await world.alice.slash(world.channel, "match resume")
    await finish_turn(world.alice, env, table, await my_hand(world.alice, table), 3)
    assert to_act(env, table) == [world.bob.id]
    turn = last_dm(world.bob)
    assert turn.id != hand.id and "It's your turn" in (turn.content or "")
    assert choices(env, turn)
    assert "out of date" in text_of(env, hand) and not choices(env, hand)


def footer(env: Any, message: Any) -> str:
    """Return the footer of a message's embed ("" without one)."""
    embeds = stored(env, message).embeds
    return str((embeds[0].get("footer") or {}).get("text", "")) if embeds else ""


FOLLOWS = "follows the table for 14 minutes"


async def test_only_an_ephemeral_view_of_a_running_match_says_how_long_it_follows(
    world: Any, settings: Any
) -> None:
    """Discord lets an ephemeral view be edited for 15 minutes, so it says so; a DM view
    follows the match to its end, and a final view follows nothing."""
    env = world.env
    table, _, dm = await dm_table(world, world.alice, dm_turn=True)
    assert choices(env, dm) and FOLLOWS not in footer(env, dm)
    view = await my_hand(world.bob, table)
    assert FOLLOWS in footer(env, view)

    await finish_turn(world.alice.user, env, table, dm, 7)  # played from the DM, edited there
    assert FOLLOWS not in footer(env, dm)
    await env.restart_bot(create_bot(settings))
    await world.alice.slash(world.channel, "match pause")  # redrawn by the new process
    assert FOLLOWS not in footer(env, dm)
    view = await my_hand(world.bob, table)  # one the new process follows
    assert FOLLOWS in footer(env, view)

    await world.alice.slash(world.channel, "match end")
    await env.advance_time(1)
    for final in (dm, view):
        assert "over" in text_of(env, final).lower() and not choices(env, final)
        assert FOLLOWS not in footer(env, final)


async def test_match_hand_by_dm_says_nothing_of_fourteen_minutes(world: Any) -> None:
    await open_table(world, players=("alice", "bob"))
    await world.bob.slash(world.channel, "match hand", dm=True)
    sent = last_dm(world.bob)
    assert sent.embeds and FOLLOWS not in footer(world.env, sent)
