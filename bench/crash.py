"""Crash test: a child process plays, the parent SIGKILLs it again and again, then audits.

The child plays random legal moves in a dozen matches of all five games
through `MatchService`, with concurrent duplicate submits of every click, and
opens a new match whenever one ends, so kills land in starts, moves and
finishes alike. After each submit returns it appends the acknowledged step
to a file. The parent kills it with SIGKILL at random moments, starts it
again (each start runs the start-up repair, as the bot does), and at the end
audits the database:

- every acknowledged step is stored, once, at its place in the log;
- every log is whole: steps 1..version, nothing missing;
- no match is stuck: an active match is undecided, has begun, and someone can act;
- every finished match has its results, and every player's rating counts each
  finished match exactly once.

With `--processes 2` two children play the same matches at once, as two
processes of a sharded bot sharing one database (`shared`: each submit first
checks the stored version), and the parent kills one of them at a time. A
click may then land after the other process moved the match: it is applied
later in the log, if it still means what it meant, or refused as stale, and
the audit finds each acknowledged click stored once after the table it was
made on.

    python -m bench.crash --kills 300               # SQLite file in a temporary folder
    python -m bench.crash --kills 100 --processes 2 # two processes on one SQLite file
    python -m bench.crash --database-url postgresql+asyncpg://127.0.0.1/crash
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import select as io_select
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.app.ports import NullPublisher
from bot.app.repair import RepairService
from bot.app.stats import StatsService
from bot.engine import GameError, Match
from bot.games import build_registry
from bot.store import writer
from bot.store.db import upgrade_to_head
from bot.store.models import Match as MatchModel
from bot.store.models import MatchEvent, MatchResult, Rating
from bot.store.store import Store

GAMES = ("coverta", "covert", "coins", "cover_cover", "never_over")
SEATS = {"coins": 3}
MATCHES = 12
WORKERS = 4
BATCH_WORKERS = 12
"""Workers when kills land inside group commits: enough appends at once to batch them."""


# ---------------------------------------------------------------- the child
async def _open(lobbies: LobbyService, game: str, rng: random.Random) -> int:
    users = [rng.randrange(1, 40) * 10 + i for i in range(SEATS.get(game, 2))]
    lobby = await lobbies.open(
        guild_id=rng.randrange(1, 1 << 40),  # a server of its own: no limit on open matches
        channel_id=rng.randrange(1, 1000),
        game=game,
        options={},
        host=(users[0], f"u{users[0]}"),
    )
    for user in users[1:]:
        await lobbies.join(lobby.match_id, user, f"u{user}")
    await lobbies.start(lobby.match_id, users[0])
    return lobby.match_id


async def _worker(
    matches: MatchService,
    lobbies: LobbyService,
    ids: list[int],
    locks: dict[int, asyncio.Lock],
    rng: random.Random,
    acks: Any,
    shared: bool = False,
) -> None:
    while True:
        slot = rng.randrange(len(ids))
        match_id = ids[slot]
        lock = locks.setdefault(match_id, asyncio.Lock())
        async with lock:
            live = await matches.load(match_id)
            rules = live.module.rules
            seats = [s for s in rules.to_act(live.state) if s >= 0 and not live.is_ai(s)]
            if live.row.status != "active" or not seats:
                ids[slot] = await _open(lobbies, rng.choice(GAMES), rng)
                continue
            seat = rng.choice(seats)
            token = rng.choice(list(rules.legal_actions(live.state, seat))).token()
            user, version = live.seats[seat].user_id, live.version
            assert user is not None
            # A double click: both arrive at once, exactly one may be applied.
            tries = [matches.submit(match_id, user, version, token) for _ in range(2)]
            done = await asyncio.gather(*tries, return_exceptions=True)
        applied = [d for d in done if not isinstance(d, BaseException)]
        errors = [d for d in done if isinstance(d, BaseException)]
        # Alone, one of the two is applied; beside another process both may come too
        # late (stale), but never both applied.
        expected = (0, 1) if shared else (1,)
        if len(applied) not in expected or any(not isinstance(e, GameError) for e in errors):
            raise SystemExit(f"match {match_id}: a double click gave {done!r}")
        if not applied:
            continue
        # Beside another process the step may land after steps it took: "after" the table.
        place = f">{version}" if shared else str(version + 1)
        acks.write(f"{match_id} {place} {seat} {token}\n")
        acks.flush()


def kill_in_a_group_commit(rng: random.Random, marker: Path) -> None:
    """Make this process SIGKILL itself inside a group commit of several appends.

    After a random number of committed batches, the next batch holding two or
    more writes is applied (set-wise, or unit by unit after a failure) and the
    process dies just before its COMMIT, so none of those submits is acknowledged.
    """
    countdown = [rng.randrange(5, 60)]

    def hook(size: int, together: bool) -> None:
        countdown[0] -= 1
        if countdown[0] <= 0 and size >= 2:
            with open(marker, "a", encoding="utf-8") as out:
                out.write(f"{size} {'together' if together else 'alone'}\n")
            os.kill(os.getpid(), signal.SIGKILL)

    writer.before_commit = hook


async def child(
    url: str, ack_path: str, seed: int, batch_kill: bool = False, shared: bool = False
) -> None:
    """Play until killed (see the module docstring)."""
    if batch_kill:
        kill_in_a_group_commit(random.Random(seed), Path(ack_path).with_name("batch_kills.txt"))
    store = await Store.open(url, migrate=not shared)
    stats = StatsService(store.stats)
    matches = MatchService(
        store.matches, build_registry(), NullPublisher(), stats=stats, shared=shared
    )
    lobbies = LobbyService(store.matches, matches.registry, matches, seeds=random.Random(seed))
    await RepairService(matches).run()
    rng = random.Random(seed)
    ids = await store.matches.active_ids()
    ids = ids[-MATCHES:]
    while len(ids) < MATCHES:
        ids.append(await _open(lobbies, GAMES[len(ids) % len(GAMES)], rng))
    locks: dict[int, asyncio.Lock] = {}
    print("ready", flush=True)
    with open(ack_path, "a", encoding="utf-8") as acks:
        workers = [
            _worker(matches, lobbies, ids, locks, random.Random(rng.random()), acks, shared)
            for _ in range(BATCH_WORKERS if batch_kill else WORKERS)
        ]
        await asyncio.gather(*workers)


# ---------------------------------------------------------------- the parent
@dataclass
class Audit:
    """What the audit found; `problems` is empty when everything holds."""

    kills: int = 0
    batch_kills: int = 0
    """Kills that landed inside a group commit of several appends (see kill_in_a_group_commit)."""
    together_kills: int = 0
    """Of those, kills in a batch written set-wise (not unit by unit)."""
    acked: int = 0
    shared_matches: int = 0
    """Matches in which more than one of the side-by-side processes acknowledged clicks."""
    late: int = 0
    """Acknowledged clicks applied after steps another process took since their table."""
    matches: int = 0
    finished: int = 0
    problems: list[str] = field(default_factory=list)


def run(
    url: str,
    kills: int,
    seed: int = 1,
    work: Path | None = None,
    *,
    batch_kill: bool = False,
    processes: int = 1,
) -> Audit:
    """Kill a playing child `kills` times, then repair and audit the database.

    With `batch_kill` the child kills itself inside a group commit each time instead;
    with `processes` above 1, that many children play at once (see the docstring).
    """
    work = work or Path(tempfile.mkdtemp())
    ack_path = work / "acks.txt"
    ack_path.touch()
    asyncio.run(upgrade_to_head(url))
    rng = random.Random(seed)
    if processes > 1:
        done, shared = _run_side_by_side(url, kills, rng, work, processes)
        audit = asyncio.run(audit_database(url, ack_path))
        audit.kills, audit.shared_matches = done, shared
        return audit
    done = 0
    while done < kills:
        flags = ["--batch-kill"] if batch_kill else []
        proc = _start_child(url, rng.randrange(1 << 30), ack_path, work / "child.err", *flags)
        if batch_kill:
            try:
                code = proc.wait(timeout=120)
            except subprocess.TimeoutExpired:
                _kill(proc)
                raise RuntimeError("the child never died in a group commit") from None
            _kill(proc)
            if code != -signal.SIGKILL:
                error = (work / "child.err").read_text()
                raise RuntimeError(f"the child stopped with {code}:\n{error}")
            done += 1
            continue
        # Every other kill lands while the child starts up (repair, new lobbies); the
        # rest once it plays, at a random moment of its moves.
        if done % 2 == 0:
            time.sleep(rng.uniform(0.0, 3.0))
        else:
            _wait_ready(proc, work)
            time.sleep(rng.uniform(0.05, 1.5))
        if proc.poll() is not None:
            error = (work / "child.err").read_text()
            raise RuntimeError(f"the child stopped by itself:\n{error}")
        _kill(proc)
        done += 1
    audit = asyncio.run(audit_database(url, ack_path))
    audit.kills = done
    marker = work / "batch_kills.txt"
    if marker.exists():
        lines = marker.read_text().splitlines()
        audit.batch_kills = len(lines)
        audit.together_kills = sum(line.endswith("together") for line in lines)
    return audit


def _start_child(
    url: str, seed: int, acks: Path, errors: Path, *flags: str
) -> subprocess.Popen[bytes]:
    """Start a playing child that appends its acknowledgements to `acks` (stderr to `errors`)."""
    args = [sys.executable, "-m", "bench.crash", "--child", str(acks), "--seed", str(seed)]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    with open(errors, "w", encoding="utf-8") as err:
        return subprocess.Popen(
            [*args, "--database-url", url, *flags], env=env, stdout=subprocess.PIPE, stderr=err
        )


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL a child (if it still runs), wait for it and close its pipe."""
    proc.kill()
    proc.wait()
    if proc.stdout is not None:
        proc.stdout.close()


def _start_beside(url: str, work: Path, seed: int, slot: int) -> subprocess.Popen[bytes]:
    """Start a child of the side-by-side run: its own acks file and stderr, `--shared`."""
    return _start_child(url, seed, work / f"acks{slot}.txt", work / f"child{slot}.err", "--shared")


def _run_side_by_side(
    url: str, kills: int, rng: random.Random, work: Path, processes: int
) -> tuple[int, int]:
    """Let `processes` children play the same matches; SIGKILL one at a time, restart it.

    Their acknowledgements are gathered into `acks.txt` at the end. Returns the
    kills and how many matches more than one of them played in.
    """
    children = [_start_beside(url, work, rng.randrange(1 << 30), n) for n in range(processes)]
    done = 0
    try:
        while done < kills:
            time.sleep(rng.uniform(0.2, 2.0))
            slot = rng.randrange(processes)
            proc = children[slot]
            if proc.poll() is not None:
                error = (work / f"child{slot}.err").read_text()
                raise RuntimeError(f"a child stopped by itself:\n{error}")
            _kill(proc)
            done += 1
            children[slot] = _start_beside(url, work, rng.randrange(1 << 30), slot)
    finally:
        for proc in children:
            _kill(proc)
    players: Counter[int] = Counter()
    with open(work / "acks.txt", "a", encoding="utf-8") as out:
        for slot in range(processes):
            found = work / f"acks{slot}.txt"
            if found.exists():
                lines = found.read_text()
                out.write(lines)
                players.update({int(line.split(" ", 1)[0]) for line in lines.splitlines()})
    return done, sum(1 for n in players.values() if n > 1)


def _wait_ready(proc: subprocess.Popen[bytes], work: Path, timeout: float = 60.0) -> None:
    """Wait for the child to say it plays (its first line on stdout)."""
    assert proc.stdout is not None
    ready, _, _ = io_select.select([proc.stdout], [], [], timeout)
    if not ready or not proc.stdout.readline():
        proc.kill()
        raise RuntimeError("the child never started playing:\n" + (work / "child.err").read_text())


async def audit_database(url: str, ack_path: Path) -> Audit:
    """Repair as a start-up would, then check every promise (see the module docstring)."""
    store = await Store.open(url)
    try:
        stats = StatsService(store.stats)
        matches = MatchService(store.matches, build_registry(), NullPublisher(), stats=stats)
        await RepairService(matches).run()
        audit = Audit()
        await _audit_acks(store, ack_path, audit)
        await _audit_matches(store, matches, audit)
        await _audit_ratings(store, audit)
        return audit
    finally:
        await store.close()


async def _audit_acks(store: Store, ack_path: Path, audit: Audit) -> None:
    """Every acknowledged step is stored, once, where it was applied.

    A line `match seq seat token` names the step's place; `match >version seat
    token` (a process beside another) says only that it came after that table,
    so it claims the first step of that seat and token after it that no other
    acknowledgement claimed.
    """
    acked = [line.split(" ", 3) for line in ack_path.read_text().splitlines() if line]
    audit.acked = len(acked)
    async with store.sessions() as session:
        rows = (
            await session.execute(
                select(MatchEvent.match_id, MatchEvent.seq, MatchEvent.seat, MatchEvent.action)
            )
        ).all()
    stored = {(r.match_id, r.seq): (r.seat, r.action) for r in rows}
    placed = [(int(m), q, int(s), t) for m, q, s, t in acked]
    exact = [(m, int(q), s, t) for m, q, s, t in placed if not q.startswith(">")]
    seen = Counter((m, q) for m, q, _, _ in exact)
    for m, q, s, t in placed:
        if q.startswith(">"):
            claimed = _claim(stored, seen, m, int(q[1:]), s, t)
            if claimed is None:
                audit.problems.append(f"acked step {m} after {q[1:]} {t!r} is not stored")
            elif claimed > int(q[1:]) + 1:
                audit.late += 1
        elif (found := stored.get((m, int(q)))) != (s, t):
            audit.problems.append(f"acked step {m}/{q} {t!r} is stored as {found}")
    for key, count in seen.items():
        if count > 1:
            audit.problems.append(f"step {key} acknowledged {count} times")


def _claim(
    stored: dict[tuple[int, int], tuple[int, str]],
    seen: Counter[tuple[int, int]],
    match_id: int,
    after: int,
    seat: int,
    token: str,
) -> int | None:
    """Claim the first unclaimed stored step of this seat and token after `after`."""
    later = sorted(
        q
        for (m, q), step in stored.items()
        if m == match_id and q > after and step == (seat, token) and not seen[(m, q)]
    )
    if not later:
        return None
    seen[(match_id, later[0])] += 1
    return later[0]


async def _audit_matches(store: Store, matches: MatchService, audit: Audit) -> None:
    async with store.sessions() as session:
        counts = dict(
            (
                await session.execute(
                    select(MatchEvent.match_id, func.count()).group_by(MatchEvent.match_id)
                )
            ).all()
        )
        results = dict(
            (
                await session.execute(
                    select(MatchResult.match_id, func.count()).group_by(MatchResult.match_id)
                )
            ).all()
        )
        rows = (await session.scalars(select(MatchModel))).all()
    for row in rows:
        audit.matches += 1
        if counts.get(row.id, 0) != row.version:
            audit.problems.append(
                f"match {row.id}: {counts.get(row.id, 0)} steps, version {row.version}"
            )
        if row.status == "finished":
            audit.finished += 1
            if row.result is None or not results.get(row.id):
                audit.problems.append(f"match {row.id}: finished without results")
        elif row.status == "active":
            live = await matches.load(row.id)
            problem = _stuck(live.match, row.version)
            if problem:
                audit.problems.append(f"match {row.id} ({row.game}): {problem}")
            matches.forget(row.id)


def _stuck(match: Match, version: int) -> str | None:
    if match.outcome is not None:
        return "active, but its log decides it"
    if match.chance_pending:
        return "active, waiting on a chance step nobody will draw"
    if not match.rules.to_act(match.state):
        return "active, and nobody can act"
    del version
    return None


async def _audit_ratings(store: Store, audit: Audit) -> None:
    async with store.sessions() as session:
        rated = select(MatchModel.game, MatchResult.player_key, func.count()).join(
            MatchModel, MatchModel.id == MatchResult.match_id
        )
        played = {
            (g, k): n
            for g, k, n in (
                await session.execute(rated.group_by(MatchModel.game, MatchResult.player_key))
            )
        }
        ratings = (await session.scalars(select(Rating))).all()
    counted = {(r.game, r.player_key): r.matches for r in ratings}
    for key, n in played.items():
        # A player key may sit in several seats of one match; ratings count matches.
        if counted.get(key, 0) > n or counted.get(key, 0) == 0:
            audit.problems.append(f"rating {key}: {counted.get(key, 0)} updates for {n} results")
    for key, n in counted.items():
        if key not in played:
            audit.problems.append(f"rating {key}: {n} updates without any result")


def main() -> None:
    """Run the crash test (or, with --child, be the child)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default=None)
    parser.add_argument(
        "--batch-kill", action="store_true", help="kill inside group commits of several appends"
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="children playing the same matches at once"
    )
    parser.add_argument("--child", metavar="ACKS", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--shared", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        asyncio.run(child(args.database_url, args.child, args.seed, args.batch_kill, args.shared))
        return
    work = Path(tempfile.mkdtemp())
    url = args.database_url or f"sqlite+aiosqlite:///{work / 'crash.db'}"
    started = time.perf_counter()
    audit = run(
        url, args.kills, args.seed, work, batch_kill=args.batch_kill, processes=args.processes
    )
    seconds = time.perf_counter() - started
    print(
        f"{audit.kills} kills in {seconds:.0f} s: {audit.acked} acknowledged steps, "
        f"{audit.matches} matches ({audit.finished} finished), {len(audit.problems)} problems"
    )
    if audit.shared_matches:
        print(
            f"  {audit.shared_matches} matches played by both processes, {audit.late} clicks "
            "applied after the other process's steps"
        )
    if audit.batch_kills:
        print(f"  {audit.batch_kills} kills inside a group commit, {audit.together_kills} set-wise")
    for problem in audit.problems[:50]:
        print("  " + problem)
    sys.exit(1 if audit.problems else 0)


if __name__ == "__main__":
    main()
