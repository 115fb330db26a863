"""A translated sentence that names a slash command names it as that language's client shows it.

An Italian client lists ``/impostazioni imposta``, not ``/config set``; a hint that says
``/config set`` sends the member looking for a command that is not in their list.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.engine.i18n import LOCALE_DIR, available_languages

MENTION = re.compile(r"(?<![\w<:/])/([a-z][a-z-]*)(?: ([a-z_]+))?")


def command_names(lang: str) -> dict[str, str]:
    """English command, group and option names and their localisations (msgctxt ``command``)."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "bot.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    return {m.id: m.string for m in catalog if m.context == "command" and m.id and m.string}


def catalogues(lang: str) -> list[Path]:
    return sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po"))


LANGUAGES = [lang for lang in available_languages() if lang != "en"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_slash_commands_in_translations_are_named_as_the_client_shows_them(lang: str) -> None:
    names = command_names(lang)
    assert names["config"] != "config", "the test needs a language that renames commands"
    wrong: list[str] = []
    for path in catalogues(lang):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in catalog:
            if not message.id or message.context == "command":
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for group, sub in MENTION.findall(" ".join(ids)):
                if group not in names:
                    continue
                expected = "/" + names[group]
                if sub in names:
                    expected += " " + names[sub]
                for text in strings:
                    if expected not in text:
                        wrong.append(f"{path.name}: {ids[0]!r} should say {expected}")
    assert wrong == []


def test_the_check_catches_an_english_command_name() -> None:
    names = {"config": "impostazioni", "set": "imposta"}
    groups = MENTION.findall("Change one with /config set.")
    assert groups == [("config", "set")]
    assert "/" + names["config"] + " " + names["set"] not in "Cambiane una con /config set."
