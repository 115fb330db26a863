"""A click made on an older table counts when it still means what the member meant.

It does when the member's seat has not acted since that version and the action
is still legal for it now; every other click from an older table is stale.
"""

from __future__ import annotations

import random

import pytest

from bot.engine import StaleVersion
from tests.app.fakes import World, build_world
from tests.app.play import open_game


async def flip_state(world: World) -> tuple[int, int, str]:
    """Start a two-member Cover-cover match; return its id, version and the Flip token."""
    match_id = await open_game(world.lobbies, "cover_cover")
    live = await world.matches.load(match_id)
    assert world.matches.human_to_act(live) == {0, 1}
    token = live.module.rules.legal_actions(live.state, 0)[0].token()
    return match_id, live.version, token


async def test_a_flip_clicked_after_the_other_player_flipped_is_played(world: World) -> None:
    match_id, version, flip = await flip_state(world)
    await world.matches.submit(match_id, 1, version, flip)
    live = await world.matches.submit(match_id, 2, version, flip)  # the older table
    events = await world.store.matches.load_events(match_id, after_seq=version)
    assert [e.seat for e in events[:2]] == [0, 1]
    assert live.version == len(await world.store.matches.load_events(match_id))


async def test_a_double_click_plays_once(world: World) -> None:
    match_id, version, flip = await flip_state(world)
    await world.matches.submit(match_id, 1, version, flip)
    await world.matches.submit(match_id, 2, version, flip)  # the round is resolved
    live = await world.matches.load(match_id)
    assert 0 in world.matches.human_to_act(live)  # Flip is legal again, for the next round
    with pytest.raises(StaleVersion):  # but this click was already played
        await world.matches.submit(match_id, 1, version, flip)
    events = await world.store.matches.load_events(match_id, after_seq=version)
    assert [e.seat for e in events].count(0) == 1


async def test_an_older_click_still_counts_after_a_restart(world: World) -> None:
    match_id, version, flip = await flip_state(world)
    await world.matches.submit(match_id, 1, version, flip)
    restarted = build_world(world.store)
    live = await restarted.matches.submit(match_id, 2, version, flip)
    assert live.version > version + 1
    again = build_world(world.store)
    with pytest.raises(StaleVersion):
        await again.matches.submit(match_id, 2, version, flip)


async def test_a_forged_future_version_is_stale(world: World) -> None:
    match_id, version, flip = await flip_state(world)
    with pytest.raises(StaleVersion):
        await world.matches.submit(match_id, 1, version + 5, flip)


async def test_an_older_click_whose_action_is_no_longer_legal_is_stale(world: World) -> None:
    """COVERTA with steal on: another player's move can take an action away from a seat."""
    rng = random.Random(4)
    for attempt in range(20):
        match_id = await open_game(
            world.lobbies, "coverta", [1, 2, 3], options={"steal": "on"}, channel_id=attempt
        )
        case = await _find_lost_action(world, match_id, rng)
        if case is None:
            continue
        user, version, token = case
        with pytest.raises(StaleVersion):
            await world.matches.submit(match_id, user, version, token)
        return
    pytest.fail("no COVERTA position where a move took an action away from another seat")


async def _find_lost_action(
    world: World, match_id: int, rng: random.Random
) -> tuple[int, int, str] | None:
    """Play random moves until one leaves another seat to act without an action it had."""
    for _ in range(300):
        live = await world.matches.load(match_id)
        if live.row.status != "active":
            return None
        rules = live.module.rules
        to_act = sorted(s for s in live.match.to_act if s >= 0)  # stealers included
        before = {s: {a.token() for a in rules.legal_actions(live.state, s)} for s in to_act}
        seat = rng.choice(to_act)
        token = rng.choice(sorted(before[seat]))
        user = live.seats[seat].user_id
        assert user is not None
        version = live.version
        await world.matches.submit(match_id, user, version, token)
        live = await world.matches.load(match_id)
        for other in to_act:
            if other == seat or other not in live.match.to_act:
                continue
            lost = before[other] - {a.token() for a in rules.legal_actions(live.state, other)}
            if lost:
                other_user = live.seats[other].user_id
                assert other_user is not None
                return other_user, version, sorted(lost)[0]
    return None


async def test_the_next_step_of_a_choice_is_not_stale_after_another_players_move(
    world: World,
) -> None:
    """ux: someone else's move does not make a view stale, for a step of a choice as for
    an action; the member's own move since does."""
    match_id, version, flip = await flip_state(world)
    assert await world.matches.step_is_current(match_id, 1, version)
    await world.matches.submit(match_id, 2, version, flip)  # the other player moved
    assert await world.matches.step_is_current(match_id, 1, version)
    await world.matches.submit(match_id, 1, version, flip)  # now this member moved too
    assert not await world.matches.step_is_current(match_id, 1, version)
    live = await world.matches.load(match_id)
    assert await world.matches.step_is_current(match_id, 1, live.version)
    assert not await world.matches.step_is_current(match_id, 1, live.version + 5), "forged"
