"""/config end to end: who may use it, every setter, and the settings taking effect."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app.guild_settings import SCHEMA
from bot.discord_ui import messages
from bot.discord_ui.bot import create_bot
from tests.app.test_guild_settings import other_value
from tests.discord.helpers import answer, open_table, private_message, text_of

NOT_MOD = messages.NOT_MODERATOR


def config_calls(world: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every /config subcommand with valid arguments."""
    return [
        ("config show", {}),
        ("config set", {"setting": "threads", "value": "on"}),
        ("config reset", {"setting": "threads"}),
        ("config channel", {"channel": world.channel, "allowed": True}),
        ("config game", {"game": "coverta", "enabled": False}),
        ("config modrole", {}),
        ("config history", {}),
    ]


async def test_members_without_rights_are_refused_by_every_config_command(world) -> None:
    store = world.env.bot.controller.settings
    for name, options in config_calls(world):
        result = await world.dave.slash(world.channel, name, **options)
        assert private_message(result).ephemeral, name
        assert NOT_MOD in answer(result), name
    assert await store.repo.get_guild_settings(world.guild.id) == {}


async def test_a_member_with_the_moderator_role_is_allowed(world) -> None:
    env = world.env
    referees = world.guild.create_role("Referees")
    ref = world.guild.add_member(env.create_user("ref"), roles=[referees])
    assert NOT_MOD in answer(await ref.slash(world.channel, "config show"))
    done = await world.mod.slash(world.channel, "config modrole", role=referees)
    assert "Referees" in answer(done) or str(referees.id) in answer(done)
    for name, options in config_calls(world):
        if name == "config modrole":
            continue
        result = await ref.slash(world.channel, name, **options)
        assert NOT_MOD not in answer(result), name
    shown = answer(await ref.slash(world.channel, "config show"))
    assert "mod_role" in shown and "live_minutes" in shown and "default: 5" in shown
    history = answer(await ref.slash(world.channel, "config history"))
    assert f"<@{world.mod.id}>: `mod_role`" in history
    assert f"<@{ref.id}>: `disabled_games`" in history


async def test_a_bad_value_gets_a_clear_message_and_changes_nothing(world) -> None:
    result = await world.mod.slash(world.channel, "config set", setting="live_minutes", value="9x")
    assert "`live_minutes` must be a whole number from 0 to 240, not `9x`." in answer(result)
    result = await world.mod.slash(world.channel, "config set", setting="colour", value="red")
    assert "There is no setting `colour`" in answer(result)
    settings = world.env.bot.controller.settings
    assert await settings.repo.get_guild_settings(world.guild.id) == {}


async def test_setting_autocomplete_offers_names_and_values(world) -> None:
    names = await world.mod.autocomplete(world.channel, "config set", "setting", "pa")
    assert [c["value"] for c in names] == ["pacing"]
    values = await world.mod.autocomplete(
        world.channel, "config set", "value", "", setting="absent"
    )
    assert [c["value"] for c in values] == ["ai", "forfeit"]


async def test_channels_games_and_ai_seats_settings_apply_to_new_lobbies(world) -> None:
    other = world.guild.create_text_channel("other")
    await world.mod.slash(world.channel, "config channel", channel=world.channel, allowed=True)
    refused = await world.alice.slash(other, "coverta start")
    assert "can't be started in this channel" in answer(refused)
    await world.mod.slash(world.channel, "config game", game="coverta", enabled=False)
    assert "COVERTA is turned off" in answer(
        await world.alice.slash(world.channel, "coverta start")
    )
    await world.mod.slash(world.channel, "config game", game="coverta", enabled=True)
    await world.mod.slash(world.channel, "config set", setting="ai_seats", value="off")
    lobby = (await world.alice.slash(world.channel, "coverta start")).response
    assert "AI seats are turned off" in answer(await world.alice.click(lobby, label="Add AI"))


async def test_a_channel_is_refused_only_where_a_list_of_allowed_channels_remains(
    world,
) -> None:
    """Issue: with no list (any channel), refusing a channel stored nothing and said games
    could no longer be started there; refusing the last listed channel emptied the list,
    which opens every channel, that one included."""
    other = world.guild.create_text_channel("other")
    refusal = "so one cannot be refused on its own"
    said = answer(
        await world.mod.slash(world.channel, "config channel", channel=other, allowed=False)
    )
    assert refusal in said and "no longer" not in said
    assert (await world.alice.slash(other, "coverta start")).response is not None
    await world.mod.slash(world.channel, "config channel", channel=world.channel, allowed=True)
    said = answer(
        await world.mod.slash(world.channel, "config channel", channel=world.channel, allowed=False)
    )
    assert refusal in said
    assert "can't be started in this channel" in answer(
        await world.alice.slash(other, "coverta start")
    )
    await world.mod.slash(world.channel, "config channel", channel=other, allowed=True)
    said = answer(
        await world.mod.slash(world.channel, "config channel", channel=other, allowed=False)
    )
    assert "Games may no longer be started in" in said
    assert "can't be started in this channel" in answer(
        await world.alice.slash(other, "coverta start")
    )


async def test_concurrency_limits_are_enforced(world) -> None:
    await world.mod.slash(world.channel, "config set", setting="max_per_channel", value="1")
    await world.alice.slash(world.channel, "coverta start")
    refused = await world.bob.slash(world.channel, "coverta start")
    assert "This channel already has 1 open lobby or match, its limit" in answer(refused)
    await world.mod.slash(world.channel, "config set", setting="max_per_channel", value="5")
    await world.mod.slash(world.channel, "config set", setting="max_matches", value="1")
    other = world.guild.create_text_channel("other")
    refused = await world.bob.slash(other, "coverta start")
    assert "This server already has 1 open lobby or match, its limit" in answer(refused)


@pytest.mark.parametrize("pacing", ["live", "correspondence"])
async def test_pacing_sets_the_turn_timer(world, pacing: str) -> None:
    await world.mod.slash(world.channel, "config set", setting="live_minutes", value="3")
    table, match_id = await open_table(world, players=("alice", "bob"), pacing=pacing)
    live = await world.env.bot.controller.matches.load(match_id)
    assert live.row.turn_seconds == (180 if pacing == "live" else 24 * 3600)
    assert live.row.turn_deadline is not None
    assert "Match #" in text_of(world.env, table)


async def test_a_thread_per_match(world) -> None:
    env = world.env
    await world.mod.slash(world.channel, "config set", setting="threads", value="on")
    first = await world.alice.slash(world.channel, "coverta start")
    second = await world.bob.slash(world.channel, "coverta start")
    assert "join in the thread" in first.response.content
    threads = world.channel.threads
    assert [t.name for t in threads] == ["COVERTA #1", "COVERTA #2"]
    lobby = threads[0].last_message
    assert "lobby #1" in text_of(env, lobby)
    await world.carol.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    live = await env.bot.controller.matches.load(1)
    assert live.row.thread_id == threads[0].id and live.row.channel_id == world.channel.id
    assert "to act" in text_of(env, lobby)  # the lobby became the table, in the thread
    assert any("it's your turn" in (m.content or "") for m in threads[0].history())
    status = await world.carol.slash(threads[0], "match status")
    assert "COVERTA" in str(private_message(status).embeds[0].title)
    assert "lobby #2" in text_of(env, threads[1].last_message)
    assert "match #2" in second.response.content


async def test_every_setting_round_trips_through_slash_commands_and_a_restart(
    world, settings
) -> None:
    env = world.env
    referees = world.guild.create_role("Referees")
    expected = {}
    for spec in SCHEMA:
        value = other_value(spec)
        if spec.scalar:
            text = {True: "on", False: "off"}.get(value, str(value))
            result = await world.mod.slash(
                world.channel, "config set", setting=spec.name, value=text
            )
            assert "is now" in answer(result), spec.name
        elif spec.kind == "channels":
            value = [world.channel.id]
            await world.mod.slash(
                world.channel, "config channel", channel=world.channel, allowed=True
            )
        elif spec.kind == "games":
            await world.mod.slash(world.channel, "config game", game="coverta", enabled=False)
        else:
            value = referees.id
            await world.mod.slash(world.channel, "config modrole", role=referees)
        expected[spec.name] = value
    await env.restart_bot(create_bot(settings))
    config = await env.bot.controller.settings.get(world.guild.id)
    for name, value in expected.items():
        got = getattr(config, name)
        assert (list(got) if isinstance(got, tuple) else got) == value, name
    shown = answer(await world.mod.slash(world.channel, "config show"))
    assert "**correspondence** (default: live)" in shown


async def test_a_long_list_of_allowed_channels_is_confirmed_not_failed(world) -> None:
    """Issue: past Discord's 2,000 characters the confirmation was refused, and the
    moderator read "nothing was changed" although the channel was stored."""
    settings = world.env.bot.controller.settings
    for _ in range(90):
        channel = world.guild.create_text_channel("c")
        await settings.toggle_member(world.guild.id, "channels", channel.id, True, None)
    said = answer(
        await world.mod.slash(world.channel, "config channel", channel=world.channel, allowed=True)
    )
    assert said.startswith(f"Games may be started in <#{world.channel.id}>")
    assert world.channel.id in (await settings.get(world.guild.id)).channels
