"""Every translation keeps the placeholders of its English text, so formatting never fails."""

from __future__ import annotations

import string

import pytest
from babel.messages.pofile import read_po

from bot.engine.i18n import DOMAINS, LOCALE_DIR


def fields(text: str) -> set[str]:
    """Return the named fields a ``str.format`` template fills (``{p[0]}`` counts as ``p``)."""
    found = set()
    for _literal, name, _spec, _conversion in string.Formatter().parse(text):
        if name is not None:
            found.add(name.split("[", 1)[0].split(".", 1)[0])
    return found


@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_keep_their_placeholders(domain: str) -> None:
    for path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{domain}.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            expected = set().union(*(fields(i) for i in ids))
            for text in strings:
                if text:
                    assert fields(text) <= expected, (path.name, message.id, text)
                    assert fields(ids[0]) - {"n", "count"} <= fields(text), (
                        path.name,
                        message.id,
                        text,
                    )
