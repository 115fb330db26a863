"""A match loaded in memory: its row, seats and engine Match, with seat helpers."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event, GameModule, Match, Seat
from bot.store.repo import Changes, MatchRow, SeatRow
from bot.store.rows import NewNote, Standing

RECENT_EVENTS = 12
"""How many steps' events are kept in memory for the table and private views."""


RECENT_LINES = 6
"""Lines of recent moves shown on the table."""


@dataclass
class Staged:
    """Changes made to a match in memory that are stored together (MatchService.together)."""

    expect: Standing
    """The stored standing the changes are worked out on: they are written only on it."""
    values: dict[str, Any] = field(default_factory=dict)
    seats: dict[Seat, dict[str, Any]] = field(default_factory=dict)
    notes: list[NewNote] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.values or self.seats or self.notes)

    def changes(self) -> Changes:
        """Return what storing these changes writes."""
        seats = {s: dict(v) for s, v in self.seats.items()}
        return Changes(dict(self.values), seats, tuple(self.notes), self.expect)


@dataclass
class LiveMatch:
    """One match as the services see it."""

    row: MatchRow
    seats: list[SeatRow]
    module: GameModule
    match: Match
    recent: deque[tuple[int, Event]] = field(default_factory=lambda: deque(maxlen=64))
    staged: Staged | None = None
    """Changes applied in memory and not yet stored, while a `together` block is open."""

    @property
    def id(self) -> int:
        """Return the match id."""
        return self.row.id

    @property
    def version(self) -> int:
        """Return the number of logged steps."""
        return self.match.seq

    @property
    def standing(self) -> Standing:
        """Return what the stored match shows while this one in memory is current."""
        row = self.row
        return Standing(self.version, row.paused, row.status, row.seating, row.host_user_id)

    @property
    def state(self) -> Any:
        """Return the current game state."""
        return self.match.state

    @property
    def ended_early(self) -> bool:
        """Tell whether the match is over while its game is not: ended by its host or a
        moderator, or decided by forfeits."""
        return self.row.status in ("abandoned", "finished") and self.match.outcome is None

    def view(self, seat: Seat | None = None) -> Any:
        """Return what the seat (None: anyone) may know now: once the match is over, even
        when its game is not, what everyone may know at the end."""
        rules = self.match.rules
        if self.ended_early:
            return rules.ended_view(self.state, seat)
        return rules.view(self.state, seat)

    @property
    def names(self) -> list[str]:
        """Return display names in seat order."""
        return [s.display_name for s in self.seats]

    def seat_of(self, user_id: int) -> Seat | None:
        """Return the seat a member holds, if any."""
        for s in self.seats:
            if s.user_id == user_id and s.status == "playing":
                return s.seat
        return None

    def is_ai(self, seat: Seat) -> bool:
        """Tell whether the AI plays this seat (an AI seat, or a member who left)."""
        row = self.seats[seat]
        return row.user_id is None or row.status != "playing"

    def ai_level(self, seat: Seat) -> str | None:
        """Return the AI level playing a seat."""
        return self.seats[seat].ai_level

    @property
    def asked_in_secret(self) -> bool:
        """Tell whether who is asked to act now is secret (never named, never logged at INFO)."""
        return self.module.secret_turn(self.state)

    def human_user_ids(self) -> list[int]:
        """Return the members still playing, in seat order."""
        return [s.user_id for s in self.seats if s.user_id is not None and s.status == "playing"]

    def remember(self, seq: int, events: tuple[Event, ...]) -> None:
        """Keep a step's events for the table's recent moves."""
        for event in events:
            self.recent.append((seq, event))

    def recent_for(self, seat: Seat | None, limit: int | None = None) -> list[str]:
        """Render the latest `limit` events this seat (None: everyone) may read (limit None:
        the table's usual number)."""
        limit = RECENT_LINES if limit is None else limit
        lines = [e.render(self.names) for _, e in self.recent if e.visible_to(seat)]
        return lines[-limit:] if limit else []
