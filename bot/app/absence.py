"""AbsenceService: what happens when a turn timer runs out, its reminder, and downtime.

On expiry the AI plays the turn for each absent member (autopilot) and the
seat's count of consecutive timeouts goes up; acting yourself resets it. At the
guild's `absent_after` the seat is handed to the AI for good (`absent: ai`) or
the member forfeits (`absent: forfeit`): the engine has no generic forfeit, so
the AI moves that seat's pieces to the end and the member is ranked last; if at
most one seat is then still contesting, the match ends at once.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from datetime import datetime, timedelta
from operator import attrgetter

from bot.app import notes
from bot.app.errors import ChangedMeanwhile
from bot.app.guild_settings import GuildConfig
from bot.app.live import LiveMatch
from bot.app.matches import MatchService
from bot.app.stats import DROPPED
from bot.engine import Outcome, Seat
from bot.store.repo import MatchRow

log = logging.getLogger(__name__)

EARLY = timedelta(milliseconds=5)
"""A timer this close to now counts as due (clock rounding)."""


class AbsenceService:
    """Applies the absent-player rule, sends reminders, extends timers after downtime."""

    def __init__(self, matches: MatchService) -> None:
        self.matches = matches

    def _due(self, when: datetime | None) -> bool:
        return when is not None and when <= self.matches.clock() + EARLY

    @contextlib.asynccontextmanager
    async def _when_due(
        self, match_id: int, timer: Callable[[MatchRow], datetime | None]
    ) -> AsyncIterator[LiveMatch | None]:
        """Hold a match's lock, loaded, if it is active and its `timer` came due (else None)."""
        async with self.matches.lock(match_id):
            live = await self.matches.load(match_id, fresh=True)
            yield live if live.row.status == "active" and self._due(timer(live.row)) else None

    async def time_out(self, match_id: int) -> bool:
        """Apply the absent rule to the members whose timer ran out; False if none did."""
        matches = self.matches
        async with self._when_due(match_id, attrgetter("turn_deadline")) as live:
            if live is None or live.row.paused:
                return False  # a paused match runs no timer
            config = await matches.config(live.row.guild_id)
            secret = live.asked_in_secret
            # The counts, the log entries, the seats the AI takes and the moves played
            # for the absent (or the forfeit's finish) are stored in one transaction.
            async with matches.together(live):
                timed_out = await self._apply_absence(live, config, secret)
            said = "a hidden decision" if secret else f"seats {sorted(timed_out)}"
            log.info("match %s: turn timer ran out for %s", match_id, said)
        await matches.after_change(live)
        return bool(timed_out)

    async def _apply_absence(
        self, live: LiveMatch, config: GuildConfig, secret: bool
    ) -> frozenset[Seat]:
        """Count a timeout for each absent member (or hand their seat over), then play what
        they were asked; return the seats that timed out (lock held)."""
        matches = self.matches
        absent = matches.human_to_act(live)
        if secret:
            # A secret question (a reaction) times out to its default, and naming or
            # counting the seat would tell everyone who was asked.
            await matches.note(live, notes.secret_timed_out())
            await matches.autopilot(live, absent)
            return absent
        stay: set[Seat] = set()
        for seat in sorted(absent):
            count = live.seats[seat].timeouts + 1
            if count < config.absent_after:
                await matches.set_seat(live, seat, timeouts=count)
                await matches.note(live, notes.timed_out(seat, count, config.absent_after))
                stay.add(seat)
            else:
                forfeit = config.absent == "forfeit"
                entry = notes.forfeited(seat, count) if forfeit else notes.autopilot(seat, count)
                status = "forfeited" if forfeit else "autopilot"
                await matches.hand_to_ai(live, seat, status, entry, None)
        if not await self._decided_by_forfeits(live):
            await matches.autopilot(live, frozenset(stay))
        return absent

    async def _decided_by_forfeits(self, live: LiveMatch) -> bool:
        """End the match if forfeits left at most one seat contesting it."""
        if not any(s.status == "forfeited" for s in live.seats):
            return False
        contesting = [s.seat for s in live.seats if s.status not in DROPPED]
        if len(contesting) > 1:
            return False
        ranks = tuple(1 if s.seat in contesting else 2 for s in live.seats)
        outcome = Outcome(ranks, "forfeit", notes.forfeit_summary(contesting))
        await self.matches.finish(live, outcome)
        return True

    async def remind(self, match_id: int) -> bool:
        """Send the one reminder before a turn timer runs out; False if not due."""
        matches = self.matches
        async with self._when_due(match_id, attrgetter("reminder_at")) as live:
            if live is None:
                return False
            users = _members(live, matches.human_to_act(live))
            secret = live.asked_in_secret
            deadline = live.row.turn_deadline
            try:  # cleared only on the match as read: a move elsewhere meanwhile voids it
                async with matches.together(live):
                    await matches.set_columns(live, {"reminder_at": None})
            except ChangedMeanwhile:
                return False
        if users and deadline is not None:
            await matches.publisher.remind(match_id, users, deadline, secret=secret)
        return True

    async def catch_up(self) -> list[int]:
        """At start-up, give timers that ran out while the bot was down a grace period.

        Each match is extended on its own: one that fails (its channel gone, say)
        is logged and the others still get their grace.
        """
        extended = []
        now = self.matches.clock() + EARLY
        for row in await self.matches.repo.timers_due(now, self.matches.shards):
            due = row.status == "active" and self._due(row.turn_deadline)
            try:
                if due and await self._extend(row.id):
                    extended.append(row.id)
            except Exception:
                log.exception("match %s: could not extend its timer after downtime", row.id)
        return extended

    async def _extend(self, match_id: int) -> bool:
        matches = self.matches
        async with matches.lock(match_id):
            live = await matches.load(match_id, fresh=True)
            minutes = (await matches.config(live.row.guild_id)).grace_minutes
            users = _members(live, matches.human_to_act(live))
            if not minutes or not users or not self._due(live.row.turn_deadline):
                return False  # no grace, nobody waited for, or given one meanwhile
            deadline = matches.clock() + timedelta(minutes=minutes)
            async with matches.together(live):
                await matches.set_columns(live, {"turn_deadline": deadline, "reminder_at": None})
                await matches.note(live, notes.grace(minutes))
        log.info("match %s: timer extended by %s minutes after downtime", match_id, minutes)
        named = [] if live.asked_in_secret else users
        try:
            await matches.publisher.grace(match_id, named, deadline)
            await matches.publisher.match_changed(match_id)
        except Exception:  # the extension is stored; only the notice was lost
            log.exception("match %s: could not post the grace notice", match_id)
        return True


def _members(live: LiveMatch, seats: frozenset[Seat]) -> list[int]:
    return [u for s in sorted(seats) if (u := live.seats[s].user_id) is not None]
