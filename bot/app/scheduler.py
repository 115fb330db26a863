"""Scheduler: one task that sleeps until the next stored deadline, then fires what is due.

Deadlines live in the database (`matches.turn_deadline`, `reminder_at`), so
nothing is lost on a restart: the first pass after start-up gives timers that
ran out meanwhile a grace period, then fires as usual. The task sleeps with
plain `asyncio.sleep` until the earliest stored time; a new, earlier time
(`poke`) restarts the sleep. When other processes share the database (a
cluster), it never sleeps longer than 5 s, so a deadline another process wrote
is seen within seconds. Time comes from the services' clock, so a
simulated clock (SimCord's `advance_time`) drives it in tests.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bot.app.absence import EARLY, AbsenceService
from bot.app.errors import ChangedMeanwhile
from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.store.repo import MatchRow

log = logging.getLogger(__name__)

POLL = 5.0
"""Seconds to sleep at most when other processes share the database: a deadline written
by another process (a move handled there) is seen within this time."""
SOLO_NAP = 3600.0
"""Seconds to sleep at most when this process alone writes its matches (it pokes itself)."""
RETRY = 5.0
"""Seconds to wait when something due could not be fired."""


class Scheduler:
    """Fires turn timers, reminders and lobby expiries when they come due."""

    def __init__(
        self,
        matches: MatchService,
        lobbies: LobbyService,
        absence: AbsenceService,
        *,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        poll: float | None = None,
    ) -> None:
        self.matches = matches
        self.sleep = sleep
        """How the loop waits; tests pass one that moves a fake clock instead."""
        self.lobbies = lobbies
        self.absence = absence
        self._poll = poll
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._dirty = False
        self._wake_at: datetime | None = None
        matches.on_timer = self.poke

    @property
    def poll(self) -> float:
        """Seconds between looks at the database when no timer we know of comes sooner."""
        if self._poll is not None:
            return self._poll
        return POLL if self.matches.shared else SOLO_NAP

    @poll.setter
    def poll(self, seconds: float) -> None:
        self._poll = seconds

    def start(self) -> None:
        """Start the loop: first the start-up catch-up, then sleep-fire-sleep."""
        if self._task is None or self._task.done():
            self._sleeping = False
            self._task = asyncio.create_task(self._run(catch_up=True))

    async def stop(self) -> None:
        """Stop the loop."""
        task, self._task = self._task, None
        self._sleeping = False
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    def poke(self, when: datetime) -> None:
        """Learn of a new deadline; wake up earlier than planned if it needs it."""
        if self._task is None:
            return
        if not self._sleeping:
            self._dirty = True  # awake: look at the database again before sleeping
            return
        if self._wake_at is not None and when >= self._wake_at:
            return
        # Cancelled inside its sleep, the old loop runs none of our code again.
        self._task.cancel()
        self._sleeping = False
        self._task = asyncio.create_task(self._run(catch_up=False))

    async def _run(self, *, catch_up: bool) -> None:
        if catch_up:
            await self._safely(self.absence.catch_up())
        while True:
            self._dirty = False
            fired = await self.fire_due()
            await self.wake_ai()
            delay = await self._delay()
            if self._dirty:
                continue
            if delay <= 0 and not fired:
                delay = RETRY  # something due keeps failing: do not spin
            self._wake_at = self.matches.clock() + timedelta(seconds=max(delay, 0.0))
            self._sleeping = True
            await self.sleep(max(delay, 0.0))
            self._sleeping = False

    async def _delay(self) -> float:
        """Return the seconds until the next stored timer, `poll` at most."""
        try:
            nxt = await self.matches.repo.next_timer(self.matches.shards)
        except Exception:
            log.exception("could not read the next timer")
            return RETRY
        if nxt is None:
            return self.poll
        return min((nxt - self.matches.clock()).total_seconds(), self.poll)

    async def fire_due(self) -> int:
        """Fire every lobby expiry, reminder and turn timer that is due; return how many."""
        try:
            due = await self.matches.repo.timers_due(
                self.matches.clock() + EARLY, self.matches.shards
            )
        except Exception:
            log.exception("could not read the due timers")
            return 0
        fired = 0
        for row in due:
            fired += await self._safely(self._claimed(row))
        return fired

    async def wake_ai(self) -> int:
        """In a cluster, let the AI play in our shards' matches where another process left
        an AI seat to act (it took a member's click, but plays no AI turn of a server it
        does not own); return how many were woken."""
        if not self.matches.shared:
            return 0
        try:
            due = await self.matches.repo.ai_due(self.matches.shards)
        except Exception:
            log.exception("could not read the matches with an AI seat to act")
            return 0
        return sum(self.matches.wake(match_id) for match_id in due)

    async def _claimed(self, row: MatchRow) -> bool:
        """Fire one match's timer under its lease, so no two processes act on one expiry."""
        if not await self.matches.claim(row.id):
            return False
        try:
            if self.matches.shared:
                self.matches.reload(row.id)  # read what another process may have written
            return await self._fire(row)
        finally:
            await self.matches.release(row.id)

    async def _fire(self, row: MatchRow) -> bool:
        now = self.matches.clock() + EARLY
        if row.status == "lobby":
            return await self.lobbies.expire(row.id)
        if row.turn_deadline is not None and row.turn_deadline <= now:
            return await self.absence.time_out(row.id)
        return await self.absence.remind(row.id)

    async def _safely(self, work: Awaitable[object]) -> bool:
        try:
            return bool(await work)
        except ChangedMeanwhile:
            log.debug("a timer yielded to a change another process made; looking again")
            return False
        except Exception:
            log.exception("a timer failed")
            return False
