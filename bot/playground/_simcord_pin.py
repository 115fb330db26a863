"""The one place the playground reaches into SimCord's internals; written against SimCord 3.2.

Why: SimCord lets one operation touch its world at a time. A browser click
that arrives while Python runs `advance_time` or `Preview.refresh` is answered
with HTTP 400, and the page then marks the click "uncertain" and never retries
it; a Python call that arrives during a click raises `SetupError`. SimCord's
public API has no hook for "a browser action is starting", so Python cannot
wait for clicks, nor clicks for Python.

What: every browser action enters through `Preview._action(context_id, body)`
(called by its aiohttp handler for POST /api/action). We wrap that method on
the one Preview instance so each click first takes the playground's lock,
exactly like our own Python-side calls, and runs a hook after the click while
still holding it. Nothing else private is touched.

If a later SimCord moves or renames that method, `guard_browser_actions`
returns False and logs a warning; the playground then still works through the
public API alone (Python calls retry on `SetupError`), with a small chance that
a click landing during a clock step fails and must be made again.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from importlib.metadata import PackageNotFoundError, version
from typing import Any

log = logging.getLogger(__name__)

WRITTEN_FOR = "3.2"
"""SimCord minor version whose `Preview._action` this module was checked against."""

_PARAMETERS = ("context_id", "body")


def guard_browser_actions(
    preview: Any, lock: asyncio.Lock, after: Callable[[], Awaitable[None]]
) -> bool:
    """Make every browser action on `preview` hold `lock`, then run `after`; False if unable."""
    original: Any = getattr(preview, "_action", None)
    if not _looks_right(original):
        log.warning(
            "SimCord %s has no Preview._action(context_id, body) (written for %s): "
            "browser clicks are not serialized with the clock",
            _simcord_version(),
            WRITTEN_FOR,
        )
        return False
    if not _simcord_version().startswith(WRITTEN_FOR + "."):
        log.info("SimCord %s: browser action guard written for %s", _simcord_version(), WRITTEN_FOR)

    async def serialized(context_id: Any, body: Any) -> Any:
        async with lock:
            result = await original(context_id, body)
            await after()
            return result

    preview._action = serialized
    return True


def _looks_right(method: Any) -> bool:
    """Return whether `method` is the coroutine method this module expects."""
    if method is None or not inspect.iscoroutinefunction(method):
        return False
    return tuple(inspect.signature(method).parameters) == _PARAMETERS


def _simcord_version() -> str:
    try:
        return version("simcord")
    except PackageNotFoundError:
        return "unknown"
