"""Services on a real SQLite file, without Discord."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.app.ports import NullPublisher
from bot.engine import Field
from bot.games import build_registry
from bot.games.coverta.cards import CARDS
from bot.games.coverta.state import CovertaState
from bot.store.db import make_engine, make_sessionmaker
from bot.store.repo import MatchRepository
from bot.store.store import Store
from bot.store.writer import close_writer
from tests.app.fakes import World, build_world, stop_services, tracked


@dataclass
class Services:
    """One process's view of the database: repository, matches and lobbies."""

    repo: MatchRepository
    matches: MatchService
    lobbies: LobbyService


def make_services(engine: Any, *, snapshot_every: int = 50, repo: Any = None) -> Services:
    """Build services over an engine, as one bot process would."""
    registry = build_registry()
    repo = repo or MatchRepository(make_sessionmaker(engine))
    matches = tracked(MatchService(repo, registry, NullPublisher(), snapshot_every=snapshot_every))
    lobbies = LobbyService(repo, registry, matches, seeds=random.Random(11))
    return Services(repo, matches, lobbies)


@pytest.fixture
async def engine(db_url: str) -> AsyncIterator[Any]:
    """An engine on the test database, closed afterwards with the writer threads it started."""
    engine = make_engine(db_url)
    yield engine
    await stop_services()
    close_writer(engine)
    await engine.dispose()


@pytest.fixture
def services(engine: Any) -> Services:
    """Services of one process."""
    return make_services(engine)


async def two_player_match(services: Services, options: dict[str, str | None] | None = None) -> int:
    """Open, fill and start a COVERTA match between users 1 and 2."""
    lobby = await services.lobbies.open(
        guild_id=10, channel_id=20, game="coverta", options=options or {}, host=(1, "Alice")
    )
    await services.lobbies.join(lobby.match_id, 2, "Bob")
    await services.lobbies.start(lobby.match_id, 1)
    return lobby.match_id


async def actor(services: Services, match_id: int) -> tuple[int, int, list[str]]:
    """Return the user to act, the version and their legal action tokens."""
    live = await services.matches.load(match_id)
    rules = live.module.rules
    seat = min(s for s in rules.to_act(live.state) if s >= 0)
    user = live.seats[seat].user_id
    assert user is not None
    return user, live.version, [a.token() for a in rules.legal_actions(live.state, seat)]


@pytest.fixture
def store(engine: Any) -> Store:
    """The store facade over the test engine."""
    return Store(engine)


@pytest.fixture
def world(store: Store) -> World:
    """Every service of one process on the store, with a fake clock and publisher."""
    return build_world(store)


def assert_revealed(fields: Sequence[Field], state: CovertaState) -> None:
    """Check that each player's field of an ended COVERTA table names both their secret
    rules and the cards they still held, and that none still asks for a move."""
    assert len(fields) == state.seats
    for seat, field in enumerate(fields):
        first, second = state.instructions[seat]
        assert f"Rules: {first.words()} / {second.words()}" in field.value
        held = ", ".join(str(CARDS[c - 1].number) for c in state.hands[seat])
        assert f"Held: {held or 'nothing'}" in field.value
        assert "turn" not in field.name.lower() and "turn" not in field.value.lower()
