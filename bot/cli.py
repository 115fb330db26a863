"""Command line: run the bot, upgrade the database, or try it offline."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from dotenv import load_dotenv

from bot.app.settings import ConfigError, Settings


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run a subcommand; return the exit code."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Covert Table bot")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="connect to Discord (needs DISCORD_TOKEN)")
    sub.add_parser("migrate", help="upgrade the database schema to the latest revision")
    args = parser.parse_args(argv)
    load_dotenv()
    try:
        settings = Settings.from_env()
        logging.basicConfig(
            level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
        )
        if args.command == "migrate":
            return migrate(settings)
        return run(settings)
    except ConfigError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2


def migrate(settings: Settings) -> int:
    """Upgrade the database to the latest schema."""
    from bot.store.db import upgrade

    upgrade(settings.database_url)
    logging.getLogger("bot").info("database is at the latest schema")
    return 0


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
    except KeyboardInterrupt:
        pass
    return 0


async def _run(bot: object, token: str) -> None:
    async with bot:  # type: ignore[attr-defined]
        await bot.start(token)  # type: ignore[attr-defined]
