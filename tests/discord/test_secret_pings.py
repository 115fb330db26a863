"""The channel's turn pings follow only the public turn: whether the member to act or
another is asked a hidden decision, the same pings come and go."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.app.settings import Settings
from bot.discord_ui.bot import create_bot
from tests.app.fakes import secret_registry
from tests.discord.helpers import (
    choices,
    choose,
    close_dms,
    my_hand,
    to_act,
    two_seat_table,
)

SECRET_WHEN: dict[str, Callable[[Any], bool]] = {"now": lambda state: False}
"""Which COVERTA questions the switchable bot asks in secret; a test sets it as it goes."""


@pytest.fixture
def simcord_bot(settings: Settings) -> Any:
    """The bot with a COVERTA whose questions are secret when ``SECRET_WHEN["now"]`` says."""
    SECRET_WHEN["now"] = lambda state: False
    return create_bot(
        settings,
        registry=secret_registry(lambda state: SECRET_WHEN["now"](state)),
        seeds=random.Random(2026),
    )


def turn_pings(world: Any) -> list[str]:
    """The channel's turn pings still standing."""
    return [m.content for m in world.channel.history() if "it's your turn" in (m.content or "")]


async def click_token(member: Any, env: Any, table: Any, token: str) -> None:
    """Play one action from the member's hand: the choice that carries this token."""
    view = await my_hand(member, table)
    picks = [c for c in choices(env, view) if c[1].endswith(":" + token) or c[2] == "a." + token]
    await choose(member, env, view, picks[0])


@pytest.mark.parametrize("asked", ["the member to act", "the member who waits"])
async def test_the_turn_pings_do_not_tell_who_a_hidden_decision_is_asked_of(
    world: Any, asked: str
) -> None:
    env = world.env
    seats = await two_seat_table(world)
    first, other = seats.members[seats.first], seats.members[seats.other]
    assert turn_pings(world) == [f"<@{seats.first}>, it's your turn in **COVERTA** (match #1)."]
    if asked == "the member to act":  # her draw leads to her own next question
        SECRET_WHEN["now"] = lambda state: state.phase == "follow"
        await click_token(first, env, seats.table, "B")
    else:  # her placement leads to his turn
        SECRET_WHEN["now"] = lambda state: state.phase == "turn"
        live = await env.bot.controller.matches.load(seats.match_id)
        legal = live.module.rules.legal_actions(live.state, live.state.turn)
        await click_token(
            first, env, seats.table, next(a.token() for a in legal if a.token()[0] == "A")
        )
    assert to_act(env, seats.table) == []
    assert turn_pings(world) == []  # whoever is asked, the ping of a public turn goes
    SECRET_WHEN["now"] = lambda state: False
    answering = first if asked == "the member to act" else other
    await click_token(answering, env, seats.table, "E" if answering is first else "B")
    (told,) = to_act(env, seats.table)
    assert turn_pings(world) == [f"<@{told}>, it's your turn in **COVERTA** (match #1)."]


async def test_a_hidden_decision_dm_that_fails_is_said_at_the_next_public_turn(
    world: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """A member who takes DMs is asked a hidden decision by DM alone; when that DM fails,
    the channel says nothing then (it would name who was asked), nor does the INFO log,
    and it is said with their next ordinary turn ping."""
    caplog.set_level(logging.INFO)
    env = world.env
    seats = await two_seat_table(world)
    first, other = seats.members[seats.first], seats.members[seats.other]
    await other.slash(world.channel, "prefs", dm_turn=True)
    close_dms(world, other)
    posted = len(world.channel.history())
    SECRET_WHEN["now"] = lambda state: state.phase == "turn"  # his turn, asked in secret
    live = await env.bot.controller.matches.load(seats.match_id)
    legal = live.module.rules.legal_actions(live.state, live.state.turn)
    await click_token(
        first, env, seats.table, next(a.token() for a in legal if a.token()[0] == "A")
    )
    assert (await env.bot.controller.settings.prefs(other.id)).dm_closed
    new = [m.content or "" for m in world.channel.history()[posted:]]
    assert not any("direct messages" in text or f"<@{other.id}>" in text for text in new)
    told = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert not any(str(other.id) in line for line in told), "the INFO log names who was asked"
    SECRET_WHEN["now"] = lambda state: False
    await click_token(other, env, seats.table, "B")  # a draw: his follow-up is public
    ping = world.channel.history()[-1].content or ""
    assert f"<@{other.id}>, it's your turn" in ping and "I can't send you direct messages" in ping
