"""Background tasks at a stop: let them end their step, then cancel what is left."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

STOP_GRACE = 3.0
"""Seconds a stop waits for one kind of background work (AI moves, table edits, view
updates) to end by itself: the three waits stay within the 10 s that `docker stop` and
most service managers give between SIGTERM and SIGKILL."""


async def wind_down(tasks: Iterable[asyncio.Task[Any]], seconds: float = STOP_GRACE) -> None:
    """Wait up to `seconds` for the tasks to end, then cancel those still running and wait
    for them too. Whatever a task does in the database is one transaction: cancelled, it
    is written whole or not at all."""
    running = [task for task in tasks if not task.done()]
    if not running:
        return
    _done, late = await asyncio.wait(running, timeout=seconds)
    for task in late:
        task.cancel()
    await asyncio.gather(*late, return_exceptions=True)
