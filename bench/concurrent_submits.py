"""Concurrent submits through MatchService against the disk's own commit rate.

One run reports, on one database (a fresh SQLite file, or --database-url):

- submits/s through `MatchService.submit` with N matches played at once (all
  five games mixed; each worker plays one match and opens a new one of the same
  game when it ends), with p50/p99 latency at that saturation;
- the raw rate of durable single-row commits on the same database, measured
  the same way (SQLite: WAL and synchronous=FULL, the bot's pragmas; PostgreSQL:
  one INSERT per transaction with the server's own durability) just before and
  just after the saturation run, and the ratio to their mean (a virtual disk's
  rate drifts by a third from one minute to the next);
- p50/p99 submit latency at an offered load of --rate submits/s spread over
  the same matches (open loop: latency counts from the moment a submit was due);
- p50/p99 cold load of matches in play (a fresh service, nothing cached);
- how long opening, joining and starting a match takes and how many
  transactions (all, and write transactions) it opens, counted while the first
  matches open one after the other (nothing else running);
- the CPU time this process spends per submit at saturation, a figure a busy
  machine disturbs less than the rates; `--profile PATH` writes cProfile
  profiles of the saturation run (the event loop's thread and the writer's).

With `--processes N` the saturation run is played by N bot processes on the
same database at once, each with its share of the matches, its own writer and
`shared` set as a process of a sharded bot has it (every submit first checks
the stored version); the rates are summed and the latencies pooled. The other
measurements stay in this process.

    python -m bench.concurrent_submits                      # SQLite file in a temp folder
    python -m bench.concurrent_submits --processes 2
    python -m bench.concurrent_submits --database-url postgresql+asyncpg://127.0.0.1/bench
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import functools
import json
import pstats
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, event
from sqlalchemy.exc import OperationalError

from bench.common import percentile, random_click
from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.app.ports import NullPublisher
from bot.engine import GameError
from bot.games import build_registry
from bot.store import writer as writer_module
from bot.store.sql import WRITE
from bot.store.store import Store
from bot.store.writer import writer_for

GAMES = ("coverta", "covert", "coins", "cover_cover", "never_over")
SEATS = {"coins": 3}


@dataclass
class Counts:
    """Transactions begun on the engine (all of them, and write transactions)."""

    all: int = 0
    writes: int = 0


@dataclass
class World:
    """The store and services a run plays through."""

    store: Store
    matches: MatchService
    lobbies: LobbyService
    counts: Counts
    lobby_times: list[float] = field(default_factory=list)
    lobby_txns: list[tuple[int, int]] = field(default_factory=list)
    failed: int = 0
    measure_lobbies: bool = True
    """Record lobby times and transactions (only while nothing else runs)."""


def count_transactions(store: Store) -> Counts:
    """Count transactions begun on every engine the store uses."""
    counts = Counts()

    def on_begin(connection: Connection) -> None:
        counts.all += 1
        if connection.get_execution_options().get(WRITE, False):
            counts.writes += 1

    for engine in store_engines(store):
        event.listen(engine, "begin", on_begin)
    return counts


def store_engines(store: Store) -> list[Any]:
    """Return the sync engines behind a store (the async one, and any others it keeps)."""
    extra = getattr(store, "sync_engines", None)
    engines = [store.engine.sync_engine]
    if callable(extra):
        engines += list(extra())
    return engines


async def open_world(url: str, *, shared: bool = False) -> World:
    """Open the store on `url` (upgraded to head) and services on it.

    With `shared`, the match service runs as one process of several on the database.
    """
    store = await Store.open(url, migrate=not shared)
    registry = build_registry()
    matches = MatchService(store.matches, registry, NullPublisher(), shared=shared)
    lobbies = LobbyService(store.matches, registry, matches, seeds=random.Random(5))
    return World(store, matches, lobbies, count_transactions(store))


async def start_match(world: World, game: str, rng: random.Random) -> int:
    """Open, join and start a match; record its time and transaction count."""
    users = [rng.randrange(1, 10**6) * 10 + i for i in range(SEATS.get(game, 2))]
    before = (world.counts.all, world.counts.writes)
    began = time.perf_counter()
    lobby = await world.lobbies.open(
        guild_id=None, channel_id=1, game=game, options={}, host=(users[0], f"u{users[0]}")
    )
    for user in users[1:]:
        await world.lobbies.join(lobby.match_id, user, f"u{user}")
    await world.lobbies.start(lobby.match_id, users[0])
    if world.measure_lobbies:
        world.lobby_times.append(time.perf_counter() - began)
        world.lobby_txns.append((world.counts.all - before[0], world.counts.writes - before[1]))
    return lobby.match_id


async def one_submit(world: World, match_id: int, rng: random.Random) -> bool | None:
    """Submit one random legal action of a seat to act.

    Returns None if there was nothing to submit (the match is over), else whether
    the match goes on: a submit that ends it says so, and the finished match
    (never kept in memory) is not read back only to learn that.
    """
    click = await random_click(world.matches, match_id, rng)
    if click is None:
        return None
    try:
        live = await world.matches.submit(match_id, *click)
    except GameError:
        return True  # a stale click: counted like any other answered submit
    except OperationalError:
        world.failed += 1  # "database is locked": the busy timeout ran out
        return True
    return live.row.status == "active"


class Slots:
    """One match per slot; a finished match is replaced by a new one of the same game."""

    def __init__(self, world: World, ids: list[int], games: list[str]) -> None:
        self.world, self.ids, self.games = world, ids, games
        self.busy = [False] * len(ids)
        self.over = [False] * len(ids)

    async def submit(self, slot: int, rng: random.Random) -> None:
        """Submit once in this slot's match, replacing it first if it is over."""
        while True:
            if self.over[slot]:
                self.world.matches.forget(self.ids[slot])
                self.ids[slot] = await start_match(self.world, self.games[slot], rng)
            going_on = await one_submit(self.world, self.ids[slot], rng)
            self.over[slot] = not going_on
            if going_on is not None:
                return


async def saturate(slots: Slots, seconds: float, seed: int) -> tuple[list[float], float, float]:
    """Every slot submits as fast as it can for `seconds`.

    Returns the latencies, the elapsed time and the CPU time this process used.
    """
    latencies: list[float] = []
    stop = time.perf_counter() + seconds

    async def worker(slot: int) -> None:
        rng = random.Random(seed * 1000 + slot)
        while time.perf_counter() < stop:
            t0 = time.perf_counter()
            await slots.submit(slot, rng)
            latencies.append(time.perf_counter() - t0)

    began, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker(s) for s in range(len(slots.ids))))
    return latencies, time.perf_counter() - began, time.process_time() - cpu


async def offered(slots: Slots, rate: float, seconds: float, seed: int) -> list[float]:
    """Start `rate` submits per second round the slots; latency counts from when each was due."""
    rng = random.Random(seed)
    latencies: list[float] = []
    tasks: list[asyncio.Task[None]] = []
    began = time.perf_counter()
    total = int(rate * seconds)

    async def one(slot: int, due: float) -> None:
        await slots.submit(slot, rng)
        latencies.append(time.perf_counter() - due)

    for i in range(total):
        due = began + i / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        # A slot whose last submit has not come back is skipped (one click at a time).
        slot = next((s for s in _round(i, len(slots.ids)) if not slots.busy[s]), None)
        if slot is None:
            continue
        slots.busy[slot] = True
        task = asyncio.create_task(one(slot, due))
        task.add_done_callback(functools.partial(_free, slots, slot))
        tasks.append(task)
    await asyncio.gather(*tasks)
    return latencies


def _free(slots: Slots, slot: int, _task: asyncio.Task[None]) -> None:
    slots.busy[slot] = False


def _round(start: int, n: int) -> list[int]:
    return [(start + k) % n for k in range(n)]


async def cold_loads(world: World, ids: list[int]) -> list[float]:
    """Load each match in a fresh service (nothing cached); return the times."""
    times = []
    for match_id in ids:
        fresh = MatchService(world.store.matches, world.matches.registry, NullPublisher())
        began = time.perf_counter()
        await fresh.load(match_id)
        times.append(time.perf_counter() - began)
    return times


async def raw_commits(url: str, path: Path | None, count: int) -> float:
    """Commit single-row inserts, one per transaction, on the same database; return commits/s."""
    if path is not None:
        return await asyncio.to_thread(_raw_sqlite, str(path), count)
    import asyncpg  # type: ignore[import-untyped]  # only for PostgreSQL runs

    dsn = url.replace("postgresql+asyncpg://", "postgresql://")
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute("CREATE TABLE IF NOT EXISTS bench_raw (id SERIAL PRIMARY KEY, x TEXT)")
        began = time.perf_counter()
        for i in range(count):
            await conn.execute("INSERT INTO bench_raw (x) VALUES ($1)", f"row {i}")
        return count / (time.perf_counter() - began)
    finally:
        await conn.execute("DROP TABLE bench_raw")
        await conn.close()


def _raw_sqlite(path: str, count: int) -> float:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS bench_raw (id INTEGER PRIMARY KEY, body TEXT)")
    began = time.perf_counter()
    for i in range(count):
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO bench_raw (body) VALUES (?)", (f"row {i}",))
        db.execute("COMMIT")
    elapsed = time.perf_counter() - began
    db.execute("DROP TABLE bench_raw")
    db.close()
    return count / elapsed


@contextlib.contextmanager
def profiled(path: str | None) -> Iterator[None]:
    """Profile the event loop's thread and the writer's thread into `path`.loop/.writer."""
    if path is None:
        yield
        return
    loop_profile, writer_profile = cProfile.Profile(), cProfile.Profile()
    original = writer_module._write_on

    def write_on(engine: Any, units: list[Any]) -> Any:
        writer_profile.enable()
        try:
            return original(engine, units)
        finally:
            writer_profile.disable()

    writer_module._write_on = write_on
    loop_profile.enable()
    try:
        yield
    finally:
        loop_profile.disable()
        writer_module._write_on = original
        for name, profile in (("loop", loop_profile), ("writer", writer_profile)):
            profile.dump_stats(f"{path}.{name}")
            print(f"--- {name} thread, by own time (all of it in {path}.{name})")
            pstats.Stats(profile).sort_stats("tottime").print_stats(12)


async def saturate_in_processes(
    args: argparse.Namespace, url: str, world: World
) -> tuple[list[float], float, float]:
    """Run the saturation in `args.processes` bot processes at once; pool their figures.

    Each process opens its matches and warms up, says it is ready, and starts
    when every process is ready.
    """
    share = max(1, args.matches // args.processes)
    children = []
    for child in range(args.processes):
        command = [sys.executable, "-m", "bench.concurrent_submits", "--database-url", url]
        command += ["--matches", str(share), "--seconds", str(args.seconds)]
        command += ["--seed", str(args.seed + 100 * (child + 1)), "--child"]
        children.append(
            await asyncio.create_subprocess_exec(
                *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
            )
        )
    for process in children:
        assert process.stdout is not None
        if (await process.stdout.readline()).strip() != b"ready":
            raise RuntimeError("a bench process did not start")
    for process in children:
        assert process.stdin is not None
        process.stdin.write(b"go\n")
        await process.stdin.drain()
    found = [json.loads((await process.communicate())[0]) for process in children]
    world.failed += sum(f["failed"] for f in found)
    batches = ", ".join(f"{f['batches']} (largest {f['largest']})" for f in found)
    print(f"group commits:      {batches}, one process after another")
    latencies = [t for f in found for t in f["latencies"]]
    return latencies, max(f["elapsed"] for f in found), sum(f["cpu"] for f in found)


async def child(args: argparse.Namespace) -> None:
    """Play the saturation run as one of several processes (see `saturate_in_processes`)."""
    world = await open_world(args.database_url, shared=True)
    world.measure_lobbies = False
    rng = random.Random(args.seed)
    games = [GAMES[i % len(GAMES)] for i in range(args.matches)]
    ids = [await start_match(world, game, rng) for game in games]
    slots = Slots(world, ids, games)
    await saturate(slots, 1.0, args.seed)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    writer = writer_for(world.store.engine)
    batches, writer.largest = writer.batches, 0
    latencies, elapsed, cpu = await saturate(slots, args.seconds, args.seed + 1)
    found = {"latencies": latencies, "elapsed": elapsed, "cpu": cpu, "failed": world.failed}
    found |= {"batches": writer.batches - batches, "largest": writer.largest}
    await world.store.close()
    print(json.dumps(found))


def ms(values: list[float], q: float) -> str:
    """Format a percentile in milliseconds."""
    return f"{percentile(values, q) * 1000:.1f} ms" if values else "-"


async def run(args: argparse.Namespace) -> None:
    """Run every measurement and print the figures."""
    path: Path | None = None
    url = args.database_url
    if url is None:
        path = Path(tempfile.mkdtemp()) / "bench.db"
        url = f"sqlite+aiosqlite:///{path}"
    world = await open_world(url)
    rng = random.Random(args.seed)
    games = [GAMES[i % len(GAMES)] for i in range(args.matches)]
    began = time.perf_counter()
    ids = [await start_match(world, game, rng) for game in games]
    print(f"database:           {'SQLite file' if path else url}")
    print(f"matches opened:     {len(ids)} in {time.perf_counter() - began:.1f} s")
    world.measure_lobbies = False  # from here on, lobbies open amid other work
    slots = Slots(world, ids, games)
    await saturate(slots, 1.0, args.seed)  # warm up: caches, statement caches
    raw_before = await raw_commits(url, path, args.raw)
    if args.processes > 1:
        latencies, elapsed, cpu = await saturate_in_processes(args, url, world)
    else:
        with profiled(args.profile):
            latencies, elapsed, cpu = await saturate(slots, args.seconds, args.seed + 1)
    rate = len(latencies) / elapsed
    raw_after = await raw_commits(url, path, args.raw)
    raw = (raw_before + raw_after) / 2  # the disk's rate on either side of the run
    done = len(latencies)
    who = f"{args.processes} processes" if args.processes > 1 else "one process"
    print(f"saturation:         {done} submits in {elapsed:.1f} s, {args.matches} matches, {who}")
    print(f"submit throughput:  {rate:,.0f} submits/s")
    print(f"  latency p50/p99:  {ms(latencies, 50)} / {ms(latencies, 99)}")
    print(f"  CPU per submit:   {cpu / max(1, len(latencies)) * 1e6:,.0f} us (the bot processes)")
    print(f"raw durable commits:{raw:,.0f} commits/s (same database, one row per transaction;")
    print(f"{'':20}{raw_before:,.0f} just before the run, {raw_after:,.0f} just after)")
    print(f"ratio submit/raw:   {rate / raw:.2f}")
    writer = writer_for(world.store.engine)
    if writer.batches and args.processes == 1:
        print(f"group commits:      {writer.batches}, largest {writer.largest} appends")
    if world.failed:
        print(f"failed submits:     {world.failed} (database is locked)")
    paced = await offered(slots, args.rate, args.paced_seconds, args.seed + 2)
    print(f"offered {args.rate:.0f}/s:       {len(paced)} submits over {args.matches} matches")
    print(f"  latency p50/p99:  {ms(paced, 50)} / {ms(paced, 99)}")
    loads = await cold_loads(world, list(slots.ids))
    print(f"cold load p50/p99:  {ms(loads, 50)} / {ms(loads, 99)} ({len(loads)} matches in play)")
    txns = world.lobby_txns
    mean_all = sum(a for a, _ in txns) / len(txns)
    mean_writes = sum(w for _, w in txns) / len(txns)
    two = [a for (a, _), g in zip(txns, games, strict=False) if SEATS.get(g, 2) == 2]
    print(
        f"open+join+start:    p50 {ms(world.lobby_times, 50)}, "
        f"{mean_all:.1f} transactions ({mean_writes:.1f} writes) per match; "
        f"{sum(two) / max(1, len(two)):.1f} with one join"
    )
    await world.store.close()


def main() -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rate", type=float, default=100.0)
    parser.add_argument("--paced-seconds", type=float, default=10.0)
    parser.add_argument("--raw", type=int, default=2000, help="raw commits to time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--profile", default=None, help="cProfile the saturation run into PROFILE.loop/.writer"
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="bot processes playing the saturation run"
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    asyncio.run(child(args) if args.child else run(args))


if __name__ == "__main__":
    main()
