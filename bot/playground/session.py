"""`python -m bot playground`: the real bot, a simulated Discord, a page in your browser."""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import random
import signal
import sys
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import AsyncExitStack, asynccontextmanager, suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bot.app.settings import ConfigError, Settings

MAX_MEMBERS = 10
_PREVIEW_MODULES = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex", "PIL")

HOW_TO = """\
Covert Table playground: open this address in your browser (keep it private, it is the key):

    {url}

It shows the #games channel of a simulated server where {members} are members. \
Pick who you are with "Viewing as", type /coverta start in the message box (choose the \
command, then Send), then press Add AI for computer players, or switch "Viewing as" to \
another member and press Join to play that seat yourself; the host presses Start. "My hand" \
shows your cards and moves to the member who clicks it, and no one else; switch members to \
play every seat. Matches are saved in {db}, so stop with Ctrl-C (or More > End preview \
session) and run the same command again (same --members) to carry on. Languages: \
{languages}; /config language changes the server's.
"""
LOCALES = {"en": "en-US", "it": "it"}
"""Languages a simulated member or server may use, and the Discord locale each one sends."""


@dataclass
class Playground:
    """A running playground: the world, its conductor and the Preview serving the page."""

    world: Any
    conductor: Any
    preview: Any

    @property
    def url(self) -> str:
        """The page's address, with its capability token."""
        return str(self.preview.url)


def run_playground(
    settings: Settings,
    *,
    port: int,
    members: str,
    db: str,
    languages: str = "",
    server_language: str = "en",
) -> int:
    """Check the options, upgrade the database, serve the page until it is closed."""
    check_extra()
    names = parse_members(members)
    chosen = parse_languages(languages, names)
    server = parse_locale(server_language, "--server-language")
    if not 0 <= port <= 65535:
        raise ConfigError(f"--port must be between 0 and 65535, not {port}.")
    path = Path(db).expanduser().resolve()
    settings = replace(settings, database_url=f"sqlite+aiosqlite:///{path}", dev_guild_id=None)
    _upgrade(settings.database_url, path)
    _import_simcord_quietly()
    with suppress(KeyboardInterrupt):  # Ctrl-C: the page and the bot shut down cleanly
        asyncio.run(
            serve(settings, names, port=port, db=path, languages=chosen, server_language=server)
        )
    return 0


async def serve(
    settings: Settings,
    names: Sequence[str],
    *,
    port: int = 0,
    db: Path | None = None,
    announce: Callable[[str], None] | None = None,
    languages: Mapping[str, str] | None = None,
    server_language: str = "en-US",
) -> None:
    """Run the playground until the page's "End preview session" (or cancellation)."""
    async with open_playground(
        settings, names, port=port, languages=languages, server_language=server_language
    ) as playground:
        spoken = [f"{n} {(languages or {}).get(n, 'en-US')}" for n in names]
        text = HOW_TO.format(
            url=playground.url,
            members=_listed(names),
            db=db or "the database",
            languages=", ".join([*spoken, f"server {server_language}"]),
        )
        (announce or _print)(text)
        _close_on_sigterm(playground.preview)
        await playground.preview.wait_closed()


@asynccontextmanager
async def open_playground(
    settings: Settings,
    names: Sequence[str],
    *,
    port: int = 0,
    seeds: random.Random | None = None,
    tick: float | None = None,
    rate: float = 1.0,
    languages: Mapping[str, str] | None = None,
    server_language: str = "en-US",
) -> AsyncIterator[Playground]:
    """Start the world, the Preview in channel layout for every member, and the clock."""
    from simcord import SetupError

    from bot.playground.conductor import TICK, Conductor
    from bot.playground.world import open_world

    async with open_world(
        settings, names, seeds=seeds, languages=languages, server_language=server_language
    ) as world:
        conductor = Conductor(world.env, tick=TICK if tick is None else tick, rate=rate)
        viewers = list(world.members.values())
        async with AsyncExitStack() as stack:
            try:
                preview = await stack.enter_async_context(
                    world.env.preview(world.channel, viewers=viewers, layout="channel", port=port)
                )
            except SetupError as error:
                raise ConfigError(f"cannot start the page on port {port} ({error}).") from None
            conductor.attach(preview)
            async with _running(conductor.run()):
                yield Playground(world, conductor, preview)


@asynccontextmanager
async def _running(work: Any) -> AsyncIterator[None]:
    """Run a coroutine as a task for the duration of the block."""
    task = asyncio.create_task(work)
    try:
        yield
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def _close_on_sigterm(preview: Any) -> None:
    """End the session cleanly on SIGTERM too (Ctrl-C already does), where signals exist."""
    loop = asyncio.get_running_loop()
    with suppress(NotImplementedError, RuntimeError):
        loop.add_signal_handler(signal.SIGTERM, lambda: loop.create_task(preview.close()))


def check_extra() -> None:
    """Fail with one sentence when the `playground` extra is not installed."""
    missing = [m for m in _PREVIEW_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        raise ConfigError(
            f"the playground needs its extra ({', '.join(missing)} missing): "
            'pip install -e ".[playground]"'
        )


def parse_members(raw: str) -> list[str]:
    """Split `--members alice,bob,carol` into distinct names, or explain what is wrong."""
    names = [name.strip() for name in raw.split(",") if name.strip()]
    if not names:
        raise ConfigError("--members needs at least one name, like alice,bob,carol.")
    if len(names) > MAX_MEMBERS:
        raise ConfigError(f"--members takes at most {MAX_MEMBERS} names, not {len(names)}.")
    if len({n.lower() for n in names}) != len(names):
        raise ConfigError("--members names must all be different.")
    too_long = [n for n in names if len(n) > 32]
    if too_long:
        raise ConfigError(f"member names have at most 32 characters: {too_long[0]!r}.")
    return names


def parse_locale(raw: str, option: str) -> str:
    """Turn ``it`` or ``en`` into the Discord locale a client sends, or explain."""
    locale = LOCALES.get(raw.strip().lower())
    if locale is None:
        raise ConfigError(f"{option} is one of {', '.join(LOCALES)}, not {raw!r}.")
    return locale


def parse_languages(raw: str, names: Sequence[str]) -> dict[str, str]:
    """Split `--languages alice=it,bob=en` into member -> Discord locale, or explain."""
    chosen: dict[str, str] = {}
    for item in (part.strip() for part in raw.split(",")):
        if not item:
            continue
        name, sep, lang = item.partition("=")
        if not sep or name.strip() not in names:
            raise ConfigError(
                "--languages takes member=language pairs of --members, like alice=it, "
                f"not {item!r}."
            )
        chosen[name.strip()] = parse_locale(lang, "--languages")
    return chosen


def _import_simcord_quietly() -> None:
    """Import SimCord without the warnings of the discord.py client it builds to check itself.

    ("Guilds intent seems to be disabled", "PyNaCl is not installed": true of
    that throwaway client, misleading about the bot.)
    """
    loggers = [logging.getLogger(name) for name in ("discord.client", "discord.state")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        import simcord  # noqa: F401
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _upgrade(url: str, path: Path) -> None:
    from bot.store.db import upgrade

    try:
        upgrade(url)
    except Exception as error:
        raise ConfigError(f"cannot open the playground database {path} ({error}).") from None


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _print(text: str) -> None:
    print(text, file=sys.stdout, flush=True)
