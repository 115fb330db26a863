"""The playground's own world, in-process: matches run to their end and survive a restart."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.app.settings import Settings
from bot.games import build_registry
from bot.playground.session import open_playground

RATE = 40.0
"""Simulated seconds per real second, so that paced AI seats finish a match quickly."""


def newest_table(channel: Any) -> Any:
    """Return the newest table message ("Match #n ...") in the channel, or None."""
    for message in reversed(channel.history()):
        if (message.content or "").startswith("Match #") and message.embeds:
            return message
    return None


def table_title(channel: Any) -> str:
    """Return the embed title of the newest table message."""
    table = newest_table(channel)
    return "" if table is None else str(table.embeds[0].title)


async def eventually(condition: Callable[[], bool], seconds: float = 20.0) -> bool:
    """Wait (in real time, while the playground's clock runs) until `condition` holds."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return True
        await asyncio.sleep(0.05)
    return condition()


async def open_match(pg: Any, ai_seats: int) -> None:
    """Open a COVERTA lobby as alice, add AI seats and start, as a member would."""
    alice, channel, run = pg.world.members["alice"], pg.world.channel, pg.conductor.exclusive
    lobby = (await run(lambda: alice.slash(channel, "coverta start"))).response
    for label in ("Add AI",) * ai_seats + ("Start",):
        await run(lambda label=label: alice.click(lobby, label=label))


async def test_a_match_of_ai_seats_finishes_as_the_clock_follows_real_time(db_url: str) -> None:
    settings = Settings(database_url=db_url, ai_move_delay=1.5)
    async with open_playground(
        settings, ["alice"], seeds=random.Random(7), tick=0.05, rate=RATE
    ) as pg:
        alice, channel, run = pg.world.members["alice"], pg.world.channel, pg.conductor.exclusive
        await open_match(pg, ai_seats=2)
        await run(lambda: alice.slash(channel, "match leave"))
        # The AI seats wait for the clock, not inside the command that set them going.
        assert "match over" not in table_title(channel)
        assert await eventually(lambda: "match over" in table_title(channel), seconds=30)
        assert pg.conductor.guarded
        page = await run(pg.preview.snapshot)
        # Republished as the match went on, not only at this final snapshot.
        assert page["publishedRevision"] >= 5


async def test_stopping_and_starting_again_resumes_the_match(db_url: str) -> None:
    settings = Settings(database_url=db_url, ai_move_delay=1.5)
    names = ["alice", "bob"]
    async with open_playground(settings, names, seeds=random.Random(3), tick=0.05, rate=RATE) as pg:
        alice, channel = pg.world.members["alice"], pg.world.channel
        await open_match(pg, ai_seats=1)
        assert await eventually(lambda: f"<@{alice.id}>" in newest_table(channel).content)
        first_ids = (alice.id, channel.id)

    async with open_playground(settings, names, tick=0.05, rate=RATE) as pg:
        alice, channel, run = pg.world.members["alice"], pg.world.channel, pg.conductor.exclusive
        assert (alice.id, channel.id) == first_ids
        assert await eventually(lambda: newest_table(channel) is not None)
        assert f"<@{alice.id}>" in newest_table(channel).content
        result = await run(lambda: alice.click(newest_table(channel), label="My hand"))
        view = result.followups[-1] if result.followups else result.response
        assert view.embeds[0].title == "COVERTA - alice's hand"


GAMES = [module.spec for module in build_registry().all()]


@pytest.mark.parametrize("spec", GAMES, ids=[spec.key for spec in GAMES])
async def test_every_game_plays_to_its_end_in_the_playground(db_url: str, spec: Any) -> None:
    # The AI pause the playground is made for (see world.settle_timeout), on a faster clock.
    settings = Settings(database_url=db_url, ai_move_delay=1.5)
    async with open_playground(
        settings, ["alice"], seeds=random.Random(5), tick=0.05, rate=2.5 * RATE
    ) as pg:
        alice, channel, run = pg.world.members["alice"], pg.world.channel, pg.conductor.exclusive
        lobby = (await run(lambda: alice.slash(channel, f"{spec.command_name} start"))).response
        for label in ("Add AI",) * (spec.min_seats - 1) + ("Start",):
            await run(lambda label=label: alice.click(lobby, label=label))
        await run(lambda: alice.slash(channel, "match leave"))  # every seat is an AI now
        matches = pg.world.env.bot.controller.matches

        async def status() -> str:
            return (await matches.row(1)).status

        for _ in range(int(120 / 0.1)):
            if await status() == "finished":
                break
            await asyncio.sleep(0.1)
        assert await status() == "finished"
        # The table message is edited a moment after the last move is stored.
        assert await eventually(lambda: "Rematch" in str(newest_table(channel).components))
