"""/match list, kick, host, end and log; lobbies that expire; all of it in the match log."""

from __future__ import annotations

from bot.discord_ui import messages
from tests.discord.helpers import (
    answer,
    choices,
    choose,
    leave_to_the_ai,
    match_id_of,
    open_table,
    private_message,
    stored,
    text_of,
)

HOUR = 3600


async def test_list_shows_open_lobbies_and_matches_with_links(world) -> None:
    assert messages.MATCH_LIST_EMPTY in answer(await world.dave.slash(world.channel, "match list"))
    table, match_id = await open_table(world, players=("alice", "bob"))
    await world.carol.slash(world.channel, "coverta start")
    listed = answer(await world.dave.slash(world.channel, "match list"))
    guild, channel = world.guild.id, world.channel.id
    assert f"**#{match_id}** COVERTA · playing" in listed
    assert f"https://discord.com/channels/{guild}/{channel}/{table.id}" in listed
    assert f"**#{match_id + 1}** COVERTA · lobby · host carol" in listed


async def test_kick_needs_the_host_or_a_moderator_and_hands_the_seat_to_the_ai(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob", "carol"))
    refused = await world.bob.slash(world.channel, "match kick", member=world.carol)
    assert "Only the host or a moderator can remove players." in answer(refused)
    refused = await world.dave.slash(world.channel, "match kick", member=world.carol)
    assert "Only the host or a moderator" in answer(refused)
    done = await world.alice.slash(world.channel, "match kick", member=world.carol)
    assert "no longer plays in match" in answer(done)
    live = await env.bot.controller.matches.load(match_id)
    assert [s.status for s in live.seats] == ["playing", "playing", "kicked"]
    assert f"carol was removed by <@{world.alice.id}>; the AI plays that seat." in text_of(
        env, table
    )
    log = answer(await world.dave.slash(world.channel, "match log"))
    assert "carol was removed by" in log


async def test_the_host_hands_hosting_over_and_a_moderator_ends_the_match(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    refused = await world.bob.slash(world.channel, "match host", member=world.bob)
    assert "Only the host or a moderator can hand hosting over." in answer(refused)
    refused = await world.alice.slash(world.channel, "match host", member=world.dave)
    assert "The new host must be seated" in answer(refused)
    pings = [m for m in world.channel.history() if "it's your turn" in (m.content or "")]
    await world.alice.slash(world.channel, "match host", member=world.bob)
    assert (await env.bot.controller.matches.row(match_id)).host_user_id == world.bob.id
    await env.bot.controller.matches.publisher.match_changed(match_id)  # any later redraw
    after = [m for m in world.channel.history() if "it's your turn" in (m.content or "")]
    assert [m.id for m in after] == [m.id for m in pings], "the same turn is not pinged again"
    assert "Only the host or a moderator" in answer(
        await world.alice.slash(world.channel, "match end")
    )
    referees = world.guild.create_role("Referees")
    ref = world.guild.add_member(env.create_user("ref"), roles=[referees])
    await world.mod.slash(world.channel, "config modrole", role=referees)
    state = (await env.bot.controller.matches.load(match_id)).state
    secret = [f"Rules: {a.words()} / {b.words()}" for a, b in state.instructions]
    assert not any(rules in text_of(env, table) for rules in secret)
    assert messages.ENDED in answer(await ref.slash(world.channel, "match end", match=match_id))
    assert "ended before its finish" in text_of(env, table)
    assert all(rules in text_of(env, table) for rules in secret), "an ended match shows all"
    log = answer(await world.dave.slash(world.channel, "match log", match=match_id))
    assert "handed hosting over to" in log and f"ended by <@{ref.id}>" in log


async def test_the_log_shows_public_moves_and_everything_once_over(world) -> None:
    env = world.env
    _table, match_id = await open_table(world, players=("alice",), ai=2)
    during = answer(await world.dave.slash(world.channel, "match log"))
    assert f"Match #{match_id}: log" in during
    await leave_to_the_ai(world, world.alice)
    assert (await env.bot.controller.matches.row(match_id)).status == "finished"
    after = answer(await world.dave.slash(world.channel, "match log", match=match_id))
    assert "alice left; the AI plays that seat." in after
    # A whole match is longer than a page: older moves are one page further.
    missing = answer(await world.dave.slash(world.channel, "match log", match=999))
    assert "There is no match #999 in this server." in missing


async def test_a_lobby_nobody_starts_expires_and_says_so(world) -> None:
    env = world.env
    await world.mod.slash(world.channel, "config set", setting="lobby_minutes", value="30")
    lobby = (await world.alice.slash(world.channel, "coverta start")).response
    await env.advance_time(HOUR / 2)
    assert "Cancelled" in text_of(env, lobby)
    assert not [c for c in stored(env, lobby).components]
    row = await env.bot.controller.matches.row(1)
    assert row.status == "abandoned"
    log = answer(await world.alice.slash(world.channel, "match log", match=1))
    assert "nobody started it within 30 minutes" in log


async def test_a_host_or_moderator_removes_a_member_from_a_lobby(world) -> None:
    env = world.env
    lobby = (await world.alice.slash(world.channel, "coverta start")).response
    await world.bob.click(lobby, label="Join")
    await world.carol.click(lobby, label="Join")
    refused = await world.bob.slash(world.channel, "match kick", member=world.carol)
    assert "Only the host can remove members." in answer(refused)
    await world.mod.slash(world.channel, "match kick", member=world.carol)
    seats = str(stored(env, lobby).embeds[0])
    assert "carol" not in seats and "bob" in seats
    again = await world.mod.slash(world.channel, "match kick", member=world.carol)
    assert "That member is not in this lobby." in answer(again)


async def test_the_host_or_a_moderator_skips_a_waiting_turn(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    matches = env.bot.controller.matches
    live = await matches.load(match_id)
    waiting = sorted(matches.human_to_act(live))
    version = live.version
    refused = await world.dave.slash(world.channel, "match skip")
    assert "Only the host or a moderator can skip a turn." in answer(refused)
    assert (await matches.load(match_id)).version == version
    done = await world.mod.slash(world.channel, "match skip")
    assert f"waiting turn of match #{match_id} was played" in answer(done)
    live = await matches.load(match_id)
    assert live.version > version and not set(waiting) & matches.human_to_act(live)
    assert all(live.seats[s].timeouts == 0 and live.seats[s].status == "playing" for s in waiting)
    name = live.names[waiting[0]]
    assert f"skipped the turn of {name}; it was played for them." in text_of(env, table)
    log = answer(await world.dave.slash(world.channel, "match log"))
    assert f"⏭ <@{world.mod.id}> skipped the turn of {name}" in log


async def test_a_paused_match_takes_no_moves_and_runs_no_timers_until_resumed(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"), ai=1)
    matches = env.bot.controller.matches
    refused = await world.bob.slash(world.channel, "match pause")
    assert "Only the host or a moderator can pause or resume a match." in answer(refused)
    done = await world.alice.slash(world.channel, "match pause")
    assert f"Match #{match_id} is paused" in answer(done)
    live = await matches.load(match_id)
    assert live.row.paused and live.row.turn_deadline is None
    assert "⏸ paused" in stored(env, table).content and "to act" not in stored(env, table).content
    version = live.version
    member = {world.alice.id: world.alice, world.bob.id: world.bob}
    waiting = [member[live.seats[s].user_id] for s in sorted(matches.human_to_act(live))]
    view = await waiting[0].click(table, label="My hand")
    moves = [c for c in choices(env, private_message(view)) if c[0] == "button"]
    assert moves  # the hand still shows its moves, but playing one is refused
    result = await choose(waiting[0], env, private_message(view), moves[0])
    assert "This match is paused" in answer(result, env)
    await env.advance_time(HOUR)  # no timer fires and no AI seat moves
    assert (await matches.load(match_id)).version == version
    assert "already paused" in answer(await world.alice.slash(world.channel, "match pause"))
    resumed = await world.mod.slash(world.channel, "match resume")
    assert f"Match #{match_id} goes on" in answer(resumed)
    live = await matches.load(match_id)
    assert not live.row.paused and live.row.turn_deadline is not None
    log = answer(await world.dave.slash(world.channel, "match log"))
    assert f"⏸ <@{world.alice.id}> paused the match" in log
    assert f"▶ <@{world.mod.id}> resumed the match." in log


async def test_a_long_log_reads_page_by_page(world) -> None:
    env = world.env
    lobby = (await world.alice.slash(world.channel, "cover-cover start", round_limit=30)).response
    await world.alice.click(lobby, label="Add AI")
    await world.alice.click(lobby, label="Start")
    match_id = match_id_of(env, lobby)
    await leave_to_the_ai(world, world.alice)  # the AI plays both seats
    assert (await env.bot.controller.matches.row(match_id)).status == "finished"
    first = private_message(await world.dave.slash(world.channel, "match log", match=match_id))
    latest = text_of(env, first)
    assert "Page 1 of " in latest and "older moves: /match log page:2" in latest
    assert "Round limit reached after 30 rounds" in latest
    second = private_message(
        await world.dave.slash(world.channel, "match log", match=match_id, page=2)
    )
    older = text_of(env, second)
    assert "Page 2 of " in older and "Round limit reached" not in older
    last = private_message(
        await world.dave.slash(world.channel, "match log", match=match_id, page=999)
    )
    assert "dealt 26 cards each" in text_of(env, last), "past the end: the oldest page"


async def test_the_host_limits_the_lobby_to_a_number_of_players(world) -> None:
    """ux: the start options include player count limits (within the game's range)."""
    env = world.env
    lobby = (await world.alice.slash(world.channel, "coverta start", players=3)).response
    assert "Seats (1/3)" in text_of(env, lobby) and "2-3 seats" in text_of(env, lobby)
    await world.bob.click(lobby, label="Join")
    await world.carol.click(lobby, label="Join")
    assert "This lobby is full." in answer(await world.dave.click(lobby, label="Join"))
    assert "This lobby is full." in answer(await world.alice.click(lobby, label="Add AI"))
    await world.alice.click(lobby, label="Start")
    live = await env.bot.controller.matches.load(match_id_of(env, lobby))
    assert len(live.seats) == 3 and live.row.status == "active"
    # Coins always takes three: it offers no such option.
    tree = env.bot.tree
    coins = next(c for c in tree.get_commands() if c.name == "coins")
    start = next(c for c in coins.commands if c.name == "start")
    assert "players" not in {p.name for p in start.parameters}


async def test_start_asks_only_for_the_whole_matchs_options(world) -> None:
    """An option each seat picks (a NEVER OVER team, Covert's Espionage and First asks) is
    picked by each member in the lobby, never by the host's start command for everyone."""
    for game in world.env.bot.controller.registry.all():
        group = next(
            c for c in world.env.bot.tree.get_commands() if c.name == game.spec.command_name
        )
        start = next(c for c in group.commands if c.name == "start")
        asked = {p.name for p in start.parameters} - {"pacing", "players"}
        assert asked == {o.name for o in game.spec.match_options}, game.spec.key
    per_seat = {
        o.name for g in world.env.bot.controller.registry.all() for o in g.spec.seat_options
    }
    assert {"team", "espionage", "first"} <= per_seat
