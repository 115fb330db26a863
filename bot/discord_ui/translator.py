"""Slash commands in the member's language: discord.py's ``app_commands.Translator``.

discord.py hands every command, group and parameter name, description and choice
name to :class:`CatalogueTranslator` when the tree is synced, once per Discord
locale; what it returns becomes the ``name_localizations`` and
``description_localizations`` Discord shows an Italian client.

Names are looked up with the message context ``command`` (an Italian name is
one lower-case word, not a sentence); every name a command may carry is listed
in :data:`COMMAND_NAMES`, which is what puts them in the catalogue. Descriptions
and choice names are ordinary msgids: the bot's own are marked ``N_`` where the
command is declared, the games' come from their catalogues and carry the game's
key as their ``domain`` extra (:func:`game_words`), so they are looked up there
first. A description built from a game's title is a ``locale_str`` whose ``msgid``
extra holds the template and whose other extras fill it (:func:`described`).
"""

from __future__ import annotations

import re
from typing import Any, Final

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.engine import i18n

BOT_DOMAIN: Final = "bot"
NAME_CONTEXT: Final = "command"
"""The msgctxt of command, group and parameter names."""

_NAMES: Final = frozenset({Where.command_name, Where.group_name, Where.parameter_name})
_VALID_NAME = re.compile(r"^[-_'\w]{1,32}$")
"""Discord's rule for a command name in any locale (lower case checked apart)."""


def pgettext(context: str, message: str) -> str:
    """Mark a command name for extraction under ``context``; translated by the translator."""
    return message


COMMAND_NAMES: Final = (
    # TRANSLATORS: slash-command names: one lower-case word (hyphens allowed), at most 32 letters.
    pgettext("command", "start"),
    pgettext("command", "rules"),
    pgettext("command", "pacing"),
    pgettext("command", "players"),
    pgettext("command", "match"),
    pgettext("command", "hand"),
    pgettext("command", "dm"),
    pgettext("command", "status"),
    pgettext("command", "leave"),
    pgettext("command", "end"),
    pgettext("command", "list"),
    pgettext("command", "kick"),
    pgettext("command", "member"),
    pgettext("command", "skip"),
    pgettext("command", "pause"),
    pgettext("command", "resume"),
    pgettext("command", "host"),
    pgettext("command", "log"),
    pgettext("command", "page"),
    pgettext("command", "config"),
    pgettext("command", "show"),
    pgettext("command", "set"),
    pgettext("command", "setting"),
    pgettext("command", "value"),
    pgettext("command", "reset"),
    pgettext("command", "channel"),
    pgettext("command", "allowed"),
    pgettext("command", "game"),
    pgettext("command", "enabled"),
    pgettext("command", "modrole"),
    pgettext("command", "role"),
    pgettext("command", "history"),
    pgettext("command", "language"),
    pgettext("command", "stats"),
    pgettext("command", "leaderboard"),
    pgettext("command", "prefs"),
    pgettext("command", "dm_turn"),
    pgettext("command", "dm_hand"),
    # the games' groups and their options
    pgettext("command", "coverta"),
    pgettext("command", "coins"),
    pgettext("command", "cover-cover"),
    pgettext("command", "never-over"),
    pgettext("command", "covert"),
    pgettext("command", "mode"),
    pgettext("command", "steal"),
    pgettext("command", "target"),
    pgettext("command", "round_limit"),
    pgettext("command", "auto"),
    pgettext("command", "auto_summary_every"),
    pgettext("command", "hand_size"),
    pgettext("command", "games"),
    pgettext("command", "pack"),
    pgettext("command", "partnerships"),
    pgettext("command", "team"),
    pgettext("command", "characters"),
    pgettext("command", "conceal_reactions"),
    pgettext("command", "espionage"),
    pgettext("command", "first"),
)
"""Every name a command, group or parameter may carry (a new one goes here too)."""


def described(template: str, domain: str, **values: str) -> app_commands.locale_str:
    """A description filled from a game's words (its title): English shown, all translated.

    ``template`` is a msgid of the bot's catalogue marked ``N_`` by the caller; the
    values are msgids of the catalogue ``domain`` (the game's key).
    """
    return app_commands.locale_str(
        template.format(**values), msgid=template, domain=domain, values=values
    )


def game_words(domain: str, text: str) -> app_commands.locale_str:
    """A game's own text (an option's description, a choice's label) from its catalogue."""
    return app_commands.locale_str(text, domain=domain)


def translate(message: str, location: Where, extras: dict[str, Any], lang: str) -> str | None:
    """Return ``message`` in ``lang``, or None where the catalogue has nothing different."""
    if lang == i18n.SOURCE_LANGUAGE:
        return None
    own = i18n.translations(lang, BOT_DOMAIN)
    theirs = i18n.translations(lang, extras.get("domain") or BOT_DOMAIN)
    if location in _NAMES:
        text = own.pgettext(NAME_CONTEXT, message).strip().lower()
        if not _VALID_NAME.match(text):
            return None
    elif "msgid" in extras:
        values = {key: theirs.gettext(value) for key, value in extras["values"].items()}
        text = own.gettext(extras["msgid"]).format(**values)
    else:
        text = theirs.gettext(message)
    limit = 32 if location in _NAMES else 100
    return text[:limit] if text and text != message else None


class CatalogueTranslator(app_commands.Translator):
    """Localise the command tree from the gettext catalogues."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """Translate one name, description or choice name into ``locale`` (None: keep it)."""
        return translate(
            string.message, context.location, dict(string.extras), i18n.normalize(locale)
        )
