"""Conductor: one SimCord call at a time, a clock that keeps real time, pages that follow.

The bot's timers (AI pauses, turn timers) run on SimCord's virtual clock, which
does not follow the wall clock, and the Preview shows a new state only when it
republishes. The conductor advances the clock by the real time that passed, a
few times a second, and republishes the pages only when the bot actually did
something: when the count of REST requests it made has changed since the last
publication. A blind refresh would
be worse than none, because it invalidates clicks made against the previous
version of a page.

Every Python-side SimCord call (clock steps, refreshes, scripted members in
tests) goes through `exclusive`, and browser actions take the same lock (see
`_simcord_pin`), so no two of them ever overlap.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any, TypeVar

from simcord import SetupError

from bot.playground._simcord_pin import guard_browser_actions

log = logging.getLogger(__name__)

T = TypeVar("T")

TICK = 0.2
"""Seconds of real time between two clock steps."""


class Conductor:
    """Serializes SimCord calls, keeps the virtual clock in step, republishes on change."""

    def __init__(
        self, env: Any, preview: Any = None, *, tick: float = TICK, rate: float = 1.0
    ) -> None:
        self.env = env
        self.preview = preview
        self.tick = tick
        self.rate = rate
        """Simulated seconds per real second: 1 in the playground, more in fast tests."""
        self.lock = asyncio.Lock()
        self.guarded = False
        """Whether browser actions take the lock too (False: public API only)."""
        self._published = len(env.http_requests)
        self._started = (asyncio.get_running_loop().time(), env.now())
        """The real and the virtual instant the clock keeps in step from."""
        self._behind = False
        """Whether the bot is slower than real time (said once, until it catches up)."""

    def attach(self, preview: Any) -> None:
        """Follow a Preview: serialize its browser actions and republish it on change."""
        self.preview = preview
        self._published = len(self.env.http_requests)
        self.guarded = guard_browser_actions(preview, self.lock, self.publish_if_changed)

    async def exclusive(self, work: Callable[[], Awaitable[T]]) -> T:
        """Run one SimCord call (or a few) while no other call or browser action runs."""
        async with self.lock:
            return await work()

    async def run(self) -> None:
        """Step the clock and publish changes until cancelled."""
        while True:
            await asyncio.sleep(self.tick)
            await self.step()

    async def step(self) -> None:
        """Advance the clock by the real time since the last step, then publish changes."""
        async with self.lock:
            try:
                await self._advance_clock()
                await self.publish_if_changed()
            except SetupError as error:
                # Without the browser guard a click may hold SimCord: try again next tick.
                log.debug("clock step postponed: %s", error)
            except TimeoutError as error:
                self._fell_behind(error)
            except Exception:
                log.exception("the playground clock step failed; trying again")
            else:
                if self._behind and self._published == len(self.env.http_requests):
                    self._behind = False  # the clock moved and the pages show it
                    log.info("the playground clock caught up")

    def _fell_behind(self, error: TimeoutError) -> None:
        """Say once that the bot is slower than real time (a busy machine): SimCord keeps
        what was done and the next steps catch up, so this is no failure to trace."""
        if not self._behind:
            self._behind = True
            log.warning("the bot is slower than real time; the playground clock catches up")
        log.debug("clock step behind: %s", error)

    async def _advance_clock(self) -> None:
        """Bring the virtual clock to where real time says it should be. A step that timed
        out kept what it did (SimCord commits partial progress), so the next one asks only
        for the rest: a busy spell never runs the bot's timers ahead of real time."""
        real, virtual = self._started
        elapsed = asyncio.get_running_loop().time() - real
        behind = (virtual + timedelta(seconds=elapsed * self.rate) - self.env.now()).total_seconds()
        if behind > 0:
            await self.env.advance_time(behind)

    async def publish_if_changed(self) -> None:
        """Republish every page if the bot made a request since the last publication."""
        preview = self.preview
        if preview is None or len(self.env.http_requests) == self._published:
            return
        try:
            await preview.refresh()
        except SetupError:
            return  # the session is ending or ended
        except TimeoutError as error:
            self._fell_behind(error)  # the next step republishes
            return
        except Exception:
            # Never fail the browser action this runs after; the next change retries.
            log.exception("could not republish the playground pages")
            return
        self._published = len(self.env.http_requests)
