"""MatchService: the one door for every change to a running match.

Checks run in a fixed order: the match exists and is active, the member holds
a seat that may act, the click was made against the current version, the
action decodes and is legal; then the step is applied, chance steps resolved,
everything appended durably, and only then is anyone told.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import operator
import os
import random
import secrets
import socket
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

import msgspec

from bot.app import notes
from bot.app.background import wind_down
from bot.app.errors import ChangedMeanwhile, MatchNotFound, NotAllowed, NotSeated, ServiceError
from bot.app.guild_settings import DEFAULTS, GuildConfig
from bot.app.live import RECENT_LINES, LiveMatch, Staged
from bot.app.ports import Clock, Publisher, system_clock
from bot.app.texts import game_title
from bot.engine import (
    CHANCE,
    Event,
    GameError,
    Match,
    MatchOver,
    NotYourTurn,
    Outcome,
    Registry,
    Screen,
    Seat,
    StaleVersion,
    is_legal,
    reframed,
)
from bot.engine.i18n import N_, _
from bot.store.errors import ConcurrencyConflict
from bot.store.repo import (
    ALL_SHARDS,
    Changes,
    Extras,
    Finish,
    Loaded,
    MatchRepository,
    MatchRow,
    Opening,
    SeatRow,
    Shards,
)
from bot.store.rows import DmViewRow, NewNote

if TYPE_CHECKING:
    from bot.app.guild_settings import SettingsService
    from bot.app.stats import StatsService

log = logging.getLogger(__name__)

Step = tuple[Seat, str, tuple[Event, ...]]
PAUSED = N_("This match is paused; the host or a moderator resumes it with /match resume.")
DECIDED_TITLE = N_("{title} - match over")
"""The title of a table whose match was decided outside its log (by forfeits)."""
ENDED_TITLE = N_("{title} (ended)")
ENDED_EARLY = N_("**This match was ended before its finish.** It counts for nobody's stats.")
"""The title and text of a table whose match a host or moderator ended."""
TIMER_COLUMNS = ("turn_deadline", "reminder_at")
LEASE = timedelta(seconds=60)
"""How long a process holds a match's background work before another may take it over."""
REMIND_AT = 0.8
SHORTEST_TIMER = 20
"""Seconds a decision with a short share of the turn timer (a Covert reaction) gets at
least, whatever the server's turn timer: time to read the question and click."""
RECALL_EVENTS = 12
RECALL_NOTES = 6
"""How many logged steps and notes a load reads back for the table's recent moves."""
"""The reminder goes out when this share of the turn timer has passed."""


@dataclass(frozen=True)
class TableInfo:
    """What the public table message of a match shows."""

    match_id: int
    version: int
    status: str
    channel_id: int
    message_id: int | None
    screen: Screen
    recent: list[str]
    turn_user_ids: list[int]
    game_key: str
    deadline: datetime | None = None
    """When the members to act time out, if the match has a turn timer."""
    secret_user_ids: list[int] = field(default_factory=list)
    """Members asked a secret question (a reaction): never named on the table."""
    hand_label: str = "My hand"
    """Label of the button that opens a seat's private view."""
    paused: bool = False


@dataclass(frozen=True)
class _Begun:
    """A lobby started inside its transaction, to make live once committed."""

    live: LiveMatch
    trial: Match
    steps: list[Step]
    plan: Opening | None
    values: dict[str, Any]


@dataclass(frozen=True)
class PrivateInfo:
    """One seat's private view of a match."""

    match_id: int
    version: int
    screen: Screen
    notes: list[str]
    active: bool = True
    """Whether the match still runs: a finished match's view is final and follows nothing."""


class MatchService:
    """Loads, changes and drives matches; one lock per match."""

    def __init__(
        self,
        repo: MatchRepository,
        registry: Registry,
        publisher: Publisher,
        *,
        ai_move_delay: float = 0.0,
        snapshot_every: int = 50,
        settings: SettingsService | None = None,
        stats: StatsService | None = None,
        clock: Clock = system_clock,
        cache_size: int = 1000,
        shared: bool = False,
        owner: str | None = None,
    ) -> None:
        self.repo = repo
        self.registry = registry
        self.publisher = publisher
        self.ai_move_delay = ai_move_delay
        self.snapshot_every = snapshot_every
        self.settings = settings
        self.stats = stats
        self.clock = clock
        self.on_timer: Callable[[datetime], None] | None = None
        """Told of every new deadline or reminder time (the scheduler's wake-up)."""
        self.cache_size = max(1, cache_size)
        self.shards = ALL_SHARDS
        """The shards whose matches this process drives (timers, AI turns, start-up work)."""
        self.shared = shared
        """Other processes may write the same matches: check the stored version under the lock."""
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        """Who this process is, in the leases it takes."""
        self._cache: OrderedDict[int, LiveMatch] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}
        self._drivers: dict[int, asyncio.Task[None]] = {}
        self._stopping = False

    async def config(self, guild_id: int | None) -> GuildConfig:
        """Return the settings of a guild (declared defaults without a settings service)."""
        return DEFAULTS if self.settings is None else await self.settings.get(guild_id)

    def cached_config(self, guild_id: int | None) -> GuildConfig | None:
        """Return the settings of a guild if they are in memory (None: `config` must read them)."""
        return DEFAULTS if self.settings is None else self.settings.cached(guild_id)

    def lock(self, match_id: int) -> asyncio.Lock:
        """Return the lock that serializes changes to one match in this process."""
        found = self._locks.get(match_id)
        if found is None:
            found = self._locks[match_id] = asyncio.Lock()
        return found

    def set_shards(self, shards: Shards) -> None:
        """Drive only these shards' matches; a process that runs some of them shares the data."""
        self.shards = shards
        if not shards.everything:
            self.shared = True

    # ------------------------------------------------------------------ loading
    async def load(self, match_id: int, *, fresh: bool = False) -> LiveMatch:
        """Return a match from memory, or rebuild it from snapshot and log.

        With `fresh` (under the match's lock, when other processes share the
        database) a cached match is first checked against the stored version, pause,
        status, seating and host.
        """
        live = self._cache.get(match_id)
        if live is not None and fresh and self.shared and await self._moved_on(live):
            live = None
        if live is not None:
            self._cache.move_to_end(match_id)
            return live
        # One read: the row, seats, snapshot, log tail and recent moves.
        loaded = await self.repo.load_match(match_id, RECALL_EVENTS, RECALL_NOTES)
        if loaded is None or loaded.row.game not in self.registry:
            raise MatchNotFound()
        row = loaded.row
        module = self.registry.get(row.game)
        match = self._rebuild(loaded, module)
        live = LiveMatch(row=row, seats=loaded.seats, module=module, match=match)
        self._recall(live, loaded)
        if row.status in ("finished", "abandoned"):
            return live  # over: read now and then (the final table, the log), never kept
        # Two loads may overlap (a timer and an AI driver after a restart): the first one
        # cached wins, so every change lands on the one object the others read.
        live = self._cache.setdefault(match_id, live)
        self._evict()
        return live

    async def current(self, match_id: int) -> LiveMatch:
        """Return a match to show: from memory, checked against the stored one first when
        other processes share the database (they may have moved, reseated or ended it)."""
        if not self.shared:
            return await self.load(match_id)
        async with self.lock(match_id):
            return await self.load(match_id, fresh=True)

    def _evict(self) -> None:
        """Keep at most `cache_size` matches in memory, dropping the least recently used.

        A match being changed (its lock held) or driven by the AI stays; everything
        else about a dropped match is stored, and it loads again on its next use.
        """
        extra = len(self._cache) - self.cache_size
        for match_id in list(self._cache):
            if extra <= 0:
                return
            lock = self._locks.get(match_id)
            driver = self._drivers.get(match_id)
            if (lock is not None and lock.locked()) or (driver is not None and not driver.done()):
                continue
            self.forget(match_id)
            extra -= 1

    def _recall(self, live: LiveMatch, loaded: Loaded) -> None:
        """Fill the recent moves from the log: engine events and notes, in order."""
        found: list[tuple[int, int, tuple[Event, ...]]] = []
        for event_row in loaded.recent:
            events = msgspec.convert(event_row.events, tuple[Event, ...])
            found.append((event_row.seq, 0, events))
        for note in loaded.notes:
            found.append((note.seq, 1, (notes.event(note.text),)))
        for seq, _order, events in sorted(found, key=lambda f: (f[0], f[1])):
            live.remember(seq, events)

    def _rebuild(self, loaded: Loaded, module: Any) -> Match:
        row, seats = loaded.row, len(loaded.seats)
        # A match plays by the rules it began under: its log replays as it was played.
        rules = module.rules_for(row.rules_version)
        if row.status == "lobby" or (row.status == "abandoned" and row.version == 0):
            # Never started (or nothing logged): a placeholder state with enough seats.
            count = max(seats, module.spec.min_seats)
            return Match.new(rules, count, module.spec.resolve_options(row.options, count))
        if loaded.snapshot is None:
            match = Match.new(rules, seats, row.options)
        else:
            seq, data = loaded.snapshot
            match = Match(rules, msgspec.json.decode(data, type=rules.state_type), seq)
        match.extend((e.seat, e.action) for e in loaded.tail)
        return match

    def is_cached(self, match_id: int) -> bool:
        """Tell whether a match is in memory."""
        return match_id in self._cache

    def reload(self, match_id: int) -> None:
        """Drop the match held in memory, so that its next use reads it from storage (it
        changed there); what the publisher keeps for it (whom it last pinged) stays."""
        self._cache.pop(match_id, None)
        lock = self._locks.get(match_id)
        if lock is not None and not lock.locked() and not getattr(lock, "_waiters", None):
            del self._locks[match_id]
        driver = self._drivers.get(match_id)
        if driver is not None and driver.done():
            del self._drivers[match_id]

    def forget(self, match_id: int) -> None:
        """Drop a match and everything kept for it from memory (it is over, or memory is
        full); its next use reloads it, and its next ping starts afresh."""
        self.reload(match_id)
        forget = getattr(self.publisher, "forget", None)
        if forget is not None:
            forget(match_id)

    @property
    def cached(self) -> int:
        """Return how many matches are in memory."""
        return len(self._cache)

    async def snapshot_live(self) -> int:
        """Store a snapshot of every active match in memory at its current step; return how
        many. Called at a graceful stop: the next start reads each match from its snapshot
        instead of replaying the steps since the last one, so steps are never replayed
        under rules a new version changed (a stop without it only costs a longer replay)."""
        stored = 0
        for live in list(self._cache.values()):
            async with self.lock(live.id):  # no step of this match is half applied
                if live.row.status != "active" or live.version == 0:
                    continue
                state = msgspec.json.encode(live.match.state)
                await self.repo.save_snapshot(live.id, live.version, state)
                stored += 1
        return stored

    # ------------------------------------------------------------------ changes
    async def submit(self, match_id: int, user_id: int, version: int, token: str) -> LiveMatch:
        """Apply a member's action, in the fixed order of checks.

        When other processes share the database, the match in memory may be behind
        the stored one. A move is stored only at the version it was worked out on,
        so an accepted click needs no extra read; a refused one is checked against
        the stored version, and if the match had moved on it is tried once more on
        the match as stored, so the member gets the answer the stored match gives.
        """
        async with self.lock(match_id):
            live = await self.load(match_id)
            try:
                seat, quiet = await self._apply_click(live, user_id, version, token)
            except GameError:
                if not (self.shared and await self._moved_on(live)):
                    raise
                live = await self.load(match_id)
                seat, quiet = await self._apply_click(live, user_id, version, token)
        level = logging.DEBUG if quiet else logging.INFO
        log.log(level, "match %s: seat %s acted (version %s)", match_id, seat, live.version)
        await self._after_change(live)
        return live

    async def _apply_click(
        self, live: LiveMatch, user_id: int, version: int, token: str
    ) -> tuple[Seat, bool]:
        """Check a click, apply it and store it (lock held).

        Returns the seat that acted and whether the step stays out of the INFO log:
        it answered a secret question (who was asked is read before the move: the next
        question may be an open one), or it told the table nothing (a Covert dossier
        setting, told to its player alone), so a line would tell what the table does not.
        """
        seat = self._check_actor(live, user_id, version)
        if version != live.version:
            await self._check_still_meant(live, seat, version, token)
        secret = live.asked_in_secret
        trial = live.match.fork()
        events = trial.step(seat, token)
        steps: list[Step] = [(seat, token, events)]
        steps += self._resolve_chance(live, trial)
        reset = {seat: {"timeouts": 0}} if live.seats[seat].timeouts else None
        await self._persist(live, trial, steps, seats=reset)
        return seat, secret or not any(event.visible_to(None) for event in events)

    async def _moved_on(self, live: LiveMatch) -> bool:
        """Tell whether the stored match is past the one in memory, or paused, resumed,
        ended, reseated or handed to another host since, or the one in memory was dropped
        by a refused write (then forget it)."""
        if self._cache.get(live.id) is live:
            if await self.repo.standing_of(live.id) == live.standing:
                return False
            self.reload(live.id)
        return True

    def _check_actor(self, live: LiveMatch, user_id: int, version: int) -> Seat:
        if live.row.status != "active":
            raise MatchOver()
        seat = live.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        if live.row.paused:
            raise ServiceError(_(PAUSED))
        if seat not in live.match.may_act:
            raise NotYourTurn() if version == live.version else StaleVersion()
        return seat

    async def _check_still_meant(
        self, live: LiveMatch, seat: Seat, version: int, token: str
    ) -> None:
        """Accept a click made on an older table only if it still means what it meant.

        It does when the member's seat has not acted since that version (so a double
        click never plays twice), the game does not say that the steps taken since by
        other seats or chance have reframed it (``reframed``: a COVERTA steal whose
        window has closed, say), and the action is still legal for the seat now.
        Anything else is stale.
        """
        if not 0 <= version < live.version:
            raise StaleVersion()
        rules = live.match.rules
        try:
            action = rules.decode(token)
        except GameError:
            raise StaleVersion() from None
        if action.token() != token:
            raise StaleVersion()
        moved = await self.repo.seats_since(live.id, version)
        if seat in moved:
            raise StaleVersion()
        if moved and reframed(rules, live.state, seat, action):
            raise StaleVersion()
        if not is_legal(rules, live.state, seat, action):
            raise StaleVersion()

    async def _acted_since(self, live: LiveMatch, seat: Seat, version: int) -> bool:
        """Tell whether the seat took a step after `version` (or `version` is none of this
        match's): only then is a view of that version stale for it."""
        if not 0 <= version < live.version:
            return True
        return seat in await self.repo.seats_since(live.id, version)

    async def step_is_current(self, match_id: int, user_id: int, version: int | None) -> bool:
        """Tell whether the next step of a choice, opened from a view of `version`, may be
        shown: the view is current, or only other seats moved since (their moves do not make
        it stale; the step is drawn from what is legal now)."""
        live = await self.current(match_id)
        if version is None or version == live.version:
            return True
        seat = live.seat_of(user_id)
        return seat is not None and not await self._acted_since(live, seat, version)

    def chance_steps(self, live: LiveMatch, trial: Match) -> list[Step]:
        """Draw and apply every pending random step of `trial` (see _resolve_chance)."""
        return self._resolve_chance(live, trial)

    async def persist(self, live: LiveMatch, trial: Match, steps: list[Step]) -> None:
        """Store steps already applied to `trial` and make them live (lock held)."""
        await self._persist(live, trial, steps)

    def _resolve_chance(self, live: LiveMatch, trial: Match) -> list[Step]:
        """Draw and apply every pending random step, seeded by match and step."""
        steps: list[Step] = []
        while trial.chance_pending and trial.outcome is None:
            if live.module.chance_pause(trial.state) > 0:
                break  # a fixed wait: the AI driver draws it when the time is up
            rng = random.Random(f"{live.row.seed}:{trial.seq}")
            token = trial.rules.chance_outcome(trial.state, rng).token()
            steps.append((-1, token, trial.step(-1, token)))
        return steps

    async def _persist(
        self,
        live: LiveMatch,
        trial: Match,
        steps: list[Step],
        *,
        seats: dict[Seat, dict[str, Any]] | None = None,
        values: dict[str, Any] | None = None,
        expect_status: str | None = None,
        fresh_timer: bool = False,
    ) -> None:
        """Store steps, with everything they change, in one transaction; then make them live.

        The same transaction holds the new timer (a fresh one for whoever is to act
        with `fresh_timer`), a snapshot when one is due, the seat changes, what an
        open `together` block changed and, if the match is decided, its finish:
        status, outcome, results and rating updates. A crash leaves all of it or
        none of it.
        """
        staged = live.staged
        if staged:  # what the open `together` block changed goes with these steps
            values = {**staged.values, **(values or {})}
            seats = {
                s: {**staged.seats.get(s, {}), **(seats or {}).get(s, {})}
                for s in {*staged.seats, *(seats or {})}
            }
        plan = self._plan(
            live,
            trial,
            steps,
            values,
            seats=seats,
            expect_status=expect_status,
            notes=tuple(staged.notes) if staged else (),
            fresh_timer=fresh_timer,
        )
        stored = False
        try:
            await self.repo.append_events(live.id, live.version, plan.rows, plan.extras)
            stored = True
        except ConcurrencyConflict:
            self.reload(live.id)
            raise StaleVersion() from None
        finally:
            if plan.extras.finish is not None and self.stats is not None:
                self.stats.committed(live.id, stored)
        self._adopt(live, trial, steps, plan, seats)
        if staged is not None:  # stored: what the block changes next is worked out anew
            live.staged = Staged(live.standing)

    def _plan(
        self,
        live: LiveMatch,
        trial: Match,
        steps: list[Step],
        values: dict[str, Any] | None,
        *,
        seats: dict[Seat, dict[str, Any]] | None = None,
        expect_status: str | None = None,
        notes: tuple[NewNote, ...] = (),
        fresh_timer: bool = False,
    ) -> Opening:
        """Work out what storing these steps writes besides them (no I/O)."""
        rows = list(steps)  # the events go to the JSON column as they are (msgspec structs)
        if fresh_timer:
            after = self.human_to_act(live, trial) if trial.outcome is None else frozenset()
            timer = self.timer_for(live, after, trial.state)
        else:
            timer = self._timer_values(live, trial)
        changes = {**(values or {}), **timer}
        ai = self.ai_to_act(live, trial) and trial.outcome is None
        if ai != live.row.ai_to_act:
            changes["ai_to_act"] = ai
        first = live.version
        due = trial.seq // self.snapshot_every > first // self.snapshot_every
        snapshot = msgspec.json.encode(trial.state) if due else None
        outcome = trial.outcome
        finish = self._finish_of(live, outcome) if outcome is not None else None
        extras = Extras(
            changes, snapshot, seats or {}, finish, expect_status, live.row.seating, notes
        )
        return Opening(rows, extras)

    def _adopt(
        self,
        live: LiveMatch,
        trial: Match,
        steps: list[Step],
        plan: Opening,
        seats: dict[Seat, dict[str, Any]] | None = None,
    ) -> None:
        """Make stored steps live: the new state, row, seats and recent moves."""
        first = live.version
        live.match = trial
        changes = dict(plan.extras.values)
        finish = plan.extras.finish
        if finish is not None:
            changes.update(status="finished", result=finish.result)
            changes.update(finished_at=datetime.now(UTC), turn_deadline=None, reminder_at=None)
        self._update_row(live, changes)
        if seats:
            live.seats = [dataclasses.replace(s, **seats.get(s.seat, {})) for s in live.seats]
        for offset, (_seat, _token, events) in enumerate(steps, start=1):
            live.remember(first + offset, events)
        outcome = trial.outcome
        if outcome is not None:
            log.info("match %s finished: %s", live.id, outcome.termination)

    def _finish_of(self, live: LiveMatch, outcome: Outcome) -> Finish:
        """Return what finishing with this outcome stores: the outcome, results, ratings."""
        result = msgspec.to_builtins(outcome)
        if self.stats is None:
            return Finish(result=result, game=live.row.game)
        return self.stats.finish_of(live, outcome)

    async def finish(self, live: LiveMatch, outcome: Outcome) -> None:
        """End a match decided outside its log (forfeits): status, outcome and results at once."""
        finish = self._finish_of(live, outcome)
        staged = live.staged
        done = False
        try:
            changes = Changes(expect=live.standing) if staged is None else staged.changes()
            done = await self.repo.finish_match(live.id, finish, changes)
        finally:
            if self.stats is not None:
                self.stats.committed(live.id, done)
        if done and staged is not None:
            live.staged = Staged(live.standing)  # stored with the finish
        if done:
            log.info("match %s finished: %s", live.id, outcome.termination)
        live.row = await self._row(live.id)

    # ------------------------------------------------------------------ timers
    def human_to_act(self, live: LiveMatch, match: Match | None = None) -> frozenset[Seat]:
        """Return the seats the game waits for that a member plays (the ones with a turn
        timer, reminders and absences). A seat that may act but need not (a COVERTA steal)
        is not among them: nobody waits for it, so it never times out.

        In `match` (a trial of the next steps), else in the live match.
        """
        match = live.match if match is None else match
        optional = live.module.may_act(match.state)
        return frozenset(
            s for s in match.to_act if s >= 0 and not live.is_ai(s) and s not in optional
        )

    def ai_to_act(self, live: LiveMatch, match: Match | None = None) -> bool:
        """Tell whether the bot is to act: an AI seat (or a seat the AI now plays), or a wait."""
        match = live.match if match is None else match
        to_act = match.to_act
        if CHANCE in to_act and live.module.chance_pause(match.state) > 0:
            return True  # a held-back chance step the driver draws after its wait
        return any(live.is_ai(s) for s in to_act if s >= 0)

    async def _store_ai_flag(self, live: LiveMatch) -> None:
        """Store whether an AI seat is to act, after seats changed hands."""
        ai = self.ai_to_act(live) and live.row.status == "active"
        if ai != live.row.ai_to_act:
            await self.set_columns(live, {"ai_to_act": ai})

    def _timer_values(self, live: LiveMatch, trial: Match) -> dict[str, Any]:
        """Return the timer columns to change as the match moves from live to trial."""
        row = live.row
        if not row.turn_seconds and row.turn_deadline is None and row.reminder_at is None:
            return {}  # no turn timer in this match, and none to clear
        after = self.human_to_act(live, trial) if trial.outcome is None else frozenset()
        before = self.human_to_act(live)
        if after and after <= before and live.row.turn_deadline is not None:
            return {}  # the same turn goes on: keep its deadline
        return self.timer_for(live, after, trial.state)

    def timer_for(
        self, live: LiveMatch, seats: Iterable[Seat], state: Any = None
    ) -> dict[str, Any]:
        """Return a fresh deadline and reminder time for these seats (none if no timer),
        for the decision waiting in `state` (default: the live match's)."""
        full = live.row.turn_seconds or 0
        seconds = full * live.module.timer_share(live.match.state if state is None else state)
        if seconds < full:  # a shorter decision still leaves time to read and click
            seconds = max(seconds, min(full, SHORTEST_TIMER))
        if not seconds or not list(seats) or live.row.status != "active" or live.row.paused:
            if live.row.turn_deadline is None and live.row.reminder_at is None:
                return {}
            return {"turn_deadline": None, "reminder_at": None}
        now = self.clock()
        return {
            "turn_deadline": now + timedelta(seconds=seconds),
            "reminder_at": now + timedelta(seconds=seconds * REMIND_AT),
        }

    def _update_row(self, live: LiveMatch, values: dict[str, Any]) -> None:
        """Apply column changes already stored to the cached row; tell the scheduler."""
        if not values:
            return
        live.row = _changed_row(live.row, values)
        times = [v for k, v in values.items() if v is not None and k in TIMER_COLUMNS]
        if times and self.on_timer is not None:
            self.on_timer(min(times))

    async def set_columns(self, live: LiveMatch, values: dict[str, Any]) -> None:
        """Store columns of a match (timers, paused) and update the cached row: now, or
        with the rest of an open `together` block."""
        if not values:
            return
        if live.staged is not None:
            live.staged.values.update(values)
        else:
            await self.repo.update_match(live.id, **values)
        self._update_row(live, values)

    @contextlib.asynccontextmanager
    async def together(self, live: LiveMatch) -> AsyncIterator[None]:
        """Store every seat change, column and log entry made inside as one transaction
        (lock held): with the first steps stored inside, or at the end of the block.

        A failure inside stores none of what was not stored yet, and the match is
        read afresh from storage at its next use. Blocks inside a block join it. What
        is written is checked against the match as the block read it: ChangedMeanwhile
        if another process moved, reseated, paused or ended it since.
        """
        if live.staged is not None:
            yield
            return
        live.staged = Staged(live.standing)
        try:
            yield
            staged = live.staged
            if staged:
                try:
                    seating = await self.repo.change_match(live.id, staged.changes())
                except ConcurrencyConflict:
                    raise ChangedMeanwhile() from None
                live.row = _changed_row(live.row, {"seating": seating})
        except BaseException:
            self.reload(live.id)  # memory holds changes that were never stored
            raise
        finally:
            live.staged = None

    # ------------------------------------------------------------------ the match log
    async def note(self, live: LiveMatch, entry: notes.Note, user_id: int | None = None) -> None:
        """Write an entry of the match log (now, or with the rest of an open `together`
        block) and show it among the recent moves."""
        stored = notes.row(live.version, entry, user_id)
        if live.staged is not None:
            live.staged.notes.append(stored)
        else:
            await self.repo.change_match(live.id, Changes(notes=(stored,)))
        live.remember(live.version, (Event(entry[1]),))

    async def set_seat(self, live: LiveMatch, seat: Seat, **values: Any) -> None:
        """Change a seat's columns and refresh the cached seats (and their count of changes):
        now, or with the rest of an open `together` block."""
        if live.staged is not None:
            live.staged.seats.setdefault(seat, {}).update(values)
            live.seats = [
                dataclasses.replace(s, **values) if s.seat == seat else s for s in live.seats
            ]
            return
        seating = await self.repo.update_seat(live.id, seat, **values)
        live.row = _changed_row(live.row, {"seating": seating})
        live.seats = await self.repo.get_seats(live.id)

    async def row(self, match_id: int) -> MatchRow:
        """Return a match's row, fresh from storage."""
        row: MatchRow = await self._row(match_id)
        return row

    async def _row(self, match_id: int) -> Any:
        row = await self.repo.get_match(match_id)
        if row is None:
            raise MatchNotFound()
        return row

    async def begin(
        self, match_id: int, check: Callable[[MatchRow, list[SeatRow]], dict[str, Any]]
    ) -> LiveMatch:
        """Start a lobby: seats fixed, status active and the opening chance steps, at once.

        One transaction reads the lobby, asks `check(row, seats)` for the match
        options (it raises to refuse: not the host, too few seats), moves the
        lobby to active and logs its opening (shuffle, deal, rolls), so a crash
        leaves either the lobby or a match that has begun. `check` runs inside
        that transaction, maybe off the event loop: it must only compute.
        Raises ConcurrencyConflict if the lobby was started or closed meanwhile.
        """
        self.reload(match_id)
        finishing = False

        def plan(loaded: Loaded) -> tuple[Opening, _Begun]:
            nonlocal finishing
            options = check(loaded.row, loaded.seats)
            if loaded.row.game not in self.registry:
                raise MatchNotFound()
            module = self.registry.get(loaded.row.game)
            # Begun now, by the current rules, whichever version opened the lobby.
            version = module.spec.rules_version
            row = dataclasses.replace(
                loaded.row, status="active", options=options, rules_version=version
            )
            trial = Match.new(module.rules, len(loaded.seats), options)
            live = LiveMatch(row, loaded.seats, module, Match(trial.rules, trial.state, 0))
            self._recall(live, loaded)
            steps = self._resolve_chance(live, trial)
            values: dict[str, Any] = {"status": "active", "options": options}
            values["rules_version"] = version
            if not steps:
                values.update(self.timer_for(live, self.human_to_act(live)))
                return Opening((), Extras(values)), _Begun(live, trial, steps, None, values)
            planned = self._plan(live, trial, steps, values)
            finishing = planned.extras.finish is not None
            return planned, _Begun(live, trial, steps, planned, values)

        begun: _Begun | None = None
        try:
            begun = await self.repo.begin_match(match_id, plan, RECALL_NOTES)
        finally:
            if finishing and self.stats is not None:  # decided by its opening alone
                self.stats.committed(match_id, begun is not None)
        live = begun.live
        if begun.plan is None:
            self._update_row(live, begun.values)
        else:
            self._adopt(live, begun.trial, begun.steps, begun.plan)
        self._cache[match_id] = live
        self._evict()
        log.info("match %s started: %s with %s seats", match_id, live.row.game, len(live.seats))
        return live

    # ------------------------------------------------------------------ seats
    async def leave(self, match_id: int, user_id: int) -> LiveMatch:
        """Hand a member's seat to the AI for the rest of the match."""
        async with self.lock(match_id):
            live = await self.load(match_id, fresh=True)
            if live.row.status != "active":
                raise MatchOver()
            seat = live.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            await self.hand_to_ai(live, seat, "left", notes.left(seat), user_id)
        log.info("match %s: seat %s handed to the AI", match_id, seat)
        await self._after_change(live)
        return live

    async def _pass_hosting(self, live: LiveMatch, fallback: int) -> None:
        """Make the first member still playing the host of a match whose host left it or
        was removed (`fallback` when no member plays any more)."""
        playing = live.human_user_ids()
        await self.set_columns(live, {"host_user_id": playing[0] if playing else fallback})

    async def hand_to_ai(
        self, live: LiveMatch, seat: Seat, status: str, entry: notes.Note, by: int | None
    ) -> None:
        """Let the AI play a member's seat from now on (left, kicked, autopilot, forfeited).

        The seat, whether the AI is to act, the log entry, the timer and, when the member
        hosted, the new host (the first member still playing; else `by`, else the same)
        are stored in one transaction."""
        level = live.module.default_policy
        member = live.seats[seat].user_id
        async with self.together(live):
            await self.set_seat(live, seat, status=status, ai_level=level, timeouts=0)
            if member is not None and member == live.row.host_user_id:
                await self._pass_hosting(live, member if by is None else by)
            await self._store_ai_flag(live)
            await self.note(live, entry, by)
            after = self.human_to_act(live)
            if not after:
                await self.set_columns(live, self.timer_for(live, after))

    async def end(self, match_id: int, user_id: int, *, moderator: bool) -> LiveMatch:
        """End a match early (host or moderator)."""
        async with self.lock(match_id):
            live = await self.load(match_id, fresh=True)
            if live.row.status not in ("active", "lobby"):
                raise MatchOver()
            if user_id != live.row.host_user_id and not moderator:
                raise NotAllowed(_("Only the host or a moderator can end this match."))
            was_lobby = live.row.status == "lobby"
            ended = {"status": "abandoned", "finished_at": datetime.now(UTC)}
            async with self.together(live):
                await self.set_columns(live, {**ended, "turn_deadline": None, "reminder_at": None})
                await self.note(live, notes.ended(user_id), user_id)
        log.info("match %s ended early by user %s", match_id, user_id)
        if was_lobby:
            self.forget(match_id)
            await self.publisher.lobby_changed(match_id)
        else:
            await self.publisher.match_changed(match_id)
        return live

    # ------------------------------------------------------------------ AI seats
    async def _after_change(self, live: LiveMatch) -> None:
        # What is stored stands: a table that cannot be edited now (Discord down, channel
        # gone) is logged, never reported to the member as a failed move.
        try:
            await self.publisher.match_changed(live.id)
        except Exception:
            log.exception("match %s: could not refresh the table", live.id)
        if live.row.status == "active":
            self.kick(live.id)
        else:
            self.forget(live.id)  # finished matches leave memory

    async def stop(self) -> None:
        """Let the AI drivers end the move they are on and start no other (the process is
        stopping): no AI move is written after this returns."""
        self._stopping = True
        await wind_down(list(self._drivers.values()))

    def wake(self, match_id: int) -> bool:
        """Let the AI act in a match another process moved (stored with an AI seat to act),
        read afresh; False if a driver of ours is on it already."""
        task = self._drivers.get(match_id)
        if self._stopping or (task is not None and not task.done()):
            return False
        self.reload(match_id)
        self.kick(match_id)
        return True

    def kick(self, match_id: int) -> None:
        """Make sure AI seats that may act will act."""
        if self._stopping:
            return
        task = self._drivers.get(match_id)
        if task is not None and not task.done():
            return
        live = self._cache.get(match_id)
        if live is not None and live.row.status == "active" and not self._ai_may_act(live):
            return  # what the driver would read first: nobody for the AI to play now
        self._drivers[match_id] = asyncio.create_task(self._drive(match_id))

    async def _drive(self, match_id: int) -> None:
        claimed = False
        seen = -1
        try:
            while not self._stopping:
                live = await self.load(match_id)
                seen = live.version
                if live.row.status != "active" or not self._ai_may_act(live):
                    break
                if not self.shards.owns(live.row.guild_id):
                    break  # another process drives this guild's matches
                claimed = await self.claim(match_id)
                if not claimed:
                    break  # another process is playing this AI turn
                if not await self._ai_step(match_id):
                    break
                await self.publisher.match_changed(match_id)
        except Exception:
            log.exception("match %s: the AI driver stopped", match_id)
        finally:
            if claimed:
                await self.release(match_id)
            if self._drivers.get(match_id) is asyncio.current_task():
                del self._drivers[match_id]
            self._after_drive(match_id, seen)

    def _after_drive(self, match_id: int, seen: int) -> None:
        """Let finished matches leave memory; drive again if the match moved while we stopped."""
        live = self._cache.get(match_id)
        if live is None:
            return
        if live.row.status != "active":
            self.forget(match_id)
        elif live.version != seen and self._ai_may_act(live):
            self.kick(match_id)

    async def claim(self, match_id: int) -> bool:
        """Take the lease on a match's background work (trivially ours in one process)."""
        if not self.shared:
            return True
        now = self.clock()
        return await self.repo.claim(match_id, self.owner, now, now + LEASE)

    async def release(self, match_id: int) -> None:
        """Give back a lease taken with `claim`."""
        if self.shared:
            try:
                await self.repo.release(match_id, self.owner)
            except Exception:
                log.exception("match %s: could not release its lease", match_id)

    async def _ai_step(self, match_id: int) -> bool:
        live = await self.load(match_id)
        pause = self._pause(live)
        if pause:  # a fixed wait of the game (Covert's concealed reactions), then its step
            await asyncio.sleep(pause)
            return await self._paused_chance(match_id)
        delay = (await self.config(live.row.guild_id)).ai_delay
        delay = self.ai_move_delay if delay is None else delay
        if delay:
            await asyncio.sleep(delay)
        async with self.lock(match_id):
            live = await self.load(match_id, fresh=True)
            if live.row.status != "active" or live.row.paused:
                return False
            # A policy may search for a while (Monte Carlo): keep it off the event loop.
            choice = await asyncio.to_thread(self._ai_choice, live)
            if choice is None:
                return False
            trial = live.match.fork()
            steps: list[Step] = [(choice[0], choice[1], trial.step(*choice))]
            steps += self._resolve_chance(live, trial)
            try:
                await self._persist(live, trial, steps)
            except StaleVersion:
                return True  # another process moved first: look again at the new state
        return True

    def _pause(self, live: LiveMatch) -> float:
        """Return the seconds a fixed wait of the game still asks for (0: none pending)."""
        if not live.match.chance_pending or live.match.outcome is not None:
            return 0.0
        return live.module.chance_pause(live.state)

    async def _paused_chance(self, match_id: int) -> bool:
        """Draw the chance step a fixed wait held back (then any that follow it)."""
        async with self.lock(match_id):
            live = await self.load(match_id, fresh=True)
            if live.row.status != "active" or live.row.paused or not self._pause(live):
                return False
            trial = live.match.fork()
            rng = random.Random(f"{live.row.seed}:{trial.seq}")
            token = trial.rules.chance_outcome(trial.state, rng).token()
            steps: list[Step] = [(-1, token, trial.step(-1, token))]
            steps += self._resolve_chance(live, trial)
            try:
                await self._persist(live, trial, steps)
            except StaleVersion:
                return True  # another process moved or paused it first: look again
        return True

    def _ai_may_act(self, live: LiveMatch) -> bool:
        if live.row.paused:
            return False
        if self._pause(live):
            return True
        return any(live.is_ai(s) for s in live.match.to_act if s >= 0)

    def _ai_choice(
        self, live: LiveMatch, seats: frozenset[Seat] | None = None, match: Match | None = None
    ) -> tuple[Seat, str] | None:
        """Ask AI seats (or these seats) in turn; if nobody else can move, the first must act.

        In `match` (a trial of the next steps), else in the live match."""
        match = live.match if match is None else match
        rules, state = match.rules, match.state
        to_act = sorted(s for s in match.to_act if s >= 0)
        ai_seats = [s for s in to_act if (live.is_ai(s) if seats is None else s in seats)]
        # Only a seat the game waits for is ever made to act: a steal stays optional.
        optional = live.module.may_act(state)
        waited = [s for s in to_act if s not in optional]
        rounds = (False,) if any(s not in ai_seats for s in waited) else (False, True)
        if seats is not None:
            rounds = (True,)  # an absent member's turn is played, not passed
        for must_act in rounds:
            for seat in ai_seats if not must_act else [s for s in ai_seats if s in waited]:
                level = live.ai_level(seat) if seats is None else live.module.timeout_policy
                policy = live.module.policy(level)
                rng = random.Random(f"{live.row.seed}:{match.seq}:ai:{seat}")
                view = rules.view(state, seat)
                action = policy.choose(
                    view, rules.legal_actions(state, seat), rng, must_act=must_act
                )
                if action is not None:
                    return seat, action.token()
        return None

    async def autopilot(self, live: LiveMatch, seats: frozenset[Seat]) -> list[Seat]:
        """Play one pending decision for each of these members' seats (lock held).

        A timed-out or skipped seat gets its one waiting decision played, the
        game's timeout default, and no more: whoever is to act afterwards,
        that seat included, gets a fresh turn timer. Returns the seats played.
        """
        if live.row.status != "active":
            return []
        played, trial, steps = await asyncio.to_thread(self._autopilot_steps, live, seats)
        if steps:  # the moves and the fresh timer in one transaction
            await self._persist(live, trial, steps, fresh_timer=True)
        else:
            await self.set_columns(live, self.timer_for(live, self.human_to_act(live)))
        return played

    def _autopilot_steps(
        self, live: LiveMatch, seats: frozenset[Seat]
    ) -> tuple[list[Seat], Match, list[Step]]:
        """Play, on a trial, one pending decision of each of these seats (see autopilot)."""
        played: list[Seat] = []
        trial = live.match.fork()
        steps: list[Step] = []
        for seat in sorted(seats):
            if trial.outcome is not None or seat not in self.human_to_act(live, trial):
                continue
            choice = self._ai_choice(live, frozenset({seat}), trial)
            if choice is None:
                continue
            steps.append((choice[0], choice[1], trial.step(*choice)))
            steps += self._resolve_chance(live, trial)
            played.append(seat)
        return played, trial, steps

    async def after_change(self, live: LiveMatch) -> None:
        """Refresh the table and let AI seats act (call once the lock is released)."""
        await self._after_change(live)

    async def resume_all(self) -> int:
        """After a restart, let AI seats carry on: only matches of our shards with an AI to act.

        Read from a stored column, so start-up does not load every stored match.
        """
        due = await self.repo.ai_due(self.shards)
        for match_id in due:
            self.kick(match_id)
        return len(due)

    async def set_table_message(self, match_id: int, message_id: int) -> None:
        """Remember a table message posted anew (the old one was deleted)."""
        await self.repo.update_match(match_id, table_message_id=message_id)
        live = self._cache.get(match_id)
        if live is not None:
            live.row = await self._row(match_id)

    async def keep_dm_view(self, view: DmViewRow) -> DmViewRow | None:
        """Remember the DM that now shows a member's private view; return the one it replaces."""
        return await self.repo.keep_dm_view(view)

    async def dm_views(self, match_id: int) -> list[DmViewRow]:
        """Return the private views of a match sent by DM (whichever process sent them)."""
        return await self.repo.dm_views(match_id)

    async def drop_dm_views(
        self, match_id: int, user_id: int | None = None, message_id: int | None = None
    ) -> None:
        """Stop following DM views: all of a match, one member's, or that one message."""
        await self.repo.drop_dm_views(match_id, user_id, message_id)

    # ------------------------------------------------------------------ reading
    async def table(self, match_id: int) -> TableInfo:
        """Build the public table of a match.

        Everything is read from the live match before the picture is drawn: a move applied
        meanwhile must not pair its version with the older screen."""
        live = await self.current(match_id)
        outcome = live.match.outcome
        early: Outcome | None = None  # the outcome of a match decided by forfeits
        if outcome is None and live.row.result is not None:
            early = msgspec.convert(live.row.result, Outcome)
            outcome = early = msgspec.structs.replace(early, summary=notes.read(early.summary))
        turn = [
            live.seats[s].user_id
            for s in sorted(live.match.to_act)
            if s >= 0 and not live.is_ai(s) and live.row.status == "active"
        ]
        secret = live.asked_in_secret
        if live.row.paused:
            turn = []  # nobody is asked to act while the match is paused
        info = partial(
            TableInfo,
            match_id=live.id,
            version=live.version,
            status=live.row.status,
            channel_id=live.row.thread_id or live.row.channel_id,
            message_id=live.row.table_message_id,
            recent=live.recent_for(None, live.module.table_lines(live.match.state)),
            turn_user_ids=[] if secret else [u for u in turn if u is not None],
            game_key=live.row.game,
            deadline=live.row.turn_deadline if turn else None,
            secret_user_ids=[u for u in turn if u is not None] if secret else [],
            hand_label=live.module.spec.hand_label,
            paused=live.row.paused,
        )
        # Drawing images takes tens of milliseconds: keep it off the event loop.
        screen = await asyncio.to_thread(
            live.module.presenter.table, live.view(), live.names, outcome
        )
        title = game_title(live.module.spec)
        if live.row.status == "abandoned":
            screen = _over(screen, _(ENDED_TITLE).format(title=title), _(ENDED_EARLY))
        elif early is not None:
            verdict = f"**{early.render(live.names)}**\n{early.standings(live.names)}"
            screen = _over(screen, _(DECIDED_TITLE).format(title=title), verdict)
        return info(screen=screen)

    async def private(self, match_id: int, user_id: int, step: str | None = None) -> PrivateInfo:
        """Build a member's private view, with the actions open to them now."""
        live = await self.current(match_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        rules = live.match.rules
        running = live.row.status == "active"
        active = running and seat in live.match.may_act
        legal = rules.legal_actions(live.state, seat) if active else ()
        view = live.view(seat)
        presenter = live.module.presenter
        # Read before drawing: a move applied meanwhile must not pass for what is drawn.
        version, names, private_notes = live.version, live.names, _private_notes(live, seat)
        try:
            screen = await asyncio.to_thread(presenter.private, view, legal, names, step)
        except Exception:
            log.debug("match %s: step %r not understood, showing the first step", match_id, step)
            screen = await asyncio.to_thread(presenter.private, view, legal, names, None)
        return PrivateInfo(live.id, version, screen, private_notes, running)

    async def user_matches(self, channel_id: int, user_id: int) -> list[int]:
        """Return active matches in a channel where the member holds a seat, newest first."""
        return await self.repo.seated_matches(channel_id, user_id)


_ROW_FIELDS: tuple[str, ...] = MatchRow.__slots__
_ROW_VALUES = operator.attrgetter(*_ROW_FIELDS)


def _over(screen: Screen, title: str, body: str) -> Screen:
    """Return the table of a match that is over while its game is not (ended by a host or
    moderator, decided by forfeits), drawn from its ended view: the picture and the
    players' fields (what each held, once revealed) stay, under this title and text,
    since the game's own would tell of an outcome it never reached."""
    return msgspec.structs.replace(screen, title=title, body=body)


def _changed_row(row: MatchRow, values: dict[str, Any]) -> MatchRow:
    """Return the row with these columns changed (`dataclasses.replace` at a fraction of
    its cost, the loop in C: the cached row changes on most moves)."""
    unknown = values.keys() - _ROW_FIELDS
    if unknown:
        raise TypeError(f"MatchRow has no {', '.join(sorted(unknown))}")
    return MatchRow(*map(values.get, _ROW_FIELDS, _ROW_VALUES(row)))  # type: ignore[arg-type]


def _private_notes(live: LiveMatch, seat: Seat, limit: int = 5) -> list[str]:
    """Render the events addressed to this seat among the table's recent moves.

    Only those no older than the oldest public line on the table are kept, so a
    note (the deal, a card drawn) goes away as play moves on, the same way before
    and after a restart; none while the game hides from the seat what they told.
    """
    if not live.ended_early and not live.match.rules.keeps_notes(live.state, seat):
        return []
    public = [seq for seq, e in live.recent if e.audience is None]
    since = public[-RECENT_LINES] if len(public) >= RECENT_LINES else 0
    lines = [
        e.render(live.names)
        for seq, e in live.recent
        if e.audience and seat in e.audience and seq >= since
    ]
    return lines[-limit:]
