"""Translation catalogues: extract the templates, update each language, check completeness.

``python -m bot.catalogues extract`` rewrites ``bot/locale/<domain>.pot`` from the code;
``update [LANG...]`` merges the templates into ``bot/locale/<lang>/LC_MESSAGES/<domain>.po``
(creating a catalogue for a new language); ``check`` fails when a template is out of date
with the code, or when any language has an untranslated, fuzzy or ill-formatted entry.
The domains and the code each one holds are :data:`bot.engine.i18n.DOMAIN_SOURCES`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from bot.engine.i18n import DOMAIN_SOURCES, LOCALE_DIR, SOURCE_LANGUAGE

ROOT = LOCALE_DIR.parent.parent
PROJECT = "Covert Table"
_METHODS = [("**.py", "python")]
KEYWORDS = {**DEFAULT_KEYWORDS, "phrase": None, "nphrase": (1, 2), "pphrase": ((1, "c"), 2)}
"""Babel's keywords (``_``, ``ngettext``, ``N_`` ...) and the phrases of
:mod:`bot.engine.phrase`, worded when read."""
_STAMP = datetime(2026, 1, 1, tzinfo=UTC)
"""A fixed header date, so regenerating an unchanged template changes no byte."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason the catalogues are not ready: where, and what is wrong."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def template_path(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def catalogue_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def languages() -> list[str]:
    """Languages with a catalogue folder, besides the English source."""
    if not LOCALE_DIR.is_dir():
        return []
    return sorted(
        path.name
        for path in LOCALE_DIR.iterdir()
        if path.is_dir() and (path / "LC_MESSAGES").is_dir() and path.name != SOURCE_LANGUAGE
    )


def _extracted(sources: Iterable[str]) -> Iterator[tuple[str, int, object, list[str], object]]:
    for source in sources:
        path = ROOT / source
        if path.is_dir():
            for filename, lineno, message, comments, context in extract_from_dir(
                path, _METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
            ):
                yield str(Path(source) / filename), lineno, message, comments, context
        elif path.is_file():
            for lineno, message, comments, context in extract_from_file(
                "python", path, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
            ):
                yield source, lineno, message, comments, context


def extract(domain: str) -> Catalog:
    """The template of ``domain`` as the code reads now."""
    catalog = Catalog(
        project=PROJECT, domain=domain, fuzzy=False, creation_date=_STAMP, revision_date=_STAMP
    )
    for filename, lineno, message, comments, context in _extracted(DOMAIN_SOURCES[domain]):
        catalog.add(
            message,  # type: ignore[arg-type]
            None,
            [(filename, lineno)],
            auto_comments=comments,
            context=context,  # type: ignore[arg-type]
        )
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=False, omit_header=False)


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def write_templates() -> None:
    for domain in DOMAIN_SOURCES:
        _write(extract(domain), template_path(domain))


def update(langs: Iterable[str]) -> None:
    """Merge every template into each language's catalogue, creating missing ones."""
    for lang in langs:
        for domain in DOMAIN_SOURCES:
            template = _read(template_path(domain))
            path = catalogue_path(lang, domain)
            if path.is_file():
                catalog = _read(path, lang)
            else:
                catalog = Catalog(
                    locale=lang,
                    domain=domain,
                    project=PROJECT,
                    fuzzy=False,
                    creation_date=_STAMP,
                    revision_date=_STAMP,
                )
            catalog.update(template, update_header_comment=False)
            _write(catalog, path)


def _key(message: object) -> tuple[str, str | None]:
    msgid = message.id  # type: ignore[attr-defined]
    singular = msgid[0] if isinstance(msgid, tuple) else msgid
    return singular, message.context  # type: ignore[attr-defined]


def check() -> list[Problem]:
    """Every problem that keeps the catalogues from shipping; empty when they are ready."""
    problems: list[Problem] = []
    for domain in DOMAIN_SOURCES:
        template_file = template_path(domain)
        code = {_key(m) for m in extract(domain) if m.id}
        if not template_file.is_file():
            if code:
                problems.append(Problem(str(template_file.name), "template missing: run extract"))
            continue
        template = {_key(m) for m in _read(template_file) if m.id}
        for singular, _context in sorted(code - template, key=str):
            problems.append(Problem(template_file.name, f"not extracted: {singular!r}"))
        for singular, _context in sorted(template - code, key=str):
            problems.append(Problem(template_file.name, f"no longer in the code: {singular!r}"))
        for lang in languages():
            problems.extend(_check_catalogue(lang, domain, template))
    return problems


def _check_catalogue(
    lang: str, domain: str, template: set[tuple[str, str | None]]
) -> list[Problem]:
    path = catalogue_path(lang, domain)
    where = f"{lang}/{domain}.po"
    if not path.is_file():
        return [Problem(where, "catalogue missing: run update")] if template else []
    catalog = _read(path, lang)
    problems: list[Problem] = []
    present = {_key(m): m for m in catalog if m.id}
    for key in sorted(template, key=str):
        message = present.get(key)
        if message is None:
            problems.append(Problem(where, f"missing: {key[0]!r}"))
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            problems.append(Problem(where, f"untranslated: {key[0]!r}"))
        elif message.fuzzy:
            problems.append(Problem(where, f"fuzzy: {key[0]!r}"))
    for message, errors in catalog.check():
        for error in errors:
            problems.append(Problem(where, f"{message.id!r}: {error}"))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.catalogues", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="rewrite the templates from the code")
    up = sub.add_parser("update", help="merge the templates into each language (or new ones)")
    up.add_argument("langs", nargs="*", help="languages to update or create (default: all)")
    sub.add_parser("check", help="fail on a stale template or an incomplete language")
    args = parser.parse_args(argv)
    if args.command == "extract":
        write_templates()
        return 0
    if args.command == "update":
        update(args.langs or languages())
        return 0
    problems = check()
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{len(problems)} problem(s) in the catalogues" if problems else "catalogues complete")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
