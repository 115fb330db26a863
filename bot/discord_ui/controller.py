"""Controller: turns interactions into service calls and answers within 3 seconds.

Every handler acknowledges first (deciding then whether the answer is
ephemeral), calls one service, and answers with a view or one readable
sentence. A private view is edited in place only when it sits in an ephemeral
message or a DM; anywhere else it is sent as a new ephemeral message, so a
forged custom_id on a public message can never turn a hand public.

Languages: a handler runs in the clicking member's language (``interaction.locale``),
so refusals and private views are theirs; what it posts or edits in the channel
(a lobby, a thread notice) is rendered in :meth:`Controller.public`, the
server's language (`/config language`, else the server's Discord locale).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

import discord
from cachetools import LRUCache

from bot.app.background import wind_down
from bot.app.errors import NotSeated
from bot.app.guild_settings import SettingsService
from bot.app.lobbies import LobbyInfo, LobbyService
from bot.app.matches import MatchService, PrivateInfo
from bot.app.moderation import ModerationService
from bot.app.stats import StatsService
from bot.app.texts import game_title
from bot.discord_ui import messages
from bot.discord_ui.components import ClickHandlers
from bot.discord_ui.payloads import (
    jump_url,
    lobby_payload,
    out_of_date_payload,
    private_payload,
    rules_payload,
    seat_gone_payload,
    table_payload,
)
from bot.discord_ui.perms import is_moderator
from bot.engine import BadToken, GameError, GameModule, Registry, StaleVersion
from bot.engine.i18n import current_language, normalize, use_locale
from bot.store.rows import DmViewRow

log = logging.getLogger(__name__)
DmMessage = Callable[[int, int], Any]
"""Return an editable handle on a direct message from its channel and message ids."""
F = TypeVar("F", bound=Callable[..., Awaitable[None]])
VIEW_TTL = 14 * 60
"""Seconds an open ephemeral view is kept current: Discord lets an interaction's
messages be edited for 15 minutes. At this age the view is told it is out of date."""
LANGUAGES_REMEMBERED = 10_000
"""How many members' client languages are kept in memory."""


@dataclass
class OpenView:
    """A private view a member has open: where it is and which step it shows.

    An ephemeral view is edited through the interaction that showed it, which
    Discord allows for 15 minutes; a view in a direct message is the bot's own
    message and stays editable.
    """

    interaction: discord.Interaction | None
    message_id: int | None
    """The follow-up message that holds it; None for the interaction's own message."""
    step: str | None
    since: float
    message: Any = None
    """The message itself, for a view in a direct message."""
    expiry: asyncio.TimerHandle | None = None
    version: int | None = None
    """The match version it shows (None: unknown, redraw at the next change)."""
    language: str | None = None
    """The language a view in a direct message is drawn in (None: the member's as last seen)."""

    @property
    def in_dm(self) -> bool:
        """Tell whether the view is a direct message (never too old to edit)."""
        return self.message is not None

    @property
    def key(self) -> tuple[int | None, bool]:
        """Identify the message the view is in, whichever interaction last edited it."""
        if self.message is not None:
            return self.message.id, True
        if self.message_id is not None:
            return self.message_id, False
        assert self.interaction is not None
        message = self.interaction.message
        return (message.id if message is not None else None), False

    async def edit(self, **payload: Any) -> None:
        """Replace what the view shows."""
        if self.message is not None:
            await self.message.edit(**payload)
        elif self.message_id is None:
            assert self.interaction is not None
            await self.interaction.edit_original_response(**payload)
        else:
            assert self.interaction is not None
            await self.interaction.followup.edit_message(self.message_id, **payload)

    async def delete(self) -> None:
        """Remove the view's message."""
        if self.message is not None:
            await self.message.delete()
        elif self.message_id is None:
            assert self.interaction is not None
            await self.interaction.delete_original_response()
        else:
            assert self.interaction is not None
            await self.interaction.followup.delete_message(self.message_id)


def guarded(handler: F) -> F:
    """Answer any unexpected failure with one sentence instead of a dead interaction."""

    @functools.wraps(handler)
    async def wrapper(self: Controller, interaction: discord.Interaction, *args: Any) -> None:
        with use_locale(self.member_locale(interaction)):
            try:
                await handler(self, interaction, *args)
            except Exception:
                log.exception("%s failed", handler.__name__)
                try:
                    await self.reply_error(interaction, messages.INTERNAL_ERROR)
                except discord.HTTPException:
                    log.debug("could not report the failure to the member")

    return wrapper  # type: ignore[return-value]


def as_send(payload: dict[str, Any]) -> dict[str, Any]:
    """Turn an edit payload into a send payload (files instead of attachments)."""
    out = dict(payload)
    out["files"] = out.pop("attachments", [])
    if out.get("content") is None:
        out.pop("content", None)
    return out


class Controller(ClickHandlers):
    """Interaction handlers shared by commands and components."""

    def __init__(
        self, matches: MatchService, lobbies: LobbyService, dm_message: DmMessage | None = None
    ) -> None:
        self.matches = matches
        self.lobbies = lobbies
        self.dm_message = dm_message
        """Reaches a stored DM view again (after a restart, or sent by another process)."""
        # The games, settings and statistics are the match service's own.
        self.registry: Registry = matches.registry
        self.settings: SettingsService | None = matches.settings
        self.stats: StatsService | None = matches.stats
        self.moderation = ModerationService(matches, lobbies)
        self.open_views: dict[int, dict[tuple[int, bool], OpenView]] = {}
        """Per match, per (member, in a DM): the private view they have open, kept current."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.languages: LRUCache[int, str] = LRUCache(maxsize=LANGUAGES_REMEMBERED)
        """Per member: the language of their Discord client, as last seen (for DMs).

        Only the members seen most recently are kept; one forgotten falls back to the
        language of their `/prefs`, then the server's, as after a restart."""

    async def stop(self) -> None:
        """Let the updates of open views under way end (the bot is stopping)."""
        await wind_down(list(self._tasks))

    # ------------------------------------------------------------------ languages
    def member_locale(self, interaction: discord.Interaction) -> str:
        """Return the language of the member behind an interaction, and remember it."""
        lang = normalize(getattr(interaction, "locale", None))
        self.languages[interaction.user.id] = lang
        return lang

    def language_of(self, user_id: int) -> str | None:
        """Return a member's language as last seen, or None when unknown (since a restart)."""
        return self.languages.get(user_id)

    def view_language(self, user_id: int, view: OpenView) -> str | None:
        """Return the language a member's private view is drawn in."""
        if view.interaction is not None:
            return self.member_locale(view.interaction)
        return view.language or self.language_of(user_id)

    async def server_language(self, guild_id: int | None, preferred: object | None) -> str:
        """Return the language of a server's public messages.

        `/config language` when set, else the server's preferred Discord locale,
        else English.
        """
        return (await self.matches.config(guild_id)).language_for(preferred)

    async def public(self, interaction: discord.Interaction) -> str:
        """Return the language of what an interaction posts in its server's channel."""
        guild_locale = getattr(interaction, "guild_locale", None)
        return await self.server_language(interaction.guild_id, guild_locale)

    # ------------------------------------------------------------------ replies
    async def reply_error(self, interaction: discord.Interaction, text: str) -> None:
        """Answer with one ephemeral sentence, whether or not we deferred."""
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    # ------------------------------------------------------------------ lobby
    @guarded
    async def start_game(
        self, interaction: discord.Interaction, module: GameModule, options: dict[str, Any]
    ) -> None:
        """Open a lobby for /<game> start: in the channel, or in a new thread of its own."""
        channel = interaction.channel
        if interaction.guild_id is None or channel is None:
            await self.reply_error(interaction, messages.GUILD_ONLY)
            return
        in_thread = isinstance(channel, discord.Thread)
        home = channel.parent_id if in_thread else channel.id  # type: ignore[union-attr]
        user = interaction.user
        pacing = options.pop("pacing", None)
        players = options.pop("players", None)
        try:
            lobby = await self.lobbies.open(
                guild_id=interaction.guild_id,
                channel_id=home or channel.id,
                game=module.spec.key,
                # Whole-number options arrive as integers; the rules read every value as text.
                options={k: str(v) for k, v in options.items() if v is not None},
                host=(user.id, user.display_name),
                pacing=pacing,
                thread_id=channel.id if in_thread else None,
                players=players,
            )
        except GameError as error:
            await self.reply_error(interaction, error.message)
            return
        async with self._closed_unless_shown(interaction, lobby):
            config = await self.matches.config(interaction.guild_id)
            in_thread = config.threads and isinstance(channel, discord.TextChannel)
            locale = await self.public(interaction) if in_thread else None
        if in_thread:
            with use_locale(locale):
                await self._start_in_thread(interaction, lobby)
            return
        await self._post_lobby(interaction, lobby)

    @contextlib.asynccontextmanager
    async def _closed_unless_shown(
        self, interaction: discord.Interaction, lobby: LobbyInfo
    ) -> AsyncIterator[None]:
        """Close a lobby just opened if showing it fails: nobody could see or join it, it
        would count against the channel's open lobbies, and "nothing was changed" holds."""
        try:
            yield
        except Exception:
            with contextlib.suppress(GameError):
                await self.lobbies.cancel(lobby.match_id, interaction.user.id)
            raise

    async def _remember_lobby(
        self, lobby: LobbyInfo, message_id: int, thread_id: int | None = None
    ) -> None:
        """Remember where a lobby shown to everyone is; a failure is logged, never answered
        as a failure (the lobby is there, and its buttons work)."""
        try:
            await self.lobbies.set_message(lobby.match_id, message_id, thread_id=thread_id)
        except Exception:
            log.exception("lobby %s: could not remember its message", lobby.match_id)

    async def _post_lobby(self, interaction: discord.Interaction, lobby: LobbyInfo) -> None:
        """Answer with a new lobby message, in the channel's language, and remember it."""
        async with self._closed_unless_shown(interaction, lobby):
            with use_locale(await self.public(interaction)):
                payload = lobby_payload(lobby)
            await interaction.response.send_message(**as_send(payload))
        try:
            message = await interaction.original_response()
        except discord.HTTPException:
            log.exception("lobby %s: could not read its message back", lobby.match_id)
            return
        await self._remember_lobby(lobby, message.id)

    async def _start_in_thread(self, interaction: discord.Interaction, lobby: LobbyInfo) -> None:
        """Announce the lobby in the channel and run it in a public thread named after it."""
        title = game_title(lobby.module.spec)
        text = messages.THREAD_STARTER.format(
            host=interaction.user.mention, title=title, match_id=lobby.match_id
        )
        async with self._closed_unless_shown(interaction, lobby):
            await interaction.response.send_message(text)
        try:
            starter = await interaction.original_response()
            name = messages.THREAD_NAME.format(title=title, match_id=lobby.match_id)
            thread = await starter.create_thread(name=name)
            message = await thread.send(**as_send(lobby_payload(lobby)))
        except discord.HTTPException:
            log.warning("match %s: could not open a thread", lobby.match_id)
            await self.lobbies.cancel(lobby.match_id, interaction.user.id)
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(content=messages.THREAD_FAILED)
            return
        await self._remember_lobby(lobby, message.id, thread.id)

    @guarded
    async def on_lobby(self, interaction: discord.Interaction, match_id: int, op: str) -> None:
        """Handle Join / Leave / Add AI / Start / Cancel."""
        user = interaction.user
        try:
            if op == "start":
                await interaction.response.defer()
                await self.lobbies.start(match_id, user.id)
                try:  # started: a table that cannot be drawn now is no failure of the start
                    await self.matches.publisher.match_changed(match_id)
                except Exception:
                    log.exception("match %s: could not draw the table at the start", match_id)
                return
            lobby = await self._lobby_op(interaction, match_id, op)
        except GameError as error:
            await self.reply_error(interaction, error.message)
            return
        try:
            with use_locale(await self.public(interaction)):
                payload = lobby_payload(lobby)
            await interaction.response.edit_message(**payload)
        except Exception:
            # The change is stored: say so, never that it failed.
            log.exception("lobby %s: could not redraw it in place", match_id)
            with contextlib.suppress(Exception):
                await self.matches.publisher.lobby_changed(match_id)
            with contextlib.suppress(discord.HTTPException):
                await self.reply_error(interaction, messages.LOBBY_DONE)

    async def _lobby_op(
        self, interaction: discord.Interaction, match_id: int, op: str
    ) -> LobbyInfo:
        user = interaction.user
        if op == "join":
            return await self.lobbies.join(match_id, user.id, user.display_name)
        if op == "leave":
            return await self.lobbies.leave(match_id, user.id)
        if op == "ai":
            return await self.lobbies.add_ai(match_id, user.id)
        if op == "cancel":
            moderator = await is_moderator(interaction)
            return await self.lobbies.cancel(match_id, user.id, moderator=moderator)
        if op.startswith("o."):
            option, _sep, value = op.removeprefix("o.").partition(".")
            return await self.lobbies.pick(match_id, user.id, option, value)
        raise BadToken()

    @guarded
    async def on_rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        """Open a rematch lobby with the same seats and options."""
        try:
            lobby, opened = await self.lobbies.rematch(match_id, interaction.user.id)
        except GameError as error:
            await self.reply_error(interaction, error.message)
            return
        if not opened:  # a double click, or another player's click first: point to it
            where = jump_url(lobby.row)
            text = messages.REMATCH_OPEN.format(match_id=lobby.match_id, where=where)
            await interaction.response.send_message(text, ephemeral=True)
            return
        await self._post_lobby(interaction, lobby)

    # ------------------------------------------------------------------ private views
    @guarded
    async def on_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        """Answer "My hand" with the clicker's own view, ephemerally, every time.

        The member may have dismissed the view open before, or lost it to a reload
        of their app (Discord keeps no ephemeral message): redrawing that one in
        place would show nothing. The new view replaces it, which is removed.
        """
        user_id = interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            info = await self.matches.private(match_id, user_id)
        except GameError as error:
            await interaction.followup.send(error.message, ephemeral=True)
            return
        message = await interaction.followup.send(
            ephemeral=True,
            wait=True,
            **as_send(private_payload(info, None, await self.names(match_id))),
        )
        await self.remember_view(
            match_id, interaction, message.id, version=info.version, replaces=True
        )

    async def remember_view(
        self,
        match_id: int,
        interaction: discord.Interaction,
        message_id: int | None,
        step: str | None = None,
        version: int | None = None,
        *,
        replaces: bool = False,
    ) -> None:
        """Keep a member's newly shown private view current while it can be edited.

        Only the latest view of each member (one ephemeral, one in DMs) follows
        the table; an older copy is told it is out of date, with a Refresh button
        (or, with `replaces`, removed). An ephemeral view is told so too when it
        gets too old for Discord to edit.
        """
        if interaction.guild_id is None and interaction.message is not None:
            user_id = interaction.user.id
            await self.remember_dm_view(match_id, user_id, interaction.message, step, version)
            return
        view = OpenView(interaction, message_id, step, _now(), version=version)
        self._keep(match_id, interaction.user.id, view, replaces=replaces)
        view.expiry = asyncio.get_running_loop().call_later(
            VIEW_TTL, self._expire, match_id, interaction.user.id, view
        )

    async def remember_dm_view(
        self,
        match_id: int,
        user_id: int,
        message: Any,
        step: str | None = None,
        version: int | None = None,
    ) -> None:
        """Keep a private view sent by direct message current (it never gets too old to edit).

        It is stored with the match, so it is kept current after a restart and by
        whichever process applies the next move. The DM it replaces, if another, is
        told it is out of date.
        """
        language = current_language()
        row = DmViewRow(match_id, user_id, message.channel.id, message.id, language)
        replaced = await self.matches.keep_dm_view(row)
        view = OpenView(
            None, None, step, _now(), message=message, version=version, language=language
        )
        older = self.open_views.get(match_id, {}).get((user_id, True))
        self._keep(match_id, user_id, view)
        known = {message.id} if older is None else {message.id, older.key[0]}
        if replaced is not None and replaced.message_id not in known:
            stale = self._stored_view(replaced)
            if stale is not None:
                self._retire_later(match_id, user_id, stale)

    def _stored_view(self, row: DmViewRow) -> OpenView | None:
        """Return a handle on a DM view known only from the store (None: DMs unreachable)."""
        if self.dm_message is None:
            return None
        message = self.dm_message(row.channel_id, row.message_id)
        return OpenView(None, None, None, _now(), message=message, language=row.language)

    async def _follow_stored(self, match_id: int) -> dict[tuple[int, bool], OpenView]:
        """Return a match's open views, its DM views as stored: a DM sent before a restart
        or by another process is followed, and one replaced or dropped elsewhere is let go."""
        stored = {row.user_id: row for row in await self.matches.dm_views(match_id)}
        views = self.open_views.get(match_id, {})
        for slot, view in list(views.items()):
            user_id, in_dm = slot
            row = stored.get(user_id)
            if in_dm and (row is None or row.message_id != view.key[0]):
                views.pop(slot)  # whoever replaced it told it so
        for user_id, row in stored.items():
            found = None if (user_id, True) in views else self._stored_view(row)
            if found is not None:
                views[(user_id, True)] = found
        if views:
            self.open_views[match_id] = views
        else:
            self.open_views.pop(match_id, None)
        return views

    def _keep(self, match_id: int, user_id: int, view: OpenView, *, replaces: bool = False) -> None:
        views = self.open_views.setdefault(match_id, {})
        slot = (user_id, view.in_dm)
        older = views.get(slot)
        views[slot] = view
        if older is not None and older.key != view.key:
            self._retire_later(match_id, user_id, older, self._remove if replaces else None)
        elif older is not None and older.expiry is not None:
            older.expiry.cancel()

    def _expire(self, match_id: int, user_id: int, view: OpenView) -> None:
        """Tell an ephemeral view that reached its age limit that it no longer follows the table."""
        views = self.open_views.get(match_id, {})
        if views.get((user_id, False)) is view:
            views.pop((user_id, False))
            if not views:
                self.open_views.pop(match_id, None)
            self._retire_later(match_id, user_id, view)

    def _retire_later(
        self,
        match_id: int,
        user_id: int,
        view: OpenView,
        how: Callable[[int, OpenView], Coroutine[Any, Any, None]] | None = None,
    ) -> None:
        """In the background, take a view off the table: `how` (`_retire` by default,
        `_remove`, `_seat_gone`) in the language the member saw it in."""
        if view.expiry is not None:
            view.expiry.cancel()
        with use_locale(self.view_language(user_id, view)):  # the task keeps the language
            work = (how or self._retire)(match_id, view)
            task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _retire(self, match_id: int, view: OpenView) -> None:
        """Replace a view that stops following the table by a plain "out of date" and Refresh.

        A finished match's view is left as it is: it shows the end, which stays true.
        """
        try:
            if (await self.matches.load(match_id)).row.status != "active":
                return
        except GameError:
            return
        try:
            await view.edit(**out_of_date_payload(match_id))
        except discord.HTTPException:
            log.debug("match %s: an old private view could not be marked", match_id)

    async def _remove(self, match_id: int, view: OpenView) -> None:
        """Remove a view a newer one replaces (if Discord still lets us; else leave it)."""
        try:
            await view.delete()
        except discord.HTTPException:
            log.debug("match %s: a replaced private view could not be removed", match_id)

    async def _seat_gone(self, match_id: int, view: OpenView) -> None:
        """Tell a view whose member no longer plays (left, or removed: the AI plays the seat)
        why it stopped, with no Refresh: there is no hand of theirs left to show."""
        try:
            await view.edit(**seat_gone_payload(match_id))
        except discord.HTTPException:
            log.debug("match %s: a former player's view could not be marked", match_id)

    async def refresh_views(self, match_id: int) -> None:
        """Redraw every open private view of a match after a change (a move, the end).

        A view whose member no longer plays (left or removed) says so at once, even when
        no move came with it; one that can no longer be shown for another reason says it
        is out of date; one Discord no longer lets us edit is dropped.
        """
        views = await self._follow_stored(match_id)
        live = await self.matches.load(match_id) if views else None
        # Only a running match's version says what a view shows; an ended one redraws all.
        current = live.version if live is not None and live.row.status == "active" else None
        for slot, view in list(views.items()):
            user_id, _ = slot
            seated = live is not None and live.seat_of(user_id) is not None
            if view.version is not None and view.version == current and seated:
                continue  # drawn at this version already (the clicker's own view, a new DM)
            try:
                with use_locale(self.view_language(user_id, view)):
                    info = await self.matches.private(match_id, user_id, view.step)
                    names = await self.names(match_id)
                    payload = private_payload(info, None, names, in_dm=view.in_dm)
            except GameError as error:
                views.pop(slot, None)
                gone = self._seat_gone if isinstance(error, NotSeated) else None
                self._retire_later(match_id, user_id, view, gone)
                await self._let_go(match_id, user_id, view)
                continue
            try:
                await view.edit(**payload)
                view.version = info.version
            except discord.HTTPException:
                log.debug("match %s: private view of %s no longer editable", match_id, user_id)
                views.pop(slot, None)
                if view.expiry is not None:
                    view.expiry.cancel()
                await self._let_go(match_id, user_id, view)
        if not views or (live is not None and live.row.status != "active"):
            # A finished match's views show its end for good: nothing more to follow.
            ended = self.open_views.pop(match_id, {})
            for view in ended.values():
                if view.expiry is not None:
                    view.expiry.cancel()
            if any(in_dm for _, in_dm in ended):
                await self.matches.drop_dm_views(match_id)

    async def _let_go(self, match_id: int, user_id: int, view: OpenView) -> None:
        """Stop following a view; a DM view is forgotten by the store too."""
        if view.in_dm:
            await self.matches.drop_dm_views(match_id, user_id, view.key[0])

    @guarded
    async def on_target(
        self, interaction: discord.Interaction, match_id: int, version: int | None, target: str
    ) -> None:
        """Submit an action or show the next step, then show the updated private view."""
        in_place = _is_private_message(interaction)
        if in_place:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        user_id = interaction.user.id
        try:
            step, note = await self._apply_target(match_id, user_id, version, target)
        except GameError as error:
            if not in_place:
                await interaction.followup.send(error.message, ephemeral=True)
                return
            step, note = None, error.message  # said on the view itself, not in a new message
        played = target.startswith("a.") and note is None
        try:
            info = await self.matches.private(match_id, user_id, step)
        except GameError as error:
            await interaction.followup.send(error.message, ephemeral=True)
            return
        except Exception:
            # A move made above stands: say so, never that it failed.
            log.exception("match %s: could not build the private view", match_id)
            text = messages.VIEW_FAILED if played else messages.INTERNAL_ERROR
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(text, ephemeral=True)
            return
        try:
            await self._show_private(interaction, match_id, info, note, step, in_place)
        except Exception:
            if not played:
                raise  # nothing was changed: `guarded` says so
            # Shown or not (Discord refused the edit, the view could not be kept), the
            # move stands: the member is told it is recorded, never that it failed.
            log.exception("match %s: could not show the private view", match_id)
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(messages.VIEW_FAILED, ephemeral=True)

    async def _show_private(
        self,
        interaction: discord.Interaction,
        match_id: int,
        info: PrivateInfo,
        note: str | None,
        step: str | None,
        in_place: bool,
    ) -> None:
        """Show a member their private view: in place of the clicked one, or anew."""
        in_dm = interaction.guild_id is None
        payload = private_payload(info, note, await self.names(match_id), in_dm=in_dm)
        if in_place:
            await interaction.edit_original_response(**payload)
            await self.remember_view(match_id, interaction, None, step, info.version)
        else:
            message = await interaction.followup.send(ephemeral=True, wait=True, **as_send(payload))
            await self.remember_view(match_id, interaction, message.id, step, info.version)

    async def _apply_target(
        self, match_id: int, user_id: int, version: int | None, target: str
    ) -> tuple[str | None, str | None]:
        kind, _sep, rest = target.partition(".")
        if kind == "a" and version is not None:
            try:
                await self.matches.submit(match_id, user_id, version, rest)
            except StaleVersion:
                return None, messages.stale_note()
            return None, None
        if kind != "p":
            raise BadToken()
        if not await self.matches.step_is_current(match_id, user_id, version):
            return None, messages.stale_note()
        return rest or None, None

    # ------------------------------------------------------------------ rules
    @guarded
    async def on_rules_page(self, interaction: discord.Interaction, game: str, page: int) -> None:
        """Show another page of a rules summary."""
        if game not in self.registry:
            await self.reply_error(interaction, messages.UNKNOWN_GAME)
            return
        await interaction.response.edit_message(**rules_payload(self.registry.get(game), page))

    # ------------------------------------------------------------------ tables
    async def table(self, match_id: int) -> dict[str, Any]:
        """Return the current table payload of a match."""
        return table_payload(await self.matches.table(match_id), await self.names(match_id))

    async def names(self, match_id: int) -> list[str]:
        """Return the seat names of a match, as the game writes them into its text."""
        return list((await self.matches.load(match_id)).names)


def _now() -> float:
    """Return the event loop's clock (the one `call_later` counts in)."""
    return asyncio.get_running_loop().time()


def _is_private_message(interaction: discord.Interaction) -> bool:
    message = interaction.message
    if interaction.guild_id is None:
        return True
    return message is not None and message.flags.ephemeral
