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

Languages: SimCord 3.2 writes ``"en-US"`` as every interaction's ``locale`` and
``guild_locale``. :func:`use_locales` wraps `simcord.interactions.base_payload`
(the one builder of INTERACTION_CREATE payloads) so an interaction carries its
member's Discord language and its server's preferred locale, as Discord sends
them. If that function is gone, it returns False and interactions stay English.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import weakref
from collections.abc import Awaitable, Callable, Mapping
from importlib.metadata import PackageNotFoundError, version
from typing import Any

log = logging.getLogger(__name__)

WRITTEN_FOR = "3.2"
"""SimCord minor version whose `Preview._action` this module was checked against."""

_PARAMETERS = ("context_id", "body")
_PAYLOAD_PARAMETERS = ("backend", "type", "channel_id", "guild_id", "user_id", "data")
_LOCALES: weakref.WeakKeyDictionary[Any, dict[int, str]] = weakref.WeakKeyDictionary()
"""Per SimCord backend: each member's Discord locale (absent: SimCord's en-US)."""


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


def use_locales(env: Any, locales: Mapping[int, str]) -> bool:
    """Give members Discord client languages (user id -> locale such as ``"it"``).

    From then on every interaction in ``env`` carries its member's locale (en-US
    when not given) and, in a server, the server's preferred locale as
    ``guild_locale``. Calling it again changes or adds members. False if unable.
    """
    import simcord.interactions as builders

    original: Any = getattr(builders, "base_payload", None)
    if original is None or not callable(original):
        log.warning(
            "SimCord %s has no interactions.base_payload: locales stay en-US", _simcord_version()
        )
        return False
    if not getattr(original, "covert_locales", False):
        if tuple(inspect.signature(original).parameters) != _PAYLOAD_PARAMETERS:
            log.warning("SimCord %s: base_payload changed; locales stay en-US", _simcord_version())
            return False

        def localised(backend: Any, **fields: Any) -> Any:
            record, payload = original(backend, **fields)
            known = _LOCALES.get(backend)
            if known is not None:
                payload["locale"] = known.get(fields["user_id"], payload.get("locale", "en-US"))
                if fields.get("guild_id") is not None:
                    guild = backend.get_guild(fields["guild_id"])
                    payload["guild_locale"] = getattr(guild, "preferred_locale", "en-US")
            return record, payload

        localised.covert_locales = True  # type: ignore[attr-defined]
        builders.base_payload = localised
    _LOCALES.setdefault(env.backend, {}).update(locales)
    return True
