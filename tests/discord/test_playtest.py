"""What players see, from the playtest issue: escaping, names, ratings, levels, ended tables."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.app.matches import TableInfo
from bot.discord_ui.controller import VIEW_TTL
from bot.discord_ui.payloads import table_payload
from bot.discord_ui.render import embed_of
from bot.engine import Field, Screen
from tests.discord.helpers import (
    answer,
    choices,
    choose,
    components,
    custom_ids,
    hand_views,
    leave_to_the_ai,
    member_by_id,
    my_hand,
    open_table,
    play_one_turn,
    private_message,
    stored,
    text_of,
    two_seat_table,
)


def test_game_text_keeps_its_signs_and_warnings_stand_out() -> None:
    """Item 3: "+ "/"- " lines are not bullets; a warning is not buried in a list."""
    screen = Screen(
        title="T",
        body="- A01 REC\n+ 12 (even)\nCareful: 12 breaks your rule 1.\n```\n- raw\n```",
        fields=(Field("Hand", "- 3 cards\n2. second"),),
    )
    embed = embed_of(screen, [("Recent moves", "+ 1 Intel for *bob*")])
    assert embed.description == (
        "\\- A01 REC\n\\+ 12 (even)\n⚠️ **Careful: 12 breaks your rule 1.**\n```\n- raw\n```"
    )
    assert embed.fields[0].value == "\\- 3 cards\n2\\. second"
    assert embed.fields[1].value == "\\+ 1 Intel for *bob*"


def test_the_table_escapes_its_recent_moves() -> None:
    info = TableInfo(
        match_id=1,
        version=1,
        status="active",
        channel_id=1,
        message_id=None,
        screen=Screen(title="COVERTA"),
        recent=["- 2 points for Ann"],
        turn_user_ids=[],
        game_key="coverta",
    )
    embed = table_payload(info)["embed"]
    assert embed.fields[0].value == "\\- 2 points for Ann"


async def test_a_lobby_of_a_fixed_size_says_how_many_seats(world: Any) -> None:
    """Item 10: "3 seats", never "3-3 seats"; names with Markdown are shown as typed."""
    starry = world.guild.add_member(world.env.create_user("*eve*"))
    result = await world.alice.slash(world.channel, "coins start")
    lobby = result.response
    await starry.click(lobby, label="Join")
    shown = text_of(world.env, lobby)
    assert "3 seats." in shown and "3-3" not in shown
    assert "2. \\\\*eve\\\\*" in shown, "the name's stars are escaped (repr doubles \\)"


async def test_match_list_and_leaderboard_show_names_whole_ratings_and_levels(
    world: Any,
) -> None:
    """Item 10: no raw <@id>, ratings are whole numbers near 1000, AI levels read Easy/Normal."""
    await open_table(world, players=("alice",), ai=2)
    listing = answer(await world.mod.slash(world.channel, "match list"))
    assert "host alice" in listing and "<@" not in listing
    await leave_to_the_ai(world, world.alice)  # the AI seats finish the match
    board = private_message(await world.alice.slash(world.channel, "leaderboard", game="coverta"))
    text = repr(board.embeds[0].to_dict())
    assert "<@" not in text and "alice" in text
    assert "🤖 AI (Normal)" in text and "deducer" not in text
    ratings = [int(r) for r in re.findall(r"· \*\*(-?\d+)\*\*", text)]
    assert ratings and all(800 < r < 1200 for r in ratings), ratings
    assert not re.search(r"\*\*-?\d+\.\d\*\*", text)
    stats = private_message(await world.alice.slash(world.channel, "stats"))
    shown = repr(stats.embeds[0].to_dict())
    assert re.search(r"rating \*\*\d+\*\*", shown) and "starts at 1000" in shown


async def test_an_ended_cover_cover_table_asks_nobody_to_flip(world: Any) -> None:
    """Item 10: after /match end nothing says "Still to press Flip"."""
    env = world.env
    table = (await world.alice.slash(world.channel, "cover-cover start")).response
    await world.bob.click(table, label="Join")
    await world.alice.click(table, label="Start")
    assert "Still to press" in text_of(env, table)
    await world.alice.slash(world.channel, "match end")
    shown = text_of(env, table)
    assert "ended before its finish" in shown
    assert "Still to press" not in shown and "TO FLIP" not in shown


def pings(world: Any) -> list[str]:
    """Return the turn pings now in the channel."""
    return [
        m.content or ""
        for m in world.channel.history()
        if "it's your turn" in (m.content or "") and not m.flags.ephemeral
    ]


async def test_steal_mode_pings_only_the_member_whose_turn_it_is(world: Any) -> None:
    """Item 9 (COVERTA, steal on): a player who may steal is not pinged; the turn's owner is."""
    env = world.env
    table, match_id = await open_table(world, steal="on")
    members = member_by_id(world)
    rng = random.Random(5)
    windows = 0
    for _ in range(8):
        live = await env.bot.controller.matches.load(match_id)
        if live.row.status != "active":
            break
        state = live.state
        owner = live.seats[state.turn].user_id
        windows += bool(state.stealers())
        for ping in pings(world):
            assert re.findall(r"<@(\d+)>", ping) == [str(owner)], ping
        view = await my_hand(members[owner], table)
        await play_one_turn(members[owner], env, view, rng)
    assert windows, "no steal window was open during the test"


async def test_an_open_hand_follows_the_table_and_ends_without_your_turn(world: Any) -> None:
    """Item 6: after someone else's move, and after the end, an open view is current."""
    env = world.env
    duo = await two_seat_table(world)
    waiting = await my_hand(duo.members[duo.other], duo.table)
    acting = await my_hand(duo.members[duo.first], duo.table)
    before = text_of(env, waiting)
    assert "Your turn" not in before
    assert "out of date: press Refresh" in before, "the view says how long it stays current"
    await play_one_turn(duo.members[duo.first], env, acting, random.Random(1))
    live = await env.bot.controller.matches.load(duo.match_id)
    if live.seats[live.state.turn].user_id == duo.other:
        assert "Your turn" in text_of(env, waiting), "the waiting view did not follow the move"
    version = live.version
    assert f":{version}:" in " ".join(
        c.get("custom_id", "") for c in components(env, waiting)
    ) or not choices(env, waiting)
    await world.alice.slash(world.channel, "match end")
    for view in (waiting, acting):
        shown = text_of(env, view)
        assert "Your turn" not in shown
        assert not choices(env, view), "an ended match offers no moves"


async def test_a_refused_click_answers_on_the_view_itself(world: Any) -> None:
    """Item 5c: acting from the ephemeral view edits that view, even to say no."""
    env = world.env
    duo = await two_seat_table(world)
    member = duo.members[duo.first]
    view = await my_hand(member, duo.table)
    # As if the view were older than Discord lets a bot edit:
    getattr(env.bot.controller, "open_views", {}).clear()
    await world.alice.slash(world.channel, "match end")
    result = await choose(member, env, view, choices(env, view)[0])
    assert not result.followups, "a new message instead of the view itself"
    shown = text_of(env, view)
    assert "over" in shown.lower() and not choices(env, view)


async def test_the_end_is_announced_once_with_rating_changes_and_a_rematch(world: Any) -> None:
    """Item 5b: one message at the end: standings, whole-number rating changes, Rematch."""
    env = world.env
    _table, match_id = await open_table(world, players=("alice", "bob"), ai=1)
    await world.bob.slash(world.channel, "match leave")
    await leave_to_the_ai(world, world.alice)
    live = await env.bot.controller.matches.load(match_id)
    assert live.row.status == "finished"
    await env.bot.controller.matches.publisher.match_changed(match_id)  # a later redraw
    await env.advance_time(1)
    ends = [m for m in world.channel.history() if "is over" in text_of(env, m)]
    assert len(ends) == 1, "announced once"
    shown = text_of(env, ends[0])
    assert "Rematch" in shown and "alice" in shown and "bob" in shown
    changes = re.findall(r"rating ([+−±])(\d+)", shown)
    assert len(changes) == 3, shown
    assert all(sign in "+−±" for sign, _ in changes)


def tables_in(world: Any) -> list[Any]:
    """Return the channel's messages that carry a "My hand" button (live tables)."""
    return [m for m in world.channel.history() if "My hand" in text_of(world.env, m)]


async def test_a_table_pushed_up_by_talk_moves_back_to_the_bottom(world: Any) -> None:
    """Item 5a: after `repost_after` messages below it, the table is posted anew at the bottom."""
    env = world.env
    await world.mod.slash(world.channel, "config set", setting="repost_after", value="3")
    table, match_id = await open_table(world, players=("alice", "bob"))
    for word in ("hi", "hello"):
        await world.dave.send(world.channel, word)
    await env.advance_time(1)
    assert [m.id for m in tables_in(world)] == [table.id], "moved too early"
    await world.dave.send(world.channel, "anyone?")
    await env.advance_time(1)
    (moved,) = tables_in(world)
    assert moved.id != table.id and world.channel.history()[-1].id == moved.id
    live = await env.bot.controller.matches.load(match_id)
    assert live.row.table_message_id == moved.id
    # The moved table still plays: My hand answers from it.
    member = member_by_id(world)[live.seats[live.state.turn].user_id]
    view = await my_hand(member, moved)
    assert choices(env, view)


async def test_repost_after_zero_never_moves_the_table(world: Any) -> None:
    env = world.env
    await world.mod.slash(world.channel, "config set", setting="repost_after", value="0")
    table, _ = await open_table(world, players=("alice", "bob"))
    for _ in range(20):
        await world.dave.send(world.channel, "chatter")
    await env.advance_time(1)
    assert [m.id for m in tables_in(world)] == [table.id]


def test_names_written_by_a_game_show_as_typed() -> None:
    """Item 3: a member named *eve* is not shown in italics inside game text."""
    screen = Screen(title="T", body="*eve* places a card\n- bob_ and *eve*: tied")
    embed = embed_of(screen, names=["*eve*", "bob_", "carol"])
    assert embed.description == "\\*eve\\* places a card\n\\- bob\\_ and \\*eve\\*: tied"


async def test_a_markdown_name_is_escaped_on_the_table(world: Any) -> None:
    starry = world.guild.add_member(world.env.create_user("*eve*"))
    table = (await world.alice.slash(world.channel, "coverta start")).response
    await starry.click(table, label="Join")
    await world.alice.click(table, label="Start")
    shown = text_of(world.env, table)
    assert "\\\\*eve\\\\*" in shown and " *eve* " not in shown


async def test_my_hand_pressed_again_shows_the_view_afresh_and_removes_the_older(
    world: Any,
) -> None:
    """Item 5c: "My hand" pressed again answers with the view every time (the one open
    before may have been dismissed, or lost when the app reloaded), and the older view
    is removed: one stays, and it follows the table."""
    env = world.env
    duo = await two_seat_table(world)
    waiting, acting = duo.members[duo.other], duo.members[duo.first]
    first = await my_hand(waiting, duo.table)
    shown = [first.id]
    for _ in range(3):
        again = private_message(await waiting.click(duo.table, label="My hand"))
        assert again.ephemeral and again.id not in shown, "an answer every time"
        shown.append(again.id)
    (only,) = hand_views(world, duo.other)
    assert only.id == shown[-1], "the older views are removed"
    await play_one_turn(acting, env, await my_hand(acting, duo.table), random.Random(3))
    live = await env.bot.controller.matches.load(duo.match_id)
    assert f":{live.version}:" in " ".join(custom_ids(env, only)) or not choices(env, only)
    assert len(hand_views(world, duo.first)) == 1


async def test_a_view_too_old_to_follow_says_it_is_out_of_date_and_refreshes(world: Any) -> None:
    """Item 6: a view Discord will soon stop letting us edit says plainly it is out of date."""
    env = world.env
    duo = await two_seat_table(world)
    view = await my_hand(duo.members[duo.first], duo.table)
    assert "Your hand" in text_of(env, view) or choices(env, view)
    await env.advance_time(VIEW_TTL + 5)
    shown = text_of(env, view)
    assert "out of date" in shown and "Refresh" in shown
    assert not choices(env, view) and not stored(env, view).embeds, "the old hand still shows"
    await duo.members[duo.first].click(view, label="Refresh")
    assert choices(env, view) and "out of date" not in (stored(env, view).content or "")


async def test_a_superseded_view_says_it_is_out_of_date(world: Any) -> None:
    """Item 6: a second copy of a view (here from /match hand) retires the first one."""
    env = world.env
    duo = await two_seat_table(world)
    member = duo.members[duo.first]
    first = await my_hand(member, duo.table)
    second = private_message(await member.slash(world.channel, "match hand"))
    assert second.id != first.id
    await env.advance_time(1)
    assert "out of date" in text_of(env, first) and not choices(env, first)
    assert choices(env, second)


async def test_a_hand_sent_by_dm_follows_the_match_and_ends_without_your_turn(
    world: Any,
) -> None:
    """Item 6: the hand DM'd at a turn is redrawn after every move, and at the end."""
    env = world.env
    await world.alice.slash(world.channel, "prefs", dm_hand=True)
    _table, match_id = await open_table(world, players=("alice", "bob"))
    dm = world.alice.user.dm_channel.history()[-1]
    assert "It's your turn" in (dm.content or "")
    await play_one_turn(world.alice.user, env, dm, random.Random(2))
    live = await env.bot.controller.matches.load(match_id)
    hands = [m for m in world.alice.user.dm_channel.history() if m.embeds]
    assert hands[-1].id == dm.id or "out of date" in text_of(env, dm)
    current = hands[-1]
    assert f":{live.version}:" in " ".join(custom_ids(env, current)) or not choices(env, current)
    await world.alice.slash(world.channel, "match end")
    await env.advance_time(1)
    for message in world.alice.user.dm_channel.history():
        shown = text_of(env, message)
        if message.embeds or "out of date" in shown:
            assert "Your turn" not in shown and "It's your turn" not in shown
            assert "Waiting for" not in shown
            assert not choices(env, message)
    final = [m for m in world.alice.user.dm_channel.history() if m.embeds][-1]
    assert "The match is over." in text_of(env, final), "the view turned into the final one"


async def test_a_finished_matchs_view_keeps_showing_the_end(world: Any) -> None:
    """Item 6: once the match is over, the view shows its end for good (never "out of date")."""
    env = world.env
    duo = await two_seat_table(world)
    view = await my_hand(duo.members[duo.first], duo.table)
    await world.alice.slash(world.channel, "match end")
    await env.advance_time(VIEW_TTL + 5)
    shown = text_of(env, view)
    assert "out of date" not in (stored(env, view).content or "")
    assert "over" in shown.lower() and "Your turn" not in shown and not choices(env, view)
    assert duo.match_id not in env.bot.controller.open_views, "views of an ended match are let go"


async def test_a_member_who_left_is_told_their_open_view_stopped_following(world: Any) -> None:
    """A view of a member whose seat the AI now plays says why, with no Refresh to press."""
    env = world.env
    duo = await two_seat_table(world)
    leaver = duo.members[duo.other]
    view = await my_hand(leaver, duo.table)
    assert "Your hand" in text_of(env, view) or choices(env, view)
    await leaver.slash(world.channel, "match leave")
    await env.advance_time(1)
    shown = stored(env, view).content or ""
    assert f"You no longer play in match #{duo.match_id}" in shown
    assert not stored(env, view).embeds and not components(env, view), "no hand, no Refresh"
    await world.alice.slash(world.channel, "match end")
    await env.advance_time(1)
    assert f"You no longer play in match #{duo.match_id}" in (stored(env, view).content or "")


async def test_a_removed_members_dm_view_says_the_ai_plays_the_seat(world: Any) -> None:
    """The same for a hand sent by direct message, when the host removes the member."""
    env = world.env
    duo = await two_seat_table(world)
    await world.bob.slash(world.channel, "match hand", dm=True)
    dm = world.bob.user.dm_channel.history()[-1]
    assert dm.embeds and "bob's hand" in text_of(env, dm)
    await world.alice.slash(world.channel, "match kick", member=world.bob)
    await env.advance_time(1)
    assert f"You no longer play in match #{duo.match_id}" in (stored(env, dm).content or "")
    assert not components(env, dm) and not stored(env, dm).embeds
