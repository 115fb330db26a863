"""Bad input gets one clear sentence and changes nothing."""

from __future__ import annotations

from typing import Any

from tests.discord.helpers import (
    answer,
    choices,
    choose,
    components,
    custom_ids,
    forged_click,
    match_id_of,
    member_by_id,
    open_table,
    private_message,
    stored,
    to_act,
)

NOT_VALID = "That button is not valid for this match."


async def version_of(env: Any, match_id: int) -> int:
    return (await env.bot.controller.matches.load(match_id)).version


def first_action_id(env: Any, view: Any) -> str:
    """Return the custom_id of a button that submits an action (Draw is always one)."""
    ids = [cid for kind, cid, _ in choices(env, view) if kind == "button" and cid.startswith("a:")]
    assert ids, "the private view offers no action button"
    return ids[0]


async def test_stale_and_double_clicks_show_the_current_view(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    member = member_by_id(world)[to_act(env, table)[0]]
    first = private_message(await member.click(table, label="My hand"))
    # As if the first view were older than Discord lets a bot edit: "My hand" sends a new one.
    env.bot.controller.open_views.clear()
    second = private_message(await member.click(table, label="My hand"))
    assert second.id != first.id
    button = first_action_id(env, second)
    await member.click(second, custom_id=button)
    moved = await version_of(env, match_id)
    # The same button pressed again on another copy of the view: a double click.
    stale = await member.click(first, custom_id=button)
    assert "The table moved on; here is the current view." in answer(stale, env, first)
    assert button not in str(stored(env, first).components), "the stale view was not refreshed"
    assert await version_of(env, match_id) == moved


async def test_forged_buttons_are_refused_and_change_nothing(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    member = member_by_id(world)[to_act(env, table)[0]]
    view = private_message(await member.click(table, label="My hand"))
    version = await version_of(env, match_id)
    forged = [
        f"a:{match_id}:{version}:A.99",
        f"a:{match_id}:{version}:C",
        f"a:999:{version}:B",
        f"l:{match_id}:start",
        f"h:{match_id}",
        "zz:1",  # garbled: no component of ours has these shapes
        f"h:{match_id}x",
        f"a:{match_id}:{version}:bad token!",
        "rules:coverta:123",
    ]
    for custom_id in forged:
        for message in (view, table):
            if custom_id in custom_ids(env, message):
                continue  # a real button there, not a forgery
            result = await forged_click(member, env, message, custom_id)
            assert NOT_VALID in answer(result), custom_id
            assert private_message(result).ephemeral
    assert await version_of(env, match_id) == version
    assert "hand" not in stored(env, table).embeds[0]["title"].lower()


async def test_a_member_who_is_not_seated_gets_told_so(world) -> None:
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    version = await version_of(env, match_id)
    result = await world.dave.click(table, label="My hand")
    assert "You are not seated in this match." in answer(result)
    assert private_message(result).ephemeral
    assert await version_of(env, match_id) == version


async def test_waiting_players_see_their_hand_without_actions(world) -> None:
    env = world.env
    table, _ = await open_table(world, players=("alice", "bob"))
    waiting = next(m for m in (world.alice, world.bob) if m.id not in to_act(env, table))
    view = private_message(await waiting.click(table, label="My hand"))
    assert view.ephemeral
    assert not [c for c in choices(env, view) if c[1].startswith("a:")]


async def test_lobby_rules_for_host_and_seats(world) -> None:
    env, channel = world.env, world.channel
    lobby = (await world.alice.slash(channel, "coverta start", mode="bluff", steal="on")).response
    text = str(stored(env, lobby).embeds[0]).lower()
    assert "mode: bluff" in text and "steal: on" in text
    # Start stays greyed out until enough seats are filled; the lobby lists the timer too.
    start = next(c for c in components(env, lobby) if c.get("label") == "Start")
    assert start.get("disabled") is True
    assert "turn timer: 5 minutes" in text  # the live default
    await world.bob.click(lobby, label="Join")
    start = next(c for c in components(env, lobby) if c.get("label") == "Start")
    assert not start.get("disabled")
    assert "already joined" in answer(await world.bob.click(lobby, label="Join"))
    assert "Only the host can start" in answer(await world.bob.click(lobby, label="Start"))
    assert "Only the host can add" in answer(await world.bob.click(lobby, label="Add AI"))
    await world.alice.click(lobby, label="Leave")
    seats = str(stored(env, lobby).embeds[0])
    assert "bob (host)" in seats and "alice" not in seats
    await world.bob.click(lobby, label="Cancel")
    assert "Cancelled" in str(stored(env, lobby).embeds[0])
    assert not stored(env, lobby).components, "a cancelled lobby keeps its buttons"


async def test_a_lobby_holds_at_most_six(world) -> None:
    env = world.env
    lobby = (await world.alice.slash(world.channel, "coverta start")).response
    for _ in range(5):
        await world.alice.click(lobby, label="Add AI")
    assert "Seats (6/6)" in str(stored(env, lobby).embeds[0])
    assert "This lobby is full." in answer(await world.bob.click(lobby, label="Join"))


def steal_pick(env: Any, view: Any) -> tuple[str, str, str | None]:
    """Return the first steal a stealer's private view offers."""
    picks = [c for c in choices(env, view) if ":S." in c[1] or (c[2] or "").startswith("a.S.")]
    assert picks, "the stealer's view offers no steal"
    return picks[0]


async def test_a_steal_clicked_before_the_window_closed_is_told_too_late(world) -> None:
    """rules 4.6.3: a steal that reaches the bot after the player's own action closed
    the window is refused with a sentence; it does not land on the next player."""
    env = world.env
    table, match_id = await open_table(world, steal="on")
    members = member_by_id(world)
    live = await env.bot.controller.matches.load(match_id)
    turn = members[live.seats[live.state.turn].user_id]
    after = live.seats[(live.state.turn + 1) % 3].user_id
    stealer = next(m for i, m in members.items() if m is not turn and i != after)
    view = private_message(await stealer.click(table, label="My hand"))
    pick = steal_pick(env, view)
    env.bot.controller.open_views.clear()  # as if the click beat the view's redraw

    hand = private_message(await turn.click(table, label="My hand"))
    draw = next(c for c in choices(env, hand) if c[1].endswith(":B"))
    await choose(turn, env, hand, draw)
    end = next(c for c in choices(env, hand) if c[1].endswith(":E"))
    await choose(turn, env, hand, end)
    moved = await version_of(env, match_id)

    result = await choose(stealer, env, view, pick)
    assert "Too late: the steal window has closed. Your card stays." in answer(result, env, view)
    assert await version_of(env, match_id) == moved


async def test_a_move_whose_view_cannot_be_shown_is_told_recorded_not_failed(
    world, monkeypatch
) -> None:
    """Issue: when showing the new view failed after the move was stored (Discord refused
    the edit, the view could not be kept), the member was told "nothing was changed"."""
    env = world.env
    table, match_id = await open_table(world, players=("alice", "bob"))
    member = member_by_id(world)[to_act(env, table)[0]]
    view = private_message(await member.click(table, label="My hand"))
    before = await version_of(env, match_id)

    async def refused(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the view could not be kept")

    monkeypatch.setattr(env.bot.controller, "remember_view", refused)
    said = answer(await member.click(view, custom_id=first_action_id(env, view)))
    assert await version_of(env, match_id) > before  # the move stands
    assert "Done: your move is recorded." in said
    assert "nothing was changed" not in said


async def test_a_lobby_that_cannot_be_posted_is_closed_and_nothing_was_changed(
    world, monkeypatch
) -> None:
    """Issue: a lobby stored but never posted stayed open unseen, counting against the
    channel's open lobbies, while the member was told nothing was changed."""
    from bot.discord_ui import controller

    def unpostable(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the lobby message could not be built")

    monkeypatch.setattr(controller, "lobby_payload", unpostable)
    said = answer(await world.alice.slash(world.channel, "coverta start"))
    assert "nothing was changed" in said
    matches = world.env.bot.controller.matches
    assert await matches.repo.list_matches(world.guild.id, ("lobby", "active")) == []
    monkeypatch.undo()
    _table, match_id = await open_table(world, players=("alice", "bob"))
    listing = answer(await world.alice.slash(world.channel, "match list"))
    assert f"**#{match_id}**" in listing and listing.count("**#") == 1  # the closed one is gone


async def test_a_lobby_click_stored_but_not_redrawn_is_told_done(world, monkeypatch) -> None:
    """Issue: a Join stored, then the lobby could not be redrawn in place, was answered
    "nothing was changed" although the member was seated."""
    from bot.discord_ui import controller

    lobby = (await world.alice.slash(world.channel, "coverta start")).response
    real = controller.lobby_payload
    calls: list[int] = []

    def redraw_fails_once(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the lobby could not be drawn")
        return real(*args, **kwargs)

    monkeypatch.setattr(controller, "lobby_payload", redraw_fails_once)
    said = answer(await world.bob.click(lobby, label="Join"))
    assert "Done." in said and "nothing was changed" not in said
    info = await world.env.bot.controller.lobbies.info(match_id_of(world.env, lobby))
    assert [s.display_name for s in info.seats] == ["alice", "bob"]


async def test_a_lobby_whose_thread_cannot_be_opened_is_closed(world, monkeypatch) -> None:
    """Issue: with threads on, a failure before the lobby was shown left it open unseen."""
    await world.mod.slash(world.channel, "config set", setting="threads", value="on")

    async def unreadable(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the channel's language could not be read")

    monkeypatch.setattr(world.env.bot.controller, "public", unreadable)
    said = answer(await world.alice.slash(world.channel, "coverta start"))
    assert "nothing was changed" in said
    matches = world.env.bot.controller.matches
    assert await matches.repo.list_matches(world.guild.id, ("lobby", "active")) == []


async def test_a_lobby_named_by_number_to_a_match_command_is_called_a_lobby(world) -> None:
    """Issue: /match pause (skip, resume) with a lobby's number answered "This match is over"."""
    lobby = (await world.alice.slash(world.channel, "coverta start")).response
    match_id = match_id_of(world.env, lobby)
    said = answer(await world.alice.slash(world.channel, "match pause", match=match_id))
    assert f"Match #{match_id} has not started yet" in said and "over" not in said
