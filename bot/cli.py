"""Command line: run the bot, upgrade the database, or try it offline."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from typing import TYPE_CHECKING

from dotenv import load_dotenv

from bot.app.settings import ConfigError, Settings

if TYPE_CHECKING:
    from bot.app.repair import RepairReport


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run a subcommand; return the exit code."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Covert Table bot")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="connect to Discord (needs DISCORD_TOKEN)")
    sub.add_parser("migrate", help="upgrade the database schema to the latest revision")
    sub.add_parser("repair", help="finish what a crash left half-done, then exit")
    _add_playground_parser(sub)
    args = parser.parse_args(argv)
    load_dotenv()
    try:
        settings = Settings.from_env()
        logging.basicConfig(
            level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
        )
        # Alembic names each of its plugins at INFO on every start: noise, not an event.
        logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)
        if args.command == "migrate":
            return migrate(settings)
        if args.command == "repair":
            return repair(settings)
        if args.command == "playground":
            return playground(settings, args)
        return run(settings)
    except ConfigError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2


def _add_playground_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare `playground [--port N] [--members a,b,c] [--db PATH] [--languages a=it]
    [--server-language it]`."""
    play = sub.add_parser(
        "playground", help="try the bot offline: a simulated Discord channel in your browser"
    )
    play.add_argument("--port", type=int, default=0, metavar="N", help="page port (default: any)")
    play.add_argument(
        "--members", default="alice,bob,carol", metavar="NAMES", help="alice,bob,carol by default"
    )
    play.add_argument(
        "--db", default="playground.db", metavar="PATH", help="SQLite file (playground.db)"
    )
    play.add_argument(
        "--languages",
        default="",
        metavar="NAME=LANG,...",
        help="members' Discord client languages, like alice=it (default: en for everyone)",
    )
    play.add_argument(
        "--server-language",
        default="en",
        metavar="LANG",
        help="the server's preferred Discord language: en (default) or it",
    )


def playground(settings: Settings, args: argparse.Namespace) -> int:
    """Run the real bot against a simulated Discord in the browser (the `playground` extra)."""
    try:
        from bot.playground import run_playground
    except ImportError as error:
        install = 'pip install -e ".[playground]"'
        missing = f"{error.name} is missing"
        raise ConfigError(f"the playground needs its extra ({missing}): {install}") from None
    return run_playground(
        settings,
        port=args.port,
        members=args.members,
        db=args.db,
        languages=args.languages,
        server_language=args.server_language,
    )


def migrate(settings: Settings) -> int:
    """Upgrade the database to the latest schema."""
    from bot.store.db import upgrade

    upgrade(settings.database_url)
    logging.getLogger("bot").info("database is at the latest schema")
    return 0


def repair(settings: Settings) -> int:
    """Upgrade the schema, repair half-done matches once, print what was done."""
    report = asyncio.run(_repair(settings.database_url))
    print(f"Repaired {report.repaired} matches: {report}.")
    return 1 if report.failed else 0


async def _repair(url: str) -> RepairReport:
    from bot.app.matches import MatchService
    from bot.app.ports import NullPublisher
    from bot.app.repair import RepairService
    from bot.app.stats import StatsService
    from bot.games import build_registry
    from bot.store.store import Store

    try:
        store = await Store.open(url)
    except Exception as error:
        raise ConfigError(f"cannot open the database at DATABASE_URL ({error}).") from None
    try:
        stats = StatsService(store.stats)
        matches = MatchService(store.matches, build_registry(), NullPublisher(), stats=stats)
        return await RepairService(matches).run()
    finally:
        await store.close()


def run(settings: Settings) -> int:
    """Upgrade the schema, then connect to Discord until stopped."""
    import discord

    from bot.discord_ui.bot import create_bot
    from bot.store.db import upgrade

    token = settings.require_token()
    try:
        upgrade(settings.database_url)
    except Exception as error:
        raise ConfigError(f"cannot open the database at DATABASE_URL ({error}).") from None
    bot = create_bot(settings)
    try:
        asyncio.run(_run(bot, token))
    except discord.LoginFailure:
        raise ConfigError("Discord refused DISCORD_TOKEN; check the token in .env.") from None
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C, SIGTERM: closed gracefully
        pass
    return 0


async def _run(bot: object, token: str) -> None:
    """Connect until stopped. SIGTERM (what service managers and `docker stop` send) stops
    as Ctrl-C does: the bot closes gracefully (`CovertBot.close`) before the process ends."""
    loop = asyncio.get_running_loop()
    running = asyncio.current_task()
    assert running is not None
    try:
        loop.add_signal_handler(signal.SIGTERM, running.cancel)
        handled = True
    except (NotImplementedError, RuntimeError):  # no signal handlers here (Windows, a thread)
        handled = False
    try:
        async with bot:  # type: ignore[attr-defined]
            await bot.start(token)  # type: ignore[attr-defined]
    finally:
        if handled:
            loop.remove_signal_handler(signal.SIGTERM)
