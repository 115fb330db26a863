"""MatchService: the one door for every change to a running match.

Checks run in a fixed order: the match exists and is active, the member holds
a seat that may act, the click was made against the current version, the
action decodes and is legal; then the step is applied, chance steps resolved,
everything appended durably, and only then is anyone told.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import msgspec

from bot.app import notes
from bot.app.errors import MatchNotFound, NotAllowed, NotSeated, ServiceError
from bot.app.guild_settings import DEFAULTS, GuildConfig
from bot.app.live import RECENT_LINES, LiveMatch
from bot.app.ports import Clock, Publisher, system_clock
from bot.engine import (
    Event,
    Match,
    MatchOver,
    NotYourTurn,
    Outcome,
    Registry,
    Screen,
    Seat,
    StaleVersion,
    may_act,
)
from bot.store.errors import ConcurrencyConflict
from bot.store.repo import MatchRepository, MatchRow

if TYPE_CHECKING:
    from bot.app.guild_settings import SettingsService
    from bot.app.stats import StatsService

log = logging.getLogger(__name__)

Step = tuple[Seat, str, tuple[Event, ...]]
PAUSED = "This match is paused; the host or a moderator resumes it with /match resume."
REMIND_AT = 0.8
"""The reminder goes out when this share of the turn timer has passed."""
AUTOPILOT_STEPS = 50
"""At most this many AI steps are played for an absent seat when its timer runs out."""


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
class PrivateInfo:
    """One seat's private view of a match."""

    match_id: int
    version: int
    screen: Screen
    notes: list[str]


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
        self._cache: dict[int, LiveMatch] = {}
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._drivers: dict[int, asyncio.Task[None]] = {}

    async def config(self, guild_id: int | None) -> GuildConfig:
        """Return the settings of a guild (declared defaults without a settings service)."""
        return DEFAULTS if self.settings is None else await self.settings.get(guild_id)

    def lock(self, match_id: int) -> asyncio.Lock:
        """Return the lock that serializes changes to one match."""
        return self._locks[match_id]

    # ------------------------------------------------------------------ loading
    async def load(self, match_id: int) -> LiveMatch:
        """Return a match from memory, or rebuild it from snapshot and log."""
        live = self._cache.get(match_id)
        if live is not None:
            return live
        row = await self.repo.get_match(match_id)
        if row is None or row.game not in self.registry:
            raise MatchNotFound()
        module = self.registry.get(row.game)
        seats = await self.repo.get_seats(match_id)
        match = await self._rebuild(row, module, len(seats))
        live = LiveMatch(row=row, seats=seats, module=module, match=match)
        await self._recall(live)
        # Two loads may overlap (a timer and an AI driver after a restart): the first one
        # cached wins, so every change lands on the one object the others read.
        return self._cache.setdefault(match_id, live)

    async def _recall(self, live: LiveMatch) -> None:
        """Fill the recent moves from the log: engine events and notes, in order."""
        found: list[tuple[int, int, tuple[Event, ...]]] = []
        for event_row in await self.repo.last_events(live.id, 12):
            events = msgspec.convert(event_row.events, tuple[Event, ...])
            found.append((event_row.seq, 0, events))
        for note in await self.repo.notes(live.id, 6):
            found.append((note.seq, 1, (Event(note.text),)))
        for seq, _, events in sorted(found, key=lambda f: (f[0], f[1])):
            live.remember(seq, events)

    async def _rebuild(self, row: Any, module: Any, seats: int) -> Match:
        rules = module.rules
        if row.status == "lobby" or (row.status == "abandoned" and row.version == 0):
            # Never started (or nothing logged): a placeholder state with enough seats.
            count = max(seats, module.spec.min_seats)
            return Match.new(rules, count, module.spec.resolve_options(row.options, count))
        snapshot = await self.repo.latest_snapshot(row.id)
        if snapshot is None:
            match = Match.new(rules, seats, row.options)
        else:
            seq, data = snapshot
            match = Match(rules, msgspec.json.decode(data, type=rules.state_type), seq)
        tail = await self.repo.load_events(row.id, after_seq=match.seq)
        match.extend((e.seat, e.action) for e in tail)
        return match

    def forget(self, match_id: int) -> None:
        """Drop a match from memory so the next use reloads it from storage."""
        self._cache.pop(match_id, None)

    # ------------------------------------------------------------------ changes
    async def submit(self, match_id: int, user_id: int, version: int, token: str) -> LiveMatch:
        """Apply a member's action, in the fixed order of checks."""
        async with self.lock(match_id):
            live = await self.load(match_id)
            seat = self._check_actor(live, user_id, version)
            level = logging.DEBUG if live.asked_in_secret else logging.INFO
            trial = Match(live.match.rules, live.state, live.version)
            steps: list[Step] = [(seat, token, trial.step(seat, token))]
            steps += self._resolve_chance(live, trial)
            await self._persist(live, trial, steps)
            if live.seats[seat].timeouts:
                await self.set_seat(live, seat, timeouts=0)
        log.log(level, "match %s: seat %s acted (version %s)", match_id, seat, live.version)
        await self._after_change(live)
        return live

    def _check_actor(self, live: LiveMatch, user_id: int, version: int) -> Seat:
        if live.row.status != "active":
            raise MatchOver()
        seat = live.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        if live.row.paused:
            raise ServiceError(PAUSED)
        if version != live.version:
            raise StaleVersion()
        if seat not in may_act(live.module.rules, live.state):
            raise NotYourTurn()
        return seat

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

    async def _persist(self, live: LiveMatch, trial: Match, steps: list[Step]) -> None:
        """Append steps durably, then make them the live state."""
        rows = [(seat, token, msgspec.to_builtins(events)) for seat, token, events in steps]
        timer = self._timer_values(live, trial)
        try:
            await self.repo.append_events(live.id, live.version, rows, values=timer)
        except ConcurrencyConflict:
            self.forget(live.id)
            raise StaleVersion() from None
        first = live.version
        live.match = trial
        self._update_row(live, timer)
        for offset, (_, _, events) in enumerate(steps, start=1):
            live.remember(first + offset, events)
        await self._maybe_snapshot(live, first)
        if trial.outcome is not None:
            await self.finish(live)

    async def _maybe_snapshot(self, live: LiveMatch, before: int) -> None:
        if live.version // self.snapshot_every > before // self.snapshot_every:
            data = msgspec.json.encode(live.state)
            await self.repo.save_snapshot(live.id, live.version, data)

    async def finish(self, live: LiveMatch, outcome: Outcome | None = None) -> None:
        """Record the end of a match (by its rules, or by forfeits) and its results."""
        outcome = outcome or live.match.outcome
        assert outcome is not None
        result = msgspec.to_builtins(outcome)
        now = datetime.now(UTC)
        await self.repo.update_match(
            live.id,
            status="finished",
            result=result,
            finished_at=now,
            turn_deadline=None,
            reminder_at=None,
        )
        live.row = await self._row(live.id)
        log.info("match %s finished: %s", live.id, outcome.termination)
        if self.stats is not None:
            await self.stats.record(live, outcome)

    # ------------------------------------------------------------------ timers
    def human_to_act(self, live: LiveMatch, state: Any = None) -> frozenset[Seat]:
        """Return the seats to act that a member plays (the ones with a turn timer)."""
        state = live.state if state is None else state
        to_act = live.module.rules.to_act(state)
        return frozenset(s for s in to_act if s >= 0 and not live.is_ai(s))

    def _timer_values(self, live: LiveMatch, trial: Match) -> dict[str, Any]:
        """Return the timer columns to change as the match moves from live to trial."""
        after = self.human_to_act(live, trial.state) if trial.outcome is None else frozenset()
        before = self.human_to_act(live)
        if after and after <= before and live.row.turn_deadline is not None:
            return {}  # the same turn goes on: keep its deadline
        return self.timer_for(live, after)

    def timer_for(self, live: LiveMatch, seats: Iterable[Seat]) -> dict[str, Any]:
        """Return a fresh deadline and reminder time for these seats (none if no timer)."""
        seconds = live.row.turn_seconds or 0
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
        live.row = dataclasses.replace(live.row, **values)
        times = [v for k, v in values.items() if v is not None and k.endswith(("deadline", "_at"))]
        if times and self.on_timer is not None:
            self.on_timer(min(times))

    async def set_columns(self, live: LiveMatch, values: dict[str, Any]) -> None:
        """Store columns of a match (timers, paused) now and update the cached row."""
        if values:
            await self.repo.update_match(live.id, **values)
            self._update_row(live, values)

    # ------------------------------------------------------------------ the match log
    async def note(self, live: LiveMatch, entry: notes.Note, user_id: int | None = None) -> None:
        """Write an entry of the match log and show it among the recent moves."""
        kind, text = entry
        await self.repo.add_note(live.id, live.version, kind, text, user_id)
        live.remember(live.version, (Event(text),))

    async def set_seat(self, live: LiveMatch, seat: Seat, **values: Any) -> None:
        """Change a seat's columns and refresh the cached seats."""
        await self.repo.update_seat(live.id, seat, **values)
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

    async def begin(self, match_id: int) -> LiveMatch:
        """Turn a started lobby into a live match: seats fixed, first chance steps logged."""
        self.forget(match_id)
        live = await self.load(match_id)
        trial = Match.new(live.module.rules, len(live.seats), live.row.options)
        live.match = Match(trial.rules, trial.state, 0)
        steps = self._resolve_chance(live, trial)
        if steps:
            await self._persist(live, trial, steps)
        else:  # the lobby's expiry time gives way to the first turn's timer
            await self.set_columns(live, self.timer_for(live, self.human_to_act(live)))
        log.info("match %s started: %s with %s seats", match_id, live.row.game, len(live.seats))
        return live

    # ------------------------------------------------------------------ seats
    async def leave(self, match_id: int, user_id: int) -> LiveMatch:
        """Hand a member's seat to the AI for the rest of the match."""
        async with self.lock(match_id):
            live = await self.load(match_id)
            if live.row.status != "active":
                raise MatchOver()
            seat = live.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            await self.hand_to_ai(live, seat, "left", notes.left(seat), user_id)
        log.info("match %s: seat %s handed to the AI", match_id, seat)
        await self._after_change(live)
        return live

    async def hand_to_ai(
        self, live: LiveMatch, seat: Seat, status: str, entry: notes.Note, by: int | None
    ) -> None:
        """Let the AI play a member's seat from now on (left, kicked, autopilot, forfeited)."""
        level = live.module.default_policy
        await self.set_seat(live, seat, status=status, ai_level=level, timeouts=0)
        await self.note(live, entry, by)
        after = self.human_to_act(live)
        if not after:
            await self.set_columns(live, self.timer_for(live, after))

    async def end(self, match_id: int, user_id: int, *, moderator: bool) -> LiveMatch:
        """End a match early (host or moderator)."""
        async with self.lock(match_id):
            live = await self.load(match_id)
            if live.row.status not in ("active", "lobby"):
                raise MatchOver()
            if user_id != live.row.host_user_id and not moderator:
                raise NotAllowed("Only the host or a moderator can end this match.")
            was_lobby = live.row.status == "lobby"
            now = datetime.now(UTC)
            await self.repo.update_match(
                match_id,
                status="abandoned",
                finished_at=now,
                turn_deadline=None,
                reminder_at=None,
            )
            live.row = await self._row(match_id)
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
        await self.publisher.match_changed(live.id)
        self.kick(live.id)

    def kick(self, match_id: int) -> None:
        """Make sure AI seats that may act will act."""
        task = self._drivers.get(match_id)
        if task is None or task.done():
            self._drivers[match_id] = asyncio.create_task(self._drive(match_id))

    async def _drive(self, match_id: int) -> None:
        try:
            while await self._ai_step(match_id):
                await self.publisher.match_changed(match_id)
        except Exception:
            log.exception("match %s: the AI driver stopped", match_id)

    async def _ai_step(self, match_id: int) -> bool:
        live = await self.load(match_id)
        if live.row.status != "active" or not self._ai_may_act(live):
            return False
        pause = self._pause(live)
        if pause:
            await asyncio.sleep(pause)
            return await self._paused_chance(match_id)
        delay = (await self.config(live.row.guild_id)).ai_delay
        delay = self.ai_move_delay if delay is None else delay
        if delay:
            await asyncio.sleep(delay)
        async with self.lock(match_id):
            live = await self.load(match_id)
            if live.row.status != "active" or live.row.paused:
                return False
            # A policy may search for a while (Monte Carlo): keep it off the event loop.
            choice = await asyncio.to_thread(self._ai_choice, live)
            if choice is None:
                return False
            trial = Match(live.match.rules, live.state, live.version)
            steps: list[Step] = [(choice[0], choice[1], trial.step(*choice))]
            steps += self._resolve_chance(live, trial)
            await self._persist(live, trial, steps)
        return True

    def _pause(self, live: LiveMatch) -> float:
        """Return the seconds a fixed wait of the game still asks for (0: none pending)."""
        if not live.match.chance_pending or live.match.outcome is not None:
            return 0.0
        return live.module.chance_pause(live.state)

    async def _paused_chance(self, match_id: int) -> bool:
        """Draw the chance step a fixed wait held back (then any that follow it)."""
        async with self.lock(match_id):
            live = await self.load(match_id)
            if live.row.status != "active" or live.row.paused or not self._pause(live):
                return False
            trial = Match(live.match.rules, live.state, live.version)
            rng = random.Random(f"{live.row.seed}:{trial.seq}")
            token = trial.rules.chance_outcome(trial.state, rng).token()
            steps: list[Step] = [(-1, token, trial.step(-1, token))]
            steps += self._resolve_chance(live, trial)
            await self._persist(live, trial, steps)
        return True

    def _ai_may_act(self, live: LiveMatch) -> bool:
        if live.row.paused:
            return False
        if self._pause(live):
            return True
        return any(live.is_ai(s) for s in live.module.rules.to_act(live.state) if s >= 0)

    def _ai_choice(
        self, live: LiveMatch, seats: frozenset[Seat] | None = None
    ) -> tuple[Seat, str] | None:
        """Ask AI seats (or these seats) in turn; if nobody else can move, the first must act."""
        rules = live.module.rules
        to_act = sorted(s for s in rules.to_act(live.state) if s >= 0)
        ai_seats = [s for s in to_act if (live.is_ai(s) if seats is None else s in seats)]
        rounds = (False,) if len(ai_seats) < len(to_act) else (False, True)
        if seats is not None:
            rounds = (True,)  # an absent member's turn is played, not passed
        for must_act in rounds:
            for seat in ai_seats:
                level = live.ai_level(seat) if seats is None else live.module.timeout_policy
                policy = live.module.policy(level)
                rng = random.Random(f"{live.row.seed}:{live.version}:ai:{seat}")
                view = rules.view(live.state, seat)
                action = policy.choose(
                    view, rules.legal_actions(live.state, seat), rng, must_act=must_act
                )
                if action is not None:
                    return seat, action.token()
        return None

    async def autopilot(self, live: LiveMatch, seats: frozenset[Seat]) -> None:
        """Play the AI for these members' seats until none of them is to act (lock held)."""
        for _ in range(AUTOPILOT_STEPS):
            waiting = seats & self.human_to_act(live)
            if live.row.status != "active" or not waiting:
                return
            choice = await asyncio.to_thread(self._ai_choice, live, waiting)
            if choice is None:
                return
            trial = Match(live.match.rules, live.state, live.version)
            steps: list[Step] = [(choice[0], choice[1], trial.step(*choice))]
            steps += self._resolve_chance(live, trial)
            await self._persist(live, trial, steps)

    async def after_change(self, live: LiveMatch) -> None:
        """Refresh the table and let AI seats act (call once the lock is released)."""
        await self._after_change(live)

    async def resume_all(self) -> None:
        """After a restart, let AI seats of active matches carry on."""
        for row in await self.repo.list_matches(status=("active",)):
            self.kick(row.id)

    async def set_table_message(self, match_id: int, message_id: int) -> None:
        """Remember a table message posted anew (the old one was deleted)."""
        await self.repo.update_match(match_id, table_message_id=message_id)
        live = self._cache.get(match_id)
        if live is not None:
            live.row = await self._row(match_id)

    # ------------------------------------------------------------------ reading
    async def table(self, match_id: int) -> TableInfo:
        """Build the public table of a match."""
        live = await self.load(match_id)
        rules = live.module.rules
        # Drawing images takes tens of milliseconds: keep it off the event loop.
        outcome = live.match.outcome
        if outcome is None and live.row.result is not None:
            outcome = msgspec.convert(live.row.result, Outcome)  # decided by forfeits
        screen = await asyncio.to_thread(
            live.module.presenter.table, rules.view(live.state, None), live.names, outcome
        )
        turn = [
            live.seats[s].user_id
            for s in sorted(rules.to_act(live.state))
            if s >= 0 and not live.is_ai(s) and live.row.status == "active"
        ]
        secret = live.asked_in_secret
        if live.row.paused:
            turn = []  # nobody is asked to act while the match is paused
        return TableInfo(
            match_id=live.id,
            version=live.version,
            status=live.row.status,
            channel_id=live.row.thread_id or live.row.channel_id,
            message_id=live.row.table_message_id,
            screen=screen,
            recent=live.recent_for(None),
            turn_user_ids=[] if secret else [u for u in turn if u is not None],
            game_key=live.row.game,
            deadline=live.row.turn_deadline if turn else None,
            secret_user_ids=[u for u in turn if u is not None] if secret else [],
            hand_label=live.module.spec.hand_label,
            paused=live.row.paused,
        )

    async def private(self, match_id: int, user_id: int, step: str | None = None) -> PrivateInfo:
        """Build a member's private view, with the actions open to them now."""
        live = await self.load(match_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        rules = live.module.rules
        active = live.row.status == "active" and seat in may_act(rules, live.state)
        legal = rules.legal_actions(live.state, seat) if active else ()
        view = rules.view(live.state, seat)
        presenter = live.module.presenter
        try:
            screen = await asyncio.to_thread(presenter.private, view, legal, live.names, step)
        except Exception:
            log.debug("match %s: step %r not understood, showing the first step", match_id, step)
            screen = await asyncio.to_thread(presenter.private, view, legal, live.names, None)
        return PrivateInfo(live.id, live.version, screen, _private_notes(live, seat))

    async def user_matches(self, channel_id: int, user_id: int) -> list[int]:
        """Return active matches in a channel where the member holds a seat, newest first."""
        rows = await self.repo.list_matches(status=("active",))
        found = []
        for row in sorted(rows, key=lambda r: r.id, reverse=True):
            if channel_id not in (row.channel_id, row.thread_id):
                continue
            seats = await self.repo.get_seats(row.id)
            if any(s.user_id == user_id and s.status == "playing" for s in seats):
                found.append(row.id)
        return found


def _private_notes(live: LiveMatch, seat: Seat, limit: int = 5) -> list[str]:
    """Render the events addressed to this seat among the table's recent moves.

    Only those no older than the oldest public line on the table are kept, so a
    note (the deal, a card drawn) goes away as play moves on, the same way before
    and after a restart.
    """
    public = [seq for seq, e in live.recent if e.audience is None]
    since = public[-RECENT_LINES] if len(public) >= RECENT_LINES else 0
    lines = [
        e.render(live.names)
        for seq, e in live.recent
        if e.audience and seat in e.audience and seq >= since
    ]
    return lines[-limit:]
