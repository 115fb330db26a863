"""Repair at start-up: finish what a crash left half-done, idempotently.

Starting, each move and finishing are single transactions, so a crash can no
longer split them. Databases written before that, or by a process killed in a
way no transaction can help, may still hold:

- an active match whose log already decides it: it is finished, with results;
- a finished match without results: it gets its results and one rating update
  per player;
- an active match whose opening (shuffle, deal, rolls) was never logged: the
  opening is played now, so the match begins.

Each match is repaired on its own: one failure is logged and the rest go on.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from enum import StrEnum

import msgspec

from bot.app.live import LiveMatch
from bot.app.matches import MatchService, Step
from bot.engine import Match, Outcome

log = logging.getLogger(__name__)


class Repair(StrEnum):
    """What a repair did to one match; the value is how the report counts it."""

    FINISHED = "decided matches finished"
    """An active match whose log decided it, now finished with results."""
    RESULTS = "given their results"
    """A finished match that got its missing results and ratings."""
    OPENED = "openings played"
    """An active match whose opening steps were played now."""
    FAILED = "could not be repaired"
    """A match that could not be repaired (logged; tried again at the next start)."""


class RepairReport(Counter[Repair]):
    """How many matches each kind of repair touched."""

    @property
    def failed(self) -> int:
        """Return the number of matches that could not be repaired."""
        return self[Repair.FAILED]

    @property
    def repaired(self) -> int:
        """Return the number of matches repaired."""
        return self.total() - self.failed

    def __str__(self) -> str:
        """Say the counts of every kind, failures last (``1 decided matches finished, …``)."""
        done = ", ".join(f"{self[kind]} {kind}" for kind in Repair if kind is not Repair.FAILED)
        return f"{done}; {self.failed} {Repair.FAILED}"


_Work = Callable[[int], Awaitable[Repair | None]]
"""One kind of repair of one match: returns what it did, or None."""


class RepairService:
    """Finds matches a crash left half-done and completes them."""

    def __init__(self, matches: MatchService) -> None:
        self.matches = matches

    async def run(self, *, everything: bool = True) -> RepairReport:
        """Repair every match of our shards that needs it; log the counts at WARNING if any did.

        `everything` looks at every active match and every finished one without
        results (`python -m bot repair`); at start-up only the matches flagged for
        a check are looked at (see migration 0004), so start-up does not grow with
        the number of stored matches.
        """
        report = RepairReport()
        repo, shards = self.matches.repo, self.matches.shards
        flagged = await repo.to_check(shards)
        active = await repo.active_ids(shards=shards) if everything else []
        for match_id in sorted({*active, *flagged}):
            await self._each(report, match_id, self._finish_or_open)
        unrecorded = await repo.finished_without_results(shards) if everything else []
        for match_id in sorted({r.id for r in unrecorded}):
            await self._each(report, match_id, self._record_results)
        if report.total():
            log.warning("repair: %s", report)
        return report

    async def _each(self, report: RepairReport, match_id: int, work: _Work) -> None:
        cached = self.matches.is_cached(match_id)
        try:
            kind = await work(match_id)
        except Exception:
            log.exception("repair: match %s could not be repaired", match_id)
            report[Repair.FAILED] += 1
            return
        finally:
            if not cached:
                self.matches.forget(match_id)  # do not fill memory with every match
        if kind is not None:
            report[kind] += 1
            await self.matches.after_change(await self.matches.load(match_id))

    async def _finish_or_open(self, match_id: int) -> Repair | None:
        async with self.matches.lock(match_id):
            live = await self.matches.load(match_id, fresh=True)
            # The flag is cleared with the repair it asked for, in one transaction: a crash
            # in between leaves it set, and the next start-up looks again.
            async with self.matches.together(live):
                if live.row.repair_check:
                    await self.matches.set_columns(live, {"repair_check": False})
                return await self._repair(live)

    async def _repair(self, live: LiveMatch) -> Repair | None:
        match_id = live.id
        if live.row.status == "finished":
            return await self._record(live)
        if live.row.status != "active":
            return None
        outcome = live.match.outcome
        if outcome is not None:
            await self.matches.finish(live, outcome)
            log.warning("repair: match %s was decided; finished it", match_id)
            return Repair.FINISHED
        if live.version == 0 and live.match.chance_pending:
            await self._open(live)
            log.warning("repair: match %s never began; played its opening", match_id)
            return Repair.OPENED
        return None

    async def _open(self, live: LiveMatch) -> None:
        trial = Match(live.match.rules, live.state, live.version)
        steps: list[Step] = self.matches.chance_steps(live, trial)
        await self.matches.persist(live, trial, steps)

    async def _record_results(self, match_id: int) -> Repair | None:
        async with self.matches.lock(match_id):
            return await self._record(await self.matches.load(match_id))

    async def _record(self, live: LiveMatch) -> Repair | None:
        """Give a finished match its missing results and ratings (lock held)."""
        stats = self.matches.stats
        if stats is None or live.row.result is None:
            return None
        outcome = msgspec.convert(live.row.result, Outcome)
        if not await stats.record(live, outcome):
            return None
        log.warning("repair: match %s had no results; recorded them", live.id)
        return Repair.RESULTS
