"""The catalogue tool catches what would ship untranslated or stale."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from bot import catalogues
from bot.engine import i18n


def test_shipped_catalogues_are_complete_and_current() -> None:
    assert [str(problem) for problem in catalogues.check()] == []


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository of one domain, ``toy``, whose code lives in ``toy/``."""
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "words.py").write_text(
        "from bot.engine.i18n import _, ngettext\n"
        "GREETING = _('Hello')\n"
        "def cards(n):\n"
        "    return ngettext('{n} card', '{n} cards', n).format(n=n)\n"
    )
    locale = tmp_path / "bot" / "locale"
    (locale / "it" / "LC_MESSAGES").mkdir(parents=True)
    monkeypatch.setattr(catalogues, "ROOT", tmp_path)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", locale)
    monkeypatch.setattr(catalogues, "DOMAIN_SOURCES", {"toy": ("toy",)})
    return tmp_path


def _translate_all(path: Path) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="it")
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            forms = ["{n} carta"] + ["{n} carte"] * (catalog.num_plurals - 1)
            message.string = tuple(forms)
        else:
            message.string = "Ciao"
    with path.open("wb") as handle:
        write_po(handle, catalog)


def test_missing_template_then_untranslated_then_complete(sandbox: Path) -> None:
    assert any("template missing" in str(p) for p in catalogues.check())
    catalogues.write_templates()
    catalogues.update(["it"])
    problems = [str(p) for p in catalogues.check()]
    assert "it/toy.po: untranslated: 'Hello'" in problems
    assert "it/toy.po: untranslated: '{n} card'" in problems
    _translate_all(sandbox / "bot" / "locale" / "it" / "LC_MESSAGES" / "toy.po")
    assert catalogues.check() == []


def test_a_new_string_in_the_code_fails_until_extracted(sandbox: Path) -> None:
    catalogues.write_templates()
    catalogues.update(["it"])
    _translate_all(sandbox / "bot" / "locale" / "it" / "LC_MESSAGES" / "toy.po")
    with (sandbox / "toy" / "words.py").open("a") as handle:
        handle.write("FAREWELL = _('Goodbye')\n")
    assert [str(p) for p in catalogues.check()] == ["toy.pot: not extracted: 'Goodbye'"]
    catalogues.write_templates()
    catalogues.update(["it"])
    assert [str(p) for p in catalogues.check()] == ["it/toy.po: untranslated: 'Goodbye'"]


def test_regenerating_an_unchanged_template_changes_nothing(sandbox: Path) -> None:
    catalogues.write_templates()
    first = (sandbox / "bot" / "locale" / "toy.pot").read_bytes()
    catalogues.write_templates()
    assert (sandbox / "bot" / "locale" / "toy.pot").read_bytes() == first


def test_every_domain_is_looked_up_for_a_language() -> None:
    assert set(i18n.DOMAINS) == set(i18n.DOMAIN_SOURCES)
    assert i18n.available_languages()[0] == "en"
