"""Cold load time of a match with a long log (200 logged events by default).

Plays a match to the wanted length, then times loading it in a fresh
MatchService (nothing cached): latest snapshot plus the tail of the log.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

from bench.common import Bench, open_bench, random_submit, start_match
from bot.app.matches import MatchService


async def build_long_match(bench: Bench, events: int, seed: int) -> int:
    """Play random matches until one reaches the wanted number of logged steps."""
    rng = random.Random(seed)
    while True:
        match_id = await start_match(bench, "coverta", [11, 12, 13, 14, 15, 16])
        while (await bench.matches.load(match_id)).version < events:
            if not await random_submit(bench, match_id, rng):
                break
        if (await bench.matches.load(match_id)).version >= events:
            return match_id


async def time_loads(events: int, runs: int, snapshot_every: int) -> tuple[int, list[float]]:
    """Return the match's length and the wall time of each cold load."""
    bench = open_bench(snapshot_every=snapshot_every)
    match_id = await build_long_match(bench, events, seed=3)
    version = (await bench.matches.load(match_id)).version
    times = []
    for _ in range(runs):
        fresh = MatchService(
            bench.matches.repo,
            bench.matches.registry,
            bench.matches.publisher,
            snapshot_every=snapshot_every,
        )
        t0 = time.perf_counter()
        await fresh.load(match_id)
        times.append(time.perf_counter() - t0)
    await bench.engine.dispose()
    return version, times


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    for every, label in ((50, "with snapshots every 50"), (10**6, "log replay only")):
        version, times = asyncio.run(time_loads(args.events, args.runs, every))
        print(
            f"cold load, {version} logged events, {label}: "
            f"median {statistics.median(times) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms"
        )


if __name__ == "__main__":
    main()
