"""Start-up time against stored matches, and memory after many matches are touched.

    python -m bench.startup_memory                  # 10, 1,000 and 10,000 stored matches
    python -m bench.startup_memory --touch 20000    # RSS after touching 20,000 matches

Start-up is what the bot does between connecting and being ready: resume the
matches with an AI seat to act, the start-up repair, the timers' catch-up and
the scheduler's first look at due timers. Each measurement runs in a fresh
process on a database holding that many active matches of all five games,
cloned in bulk from real matches in play (members to act, as most stored
matches are). Memory is the resident set of one process that loads (touches)
every one of the matches through `MatchService`, against the same process
before it touched any.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select

from bench.common import open_bench, random_submit, start_match
from bot.app.absence import AbsenceService
from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.app.ports import NullPublisher
from bot.app.repair import RepairService
from bot.app.scheduler import Scheduler
from bot.games import build_registry
from bot.store.models import Match, MatchEvent, MatchSeat, MatchSnapshot
from bot.store.store import Store

GAMES = ("coverta", "covert", "coins", "cover_cover", "never_over")
SEATS = {"coins": 3}


async def build_database(url: str, matches: int, seed: int = 1) -> None:
    """Store `matches` active matches: real ones played a little, then cloned in bulk."""
    bench = await open_bench()
    rng = random.Random(seed)
    models = []
    for game in GAMES:
        users = [100 + i for i in range(SEATS.get(game, 2))]
        match_id = await start_match(bench, game, users)
        for _ in range(rng.randrange(5, 40)):
            await random_submit(bench, match_id, rng)
        models.append(await _rows_of(bench.engine, match_id))
    await bench.engine.dispose()
    store = await Store.open(url)
    try:
        async with store.engine.begin() as conn:
            for start in range(0, matches, 500):
                batch = range(start, min(matches, start + 500))
                await _clone(conn, models, batch)
    finally:
        await store.close()


async def _rows_of(engine: Any, match_id: int) -> dict[str, Any]:
    async with engine.connect() as conn:
        row = (await conn.execute(select(Match).where(Match.id == match_id))).mappings().one()
        seats = (
            (await conn.execute(select(MatchSeat).where(MatchSeat.match_id == match_id)))
            .mappings()
            .all()
        )
        events = (
            (await conn.execute(select(MatchEvent).where(MatchEvent.match_id == match_id)))
            .mappings()
            .all()
        )
        snaps = (
            (await conn.execute(select(MatchSnapshot).where(MatchSnapshot.match_id == match_id)))
            .mappings()
            .all()
        )
    return {
        "match": dict(row),
        "seats": [dict(s) for s in seats],
        "events": [dict(e) for e in events],
        "snaps": [dict(s) for s in snaps],
    }


async def _clone(conn: Any, models: list[dict[str, Any]], batch: range) -> None:
    base = int(await conn.scalar(select(func.coalesce(func.max(Match.id), 0))))
    matches, seats, events, snaps = [], [], [], []
    for n in batch:
        model = models[n % len(models)]
        new_id = base + 1 + n - batch.start
        guild = 1_000_000 + n
        matches.append(
            {
                **model["match"],
                "id": new_id,
                "guild_id": guild,
                "turn_deadline": None,
                "reminder_at": None,
            }
        )
        seats += [{**s, "match_id": new_id} for s in model["seats"]]
        events += [{**e, "match_id": new_id} for e in model["events"]]
        snaps += [{**s, "match_id": new_id} for s in model["snaps"]]
    await conn.execute(insert(Match), matches)
    await conn.execute(insert(MatchSeat), seats)
    await conn.execute(insert(MatchEvent), events)
    if snaps:
        await conn.execute(insert(MatchSnapshot), snaps)


def _services(store: Store) -> tuple[MatchService, Scheduler]:
    registry = build_registry()
    matches = MatchService(store.matches, registry, NullPublisher())
    lobbies = LobbyService(store.matches, registry, matches)
    return matches, Scheduler(matches, lobbies, AbsenceService(matches))


async def measure_startup(url: str) -> float:
    """Return seconds from opening the store to ready (resume, repair, catch-up, due timers)."""
    began = time.perf_counter()
    store = await Store.open(url)
    try:
        matches, scheduler = _services(store)
        await matches.resume_all()
        await RepairService(matches).run(everything=False)
        await scheduler.absence.catch_up()
        await scheduler.fire_due()
        return time.perf_counter() - began
    finally:
        await store.close()


def rss_mb() -> float:
    """Return this process's resident set size now, in MB (Linux)."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20


async def measure_memory(url: str, touch: int) -> tuple[float, float, int]:
    """Touch `touch` matches one after another; return RSS before, after, and matches cached."""
    store = await Store.open(url)
    try:
        matches, _ = _services(store)
        await matches.load(1)  # imports and first-use allocations happen before "empty"
        matches.forget(1)
        before = rss_mb()
        for match_id in range(1, touch + 1):
            await matches.table(match_id) if match_id % 50 == 0 else await matches.load(match_id)
        return before, rss_mb(), matches.cached
    finally:
        await store.close()


def _child(args: argparse.Namespace) -> None:
    if args.mode == "startup":
        print(json.dumps({"seconds": asyncio.run(measure_startup(args.url))}))
    else:
        before, after, cached = asyncio.run(measure_memory(args.url, args.touch))
        print(json.dumps({"before": before, "after": after, "cached": cached}))


def _run_child(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.startup_memory", "--child", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    """Build the databases and measure in fresh processes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,1000,10000")
    parser.add_argument("--touch", type=int, default=20000)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--mode", default="startup", help=argparse.SUPPRESS)
    parser.add_argument("--url", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args)
        return
    work = Path(tempfile.mkdtemp())
    startups = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        url = f"sqlite+aiosqlite:///{work / f'start_{size}.db'}"
        asyncio.run(build_database(url, size))
        runs = [_run_child("--mode", "startup", "--url", url)["seconds"] for _ in range(3)]
        startups[size] = min(runs)
        print(f"start-up with {size:>6,} active matches stored: {startups[size] * 1000:7.1f} ms")
    smallest, largest = min(startups), max(startups)
    ratio = startups[largest] / startups[smallest]
    print(f"ratio {largest:,} / {smallest:,}: {ratio:.2f} (target <= 1.5)")
    url = f"sqlite+aiosqlite:///{work / 'memory.db'}"
    asyncio.run(build_database(url, args.touch))
    found = _run_child("--mode", "memory", "--url", url, "--touch", str(args.touch))
    grown = found["after"] - found["before"]
    print(
        f"RSS after touching {args.touch:,} matches: {found['after']:.0f} MB, "
        f"{grown:.0f} MB above the empty bot ({found['cached']} cached; target < 150 MB)"
    )


if __name__ == "__main__":
    main()
