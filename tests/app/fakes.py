"""A settable clock, a publisher that records what it was told, and services wired to both."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

from bot.app.absence import AbsenceService
from bot.app.guild_settings import SettingsService
from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.app.moderation import ModerationService
from bot.app.scheduler import Scheduler
from bot.app.stats import StatsService
from bot.engine import Registry
from bot.games import build_registry
from bot.store.store import Store


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.now += timedelta(seconds=seconds)


@dataclass
class RecordingPublisher:
    """Records every call of the Publisher port."""

    changed: list[int] = field(default_factory=list)
    lobbies: list[int] = field(default_factory=list)
    reminders: list[tuple[int, list[int]]] = field(default_factory=list)
    secret_reminders: list[tuple[int, list[int]]] = field(default_factory=list)
    graces: list[tuple[int, list[int], datetime]] = field(default_factory=list)

    async def match_changed(self, match_id: int) -> None:
        self.changed.append(match_id)

    async def lobby_changed(self, match_id: int) -> None:
        self.lobbies.append(match_id)

    async def remind(
        self, match_id: int, user_ids: Sequence[int], deadline: datetime, *, secret: bool = False
    ) -> None:
        (self.secret_reminders if secret else self.reminders).append((match_id, list(user_ids)))

    async def grace(self, match_id: int, user_ids: Sequence[int], deadline: datetime) -> None:
        self.graces.append((match_id, list(user_ids), deadline))


@dataclass
class World:
    """Every service of one bot process, on a fake clock."""

    store: Store
    clock: FakeClock
    publisher: RecordingPublisher
    settings: SettingsService
    stats: StatsService
    matches: MatchService
    lobbies: LobbyService
    moderation: ModerationService
    absence: AbsenceService
    scheduler: Scheduler


BUILT: list[MatchService] = []
"""Every MatchService the test built: `stop_services` winds their AI drivers down."""


def tracked(matches: MatchService) -> MatchService:
    """Return the service, kept among those that `stop_services` stops."""
    BUILT.append(matches)
    return matches


async def stop_services() -> None:
    """Stop the AI drivers of every service built so far, as the bot does before it closes
    its database: a driver left running would meet a closed database, or a closed event
    loop, in the middle of a move."""
    while BUILT:
        await BUILT.pop().stop()


def build_world(
    store: Store,
    clock: FakeClock | None = None,
    seed: int = 5,
    registry: Registry | None = None,
    ai_move_delay: float = 0.0,
) -> World:
    """Wire the services as the bot does, with a fake clock and a recording publisher (AI
    seats answer at once, or after ``ai_move_delay`` seconds)."""
    clock = clock or FakeClock()
    publisher = RecordingPublisher()
    registry = registry or build_registry()
    settings = SettingsService(store.settings)
    stats = StatsService(store.stats)
    matches = tracked(
        MatchService(
            store.matches,
            registry,
            publisher,
            ai_move_delay=ai_move_delay,
            settings=settings,
            stats=stats,
            clock=clock,
        )
    )
    lobbies = LobbyService(store.matches, registry, matches, seeds=random.Random(seed))
    absence = AbsenceService(matches)
    scheduler = Scheduler(matches, lobbies, absence)
    return World(
        store,
        clock,
        publisher,
        settings,
        stats,
        matches,
        lobbies,
        ModerationService(matches, lobbies),
        absence,
        scheduler,
    )


async def start_match(
    world: World, users: Sequence[int] = (1, 2), ai: int = 0, **options: Any
) -> int:
    """Open a COVERTA lobby in guild 10, seat these users (and AIs), start it."""
    pacing = options.pop("pacing", None)
    lobby = await world.lobbies.open(
        guild_id=10,
        channel_id=20,
        game="coverta",
        options=options,
        host=(users[0], f"User {users[0]}"),
        pacing=pacing,
    )
    for user in users[1:]:
        await world.lobbies.join(lobby.match_id, user, f"User {user}")
    for _ in range(ai):
        await world.lobbies.add_ai(lobby.match_id, users[0])
    await world.lobbies.start(lobby.match_id, users[0])
    return lobby.match_id


async def settle(world: World) -> None:
    """Let AI drivers started by the services finish."""
    import asyncio

    for _ in range(200):
        tasks = [t for t in world.matches._drivers.values() if not t.done()]
        if not tasks:
            return
        await asyncio.gather(*tasks)


class FirstLegal:
    """A timeout policy that records its calls and takes the first legal action."""

    calls: ClassVar[list[bool]] = []

    def choose(self, view: Any, legal: Any, rng: Any, *, must_act: bool) -> Any:
        FirstLegal.calls.append(must_act)
        return legal[0]


def secret_registry(secret_turn: Callable[[Any], bool] = lambda state: True) -> Registry:
    """COVERTA where every question is secret (or those `secret_turn` says) and timeouts take
    the first legal action."""
    game = build_registry().get("coverta")
    policies = {**game.policies, "first": FirstLegal}
    secret = dataclasses.replace(
        game, policies=policies, timeout_policy="first", secret_turn=secret_turn
    )
    registry = Registry()
    registry.register(secret)
    return registry
