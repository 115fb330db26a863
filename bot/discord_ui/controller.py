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

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot.app.guild_settings import SettingsService
from bot.app.lobbies import LobbyInfo, LobbyService
from bot.app.matches import MatchService
from bot.app.moderation import ModerationService
from bot.app.stats import StatsService
from bot.app.texts import game_title
from bot.discord_ui import messages
from bot.discord_ui.components import ClickHandlers
from bot.discord_ui.payloads import lobby_payload, private_payload, rules_payload, table_payload
from bot.discord_ui.perms import is_moderator
from bot.engine import BadToken, GameError, GameModule, Registry, StaleVersion
from bot.engine.i18n import normalize, use_locale

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Awaitable[None]])
VIEW_TTL = 14 * 60
"""Seconds an open private view is kept current: Discord lets an interaction's
messages be edited for 15 minutes."""


@dataclass
class OpenView:
    """A private view a member has open: where it is and which step it shows."""

    interaction: discord.Interaction
    message_id: int | None
    """The follow-up message that holds it; None for the interaction's own message."""
    step: str | None
    since: float

    async def edit(self, **payload: Any) -> None:
        """Replace what the view shows."""
        if self.message_id is None:
            await self.interaction.edit_original_response(**payload)
        else:
            await self.interaction.followup.edit_message(self.message_id, **payload)


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
        self,
        matches: MatchService,
        lobbies: LobbyService,
        registry: Registry,
        *,
        settings: SettingsService | None = None,
        stats: StatsService | None = None,
    ) -> None:
        self.matches = matches
        self.lobbies = lobbies
        self.registry = registry
        self.settings = settings
        self.stats = stats
        self.moderation = ModerationService(matches, lobbies)
        self.open_views: dict[int, dict[int, OpenView]] = {}
        """Per match, per member: the private view they have open, kept current."""
        self.languages: dict[int, str] = {}
        """Per member: the language of their Discord client, as last seen (for DMs)."""

    # ------------------------------------------------------------------ languages
    def member_locale(self, interaction: discord.Interaction) -> str:
        """Return the language of the member behind an interaction, and remember it."""
        lang = normalize(getattr(interaction, "locale", None))
        self.languages[interaction.user.id] = lang
        return lang

    def language_of(self, user_id: int) -> str | None:
        """Return a member's language as last seen, or None when unknown (since a restart)."""
        return self.languages.get(user_id)

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
        try:
            lobby = await self.lobbies.open(
                guild_id=interaction.guild_id,
                channel_id=home or channel.id,
                game=module.spec.key,
                options={k: v for k, v in options.items() if v is not None},
                host=(user.id, user.display_name),
                pacing=pacing,
                thread_id=channel.id if in_thread else None,
            )
        except GameError as error:
            await self.reply_error(interaction, error.message)
            return
        config = await self.matches.config(interaction.guild_id)
        if config.threads and isinstance(channel, discord.TextChannel):
            with use_locale(await self.public(interaction)):
                await self._start_in_thread(interaction, lobby)
            return
        with use_locale(await self.public(interaction)):
            payload = lobby_payload(lobby)
        await interaction.response.send_message(**as_send(payload))
        message = await interaction.original_response()
        await self.lobbies.set_message(lobby.match_id, message.id)

    async def _start_in_thread(self, interaction: discord.Interaction, lobby: LobbyInfo) -> None:
        """Announce the lobby in the channel and run it in a public thread named after it."""
        title = game_title(lobby.module.spec)
        text = messages.THREAD_STARTER.format(
            host=interaction.user.mention, title=title, match_id=lobby.match_id
        )
        await interaction.response.send_message(text)
        starter = await interaction.original_response()
        try:
            name = messages.THREAD_NAME.format(title=title, match_id=lobby.match_id)
            thread = await starter.create_thread(name=name)
            message = await thread.send(**as_send(lobby_payload(lobby)))
        except discord.HTTPException:
            log.warning("match %s: could not open a thread", lobby.match_id)
            await self.lobbies.cancel(lobby.match_id, interaction.user.id)
            await interaction.edit_original_response(content=messages.THREAD_FAILED)
            return
        await self.lobbies.set_message(lobby.match_id, message.id, thread_id=thread.id)

    @guarded
    async def on_lobby(self, interaction: discord.Interaction, match_id: int, op: str) -> None:
        """Handle Join / Leave / Add AI / Start / Cancel."""
        user = interaction.user
        try:
            if op == "start":
                await interaction.response.defer()
                await self.lobbies.start(match_id, user.id)
                await self.matches.publisher.match_changed(match_id)
                return
            lobby = await self._lobby_op(interaction, match_id, op)
        except GameError as error:
            await self.reply_error(interaction, error.message)
            return
        with use_locale(await self.public(interaction)):
            payload = lobby_payload(lobby)
        await interaction.response.edit_message(**payload)

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
            lobby = await self.lobbies.rematch(match_id, interaction.user.id)
        except GameError as error:
            await self.reply_error(interaction, error.message)
            return
        with use_locale(await self.public(interaction)):
            payload = lobby_payload(lobby)
        await interaction.response.send_message(**as_send(payload))
        message = await interaction.original_response()
        await self.lobbies.set_message(lobby.match_id, message.id)

    # ------------------------------------------------------------------ private views
    @guarded
    async def on_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        """Answer "My hand" with the clicker's own view, ephemerally."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            info = await self.matches.private(match_id, interaction.user.id)
        except GameError as error:
            await interaction.followup.send(error.message, ephemeral=True)
            return
        message = await interaction.followup.send(
            ephemeral=True,
            wait=True,
            **as_send(private_payload(info, None, await self.names(match_id))),
        )
        self.remember_view(match_id, interaction, message.id)

    def remember_view(
        self,
        match_id: int,
        interaction: discord.Interaction,
        message_id: int | None,
        step: str | None = None,
    ) -> None:
        """Keep a member's newly shown private view current until Discord stops allowing it.

        Only the latest view of each member follows the table; an older copy says
        in its footer that it may be out of date, and its Refresh button works.
        """
        views = self.open_views.setdefault(match_id, {})
        views[interaction.user.id] = OpenView(interaction, message_id, step, time.monotonic())

    async def refresh_views(self, match_id: int) -> None:
        """Redraw every open private view of a match after a change (a move, the end).

        A view too old to edit is dropped; its Refresh button still works.
        """
        views = self.open_views.get(match_id, {})
        now = time.monotonic()
        for user_id, view in list(views.items()):
            if now - view.since > VIEW_TTL:
                views.pop(user_id, None)
                continue
            try:
                with use_locale(self.member_locale(view.interaction)):
                    info = await self.matches.private(match_id, user_id, view.step)
                    payload = private_payload(info, None, await self.names(match_id))
                await view.edit(**payload)
            except (GameError, discord.HTTPException):
                log.debug("match %s: private view of %s no longer editable", match_id, user_id)
                views.pop(user_id, None)
        if not views:
            self.open_views.pop(match_id, None)

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
        try:
            info = await self.matches.private(match_id, user_id, step)
        except GameError as error:
            await interaction.followup.send(error.message, ephemeral=True)
            return
        except Exception:
            # A move made above stands: say so, never that it failed.
            log.exception("match %s: could not build the private view", match_id)
            played = target.startswith("a.") and note is None
            text = messages.VIEW_FAILED if played else messages.INTERNAL_ERROR
            await interaction.followup.send(text, ephemeral=True)
            return
        payload = private_payload(info, note, await self.names(match_id))
        if in_place:
            await interaction.edit_original_response(**payload)
            self.remember_view(match_id, interaction, None, step)
        else:
            message = await interaction.followup.send(ephemeral=True, wait=True, **as_send(payload))
            self.remember_view(match_id, interaction, message.id, step)

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
        live = await self.matches.load(match_id)
        if version is not None and version != live.version:
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


def _is_private_message(interaction: discord.Interaction) -> bool:
    message = interaction.message
    if interaction.guild_id is None:
        return True
    return message is not None and message.flags.ephemeral
