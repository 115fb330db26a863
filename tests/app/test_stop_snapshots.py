"""A graceful stop snapshots every match in memory, so the next start replays no step,
not even under rules that changed in between."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from typing import Any

import msgspec
import pytest

from bot.engine import IllegalAction
from bot.engine.registry import Registry
from bot.games import build_registry
from bot.store.store import Store
from tests.app.fakes import World, build_world, start_match
from tests.app.play import open_game, random_move


class ChangedRules:
    """A game's rules after an update that refuses every step the old rules took."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        raise IllegalAction("these rules no longer allow that")


def changed_registry() -> Registry:
    """Coins as a newer version of the bot would have it."""
    game = build_registry().get("coins")
    registry = Registry()
    registry.register(dataclasses.replace(game, rules=ChangedRules(game.rules)))
    return registry


async def played(world: World, moves: int) -> int:
    """Open a Coins match and play some random moves (fewer than a snapshot's interval)."""
    match_id = await open_game(world.lobbies, "coins")
    rng = random.Random(2)
    for _ in range(moves):
        move = await random_move(world.matches, match_id, rng)
        assert move is not None
        await world.matches.submit(match_id, move.user_id, move.version, move.token)
    return match_id


async def test_the_next_start_reads_the_stop_snapshot_and_replays_nothing(store: Store) -> None:
    world = build_world(store)
    match_id = await played(world, 7)
    before = await world.matches.load(match_id)
    assert await world.matches.snapshot_live() == 1
    assert await store.matches.latest_snapshot(match_id) == (
        before.version,
        msgspec.json.encode(before.state),
    )
    after = build_world(store, clock=world.clock, registry=changed_registry())
    live = await after.matches.load(match_id)
    assert live.version == before.version and live.state == before.state


async def test_without_the_stop_snapshot_the_changed_rules_cannot_replay(store: Store) -> None:
    world = build_world(store)
    match_id = await played(world, 7)
    after = build_world(store, clock=world.clock, registry=changed_registry())
    with pytest.raises(IllegalAction):
        await after.matches.load(match_id)


async def test_a_stop_lets_the_ai_end_its_move_and_starts_no_other(store: Store) -> None:
    world = build_world(store)
    world.matches.ai_move_delay = 0.05
    match_id = await start_match(world, users=(1,), ai=2)
    await world.matches.leave(match_id, 1)  # the AI plays every seat, a move each 0.05 s
    await asyncio.sleep(0.12)
    await world.matches.stop()
    assert all(task.done() for task in world.matches._drivers.values())
    row = await store.matches.get_match(match_id)
    assert row is not None and row.status == "active" and row.version > 0
    world.matches.kick(match_id)
    await asyncio.sleep(0.2)
    after = await store.matches.get_match(match_id)
    assert after is not None and after.version == row.version, "no AI move after the stop"
