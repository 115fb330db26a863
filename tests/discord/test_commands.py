"""/match commands, rules pages, AI seats and rematch, through slash commands and clicks."""

from __future__ import annotations

import asyncio
import re
import threading

import msgspec

from tests.discord.helpers import (
    answer,
    choices,
    choose,
    leave_to_the_ai,
    member_by_id,
    open_table,
    private_message,
    stored,
    text_of,
    to_act,
)


async def test_hand_by_dm_can_be_played_from_the_dm(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    member = member_by_id(world)[to_act(env, table)[0]]
    result = await member.slash(world.channel, "match hand", dm=True)
    assert "direct message" in answer(result)
    dm = member.user.dm_channel.history()[-1]
    draw = next(c for c in choices(env, dm) if c[1].endswith(":B"))
    version = (await env.bot.controller.matches.load(match_id)).version
    await choose(member.user, env, dm, draw)
    assert (await env.bot.controller.matches.load(match_id)).version > version
    assert "drew a card" in text_of(env, table)
    assert "follow" not in str(stored(env, table).content)


async def test_closed_dms_fall_back_to_an_ephemeral_view(world) -> None:
    env = world.env
    _table, match_id = await open_table(world, players=("alice", "bob"))
    dm_id = world.alice.user.dm_channel.id
    env.inject_error(
        "POST",
        f"/channels/{dm_id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
    )
    result = await world.alice.slash(world.channel, "match hand", dm=True)
    reply = private_message(result)
    assert reply.ephemeral
    assert "DMs are closed" in reply.content
    assert "hand" in str(reply.embeds[0].title).lower()
    assert not world.alice.user.dm_channel.history()
    # The hand shown here instead follows the table like any open view.
    assert (world.alice.id, False) in env.bot.controller.open_views[match_id]


async def test_status_shows_the_table_to_anyone_privately(world) -> None:
    await open_table(world, players=("alice", "bob"))
    result = await world.dave.slash(world.channel, "match status")
    reply = private_message(result)
    assert reply.ephemeral and "COVERTA" in str(reply.embeds[0].title)
    assert "You have no match" in answer(await world.dave.slash(world.channel, "match leave"))


async def test_leaving_hands_the_seat_to_the_ai_and_an_ai_match_finishes_by_itself(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice",), ai=2)
    assert "AI" in answer(await leave_to_the_ai(world, world.alice))
    live = await env.bot.controller.matches.load(match_id)
    assert live.row.status == "finished" and live.match.outcome is not None
    final = text_of(env, table)
    assert "Rematch" in final and "My hand" not in final
    # The end message says why alice, whatever the table says, is ranked last.
    (ended,) = [m for m in world.channel.history() if "is over" in text_of(env, m)]
    assert "alice (left the match: ranked last)" in text_of(env, ended)


async def test_end_needs_the_host_or_a_moderator(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    refused = await world.bob.slash(world.channel, "match end")
    assert "Only the host or a moderator" in answer(refused)
    assert (await env.bot.controller.matches.load(match_id)).row.status == "active"
    await world.mod.slash(world.channel, "match end")
    assert (await env.bot.controller.matches.load(match_id)).row.status == "abandoned"
    assert "ended before its finish" in text_of(env, table)
    late = await world.alice.click(table, label="Rematch")
    lobby = late.response
    assert "lobby #" in text_of(env, lobby)
    seats = str(stored(env, lobby).embeds[0])
    assert "alice (host)" in seats and "bob" in seats


async def test_rematch_opens_one_lobby_without_the_players_who_were_removed(world) -> None:
    """A kicked member is not seated again and may not open the rematch; a second Rematch
    click, by anyone, points to the lobby already open instead of opening another, even
    when that lobby fills the channel's limit."""
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob", "carol"))
    await world.alice.slash(world.channel, "match kick", member=world.carol)
    await world.mod.slash(world.channel, "match end")
    refused = await world.carol.click(table, label="Rematch")
    assert "A player who left or was removed cannot" in private_message(refused).content
    lobbies = len(world.channel.history())
    opened = (await world.bob.click(table, label="Rematch")).response
    seats = str(stored(env, opened).embeds[0])
    assert "bob (host)" in seats and "alice" in seats and "carol" not in seats
    new_id = int(re.findall(r"lobby #(\d+)", text_of(env, opened))[0])
    await world.mod.slash(world.channel, "config set", setting="max_per_channel", value="1")
    for member in (world.bob, world.alice):  # a double click, then another player's click
        again = private_message(await member.click(table, label="Rematch"))
        assert again.ephemeral and f"already open: lobby #{new_id}" in again.content
    assert len(world.channel.history()) == lobbies + 1, "one lobby message, not three"
    assert (await env.bot.controller.matches.load(match_id)).row.status == "abandoned"


async def test_rules_are_paged_and_private(world) -> None:
    env = world.env
    page = (await world.dave.slash(world.channel, "coverta rules")).response
    assert page.ephemeral
    seen = [text_of(env, page)]
    while "Next" in str(stored(env, page).components):
        await world.dave.click(page, label="Next")
        seen.append(text_of(env, page))
    assert len(seen) >= 3 and len(set(seen)) == len(seen)
    assert f"Page {len(seen)} of {len(seen)}" in seen[-1]
    everything = "\n".join(seen)
    assert "Carlos Martin" in everything and "house rule" in everything.lower()
    await world.dave.click(page, label="Previous")
    assert text_of(env, page) == seen[-2]


async def test_a_graceful_stop_snapshots_every_match_in_memory(world) -> None:
    """Closing the bot stores each live match at its current step, so the next start
    replays nothing (see tests/app/test_stop_snapshots.py)."""
    _, match_id = await open_table(world, players=("alice", "bob"))
    bot = world.env.bot
    live = await bot.controller.matches.load(match_id)
    repo = bot.controller.matches.repo
    assert await repo.latest_snapshot(match_id) != (live.version, msgspec.json.encode(live.state))
    await bot.close()
    assert await repo.latest_snapshot(match_id) == (live.version, msgspec.json.encode(live.state))


async def test_a_graceful_stop_closes_the_database_writer_threads(world) -> None:
    """The stop ends the SQLite writer's threads after their last checkpoint; none lingers.
    A table edit under way ends before the database closes: it does not open it again."""
    _table, match_id = await open_table(world, players=("alice", "bob"))
    writers = [t for t in threading.enumerate() if t.name.startswith("db-")]
    assert {t.name.split("_")[0] for t in writers} >= {"db-writer", "db-checkpoint"}
    bot = world.env.bot
    edited: list[int] = []
    publish = bot.publisher._publish

    async def slow_publish(match_id: int) -> None:  # a slow Discord edit
        await asyncio.sleep(0.1)
        await publish(match_id)
        edited.append(match_id)

    bot.publisher._publish = slow_publish
    await bot.publisher.match_changed(match_id)  # as after a move
    await bot.close()
    assert edited == [match_id], "the edit ended before the gateway and the database closed"
    await asyncio.sleep(0.2)
    assert [t.name for t in threading.enumerate() if t.name.startswith("db-")] == []
