"""ModerationService: hosts and moderators remove members, hand hosting over, read the log.

The Discord layer decides who is a moderator (Manage Server or the moderator
role) and passes that in; every action here is written to the match log.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Sequence

import msgspec

from bot.app import notes
from bot.app.errors import NotAllowed, ServiceError
from bot.app.live import LiveMatch
from bot.app.lobbies import LobbyService
from bot.app.matches import PAUSED, MatchService
from bot.engine import Event, MatchOver
from bot.engine.i18n import N_, _
from bot.store.repo import Changes, MatchRow

log = logging.getLogger(__name__)

LOG_LINES = 40
"""Most lines on one page of the match log."""
LOG_PAGE_CHARACTERS = 3800
"""Most characters on one page of the match log (an embed's text holds 4,096)."""
"""/match log shows at most this many of the latest lines."""


class ModerationService:
    """Removes members, hands hosting over and lists and reads matches."""

    def __init__(self, matches: MatchService, lobbies: LobbyService) -> None:
        self.matches = matches
        self.lobbies = lobbies

    async def remove(self, match_id: int, user_id: int, by: int, *, moderator: bool) -> str:
        """Take a member out of a lobby, or hand their seat in a match to the AI."""
        row = await self.matches.row(match_id)
        if row.status == "lobby":
            await self.lobbies.remove(match_id, user_id, by, moderator=moderator)
            return row.status
        refusal = N_("Only the host or a moderator can remove players.")
        async with self._as_host(match_id, by, moderator, refusal) as live:
            seat = live.seat_of(user_id)
            if seat is None:
                raise ServiceError(_("That member is not playing in this match."))
            if user_id == by:
                raise ServiceError(_("To leave your own seat, use /match leave."))
            await self.matches.hand_to_ai(live, seat, "kicked", notes.kicked(seat, by), by)
        log.info("match %s: seat %s removed by user %s", match_id, seat, by)
        await self.matches.after_change(live)
        return row.status

    async def skip(self, match_id: int, by: int, *, moderator: bool) -> None:
        """Play the waiting members' turn now, as a timeout would, without counting it."""
        refusal = N_("Only the host or a moderator can skip a turn.")
        async with self._as_host(match_id, by, moderator, refusal) as live:
            if live.row.paused:
                raise ServiceError(_(PAUSED))
            waiting = self.matches.human_to_act(live)
            secret = live.asked_in_secret
            # A hidden decision is skipped alike whoever decides: a refusal when an AI seat
            # is asked would tell the host who holds the ability.
            if not waiting and not secret:
                raise ServiceError(_("Nobody is waiting on a member right now."))
            entry = notes.skipped(None if secret else sorted(waiting), by)
            async with self.matches.together(live):  # the note goes with the moves it made
                await self.matches.note(live, entry, by)
                await self.matches.autopilot(live, waiting)
        log.info("match %s: turn skipped by user %s", match_id, by)
        await self.matches.after_change(live)

    async def pause(self, match_id: int, by: int, *, moderator: bool, on: bool) -> None:
        """Pause a match (no moves, timers or AI moves) or resume it with fresh timers."""
        refusal = N_("Only the host or a moderator can pause or resume a match.")
        async with self._as_host(match_id, by, moderator, refusal) as live:
            if live.row.paused == on:
                raise ServiceError(
                    _("The match is already paused.") if on else _("It is not paused.")
                )
            async with self.matches.together(live):
                await self.matches.set_columns(live, {"paused": on})
                waiting = self.matches.human_to_act(live)
                await self.matches.set_columns(live, self.matches.timer_for(live, waiting))
                await self.matches.note(live, notes.paused(by, on), by)
        log.info("match %s: %s by user %s", match_id, "paused" if on else "resumed", by)
        await self.matches.after_change(live)

    async def hand_over(self, match_id: int, user_id: int, by: int, *, moderator: bool) -> None:
        """Make another seated member the host (host or moderator)."""
        async with self.matches.lock(match_id):
            row = await self.matches.row(match_id)
            if row.status not in ("lobby", "active"):
                raise MatchOver()
            _require_host(
                row, by, moderator, N_("Only the host or a moderator can hand hosting over.")
            )
            seats = await self.matches.repo.get_seats(match_id)
            if not any(s.user_id == user_id and s.status == "playing" for s in seats):
                raise ServiceError(_("The new host must be seated in this match."))
            if user_id == row.host_user_id:
                raise ServiceError(_("That member is already the host."))
            entry = notes.row(row.version, notes.new_host(user_id, by), by)
            changes = Changes({"host_user_id": user_id}, notes=(entry,))
            await self.matches.repo.change_match(match_id, changes)
            self.matches.reload(match_id)
        log.info("match %s: hosting handed to user %s by user %s", match_id, user_id, by)
        if row.status == "lobby":
            await self.matches.publisher.lobby_changed(match_id)
        else:
            await self.matches.publisher.match_changed(match_id)

    @contextlib.asynccontextmanager
    async def _as_host(
        self, match_id: int, by: int, moderator: bool, refusal: str
    ) -> AsyncIterator[LiveMatch]:
        """Hold an active match's lock, loaded, once `by` may act as its host (else refuse)."""
        async with self.matches.lock(match_id):
            live = await self.matches.load(match_id, fresh=True)
            if live.row.status != "active":
                raise MatchOver()
            _require_host(live.row, by, moderator, refusal)
            yield live

    async def open_matches(self, guild_id: int) -> list[MatchRow]:
        """Return the lobbies and active matches of a guild, newest first."""
        return await self.matches.repo.list_matches(guild_id, ("lobby", "active"))

    async def log_lines(self, match_id: int) -> list[str]:
        """Return the match log: public moves (every move once it is over) and notes. While
        the match is on, a game that keeps older moves face down (Coins' earlier tricks)
        shows no more of them than its table does."""
        live = await self.matches.load(match_id)
        over = live.row.status in ("finished", "abandoned")
        found: list[tuple[int, int, Event]] = []
        for row in await self.matches.repo.load_events(match_id):
            for event in msgspec.convert(row.events, tuple[Event, ...]):
                if over or event.visible_to(None):
                    found.append((row.seq, 0, event))
        shown = None if over else live.module.table_lines(live.match.state)
        if shown is not None:
            found = found[len(found) - shown :] if shown else []
        for note in await self.matches.repo.notes(match_id):
            found.append((note.seq, 1, notes.event(note.text)))
        found.sort(key=lambda f: (f[0], f[1]))
        return [log_line(event, live.names) for _seq, _order, event in found]


def log_pages(lines: list[str]) -> list[list[str]]:
    """Cut the match log into pages, the newest first; each page keeps its lines in order
    and holds at most `LOG_LINES` lines and `LOG_PAGE_CHARACTERS` characters."""
    pages: list[list[str]] = []
    page: list[str] = []
    size = 0
    for line in reversed(lines):
        line = line[:LOG_PAGE_CHARACTERS]
        if page and (len(page) == LOG_LINES or size + len(line) + 1 > LOG_PAGE_CHARACTERS):
            pages.append(page[::-1])
            page, size = [], 0
        page.append(line)
        size += len(line) + 1
    if page:
        pages.append(page[::-1])
    return pages


def log_line(event: Event, names: Sequence[str]) -> str:
    """Render one line of the match log; a private line (shown once the match is over)
    names whose it was, since its words address that player ("You drew 10")."""
    line = event.render(names)
    if event.audience is None:
        return line
    owners = ", ".join(names[s] for s in event.audience if 0 <= s < len(names))
    return _("{players}, privately: {line}").format(players=owners, line=line)


def _require_host(row: MatchRow, user_id: int, moderator: bool, refusal: str) -> None:
    """Refuse anyone but the host or a moderator, with ``refusal`` (a msgid) translated."""
    if not moderator and row.host_user_id != user_id:
        raise NotAllowed(_(refusal))
