"""Shared set-up for benchmarks: a temporary database and the services on it."""

from __future__ import annotations

import random
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.app.ports import NullPublisher
from bot.games import build_registry
from bot.store.db import make_engine, make_sessionmaker, upgrade_to_head
from bot.store.repo import MatchRepository


@dataclass
class Bench:
    """Services over a fresh SQLite file."""

    path: Path
    engine: Any
    matches: MatchService
    lobbies: LobbyService


async def open_bench(snapshot_every: int = 50) -> Bench:
    """Create a database file upgraded to head and services on it."""
    path = Path(tempfile.mkdtemp()) / "bench.db"
    url = f"sqlite+aiosqlite:///{path}"
    await upgrade_to_head(url)
    engine = make_engine(url)
    repo = MatchRepository(make_sessionmaker(engine))
    registry = build_registry()
    matches = MatchService(repo, registry, NullPublisher(), snapshot_every=snapshot_every)
    return Bench(path, engine, matches, LobbyService(repo, registry, matches))


async def start_match(bench: Bench, game: str, users: list[int]) -> int:
    """Open a lobby, seat the users, start it; return the match id."""
    lobby = await bench.lobbies.open(
        guild_id=1, channel_id=1, game=game, options={}, host=(users[0], f"u{users[0]}")
    )
    for user in users[1:]:
        await bench.lobbies.join(lobby.match_id, user, f"u{user}")
    await bench.lobbies.start(lobby.match_id, users[0])
    return lobby.match_id


async def random_click(
    matches: MatchService, match_id: int, rng: random.Random
) -> tuple[int, int, str] | None:
    """Pick a random legal action of a seat to act: (user, version, token); None once over."""
    live = await matches.load(match_id)
    rules = live.module.rules
    seats = sorted(s for s in live.match.to_act if s >= 0)
    if live.row.status != "active" or not seats:
        return None
    seat = rng.choice(seats)
    legal = rules.legal_actions(live.state, seat)
    token = legal[rng.randrange(len(legal))].token()
    user = live.seats[seat].user_id
    assert user is not None
    return user, live.version, token


async def random_submit(bench: Bench, match_id: int, rng: random.Random) -> bool | None:
    """Submit one random legal action for a seat to act; return whether the match goes on.

    None: there was nothing to submit (the match is over).
    """
    click = await random_click(bench.matches, match_id, rng)
    if click is None:
        return None
    live = await bench.matches.submit(match_id, *click)
    return live.row.status == "active"


def percentile(values: list[float], q: float) -> float:
    """Return the q-th percentile (0..100) of a list of numbers."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]
