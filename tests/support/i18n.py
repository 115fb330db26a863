"""Everything a game shows, gathered over random playouts in one language, and the checks.

``shown`` plays seeded random playouts of a game with its presenter drawing pictures
now and then, and returns every text a member could read: table and private screens
(titles, bodies, fields, buttons, selects, next steps of a choice, image descriptions),
each event as every seat and a spectator read it, the end summary, refusals, the rules
pages, the match options and AI levels, and every label drawn on a picture (caught where
Pillow draws text). ``leftover_source`` and ``leftover_translation`` then find a sentence
of the other language in it: the fixed parts of each catalogue message of the game's
domain (and of the engine's), besides plain English or Italian words that no
translation of either language uses.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from babel.messages.pofile import read_po
from PIL import ImageDraw

from bot.engine import CHANCE, GameError, GameModule, Match, Screen, Select
from bot.engine.i18n import LOCALE_DIR, _, use_locale
from bot.games import build_registry
from tests.support.games import options_for, seats_for

NAMES = ("Ada", "Bruno", "Carla", "Dario", "Elsa", "Fabio")
"""Display names with no word of either language in them."""
ENGLISH_WORDS = re.compile(
    r"\b(the|and|your|you|with|wins?|cards?|hand|turn|plays?|takes?|waiting|round|points?"
    r"|match|over|score|left|right|of|to|is|are|has|no|none|draw|pile|team)\b",
    re.IGNORECASE,
)
"""Everyday English words; an untranslated sentence nearly always holds one."""
ITALIAN_WORDS = re.compile(
    r"\b(il|la|le|gli|di|del|della|che|carte?|mano|presa|tocca|gioca|vince|punti|turno"
    r"|partita|giocatore|sinistra|destra|squadra|mazzo|nessuna?)\b",
    re.IGNORECASE,
)
PLACEHOLDER = re.compile(r"\{[^{}]*\}|\*\*|[`_()\[\]·:;,.!?…→+\-/\n\"“”']")
SLOT = re.compile(r"\{[^{}]*\}")
"""A placeholder alone."""
PUNCTUATION = " .,:;()*`·→↔—-\n"
"""What a fixed part may begin or end with that says nothing in either language."""


@contextlib.contextmanager
def drawn_text() -> Iterator[list[str]]:
    """Catch every text Pillow draws inside the block."""
    caught: list[str] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kw: Any) -> None:
        caught.append(str(text))
        original(self, xy, text, *args, **kw)

    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    try:
        yield caught
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


def screen_texts(screen: Screen) -> Iterator[str]:
    """Yield every text of a screen."""
    yield screen.title
    yield screen.body
    yield screen.image_alt
    for field in screen.fields:
        yield field.name
        yield field.value
    for choice in screen.choices:
        if isinstance(choice, Select):
            yield choice.placeholder
            for option in choice.options:
                yield option.label
                yield option.description
        else:
            yield choice.label


def steps_of(screen: Screen) -> list[str]:
    """Return the next steps a screen's choices open (``pick`` targets)."""
    targets = []
    for choice in screen.choices:
        options = choice.options if isinstance(choice, Select) else (choice,)
        targets += [o.target[2:] for o in options if o.target.startswith("p.")]
    return targets


def module_texts(module: GameModule) -> Iterator[str]:
    """Yield the texts a game shows outside a match: options, AI levels, rules pages."""
    for option in module.spec.options:
        yield _(option.description)
        yield from (_(label) for _value, label in option.choices)
    yield _(module.spec.hand_label)
    yield from (module.level_label(level) for level in module.policies)
    for page in module.presenter.rules_pages():
        yield from screen_texts(page)


def shown(
    module: GameModule,
    lang: str,
    seeds: range = range(2),
    steps: int = 300,
    pictures_every: int = 25,
) -> list[str]:
    """Return every text random playouts of a game show, in one language."""
    found: list[str] = []
    with use_locale(lang), drawn_text() as drawn:
        found += module_texts(module)
        for seed in seeds:
            found += _playout(module, seed, steps, pictures_every)
        found += drawn
    return [text for text in found if text]


def _playout(module: GameModule, seed: int, steps: int, pictures_every: int) -> Iterator[str]:
    rules, presenter = module.rules, module.presenter
    rng = random.Random(seed)
    seats = seats_for(module, seed)
    match = Match.new(rules, seats, options_for(module, seed))
    names = list(NAMES[:seats])
    images = getattr(presenter, "images", None)
    for step in range(steps):
        if images is not None:
            presenter.images = step % pictures_every == 0  # type: ignore[attr-defined]
        outcome = rules.outcome(match.state)
        yield from screen_texts(presenter.table(rules.view(match.state, None), names, outcome))
        for seat in range(seats):
            acting = seat in rules.to_act(match.state)
            legal = rules.legal_actions(match.state, seat) if acting else ()
            view = rules.view(match.state, seat)
            screen = presenter.private(view, legal, names, None)
            yield from screen_texts(screen)
            for target in steps_of(screen)[:3]:
                yield from screen_texts(presenter.private(view, legal, names, target))
        if outcome is not None:
            yield outcome.render(names)
            break
        to_act = rules.to_act(match.state)
        idle = [s for s in range(seats) if s not in to_act]
        if idle and CHANCE not in to_act:
            action = rng.choice(list(rules.legal_actions(match.state, min(to_act))))
            try:
                rules.apply(match.state, idle[0], action)
            except GameError as refusal:
                yield refusal.message
        seat = min(to_act)
        if seat == CHANCE:
            action = rules.chance_outcome(match.state, rng)
        else:
            action = rng.choice(list(rules.legal_actions(match.state, seat)))
        for event in match.step(seat, action.token()):
            for reader in (None, *range(seats)):
                if event.visible_to(reader):
                    yield event.render(names)
    if images is not None:
        presenter.images = True  # type: ignore[attr-defined]


@cache
def catalogue(domain: str) -> dict[str, str]:
    """Return each Italian message of a domain: source text -> translation (forms joined)."""
    with (LOCALE_DIR / "it" / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        messages = read_po(handle, locale="it")
    found: dict[str, str] = {}
    for message in messages:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for source in ids:
            found[str(source)] = "\n".join(str(s) for s in strings)
    return found


def fragments(text: str) -> set[str]:
    """Return the fixed parts of a message: what stays between its placeholders, whole
    (``pts; benefit``) and cut at each punctuation mark (``pts``, ``benefit``)."""
    cut = (part.strip() for part in PLACEHOLDER.split(text))
    whole = (part.strip(PUNCTUATION) for part in SLOT.split(text))
    parts = (*cut, *whole)
    return {part for part in parts if len(part) >= 4 and re.search(r"[a-zA-Z]{3}", part)}


def _foreign(domains: tuple[str, ...], source_side: bool) -> set[str]:
    """Fragments of one side of the catalogues that the other side never holds."""
    pairs = [pair for domain in domains for pair in catalogue(domain).items()]
    others = "\n".join(target if source_side else source for source, target in pairs)
    own = {f for source, target in pairs for f in fragments(source if source_side else target)}
    return {f for f in own if f not in others}


def _words(domains: tuple[str, ...], source_side: bool) -> set[str]:
    """Every word one side of the catalogues uses, lower case."""
    pairs = [pair for domain in domains for pair in catalogue(domain).items()]
    text = "\n".join(source if source_side else target for source, target in pairs)
    return set(re.findall(r"\w+", text.lower()))


def leftover_source(texts: list[str], domains: tuple[str, ...]) -> list[str]:
    """Return texts (shown in Italian) holding an English source fragment or word."""
    return _leftover(texts, domains, source_side=True, words=ENGLISH_WORDS)


def leftover_translation(texts: list[str], domains: tuple[str, ...]) -> list[str]:
    """Return texts (shown in English) holding an Italian fragment or word."""
    return _leftover(texts, domains, source_side=False, words=ITALIAN_WORDS)


def _leftover(
    texts: list[str], domains: tuple[str, ...], source_side: bool, words: re.Pattern[str]
) -> list[str]:
    """Texts holding a fragment of the other side's catalogue text, or a word of the other
    language that no text of this side uses."""
    foreign = _as_words(_foreign(domains, source_side))
    known = _words(domains, not source_side)
    return [
        text
        for text in texts
        if foreign.search(text)
        or any(w.group(0).lower() not in known for w in words.finditer(text))
    ]


def _as_words(fragments: set[str]) -> re.Pattern[str]:
    """Find any of the fragments standing as whole words (``press``, not in ``Cypress``)."""
    longest_first = sorted(fragments, key=lambda f: (-len(f), f))
    either = "|".join(re.escape(f) for f in longest_first) or r"(?!)"
    return re.compile(rf"(?<!\w)(?:{either})(?!\w)")


def played(key: str, lang: str, fresh: Callable[[], object], seeds: range = range(2)) -> list[str]:
    """Return what random playouts of game ``key`` show in ``lang`` (English or Italian),
    having checked that nothing of the other language is left in it. ``fresh`` clears the
    game's cache of drawn images first, so the labels on them are drawn (and caught) again."""
    fresh()
    texts = shown(build_registry().get(key), lang, seeds=seeds)
    domains = (key, "engine")
    if lang == "en":
        assert leftover_translation(texts, domains) == []
    else:
        assert leftover_source(texts, domains) == []
    return texts
