"""Cover-cover end to end: two members, a seeded deck with a nested Cover-cover, a restart."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.discord_ui.bot import create_bot
from bot.games.cover_cover import rules as cover_rules
from bot.games.cover_cover.cards import card
from tests.discord.helpers import (
    answer,
    components,
    match_id_of,
    open_table,
    private_message,
    text_of,
    to_act,
)

# Read by the simcord_bot fixture (tests/discord/conftest.py).
SEED = 96
"""Match seeds from ``random.Random(96)`` deal two players a plain round 1, then a tie in
round 2 that leads to a Cover-cover inside the Cover-cover (found with the pure engine,
seeding chance steps the way the match service does)."""


async def state_of(env: Any, match_id: int) -> Any:
    """Return the running bot's current state of a match."""
    live = await env.bot.controller.matches.load(match_id)
    return live.state


async def my_view(member: Any, table: Any) -> Any:
    """Open a member's private view from the table's "My hand" button."""
    view = private_message(await member.click(table, label="My hand"))
    assert view.ephemeral
    return view


def action_button(env: Any, view: Any) -> tuple[str, str]:
    """Return the label and custom_id of the one action button of a private view."""
    found = [
        (c.get("label", ""), c["custom_id"])
        for c in components(env, view)
        if c.get("custom_id", "").startswith("a:")
    ]
    assert len(found) == 1, found
    return found[0]


async def press(env: Any, member: Any, table: Any, expected: str) -> Any:
    """Open My hand, check the one button's label and press it."""
    view = await my_view(member, table)
    label, custom_id = action_button(env, view)
    assert label == expected
    await member.click(view, custom_id=custom_id)
    return view


async def play_round(world: Any, table: Any) -> None:
    """Let every member still to act press their button (Flip or Cover-cover!)."""
    env, members = world.env, {world.alice.id: world.alice, world.bob.id: world.bob}
    state = await state_of(env, match_id_of(env, table))
    label = "Cover-cover!" if state.phase == "cover" else "Flip"
    for user_id in to_act(env, table):
        await press(env, members[user_id], table, label)


async def test_two_members_play_a_nested_cover_cover_with_a_restart(world, settings) -> None:
    env = world.env
    table, match_id = await open_table(
        world, game="cover-cover", players=("alice", "bob"), round_limit=25
    )
    assert set(to_act(env, table)) == {world.alice.id, world.bob.id}
    assert "Still to press **Flip**" in text_of(env, table)

    # Round 1: a plain round; Alice's press alone reveals nothing.
    await press(env, world.alice, table, "Flip")
    assert to_act(env, table) == [world.bob.id]
    await press(env, world.bob, table, "Flip")
    assert "Round 1 flips" in text_of(env, table)

    # Round 2: a tie, shouted loudly on the table.
    await play_round(world, table)
    shown = text_of(env, table)
    assert "COVER-COVER!" in shown and "Still to shout **Cover-cover!**" in shown
    assert set(to_act(env, table)) == {world.alice.id, world.bob.id}
    old_view = await my_view(world.alice, table)
    assert action_button(env, old_view)[0] == "Cover-cover!"

    # The bot restarts mid-Cover-cover; Alice's old button still shouts.
    await env.restart_bot(create_bot(settings))
    await world.alice.click(old_view, custom_id=action_button(env, old_view)[1])
    assert to_act(env, table) == [world.bob.id]
    assert "“COVER-COVER!”" in text_of(env, table)
    kept = await my_view(world.bob, table)
    # As if Bob's view were older than Discord lets a bot edit: it keeps its button.
    env.bot.controller.open_views.clear()
    await press(env, world.bob, table, "Cover-cover!")
    assert "COVER-COVER INSIDE A COVER-COVER!" in text_of(env, table)
    state = await state_of(env, match_id)
    assert state.phase == "cover" and state.deepest == 2
    downs = [p.down for t in state.current.ties for p in t.plays if p.down >= 0]
    await play_round(world, table)

    # The nested winner takes everything; face-down cards are never named while it goes on.
    state = await state_of(env, match_id)
    assert state.last.number == 2 and len(state.last.ties) >= 2 and state.last.pot >= 8
    shown = text_of(env, table)
    for number in downs:
        assert card(number).text() not in shown
    rounds = 0
    while to_act(env, table) and rounds < 80:
        await play_round(world, table)
        rounds += 1
    final = text_of(env, table)
    assert not to_act(env, table) and "Rematch" in final
    state = await state_of(env, match_id)
    assert state.phase == "over" and state.round <= 25
    live = await env.bot.controller.matches.load(match_id)
    assert live.row.status == "finished"
    assert "Standings: 1." in final and state.termination in ("round_limit", "last_player")
    # An old button after the end gets a readable sentence, not a failure.
    late = await world.bob.click(kept, custom_id=action_button(env, kept)[1])
    assert "over" in answer(late, env, kept)


async def test_auto_plays_on_by_itself_after_each_read_to_the_end(world, monkeypatch) -> None:
    monkeypatch.setattr(cover_rules, "READ_SECONDS", 0.01)  # each read, shortened for the test
    env = world.env
    lobby = await world.alice.slash(world.channel, "cover-cover start", auto="on", round_limit=0)
    table = lobby.response
    await world.alice.click(table, label="Add AI")
    match_id = match_id_of(env, table)
    await world.alice.click(table, label="Start")
    matches = env.bot.controller.matches
    for _ in range(2000):  # nobody presses: the bot plays every block after its read
        live = await matches.load(match_id)
        if live.row.status == "finished":
            break
        await asyncio.sleep(0.01)
    assert live.row.status == "finished" and live.state.summary is not None
    assert all(seat.timeouts == 0 for seat in live.seats), "nobody was waited for"
    final = text_of(env, table)
    assert "Rematch" in final and "Auto is on" in final and "Standings: 1." in final
    assert "Round 1 flips" not in final, "auto mode posts summaries, not every round"


async def test_members_let_the_bot_play_the_next_block(world) -> None:
    env = world.env
    lobby = await world.alice.slash(
        world.channel, "cover-cover start", auto="on", auto_summary_every=5
    )
    table = lobby.response
    await world.bob.click(table, label="Join")
    await world.alice.click(table, label="Start")
    # Nobody is waited for (no turn timer, no ping): the bot plays on after a read, and
    # any player may let it play on now.
    assert to_act(env, table) == []
    assert "the bot plays on in 10 seconds, or at once" in text_of(env, table)
    live = await env.bot.controller.matches.load(match_id_of(env, table))
    assert live.row.turn_deadline is None
    await press(env, world.bob, table, "Play the next 5 rounds")
    shown = text_of(env, table)
    assert "Rounds 1-5:" in shown and "Round 6." in shown and "of 300" not in shown
    assert to_act(env, table) == [] and "the bot plays on in 10 seconds" in shown


async def test_the_round_limit_is_any_whole_number_discord_keeps_in_range(world) -> None:
    """Rules §7: "0 ... or a whole number of rounds", and a summary "1 or more" rounds."""
    env = world.env
    tree = env.bot.tree
    group = next(c for c in tree.get_commands() if c.name == "cover-cover")
    start = next(c for c in group.commands if c.name == "start")
    schema = {o["name"]: o for o in start.to_dict(tree)["options"]}
    assert schema["round_limit"]["type"] == discord.AppCommandOptionType.integer.value
    assert (schema["round_limit"]["min_value"], schema["round_limit"]["max_value"]) == (0, 10_000)
    assert (
        schema["auto_summary_every"]["min_value"],
        schema["auto_summary_every"]["max_value"],
    ) == (
        1,
        1_000,
    )
    assert "choices" not in schema["round_limit"] and schema["auto"]["choices"]

    lobby = await world.alice.slash(
        world.channel, "cover-cover start", round_limit=37, auto="on", auto_summary_every=7
    )
    text = text_of(env, lobby.response)
    assert "round_limit: 37" in text and "auto_summary_every: 7" in text
    await world.alice.click(lobby.response, label="Add AI")
    await world.alice.click(lobby.response, label="Start")
    live = await env.bot.controller.matches.load(match_id_of(env, lobby.response))
    assert (live.state.round_limit, live.state.summary_every) == (37, 7)

    # The default needs no number; 0 reads as "No limit".
    lobby = await world.bob.slash(world.channel, "cover-cover start", round_limit=0)
    assert "round_limit: No limit" in text_of(env, lobby.response)
