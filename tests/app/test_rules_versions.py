"""A match plays by the rules version it began under: an update that changes the rules
leaves the stored matches replaying, and playing on, as they began."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import msgspec

from bot.engine.registry import Registry
from bot.games import build_registry
from bot.games.covert.flow import RULES_VERSION
from bot.games.covert.rules import CovertRules
from bot.store.store import Store
from tests.app.fakes import build_world
from tests.app.play import open_game, random_move
from tests.app.test_stop_snapshots import ChangedRules


class NewRules:
    """A game's rules after an update that changes nothing a test looks at."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)


def updated_registry(new: type[Any] = ChangedRules) -> Registry:
    """Coins as a newer version of the bot would have it: version 2 (by default refusing
    every step the first version took), keeping the first version's rules for the matches
    begun under it."""
    game = build_registry().get("coins")
    registry = Registry()
    registry.register(
        dataclasses.replace(
            game,
            spec=msgspec.structs.replace(game.spec, rules_version=2),
            rules=new(game.rules),
            rules_at=lambda version: game.rules,
        )
    )
    return registry


async def test_a_match_begun_before_an_update_replays_and_plays_on_by_its_rules(
    store: Store,
) -> None:
    world = build_world(store)
    match_id = await open_game(world.lobbies, "coins")
    rng = random.Random(3)
    for _ in range(5):  # fewer steps than a snapshot's interval: all of them replay
        move = await random_move(world.matches, match_id, rng)
        assert move is not None
        await world.matches.submit(match_id, move.user_id, move.version, move.token)
    before = await world.matches.load(match_id)
    assert before.row.rules_version == 1

    after = build_world(store, clock=world.clock, registry=updated_registry())
    live = await after.matches.load(match_id)
    assert live.state == before.state
    assert live.match.rules is not after.matches.registry.get("coins").rules
    move = await random_move(after.matches, match_id, rng)
    assert move is not None
    played = await after.matches.submit(match_id, move.user_id, move.version, move.token)
    assert played.version == before.version + 1


async def test_a_lobby_opened_before_an_update_begins_under_the_new_rules(store: Store) -> None:
    world = build_world(store)
    match_id = await open_game(world.lobbies, "coins", start=False)
    after = build_world(store, clock=world.clock, registry=updated_registry(NewRules))
    await after.lobbies.start(match_id, 1)
    live = await after.matches.load(match_id)
    assert live.row.rules_version == 2
    assert live.match.rules is after.matches.registry.get("coins").rules
    assert (await store.matches.get_match(match_id)).rules_version == 2  # type: ignore[union-attr]


async def test_a_covert_match_stored_under_version_3_loads_with_the_rules_of_version_3(
    store: Store,
) -> None:
    world = build_world(store)
    match_id = await open_game(world.lobbies, "covert")
    assert (await world.matches.load(match_id)).match.rules.version == RULES_VERSION  # type: ignore[attr-defined]
    await store.matches.update_match(match_id, rules_version=3)
    world.matches.forget(match_id)
    live = await world.matches.load(match_id)
    assert isinstance(live.match.rules, CovertRules) and live.match.rules.version == 3
