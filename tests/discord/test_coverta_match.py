"""A full COVERTA match through slash commands and clicks only, with a restart."""

from __future__ import annotations

import logging
import random
import re
from typing import Any

from bot.discord_ui.bot import create_bot
from bot.games.coverta.cards import CARDS
from bot.games.coverta.messages import card_text
from tests.discord.helpers import (
    member_by_id,
    open_table,
    play_one_turn,
    private_message,
    text_of,
    to_act,
)


def secret_strings(hidden: Any) -> list[str]:
    """Render the secret values a viewer must not see as the bot writes them."""
    out = []
    for value in hidden:
        out.append(card_text(value) if hasattr(value, "number") else value.words())
    return out


async def live_state(env: Any, match_id: int) -> tuple[Any, Any]:
    """Return the rules and current state of a match as the running bot has it."""
    live = await env.bot.controller.matches.load(match_id)
    return live.module.rules, live


def assert_hidden(text: str, secrets: list[str], who: str) -> None:
    """Fail if a secret appears as a whole phrase ("KEEP shape" is not "KEEP shape colour")."""
    leaked = [s for s in secrets if re.search(rf"(?<![\w]){re.escape(s)}(?! colour)", text)]
    assert not leaked, f"{who} can see secrets: {leaked}"


async def check_no_leaks(world: Any, match_id: int, seat_members: list[Any]) -> None:
    """Public messages show no hidden value; each member's fresh view shows none of others'."""
    env = world.env
    rules, live = await live_state(env, match_id)
    public = "\n".join(text_of(env, m) for m in world.channel.history() if not m.flags.ephemeral)
    assert_hidden(public, secret_strings(rules.hidden_from(live.state, None)), "the channel")
    table = await env.bot.controller.table(match_id)
    for seat, member in enumerate(seat_members):
        if member is None:
            continue
        result = await member.click(world.table, label="My hand")
        view = private_message(result)
        assert view.ephemeral
        others = [m for m in seat_members if m is not None and m is not member]
        for other in others:
            visible = {m.id for m in world.channel.history(viewer=other)}
            assert view.id not in visible, "another member can see a private view"
        secrets = secret_strings(rules.hidden_from(live.state, seat))
        assert_hidden(text_of(env, view), secrets, f"seat {seat}")
    assert table["embed"] is not None


async def test_three_members_play_a_full_match_with_a_restart(world, settings, caplog) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    env = world.env
    table, match_id = await open_table(world)
    world.table = table
    members = member_by_id(world)
    seats = [world.alice, world.bob, world.carol]
    rng = random.Random(5)
    turns, restarted = 0, False
    old_view = None
    while to_act(env, table) and turns < 400:
        if turns % 7 == 0:
            await check_no_leaks(world, match_id, seats)
        member = members[to_act(env, table)[0]]
        view = private_message(await member.click(table, label="My hand"))
        if turns == 12:
            old_view = view
            await env.restart_bot(create_bot(settings))
            restarted = True
        assert await play_one_turn(member, env, view, rng), "the member to act had no action"
        turns += 1
    assert restarted and not to_act(env, table), "the match did not finish"
    final = text_of(env, table)
    assert "Rematch" in final
    _, live = await live_state(env, match_id)
    assert live.row.status == "finished" and live.match.outcome is not None
    # Everything is revealed at the end: every player's instructions are on the table.
    for pair in live.state.instructions:
        for instruction in pair:
            assert instruction.words() in final
    # Nothing secret was logged at INFO: no instruction, no card, no action token.
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert "acted" in logged
    every_secret = [i.words() for pair in live.state.instructions for i in pair]
    every_secret += [card_text(c) for c in CARDS]
    assert_hidden(logged, every_secret, "the INFO log")
    assert not re.search(r"\b[APS]\.\d", logged)
    # Old buttons still answer after the restart and the finish: a readable refusal.
    assert old_view is not None
    stale = await world.alice.click(table, label="Rematch")
    assert stale.response is not None and "lobby" in text_of(env, stale.response)
