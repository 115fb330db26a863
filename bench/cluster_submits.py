"""Submits per second with 1, 2 and 4 bot processes on one PostgreSQL database.

    python -m bench.cluster_submits --database-url postgresql+asyncpg://postgres@127.0.0.1/bench

Each process plays its own matches (all five games, members only) through
`MatchService` for a fixed time, several submits in flight at once, as a
sharded bot's processes would; the figures are the sum over processes. The
machine has 2 cores, so more processes than cores measure contention too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import time

from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.app.ports import NullPublisher
from bot.engine import GameError
from bot.games import build_registry
from bot.store.db import upgrade_to_head
from bot.store.store import Store

GAMES = ("coverta", "covert", "coins", "cover_cover", "never_over")
SEATS = {"coins": 3}


async def _open(lobbies: LobbyService, game: str, base: int, n: int) -> int:
    users = [base + n * 10 + i for i in range(SEATS.get(game, 2))]
    lobby = await lobbies.open(
        guild_id=base + n, channel_id=n, game=game, options={}, host=(users[0], "u")
    )
    for user in users[1:]:
        await lobbies.join(lobby.match_id, user, "u")
    await lobbies.start(lobby.match_id, users[0])
    return lobby.match_id


async def play(url: str, seconds: float, matches: int, base: int) -> int:
    """Play `matches` matches at once for `seconds`; return the submits acknowledged."""
    store = await Store.open(url, migrate=False)
    registry = build_registry()
    service = MatchService(store.matches, registry, NullPublisher())
    lobbies = LobbyService(store.matches, registry, service, seeds=random.Random(base))
    ids = [await _open(lobbies, GAMES[n % len(GAMES)], base, n) for n in range(matches)]
    done = 0
    stop = time.perf_counter() + seconds

    async def one(slot: int) -> None:
        nonlocal done
        rng = random.Random(base + slot)
        while time.perf_counter() < stop:
            live = await service.load(ids[slot])
            rules = live.module.rules
            seats = [s for s in rules.to_act(live.state) if s >= 0]
            if live.row.status != "active" or not seats:
                ids[slot] = await _open(lobbies, GAMES[slot % len(GAMES)], base, slot + 1000)
                continue
            seat = rng.choice(seats)
            token = rng.choice(list(rules.legal_actions(live.state, seat))).token()
            user = live.seats[seat].user_id
            assert user is not None
            try:
                await service.submit(ids[slot], user, live.version, token)
                done += 1
            except GameError:
                pass

    try:
        await asyncio.gather(*(one(slot) for slot in range(matches)))
    finally:
        await store.close()
    return done


def main() -> None:
    """Run 1, 2 and 4 processes in turn and print the summed rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--matches", type=int, default=20, help="matches per process")
    parser.add_argument("--processes", default="1,2,4")
    parser.add_argument("--child", type=int, default=-1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child >= 0:
        count = asyncio.run(play(args.database_url, args.seconds, args.matches, args.child))
        print(json.dumps({"submits": count}))
        return
    asyncio.run(upgrade_to_head(args.database_url))
    for n in [int(p) for p in args.processes.split(",")]:
        base = int(time.time()) % 100_000 * 10_000
        cmd = [sys.executable, "-m", "bench.cluster_submits", "--database-url", args.database_url]
        cmd += ["--seconds", str(args.seconds), "--matches", str(args.matches)]
        procs = [
            subprocess.Popen([*cmd, "--child", str(base + i * 5000)], stdout=subprocess.PIPE)
            for i in range(n)
        ]
        total = 0
        for proc in procs:
            out, _ = proc.communicate()
            total += json.loads(out.decode().strip().splitlines()[-1])["submits"]
        print(f"{n} process(es): {total / args.seconds:,.0f} submits/s in all")


if __name__ == "__main__":
    main()
