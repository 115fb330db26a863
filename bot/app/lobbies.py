"""LobbyService: open a match, fill its seats, start, cancel, rematch."""

from __future__ import annotations

import dataclasses
import functools
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.app import notes
from bot.app.errors import MatchNotFound, NotAllowed, ServiceError
from bot.app.guild_settings import GuildConfig
from bot.app.matches import MatchService
from bot.app.stats import DROPPED
from bot.app.texts import game_text, game_title
from bot.draw.markers import robot_name
from bot.engine import GameModule, OptionSpec, Registry
from bot.engine.i18n import N_, _, ngettext
from bot.store.errors import ConcurrencyConflict, NotFound
from bot.store.repo import Changes, MatchRepository, MatchRow, NewMatch, NewNote, SeatRow

log = logging.getLogger(__name__)

PLAYERS = "players"
"""The lobby's own setting kept with the match options: the most seats the host wants."""

CLOSED = N_("This lobby is closed: the match has started or was cancelled.")
AI_NAMES = ("Ada", "Blaise", "Cleo", "Dante", "Edda", "Fermat")
SeatSpec = tuple[int | None, str | None, str]
"""A lobby seat: member id (None for AI), AI level, display name."""
SeatsChange = tuple[list[tuple[int, int | None, str | None, str]] | None, dict[str, Any] | None]
"""What a lobby step stores: the new seats and the match columns to change (None: as they are)."""
"""New seats (numbered) and new options (None: unchanged) of a lobby."""


@dataclass(frozen=True)
class LobbyInfo:
    """What the lobby message shows."""

    row: MatchRow
    module: GameModule
    seats: list[SeatRow]

    @property
    def match_id(self) -> int:
        """Return the match id."""
        return self.row.id

    @property
    def can_start(self) -> bool:
        """Tell whether enough seats are filled to start."""
        return len(self.seats) >= self.module.spec.min_seats

    @property
    def seat_options(self) -> tuple[OptionSpec, ...]:
        """Return the per-seat options that apply with this lobby's match options."""
        spec = self.module.spec
        chosen = {o.name: o.default for o in spec.match_options}
        chosen.update({k: str(v) for k, v in self.row.options.items()})
        return tuple(o for o in spec.seat_options if o.applies(chosen))

    def picks(self, seat: int) -> list[str]:
        """Return a seat's picks of the per-seat options that apply, as labels."""
        out = []
        for option in self.seat_options:
            value = _picks(self, option.name)[seat]
            out.append(option.label(value))
        return out

    @property
    def most_seats(self) -> int:
        """Return how many seats this lobby has: the host's `players`, else the game's most."""
        spec = self.module.spec
        chosen = str(self.row.options.get(PLAYERS, spec.max_seats))
        most = int(chosen) if chosen.isdigit() else spec.max_seats
        return min(max(most, spec.min_seats), spec.max_seats)

    @property
    def full(self) -> bool:
        """Tell whether every seat is taken."""
        return len(self.seats) >= self.most_seats


class LobbyService:
    """Lobbies live in the same tables as matches, with status 'lobby'."""

    def __init__(
        self,
        repo: MatchRepository,
        registry: Registry,
        matches: MatchService,
        *,
        seeds: random.Random | None = None,
    ) -> None:
        self.repo = repo
        self.seeds = seeds or random.SystemRandom()
        """Where match seeds come from; tests pass a seeded generator."""
        self.registry = registry
        self.matches = matches

    async def open(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, str | None],
        host: tuple[int, str],
        pacing: str | None = None,
        thread_id: int | None = None,
        players: int | None = None,
    ) -> LobbyInfo:
        """Open a lobby with the host in the first seat, if the server's settings allow it.

        `channel_id` is the channel the match belongs to (a thread's parent);
        `thread_id` the thread it runs in, if any; `players` the most seats the host
        wants (within the game's range; kept with the options, so a rematch keeps it).
        """
        module = self.registry.get(game)
        config = await self.matches.config(guild_id)
        self._check_allowed(config, channel_id, game)
        resolved = module.spec.resolve_options(options, seats=1)
        spec = module.spec
        if players is not None and not spec.min_seats <= players <= spec.max_seats:
            raise ServiceError(
                _("{title} takes {low} to {high} players.").format(
                    title=game_title(spec), low=spec.min_seats, high=spec.max_seats
                )
            )
        if players is not None and players < spec.max_seats:
            resolved[PLAYERS] = str(players)

        new = NewMatch(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            rules_version=module.spec.rules_version,
            options=resolved,
            seed=self.seeds.getrandbits(48),
            host_user_id=host[0],
            thread_id=thread_id,
            turn_seconds=config.turn_seconds(pacing),
            turn_deadline=self._expiry(config),
            seats=[(0, host[0], None, host[1])],
        )
        row, seats = await self.repo.open_lobby(new, room=self._room(config, guild_id))
        log.info("lobby %s opened for %s in channel %s", row.id, game, channel_id)
        self._wake(config)
        return LobbyInfo(row=row, module=module, seats=seats)

    def _check_allowed(self, config: GuildConfig, channel_id: int, game: str) -> None:
        if config.channels and channel_id not in config.channels:
            where = ", ".join(f"<#{c}>" for c in config.channels)
            raise NotAllowed(
                _("Games can't be started in this channel; try {where}.").format(where=where)
            )
        if game in config.disabled_games:
            title = self.registry.get(game).spec.title
            raise NotAllowed(
                _("{title} is turned off in this server.").format(title=game_text(game, title))
            )

    def _room(self, config: GuildConfig, guild_id: int | None) -> Callable[[int, int], None] | None:
        """The check a new lobby's transaction makes of the open lobbies and matches in its
        server and channel: it refuses when either has its limit. A DM match has none."""
        return None if guild_id is None else functools.partial(self._refuse_if_full, config)

    def _refuse_if_full(self, config: GuildConfig, in_guild: int, in_channel: int) -> None:
        """Refuse a new lobby when the server or the channel has its limit of open matches."""
        if in_guild >= config.max_matches:
            count = config.max_matches
            text = ngettext(
                "This server already has {count} open lobby or match, its limit; "
                "finish or end it first.",
                "This server already has {count} open lobbies and matches, "
                "its limit; finish or end one first.",
                count,
            )
            raise ServiceError(text.format(count=count))
        if in_channel >= config.max_per_channel:
            count = config.max_per_channel
            text = ngettext(
                "This channel already has {count} open lobby or match, its limit; "
                "finish or end it first, or use another channel.",
                "This channel already has {count} open lobbies and matches, "
                "its limit; finish or end one first, or use another channel.",
                count,
            )
            raise ServiceError(text.format(count=count))

    def _expiry(self, config: GuildConfig) -> datetime | None:
        """Return when a lobby opened now closes by itself (None: never)."""
        if not config.lobby_minutes:
            return None
        return self.matches.clock() + timedelta(minutes=config.lobby_minutes)

    def _wake(self, config: GuildConfig) -> None:
        expiry = self._expiry(config)
        if expiry is not None and self.matches.on_timer is not None:
            self.matches.on_timer(expiry)

    async def info(self, match_id: int) -> LobbyInfo:
        """Return a lobby (or a match that was a lobby) as the lobby message shows it."""
        found = await self.repo.match_and_seats(match_id)
        if found is None or found[0].game not in self.registry:
            raise MatchNotFound()
        row, seats = found
        return LobbyInfo(row=row, module=self.registry.get(row.game), seats=seats)

    async def join(self, match_id: int, user_id: int, name: str) -> LobbyInfo:
        """Seat a member (one transaction: read, check and write)."""

        def change(row: MatchRow, seats: list[SeatRow]) -> SeatsChange:
            lobby = self._as_open_lobby(row, seats)
            if any(s.user_id == user_id for s in lobby.seats):
                raise ServiceError(_("You have already joined this lobby."))
            if lobby.full:
                raise ServiceError(_("This lobby is full."))
            specs = [*_specs(lobby.seats), (user_id, None, name)]
            return _numbered(specs), _options(_grown_picks(lobby))

        async with self.matches.lock(match_id):
            return await self._change(match_id, change)

    async def leave(
        self,
        match_id: int,
        user_id: int,
        absent: str = N_("You are not in this lobby."),
        note: notes.Note | None = None,
        by: int | None = None,
    ) -> LobbyInfo:
        """Free a member's seat; the host's leaving passes hosting on or cancels (one
        transaction: read, check and write, with the `note` by `by` in the match log).
        `absent` refuses a member not seated."""

        def change(row: MatchRow, seats: list[SeatRow]) -> SeatsChange:
            lobby = self._as_open_lobby(row, seats)
            if not any(s.user_id == user_id for s in lobby.seats):
                raise ServiceError(_(absent))
            rest = [s for s in _specs(lobby.seats) if s[0] != user_id]
            index = next(s.seat for s in lobby.seats if s.user_id == user_id)
            values = _options(_dropped_pick(lobby, index)) or {}
            if user_id == lobby.row.host_user_id:
                values.update(_next_host(rest))
            return _numbered(rest), values

        logged = () if note is None else (notes.row(0, note, by),)
        async with self.matches.lock(match_id):
            return await self._change(match_id, change, logged)

    async def add_ai(self, match_id: int, user_id: int) -> LobbyInfo:
        """Add an AI seat (host only; one transaction: read, check and write)."""

        def change(row: MatchRow, seats: list[SeatRow]) -> SeatsChange:
            lobby = self._as_open_lobby(row, seats)
            self._require_host(lobby, user_id, N_("Only the host can add AI seats."))
            config = self.matches.cached_config(lobby.row.guild_id)
            if config is None:
                raise _NeedSettings(lobby.row.guild_id)
            if not config.ai_seats:
                raise NotAllowed(_("AI seats are turned off in this server."))
            if lobby.full:
                raise ServiceError(_("This lobby is full."))
            taken = {s.display_name for s in lobby.seats}
            name = next(robot_name(n) for n in AI_NAMES if robot_name(n) not in taken)
            level = lobby.module.default_policy
            specs = [*_specs(lobby.seats), (None, level, name)]
            return _numbered(specs), _options(_grown_picks(lobby))

        async with self.matches.lock(match_id):
            try:
                return await self._change(match_id, change)
            except _NeedSettings as need:  # the server's settings were not read yet
                await self.matches.config(need.guild_id)
                return await self._change(match_id, change)

    async def start(self, match_id: int, user_id: int) -> LobbyInfo:
        """Start the match (host only, once enough seats are filled): one transaction."""

        def check(row: MatchRow, seats: list[SeatRow]) -> dict[str, Any]:
            lobby = self._as_open_lobby(row, seats)
            self._require_host(lobby, user_id, N_("Only the host can start the match."))
            if not lobby.can_start:
                need = lobby.module.spec.min_seats
                text = ngettext(
                    "{title} needs at least {count} seat.",
                    "{title} needs at least {count} seats.",
                    need,
                )
                raise ServiceError(text.format(title=game_title(lobby.module.spec), count=need))
            options = lobby.module.spec.resolve_options(lobby.row.options, len(lobby.seats))
            refusal = getattr(lobby.module.rules, "start_refusal", None)
            problem = refusal(len(lobby.seats), options) if refusal else None
            if problem:  # an option this seat count cannot play (a game's own reason)
                raise ServiceError(_(problem))
            # The lobby's size stays with the match for its rematch (rules read only theirs).
            if PLAYERS in lobby.row.options:
                options[PLAYERS] = str(lobby.row.options[PLAYERS])
            return options

        async with self.matches.lock(match_id):
            try:
                live = await self.matches.begin(match_id, check)
            except ConcurrencyConflict:
                raise ServiceError(_(CLOSED)) from None
            except NotFound:
                raise MatchNotFound() from None
        self.matches.kick(match_id)
        row = dataclasses.replace(live.row, version=live.version)  # the live row keeps 0
        return LobbyInfo(row=row, module=live.module, seats=live.seats)

    async def cancel(self, match_id: int, user_id: int, *, moderator: bool = False) -> LobbyInfo:
        """Close the lobby without playing (host or moderator)."""
        async with self.matches.lock(match_id):
            lobby = await self._open_lobby(match_id)
            if not moderator:
                refusal = N_("Only the host or a moderator can cancel the lobby.")
                self._require_host(lobby, user_id, refusal)
            now = datetime.now(UTC)
            try:  # still a lobby: another process may have started it meanwhile
                await self.repo.update_match(
                    match_id,
                    expect_status="lobby",
                    status="abandoned",
                    finished_at=now,
                    turn_deadline=None,
                )
            except ConcurrencyConflict:
                raise ServiceError(_(CLOSED)) from None
        return await self.info(match_id)

    async def expire(self, match_id: int) -> bool:
        """Close a lobby whose time ran out; False if it was started or closed meanwhile."""
        async with self.matches.lock(match_id):
            lobby = await self.info(match_id)
            deadline = lobby.row.turn_deadline
            if lobby.row.status != "lobby" or deadline is None or deadline > self.matches.clock():
                return False
            minutes = (await self.matches.config(lobby.row.guild_id)).lobby_minutes
            now = datetime.now(UTC)
            values = {"status": "abandoned", "finished_at": now, "turn_deadline": None}
            changes = Changes(values, notes=(notes.row(0, notes.lobby_expired(minutes)),))
            try:  # still a lobby: another process may have started it meanwhile
                await self.repo.change_match(match_id, changes, expect_status="lobby")
            except ConcurrencyConflict:
                return False
            self.matches.forget(match_id)
        log.info("lobby %s expired", match_id)
        await self.matches.publisher.lobby_changed(match_id)
        return True

    async def remove(self, match_id: int, user_id: int, by: int, *, moderator: bool) -> LobbyInfo:
        """Take a member out of a lobby (host or moderator)."""
        lobby = await self._open_lobby(match_id)
        if not moderator:
            self._require_host(lobby, by, N_("Only the host can remove members."))
        if user_id == by:
            raise ServiceError(_("To leave a lobby yourself, press Leave."))
        absent = N_("That member is not in this lobby.")
        entry = notes.kicked_from_lobby(user_id, by)
        info = await self.leave(match_id, user_id, absent, entry, by)
        await self.matches.publisher.lobby_changed(match_id)
        return info

    async def rematch(self, match_id: int, user_id: int) -> tuple[LobbyInfo, bool]:
        """Open a new lobby with the same seats and options, the clicker hosting it; return
        it and whether this click opened it (else it was already open).

        Members who left, were removed or forfeited are not seated again, and may not
        open it. While a rematch lobby of this match is open, another click (a double
        click, two members at once, another process) gets that lobby, not a second one.
        """
        old = await self.info(match_id)
        if old.row.status not in ("finished", "abandoned"):
            raise ServiceError(_("A rematch can be opened once this match is over."))
        kept = [s for s in old.seats if s.status not in DROPPED]
        if not any(s.user_id == user_id for s in kept):
            if any(s.user_id == user_id for s in old.seats):
                raise NotAllowed(_("A player who left or was removed cannot open a rematch."))
            raise NotAllowed(_("Only players of this match can open a rematch."))
        config = await self.matches.config(old.row.guild_id)
        self._check_allowed(config, old.row.channel_id, old.row.game)
        seated = [s for s in kept if s.user_id is not None or config.ai_seats]
        specs = [
            (s.user_id, s.ai_level if s.user_id is None else None, s.display_name) for s in seated
        ]
        # Each seat kept takes its own picks (team, reaction settings) to its new place.
        options = _repicked(old, lambda _option, picks: [picks[s.seat] for s in seated])
        rematch = NewMatch(
            guild_id=old.row.guild_id,
            channel_id=old.row.channel_id,
            game=old.row.game,
            rules_version=old.module.spec.rules_version,
            options=dict(old.row.options) if options is None else options,
            seed=self.seeds.getrandbits(48),
            host_user_id=user_id,
            thread_id=old.row.thread_id,
            turn_seconds=old.row.turn_seconds,
            turn_deadline=self._expiry(config),
            seats=[(i, uid, level, name) for i, (uid, level, name) in enumerate(specs)],
            rematch_of=match_id,
        )
        room = self._room(config, old.row.guild_id)
        new_id, opened = await self.repo.open_rematch(rematch, room=room)
        if opened:
            self._wake(config)
            log.info("lobby %s opened as a rematch of %s", new_id, match_id)
        return await self.info(new_id), opened

    async def pick(self, match_id: int, user_id: int, option: str, value: str) -> LobbyInfo:
        """Record a seat's pick of a per-seat option (a team, say): one transaction."""

        def change(row: MatchRow, seats: list[SeatRow]) -> SeatsChange:
            lobby = self._as_open_lobby(row, seats)
            spec = next((o for o in lobby.seat_options if o.name == option), None)
            if spec is None or value not in spec.values():
                raise ServiceError(_("That choice is not available in this lobby."))
            seat = next((s.seat for s in lobby.seats if s.user_id == user_id), None)
            if seat is None:
                raise ServiceError(_("Join the lobby first, then pick."))
            picks = _picks(lobby, option)
            picks[seat] = value
            return None, {"options": {**lobby.row.options, option: ",".join(picks)}}

        async with self.matches.lock(match_id):
            return await self._change(match_id, change)

    async def set_message(
        self, match_id: int, message_id: int, thread_id: int | None = None
    ) -> None:
        """Remember the message that shows the lobby and later the table (and its thread)."""
        values: dict[str, Any] = {"lobby_message_id": message_id, "table_message_id": message_id}
        if thread_id is not None:
            values["thread_id"] = thread_id
        await self.repo.update_match(match_id, **values)
        self.matches.reload(match_id)

    async def _open_lobby(self, match_id: int) -> LobbyInfo:
        lobby = await self.info(match_id)
        if lobby.row.status != "lobby":
            raise ServiceError(_(CLOSED))
        return lobby

    def _as_open_lobby(self, row: MatchRow, seats: list[SeatRow]) -> LobbyInfo:
        """Return a lobby read inside a transaction; refuse one that is closed or unknown."""
        if row.game not in self.registry:
            raise MatchNotFound()
        if row.status != "lobby":
            raise ServiceError(_(CLOSED))
        return LobbyInfo(row=row, module=self.registry.get(row.game), seats=seats)

    async def _change(
        self,
        match_id: int,
        change: Callable[[MatchRow, list[SeatRow]], SeatsChange],
        logged: Sequence[NewNote] = (),
    ) -> LobbyInfo:
        """Change a lobby's seats (and add these log entries) in one transaction; return the
        lobby as stored."""
        try:
            row, seats = await self.repo.change_lobby(match_id, change, logged)
        except NotFound:
            raise MatchNotFound() from None
        return LobbyInfo(row=row, module=self.registry.get(row.game), seats=seats)

    def _require_host(self, lobby: LobbyInfo, user_id: int, refusal: str) -> None:
        """Refuse anyone but the host, with ``refusal`` (a msgid) translated."""
        if lobby.row.host_user_id != user_id:
            raise NotAllowed(_(refusal))


class _NeedSettings(Exception):
    """A lobby step needs a server's settings that are not in memory: read them, then retry."""

    def __init__(self, guild_id: int | None) -> None:
        super().__init__(guild_id)
        self.guild_id = guild_id


def _options(options: dict[str, Any] | None) -> dict[str, Any] | None:
    """Return the match columns that store these options (None: unchanged)."""
    return None if options is None else {"options": options}


def _next_host(rest: list[SeatSpec]) -> dict[str, Any]:
    """Return the columns a lobby changes when its host leaves: the next member hosts, or
    with nobody left it closes."""
    humans = [s[0] for s in rest if s[0] is not None]
    if humans:
        return {"host_user_id": humans[0]}
    return {"status": "abandoned", "finished_at": datetime.now(UTC)}


def _numbered(specs: list[SeatSpec]) -> list[tuple[int, int | None, str | None, str]]:
    """Number lobby seats in order: the rows `set_seats` and `change_lobby` store."""
    return [(i, uid, level, name) for i, (uid, level, name) in enumerate(specs)]


def _grown_picks(lobby: LobbyInfo) -> dict[str, Any] | None:
    """Return the options with a new seat given its value of each per-seat option.

    A balanced option (a team) gets the least-picked value; a personal one (a
    reaction preference) gets its declared default. Other seats keep theirs.
    """

    def grow(option: OptionSpec, picks: list[str]) -> list[str]:
        value = option.default
        if option.balanced:
            counts = {v: picks.count(v) for v, _label in option.choices}
            value = min(counts, key=lambda v: counts[v])
        return [*picks, value]

    return _repicked(lobby, grow)


def _dropped_pick(lobby: LobbyInfo, index: int) -> dict[str, Any] | None:
    """Return the options without the picks of the seat at `index`."""
    return _repicked(lobby, lambda _option, picks: picks[:index] + picks[index + 1 :])


def _repicked(
    lobby: LobbyInfo, change: Callable[[OptionSpec, list[str]], list[str]]
) -> dict[str, Any] | None:
    """Return the options with every per-seat option's picks changed (None: there are none)."""
    options = lobby.module.spec.seat_options
    if not options:
        return None
    changed = dict(lobby.row.options)
    for option in options:
        changed[option.name] = ",".join(change(option, _picks(lobby, option.name)))
    return changed


def _picks(lobby: LobbyInfo, option: str) -> list[str]:
    """Return a per-seat option's picks, one per lobby seat, in seat order."""
    spec = next(o for o in lobby.module.spec.seat_options if o.name == option)
    picks = [p for p in str(lobby.row.options.get(option, "")).split(",") if p]
    picks += [spec.default] * (len(lobby.seats) - len(picks))
    return picks[: len(lobby.seats)]


def _specs(seats: list[SeatRow]) -> list[SeatSpec]:
    return [(s.user_id, s.ai_level, s.display_name) for s in seats]
