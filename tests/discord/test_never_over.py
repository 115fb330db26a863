"""A full NEVER OVER match through slash commands and clicks: two members, one AI, a restart."""

from __future__ import annotations

import logging
import random
import re
from typing import Any

from bot.discord_ui.bot import create_bot
from tests.discord.helpers import (
    answer,
    choices,
    choose,
    components,
    match_id_of,
    member_by_id,
    open_table,
    private_message,
    text_of,
    to_act,
)


async def take_turn(member: Any, env: Any, view: Any, rng: random.Random, retire: float) -> str:
    """Click through a private view until an action is sent; return the label or value used."""
    for _ in range(6):
        options = choices(env, view)
        labels = {c.get("custom_id"): c.get("label", "") for c in components(env, view)}
        steps = [o for o in options if o[1].startswith("p:") or (o[2] or "").startswith("p.")]
        acts = [o for o in options if o not in steps]
        confirm = [o for o in acts if labels.get(o[1]) == "Confirm: retire"]
        if confirm:
            pick = confirm[0]
        elif rng.random() < retire and any(labels.get(o[1]) == "Retire…" for o in steps):
            pick = next(o for o in steps if labels.get(o[1]) == "Retire…")
        else:
            pick = rng.choice([o for o in options if labels.get(o[1]) != "Retire…"] or options)
        result = await choose(member, env, view, pick)
        if result.followups and not result.response:
            view = private_message(result)
        if pick in acts:
            return labels.get(pick[1]) or str(pick[2])
    raise AssertionError("no action was sent")


async def play_to_the_end(
    world: Any, settings: Any, table: Any, match_id: int
) -> tuple[Any, list[str]]:
    """Let the members to act take turns until the end, restarting the bot at turn 8.

    Return each member's latest view (pressing My hand removes the older) and what
    each turn sent. Members retire only once the stock is empty.
    """
    env, members, rng = world.env, member_by_id(world), random.Random(11)
    old_view, sent, latest = None, [], {}
    while to_act(env, table) and len(sent) < 200:
        member = members[to_act(env, table)[0]]
        view = latest[member.id] = private_message(await member.click(table, label="My hand"))
        assert view.ephemeral and "hand" in text_of(env, view)
        if len(sent) == 8:
            old_view = view
            await env.restart_bot(create_bot(settings))
        stock = (await env.bot.controller.matches.load(match_id)).state.stock
        sent.append(await take_turn(member, env, view, rng, 0.0 if stock else 0.4))
    assert old_view is not None, "the bot was not restarted"
    return latest, sent


async def test_two_members_and_an_ai_play_a_match_with_a_restart(world, settings, caplog) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    env = world.env
    # Alice hosts, Bob joins, one AI seat.
    table, match_id = await open_table(
        world, game="never-over", ai=1, players=("alice", "bob"), hand_size="6", pack="offensive"
    )
    latest, sent = await play_to_the_end(world, settings, table, match_id)
    assert not to_act(env, table), "the match did not finish"
    assert any(s.startswith("Score") for s in sent) and "Confirm: retire" in sent
    final = text_of(env, table)
    assert "Rematch" in final and "game over" in final
    assert re.search(r"(wins|share the win) with \d+ points", final)
    live = await env.bot.controller.matches.load(match_id)
    assert live.row.status == "finished" and live.match.outcome is not None
    # Private words never reach the channel; tokens and cards never reach the INFO log.
    public = "\n".join(text_of(env, m) for m in world.channel.history() if not m.flags.ephemeral)
    assert "You drew" not in public and "Your hand" not in public
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert "acted" in logged and not re.search(r"\b[PD]\.[gr]\d", logged)
    # A view left from play answers with a readable sentence.
    last = latest[world.alice.id]
    stale = await world.alice.click(last, label="Refresh")
    assert "over" in answer(stale, env, last).lower()


async def test_rules_pages_and_the_start_options(world) -> None:
    env = world.env
    page = private_message(await world.carol.slash(world.channel, "never-over rules"))
    assert page.ephemeral and "NEVER OVER rules 1/" in text_of(env, page)
    # `games` takes any whole number from 1 to 60 (rules §7: "1 or more"), not a list.
    result = await world.alice.slash(world.channel, "never-over start", games=15, pack="defensive")
    lobby = text_of(env, result.response)
    assert "games: 15" in lobby and "pack: Defensive" in lobby
    live = await env.bot.controller.matches.load(match_id_of(env, result.response))
    assert live.row.options["games"] == "15"


async def test_partnerships_picked_in_the_lobby_score_as_teams(world, settings) -> None:
    env = world.env
    result = await world.alice.slash(world.channel, "never-over start", partnerships="on")
    table = result.response
    await world.bob.click(table, label="Join")
    await world.alice.click(table, label="Add AI")
    await world.alice.click(table, label="Team C")  # Bob got B and the AI C when they sat down
    assert "alice (host) · Team C" in text_of(env, table)
    await world.alice.click(table, label="Start")
    match_id = match_id_of(env, table)
    live = await env.bot.controller.matches.load(match_id)
    assert live.state.teams == ("C", "B", "C")
    assert "Team B (bob): 0 · Team C (alice, 🤖 Ada): 0" in text_of(env, table)
    await play_to_the_end(world, settings, table, match_id)
    outcome = (await env.bot.controller.matches.load(match_id)).match.outcome
    assert outcome is not None and outcome.ranks[0] == outcome.ranks[2]
    assert "Team" in text_of(env, table) and "Rematch" in text_of(env, table)


async def test_rotating_partnerships_need_five_players_at_start(world) -> None:
    """Rules §7: rotating partnerships are offered for five players; with other counts the
    start is refused with a message that says why, and the lobby stays open."""
    env = world.env
    result = await world.alice.slash(world.channel, "never-over start", partnerships="rotating")
    table = result.response
    await world.bob.click(table, label="Join")
    await world.alice.click(table, label="Add AI")
    refused = await world.alice.click(table, label="Start")
    assert "exactly five players" in answer(refused) and "this lobby has 3" in answer(refused)
    match_id = match_id_of(env, table)
    assert (await env.bot.controller.matches.row(match_id)).status == "lobby"
    for _ in range(2):
        await world.alice.click(table, label="Add AI")
    await world.alice.click(table, label="Start")
    live = await env.bot.controller.matches.load(match_id)
    state = live.state
    assert state.rotating and len(state.teams) == 5
    sinistra, destra = (state.dealer + 1) % 5, (state.dealer - 1) % 5
    assert {s for s in range(5) if state.teams[s] == state.teams[sinistra]} == {sinistra, destra}
    assert "Partners in game 1: Team A (" in text_of(env, table)


async def test_a_lobby_the_options_cannot_deal_or_split_is_refused_and_stays_open(world) -> None:
    """Rules §7: players × hand size ≤ pack size, and fixed partnerships need two teams.
    The start is refused with the reason; the lobby stays open until it is fixed."""
    env = world.env
    command = "never-over start"
    result = await world.alice.slash(world.channel, command, hand_size="12", partnerships="on")
    table = result.response
    await world.bob.click(table, label="Join")
    for _ in range(4):
        await world.alice.click(table, label="Add AI")
    refused = await world.alice.click(table, label="Start")
    assert "12 cards each is too many for 6 players" in answer(refused)
    assert "at most 9 each" in answer(refused)
    match_id = match_id_of(env, table)
    assert (await env.bot.controller.matches.row(match_id)).status == "lobby"

    result = await world.carol.slash(world.channel, command, partnerships="on")
    table = result.response
    await world.dave.click(table, label="Join")
    await world.carol.click(table, label="Team B")  # the balanced picks: A for carol, B for dave
    refused = await world.carol.click(table, label="Start")
    assert "at least two teams" in answer(refused)
    match_id = match_id_of(env, table)
    assert (await env.bot.controller.matches.row(match_id)).status == "lobby"
    await world.carol.click(table, label="Team A")
    await world.carol.click(table, label="Start")
    live = await env.bot.controller.matches.load(match_id)
    assert live.state.teams == ("A", "B")
