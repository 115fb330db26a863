"""Background work belongs to shards; memory stays bounded; start-up reads only what is due."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.app.repair import RepairService
from bot.store.repo import Shards
from bot.store.store import Store
from tests.app.fakes import World, build_world
from tests.app.play import open_game, play_out


@pytest.fixture
def world(engine: Any) -> World:
    return build_world(Store(engine))


def guild_on_shard(shard: int, count: int, n: int = 0) -> int:
    """Return a guild id that Discord's formula puts on this shard."""
    return ((n * count + shard) << 22) | 12345


def test_a_guild_belongs_to_the_shard_of_discords_formula() -> None:
    shards = Shards(4, frozenset({1, 3}))
    assert [shards.owns(guild_on_shard(s, 4)) for s in range(4)] == [False, True, False, True]
    assert not shards.everything and Shards(2, frozenset({0, 1})).everything
    assert Shards(4, frozenset({0})).owns(None)  # no guild: shard 0


async def test_background_work_is_selected_in_sql_for_our_shards(world: World) -> None:
    ours, theirs = guild_on_shard(1, 2), guild_on_shard(0, 2)
    mine = await open_game(world.lobbies, "coverta", [1, 2], guild_id=ours)
    other = await open_game(world.lobbies, "coverta", [3, 4], guild_id=theirs)
    world.clock.advance(3600)
    due = await world.store.matches.timers_due(world.clock.now, Shards(2, frozenset({1})))
    assert [r.id for r in due] == [mine]
    due = await world.store.matches.timers_due(world.clock.now, Shards(2, frozenset({0})))
    assert [r.id for r in due] == [other]
    assert len(await world.store.matches.timers_due(world.clock.now)) == 2


async def test_start_up_resumes_only_matches_with_an_ai_seat_to_act(world: World) -> None:
    quiet = await open_game(world.lobbies, "coverta", [1, 2])  # members only
    lobby = await open_game(world.lobbies, "coins", [3], start=False, channel_id=5)
    await world.lobbies.add_ai(lobby, 3)
    await world.lobbies.add_ai(lobby, 3)
    world.matches.kick = lambda match_id: None  # type: ignore[method-assign]
    await world.lobbies.start(lobby, 3)
    restarted = build_world(world.store)
    kicked: list[int] = []
    restarted.matches.kick = kicked.append  # type: ignore[method-assign]
    live = await world.matches.load(lobby)
    expected = [lobby] if restarted.matches.ai_to_act(live) else []
    assert await restarted.matches.resume_all() == len(expected)
    assert kicked == expected and quiet not in kicked
    assert restarted.matches.cached == 0  # nothing was loaded to find them


async def test_the_cache_keeps_at_most_its_size_and_releases_everything_per_match(
    world: World,
) -> None:
    world.matches.cache_size = 3
    ids = [await open_game(world.lobbies, "coverta", [1, 2], channel_id=i) for i in range(5)]
    for match_id in ids:
        await world.matches.table(match_id)
    assert world.matches.cached == 3
    assert set(world.matches._locks) <= set(world.matches._cache)
    # An evicted match loads again, from storage, as it was.
    first = await world.matches.load(ids[0])
    assert first.row.status == "active" and first.version > 0


async def test_a_finished_match_leaves_memory(world: World) -> None:
    match_id = await open_game(world.lobbies, "never_over", [1, 2])
    await play_out(world.matches, match_id, random.Random(1))
    assert not world.matches.is_cached(match_id)
    row = await world.store.matches.get_match(match_id)
    assert row is not None and row.status == "finished"


async def test_start_up_repair_looks_only_at_flagged_matches(world: World) -> None:
    ids = [await open_game(world.lobbies, "coverta", [1, 2], channel_id=i) for i in range(4)]
    await world.store.matches.update_match(ids[2], repair_check=True)
    restarted = build_world(world.store)
    loads: list[int] = []
    real = restarted.matches.load

    async def load(match_id: int, **kwargs: Any) -> Any:
        loads.append(match_id)
        return await real(match_id, **kwargs)

    restarted.matches.load = load  # type: ignore[method-assign]
    await RepairService(restarted.matches).run(everything=False)
    assert loads == [ids[2]]
    row = await world.store.matches.get_match(ids[2])
    assert row is not None and not row.repair_check
