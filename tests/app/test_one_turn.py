"""One expiry, or one skip, plays each waiting member's pending decision once; then a new timer.

Before, the autopilot played on until none of the timed-out members was to act,
which in a game where everyone acts at once (Cover-cover's flips) played round
after round from a single expiry.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.store.store import Store
from tests.app.fakes import World, build_world
from tests.app.play import GAMES, open_game

MINUTES = 5


async def waiting_seats(world: World, match_id: int) -> tuple[frozenset[int], int, bool]:
    live = await world.matches.load(match_id)
    return world.matches.human_to_act(live), live.version, live.asked_in_secret


@pytest.mark.parametrize("game", GAMES)
async def test_one_expiry_plays_one_decision_for_each_timed_out_seat(
    world: World, game: str
) -> None:
    match_id = await open_game(world.lobbies, game)
    waiting, version, secret = await waiting_seats(world, match_id)
    assert waiting
    world.clock.advance(MINUTES * 60)
    assert await world.scheduler.fire_due() == 1
    events = await world.store.matches.load_events(match_id, after_seq=version)
    played = [e.seat for e in events if e.seat >= 0]
    assert sorted(played) == sorted(waiting)  # one step per timed-out seat, no more
    live = await world.matches.load(match_id)
    lines = live.recent_for(None, limit=20)
    if secret:
        assert any("hidden decision" in line or "default" in line for line in lines)
    else:
        for seat in waiting:
            assert any(f"Time ran out for User {seat + 1}" in line for line in lines), lines
    if live.row.status == "active" and world.matches.human_to_act(live):
        # the next turn has a fresh, full timer
        assert live.row.turn_deadline == world.clock.now + timedelta(minutes=MINUTES)


@pytest.mark.parametrize("game", GAMES)
async def test_a_skip_plays_the_waiting_turn_once(world: World, game: str) -> None:
    match_id = await open_game(world.lobbies, game)
    waiting, version, _ = await waiting_seats(world, match_id)
    await world.moderation.skip(match_id, 1, moderator=False)
    events = await world.store.matches.load_events(match_id, after_seq=version)
    assert sorted(e.seat for e in events if e.seat >= 0) == sorted(waiting)


async def test_cover_cover_flips_one_round_per_expiry(world: World) -> None:
    """Seen before: 25 rounds flipped by one expiry."""
    match_id = await open_game(world.lobbies, "cover_cover", options={"auto": "off"})
    for expiry in range(1, 3):  # the third hands both seats to the AI (absent_after)
        _, version, _ = await waiting_seats(world, match_id)
        world.clock.advance(MINUTES * 60)
        await world.scheduler.fire_due()
        events = await world.store.matches.load_events(match_id, after_seq=version)
        assert sorted(e.seat for e in events if e.seat >= 0) == [0, 1], expiry


async def test_one_failed_grace_notice_does_not_cost_the_others_their_grace(
    store: Store,
) -> None:
    """After downtime every match gets its grace period, even if posting one notice fails."""
    world = build_world(store)
    ids = [await open_game(world.lobbies, "coverta", channel_id=c) for c in range(4)]
    world.clock.advance(60 * 60)  # the bot was down for an hour
    after = build_world(store, clock=world.clock)
    posted: list[int] = []

    async def grace(match_id: int, user_ids: Any, deadline: Any) -> None:
        if match_id == ids[0]:
            raise ConnectionError("the channel is gone")
        posted.append(match_id)

    after.publisher.grace = grace  # type: ignore[method-assign]
    extended = await after.absence.catch_up()
    assert sorted(extended) == sorted(ids)
    assert posted == ids[1:]
    for match_id in ids:
        row = await store.matches.get_match(match_id)
        assert row is not None and row.turn_deadline is not None
        assert row.turn_deadline > after.clock.now  # nothing was auto-played at once
