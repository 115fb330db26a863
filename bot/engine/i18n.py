"""Translated text: gettext catalogues managed with Babel, and the language of the moment.

Every sentence a member reads goes through :func:`_` (or :func:`ngettext` where a count
picks the form). The language is not passed down through every function: the layer that
knows who will read a message (a member's own locale for ephemeral and direct messages,
the server's language for the channel) renders it inside :func:`use_locale`. Context
variables follow ``asyncio`` tasks and ``asyncio.to_thread``, so images drawn in a worker
thread use the language of the code that asked for them.

Catalogues live in ``bot/locale/<lang>/LC_MESSAGES/<domain>.po``, one domain per part of
the code (:data:`DOMAIN_SOURCES`): ``engine`` for the engine and the drawing kit, one per
game (what its rule text names), and ``bot`` for the application, the Discord layer and the
playground. Templates are ``bot/locale/<domain>.pot``; ``python -m bot.catalogues`` extracts,
updates and checks them. The ``.po`` files are compiled in memory when first used, so a
checkout needs no build step. English is the source language.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues live: ``bot/locale``."""

DOMAIN_SOURCES: Final[dict[str, tuple[str, ...]]] = {
    "engine": ("bot/engine", "bot/draw"),
    "coins": ("bot/games/coins",),
    "coverta": ("bot/games/coverta",),
    "cover_cover": ("bot/games/cover_cover",),
    "never_over": ("bot/games/never_over",),
    "covert": ("bot/games/covert",),
    "bot": (
        "bot/games/__init__.py",
        "bot/store",
        "bot/app",
        "bot/discord_ui",
        "bot/playground",
        "bot/cli.py",
    ),
}
"""Catalogue domains and the source paths (relative to the repository root) each holds."""

DOMAINS: Final = tuple(DOMAIN_SOURCES)
"""Catalogue domains, looked up in this order."""

SOURCE_LANGUAGE: Final = "en"

_current: contextvars.ContextVar[str] = contextvars.ContextVar("language", default=SOURCE_LANGUAGE)


def available_languages() -> tuple[str, ...]:
    """Languages with a catalogue, English first: ``("en", "it")``."""
    found = (
        sorted(
            path.name
            for path in LOCALE_DIR.iterdir()
            if path.is_dir() and (path / "LC_MESSAGES").is_dir()
        )
        if LOCALE_DIR.is_dir()
        else []
    )
    return (SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE))


def normalize(locale: object | None) -> str:
    """Map a Discord locale (``discord.Locale.italian``, ``"it"``, ``"en-US"``) to a language
    with a catalogue, falling back to English."""
    if locale is None:
        return SOURCE_LANGUAGE
    text = str(getattr(locale, "value", locale)).replace("_", "-").lower()
    lang = text.split("-", 1)[0]
    return lang if lang in available_languages() else SOURCE_LANGUAGE


@functools.cache
def _compiled(lang: str, domain: str) -> bytes | None:
    """The catalogue of one domain in ``lang``, compiled to ``.mo`` bytes (cached)."""
    po_path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not po_path.is_file():
        return None
    with po_path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


@functools.cache
def translations(lang: str, domain: str | None = None) -> gettext.NullTranslations:
    """The catalogues of ``lang``: ``domain``'s first, then every other one (cached).

    The same English word may read differently in two games (Italian "nessuna carta",
    "nessuno agente"), so text is looked up in the catalogue of the code that wrote it
    before any other.
    """
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    order = ([domain] if domain in DOMAIN_SOURCES else []) + [d for d in DOMAINS if d != domain]
    first: gettext.NullTranslations | None = None
    for name in order:
        compiled = _compiled(lang, name)
        if compiled is None:
            continue
        loaded = gettext.GNUTranslations(io.BytesIO(compiled))
        if first is None:
            first = loaded
        else:
            first.add_fallback(loaded)
    return first if first is not None else gettext.NullTranslations()


@functools.cache
def domain_of(module: str) -> str | None:
    """The catalogue domain holding the text of a module (``bot.games.coins.table``: coins)."""
    for domain, sources in DOMAIN_SOURCES.items():
        for source in sources:
            if source.endswith(".py"):  # one module: a package's own __init__, or a file
                if module == source.removesuffix("/__init__.py").removesuffix(".py").replace(
                    "/", "."
                ):
                    return domain
                continue
            prefix = source.replace("/", ".")
            if module == prefix or module.startswith(prefix + "."):
                return domain
    return None


def caller_domain(depth: int = 1) -> str | None:
    """The domain of the code ``depth`` frames above the caller of this function."""
    return domain_of(sys._getframe(depth + 1).f_globals.get("__name__", ""))


def _here() -> gettext.NullTranslations:
    """The catalogues of the current language, those of the calling module's domain first."""
    lang = _current.get()
    if lang == SOURCE_LANGUAGE:
        return _ENGLISH
    return translations(lang, domain_of(sys._getframe(2).f_globals.get("__name__", "")))


_ENGLISH: Final = gettext.NullTranslations()


def current_language() -> str:
    """The language text is rendered in right now."""
    return _current.get()


@contextlib.contextmanager
def use_locale(locale: object | None) -> Iterator[str]:
    """Render everything inside the block in ``locale`` (normalised); yields the language."""
    lang = normalize(locale)
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


def set_language(locale: object | None) -> str:
    """Render the rest of the current task in ``locale`` (normalised); return the language.

    For a hook that runs first in a task of its own (discord.py's interaction check),
    where no block surrounds what follows; everywhere else use :func:`use_locale`.
    """
    lang = normalize(locale)
    _current.set(lang)
    return lang


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _here().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate and pick the plural form for ``count`` (format ``%(n)s``/``{n}`` yourself)."""
    return _here().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` with a disambiguating context (a word used in two senses)."""
    return _here().pgettext(context, message)


def translate_in(module: str, message: str) -> str:
    """Translate ``message`` as code in ``module`` would: for text declared in one part of
    the code (a game's rules pages) and put into words by shared code."""
    lang = _current.get()
    if lang == SOURCE_LANGUAGE:
        return message
    return translations(lang, domain_of(module)).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (module-level constants);
    pass it through :func:`_` where it is shown."""
    return message
