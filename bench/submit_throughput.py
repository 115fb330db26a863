"""MatchService submit throughput and latency with durable SQLite appends.

Prints submits per second, p50/p99 latency, and beside them the raw rate of
single-row commits on the same SQLite file with the same pragmas, as a ratio:
how much of the disk's commit rate the whole submit path keeps.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import time

from bench.common import open_bench, percentile, random_submit, start_match


async def measure_submits(count: int, seed: int) -> tuple[float, list[float], float]:
    """Play random COVERTA matches through MatchService.submit.

    Return the raw commit rate, each submit's latency and the total time.
    """
    bench = await open_bench()
    rng = random.Random(seed)
    latencies: list[float] = []
    match_id = await start_match(bench, "coverta", [101, 102, 103])
    began = time.perf_counter()
    while len(latencies) < count:
        t0 = time.perf_counter()
        going_on = await random_submit(bench, match_id, rng)
        if going_on is not None:
            latencies.append(time.perf_counter() - t0)
        if not going_on:
            match_id = await start_match(bench, "coverta", [101, 102, 103])
    elapsed = time.perf_counter() - began
    await bench.engine.dispose()
    raw = raw_commit_rate(str(bench.path), count)
    return raw, latencies, elapsed


def raw_commit_rate(path: str, count: int) -> float:
    """Commit single-row inserts on the same file with the bot's pragmas; return rows/s."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS bench_raw (id INTEGER PRIMARY KEY, body TEXT)")
    began = time.perf_counter()
    for i in range(count):
        db.execute("INSERT INTO bench_raw (body) VALUES (?)", (f"row {i}",))
        db.commit()
    elapsed = time.perf_counter() - began
    db.close()
    return count / elapsed


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--submits", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    raw, latencies, elapsed = asyncio.run(measure_submits(args.submits, args.seed))
    rate = len(latencies) / elapsed
    print(f"submits:            {len(latencies)}")
    print(f"submit throughput:  {rate:,.0f} submits/s")
    print(f"latency p50:        {percentile(latencies, 50) * 1000:.2f} ms")
    print(f"latency p99:        {percentile(latencies, 99) * 1000:.2f} ms")
    print(f"raw SQLite commits: {raw:,.0f} commits/s (same file, WAL, synchronous=FULL)")
    print(f"ratio submit/raw:   {rate / raw:.2f}")


if __name__ == "__main__":
    main()
