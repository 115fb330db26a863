"""The bot factory shared by `python -m bot run`, the playground and the tests."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.app.absence import AbsenceService
from bot.app.guild_settings import SettingsService
from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.app.repair import RepairService
from bot.app.scheduler import Scheduler
from bot.app.settings import Settings
from bot.app.stats import StatsService
from bot.discord_ui import messages
from bot.discord_ui.commands import register_commands
from bot.discord_ui.components import DYNAMIC_ITEMS, ids_on, is_ours
from bot.discord_ui.controller import Controller
from bot.discord_ui.publisher import DiscordPublisher
from bot.discord_ui.translator import CatalogueTranslator
from bot.engine import BadToken, GameError, Registry
from bot.engine.i18n import set_language, use_locale
from bot.games import build_registry
from bot.store.db import make_engine
from bot.store.repo import Shards
from bot.store.store import Store

log = logging.getLogger(__name__)


class LocalisedTree(app_commands.CommandTree[Any]):
    """The command tree: each slash command answers in its member's language.

    discord.py runs every application-command interaction in a task of its own,
    and this check runs first in that task: the language set here holds for the
    checks, the callback and the error handler of that one interaction.
    """

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Render the rest of this interaction in the member's language."""
        controller: Controller | None = getattr(self.client, "controller", None)
        set_language(controller.member_locale(interaction) if controller else interaction.locale)
        return True


class CovertBot(commands.AutoShardedBot):
    """discord.py's sharded bot wired to the application services.

    With the default settings one process runs every shard Discord recommends;
    SHARD_COUNT and SHARD_IDS split the shards among several processes sharing one
    PostgreSQL database, each driving only its own guilds' matches.
    """

    controller: Controller
    scheduler: Scheduler

    def __init__(
        self,
        settings: Settings,
        *,
        registry: Registry | None,
        engine: AsyncEngine | None,
        seeds: random.Random | None,
    ) -> None:
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = list(settings.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=LocalisedTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.settings = settings
        self.registry = registry or build_registry()
        self._engine = engine
        self._owns_engine = engine is None
        self._resumed = False
        self._repair: asyncio.Task[object] | None = None
        self._seeds = seeds

    async def setup_hook(self) -> None:
        """Build services, register commands and persistent components, sync commands."""
        if self._engine is None:
            self._engine = make_engine(self.settings.database_url)
        store = Store(self._engine)
        settings = SettingsService(store.settings)
        stats = StatsService(store.stats)
        self.publisher = DiscordPublisher(self)
        self.add_listener(self._count_message, "on_message")
        matches = MatchService(
            store.matches,
            self.registry,
            self.publisher,
            ai_move_delay=self.settings.ai_move_delay,
            snapshot_every=self.settings.snapshot_every,
            settings=settings,
            stats=stats,
            clock=discord.utils.utcnow,
            cache_size=self.settings.match_cache_size,
            shared=self.settings.shard_ids is not None,
        )
        lobbies = LobbyService(store.matches, self.registry, matches, seeds=self._seeds)
        self.controller = Controller(matches, lobbies, dm_message=self.dm_message)
        self.scheduler = Scheduler(matches, lobbies, AbsenceService(matches))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        register_commands(self.tree, self.controller, self.registry)
        await self.tree.set_translator(CatalogueTranslator())
        self.tree.error(self._on_app_command_error)
        await self._sync_commands()

    async def _sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def on_ready(self) -> None:
        """Log in once, then let AI seats of active matches carry on and timers run."""
        log.info("connected as %s to %d servers", self.user, len(self.guilds))
        if not self._resumed:
            self._resumed = True
            matches = self.controller.matches
            matches.set_shards(self.own_shards())
            repair = RepairService(matches).run(everything=False)
            self._repair = asyncio.create_task(repair)
            resumed = await matches.resume_all()
            log.info("resumed %d matches with an AI seat to act", resumed)
        self.scheduler.start()  # once; again only if its task was stopped

    def dm_message(self, channel_id: int, message_id: int) -> discord.PartialMessage:
        """Return a handle on one of the bot's direct messages, to edit it."""
        channel = self.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        return channel.get_partial_message(message_id)

    def own_shards(self) -> Shards:
        """Return the shards this process runs (known once connected)."""
        count = self.shard_count or 1
        ids = self.shard_ids if self.shard_ids is not None else range(count)
        return Shards(count, frozenset(ids))

    async def _count_message(self, message: discord.Message) -> None:
        """Tell the publisher a message was posted (tables drift up as people talk)."""
        if self.user is not None and message.author.id == self.user.id:
            return
        try:
            await self.publisher.message_posted(message)
        except Exception:
            log.exception("could not count a message")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks that no component of ours takes: an id of no shape of ours
        (garbled), or of our shape but not on the clicked message (forged). Our own
        components answer every other click."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if is_ours(custom_id) and custom_id in ids_on(interaction.message):
            return
        log.info("refused a component that is not on its message")
        with use_locale(self.controller.member_locale(interaction)):
            await self.controller.reply_error(interaction, BadToken().message)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """Log errors of event handlers (component callbacks included)."""
        log.exception("error in %s", event_method)

    async def _on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, app_commands.NoPrivateMessage):
            await self.controller.reply_error(interaction, messages.GUILD_ONLY)
            return
        if isinstance(original, app_commands.CheckFailure) and original.args:
            await self.controller.reply_error(interaction, str(original))
            return
        if isinstance(original, GameError):
            await self.controller.reply_error(interaction, original.message)
            return
        log.exception("command failed", exc_info=original)
        await self.controller.reply_error(interaction, messages.INTERNAL_ERROR)

    async def close(self) -> None:
        """Stop the background work, snapshot the matches in memory, close the gateway,
        then the database engine if we made it."""
        await self.stop_work()
        if hasattr(self, "controller"):
            try:
                stored = await self.controller.matches.snapshot_live()
                log.info("stored a snapshot of %d matches in memory", stored)
            except Exception:  # a stop goes on; the next start replays from older snapshots
                log.exception("could not snapshot the matches in memory")
        await super().close()
        await self.dispose_engine()

    async def stop_work(self) -> None:
        """Stop the timers, the start-up repair and the AI seats, then let the last table
        edits and view updates end: after this, nothing of this process writes the
        database or Discord by itself (the database may then close)."""
        if hasattr(self, "scheduler"):
            await self.scheduler.stop()
        if self._repair is not None and not self._repair.done():
            self._repair.cancel()
            await asyncio.gather(self._repair, return_exceptions=True)
        if hasattr(self, "controller"):
            await self.controller.matches.stop()
            await self.publisher.stop()
            await self.controller.stop()

    async def dispose_engine(self) -> None:
        """Close the database, if this bot made the engine: the writer's threads, after a
        last checkpoint of a SQLite file, then every pooled connection."""
        if self._owns_engine and self._engine is not None:
            await Store(self._engine).close()


def create_bot(
    settings: Settings,
    *,
    registry: Registry | None = None,
    engine: AsyncEngine | None = None,
    seeds: random.Random | None = None,
) -> CovertBot:
    """Build the bot; dependencies are passed in, nothing is global.

    ``seeds`` makes match seeds reproducible (tests); by default they come from
    the operating system.
    """
    return CovertBot(settings, registry=registry, engine=engine, seeds=seeds)
