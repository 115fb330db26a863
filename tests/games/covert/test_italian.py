"""Covert in Italian: every sentence, label and picture word a member meets comes from the
catalogue, and an English reader meets no Italian.

Games are played under ``use_locale``: a planner game to the end (missions, codes, the
final screen) and random games (every prompt and odd corner). After each step the test
renders the public table, each seat's dossier with every step its buttons open, the
rules pages and the log, and looks for English source text (or Italian) in them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import msgspec
import pytest

from bot.engine import CHANCE, Action, Event, Match
from bot.engine.errors import IllegalAction
from bot.engine.i18n import _, current_language, use_locale
from bot.games.covert import GAME, SPEC
from bot.games.covert.actions import Place, Simple
from bot.games.covert.ai.planner import PlannerPolicy
from bot.games.covert.data import CITY, MISSIONS_TO_END
from bot.games.covert.map import art, base
from bot.games.covert.map.picture import board_picture
from bot.games.covert.missions import MISSION
from bot.games.covert.present import CovertPresenter
from bot.games.covert.state import CovertState
from tests.games.covert.support import RULES, moves
from tests.support.i18n import leftover_source, leftover_translation, screen_texts, steps_of

PRESENTER = CovertPresenter(images=False)
NAMES = ("Ada", "Ben", "Cy", "Dee")
DOMAINS = ("covert", "engine")
"""The catalogues Covert's texts come from."""


def dossier_texts(state: CovertState, seat: int, names: tuple[str, ...]) -> Iterator[str]:
    """Render a seat's dossier and every step it opens, two levels deep."""
    view = RULES.view(state, seat)
    legal = moves(state, seat) if seat in RULES.to_act(state) else []
    seen: set[str] = set()
    todo: list[str | None] = [None]
    while todo:
        step = todo.pop()
        screen = PRESENTER.private(view, legal, names, step)
        yield from screen_texts(screen)
        for sub in steps_of(screen):
            if sub not in seen and len(seen) < 40:
                seen.add(sub)
                todo.append(sub)


def refusal(state: CovertState) -> str:
    """Try a move that is not allowed and return the refusal a member would read."""
    seat = min(s for s in RULES.to_act(state) if s >= 0)
    for action in (Place(0, "MOVEMENT"), Simple("halt"), Simple("finish")):
        try:
            RULES.apply(state, seat, action)
        except IllegalAction as refused:
            return refused.message
    return ""


def play(
    seed: int, seats: int, planner: bool, limit: int = 3000
) -> Iterator[tuple[Match, list[Event]]]:
    """Play a game in the current language, yielding the match and the events of each step."""
    options = {"round_limit": "20", "characters": "choose" if seed % 2 else "deal"}
    match = Match.new(RULES, seats, SPEC.resolve_options(options, seats))
    rng = random.Random(seed)
    policy = PlannerPolicy()
    yield match, []
    while match.outcome is None and match.seq < limit:
        if match.chance_pending:
            events = match.step(CHANCE, RULES.chance_outcome(match.state, rng).token())
        else:
            seat = min(s for s in RULES.to_act(match.state) if s >= 0)
            legal = moves(match.state, seat)
            action: Action | None = None
            if planner:
                action = policy.choose(RULES.view(match.state, seat), legal, rng, must_act=True)
            if action is None:
                action = legal[rng.randrange(len(legal))]
            events = match.step(seat, action.token())
        yield match, list(events)


def everything(
    seed: int, seats: int, planner: bool, every: int = 1, limit: int = 3000
) -> Iterator[str]:
    """Every text of a game: each log line, and every ``every`` steps the table, each
    dossier with the steps it opens and a refusal; the final screen."""
    names = NAMES[:seats]
    for match, events in play(seed, seats, planner, limit):
        yield from (e.render(names) for e in events)
        state: CovertState = match.state
        if match.seq % every and match.outcome is None:
            continue
        yield from screen_texts(PRESENTER.table(RULES.view(state, None), names, match.outcome))
        for seat in range(seats):
            yield from dossier_texts(state, seat, names)
        if match.outcome is None and not match.chance_pending:
            yield refusal(state)
        if match.outcome is not None:
            yield match.outcome.summary.format(p=list(names))


def italian_game_texts() -> list[str]:
    with use_locale("it"):
        texts = list(everything(7, 2, planner=True, every=7))
        texts += list(everything(11, 3, planner=False, every=3, limit=500))
        texts += list(everything(12, 4, planner=False, every=5, limit=500))
    return texts


@pytest.fixture(scope="module")
def italian() -> str:
    return unique(italian_game_texts())


def unique(texts: Iterator[str] | list[str]) -> str:
    """Join the distinct lines of many texts (the same table line recurs at every step)."""
    return "\n".join(dict.fromkeys(line for text in texts for line in text.split("\n")))


def test_an_italian_game_reads_italian_only(italian: str) -> None:
    assert leftover_source(italian.splitlines(), DOMAINS) == []


def test_an_italian_game_uses_the_italian_terms(italian: str) -> None:
    for term in (
        "Spazi Regione",
        "Cerchi Azione",
        "Griglia del Cifrario",
        "Missioni scoperte",
        "Fase I · tira e piazza i dadi",
        "Fase III · risoluzione dei dadi",
        "carta Agenzia",
        "Dossier di Ada",
        "Fine turno",
        "Piazza un dado",
        "Completa Missione",
        "Decodificatore",
        "Operazioni Speciali",
        "Fine del round 1. Punteggi:",
        "Partita finita. Punteggi finali:",
    ):
        assert term in italian, term
    assert any(city in italian for city in ("Venezia", "Parigi", "Londra", "Varsavia", "Atene"))
    assert re.search(r"(vince|si dividono la vittoria) con \d+ punti", italian)


def test_an_english_game_reads_no_italian() -> None:
    with use_locale("en"):
        text = unique(everything(7, 2, planner=True, every=9))
    assert leftover_translation(text.splitlines(), DOMAINS) == []
    assert "Region Spaces" in text and "Round 1 ends. Scores:" in text


def test_rules_pages_and_options_in_italian() -> None:
    with use_locale("it"):
        pages = PRESENTER.rules_pages()
        option_words = [_(o.description) for o in SPEC.options]
        option_words += [_(label) for o in SPEC.options for _value, label in o.choices]
        levels = [_(label) for label in GAME.levels.values()]
    text = "\n".join(t for page in pages for t in screen_texts(page))
    assert leftover_source(text.splitlines(), DOMAINS) == []
    assert "Regole di Covert 1/5: Lo scopo" in text and "Kane Klenko" in text
    assert leftover_source(option_words + levels, DOMAINS) == []
    assert "Spionaggio: chiedi" in option_words and "Normale" in levels


def test_board_picture_labels_follow_the_language() -> None:
    view = None
    for match, _events in play(5, 3, planner=False):
        if match.seq > 80:
            view = RULES.view(match.state, None)
            break
    assert view is not None
    with use_locale("it"):
        picture = board_picture(view, NAMES[:3])
        words = "\n".join([*picture.region_cards.values(), *picture.missions])
        city = art.agency_label(next(c for c in view.region_spaces if c))
        mission = art.mission_label(MISSION["M44"])
        italian_base = base.base_image()
        assert current_language() == "it"
    with use_locale("en"):
        english_base = base.base_image()
        english_mission = art.mission_label(MISSION["M44"])
    assert leftover_source(words.splitlines(), DOMAINS) == []
    assert "Venezia" in mission and "arancione" in mission and "5 pt" in mission
    assert "Venice" in english_mission and "orange" in english_mission
    assert city.split("\n")[1] in {_it(c.name) for c in CITY.values()}
    assert italian_base is not english_base
    assert italian_base.tobytes() != english_base.tobytes()
    with use_locale("it"):
        assert base.base_image() is italian_base  # cached per language


def _it(name: str) -> str:
    with use_locale("it"):
        return _(name)


def test_a_member_reads_the_sixth_mission_rule() -> None:
    assert MISSIONS_TO_END == 6
    with use_locale("it"):
        text = "\n".join(t for page in PRESENTER.rules_pages() for t in screen_texts(page))
    assert "sesta missione" in text


def test_the_log_is_worded_when_read_in_each_readers_language() -> None:
    """Events are stored as phrases: a match played with no language set reads in Italian
    for an Italian reader and in English for an English one, from the same events."""
    played = [e for _match, step in play(3, 2, planner=False, limit=200) for e in step]
    stored = msgspec.json.encode(played)  # as the match log keeps them
    events = msgspec.json.decode(stored, type=list[Event])
    assert events == played
    names = ["Ada", "Ben"]
    with use_locale("it"):
        italian = unique(e.render(names) for e in events)
    with use_locale("en"):
        english = unique(e.render(names) for e in events)
    assert leftover_source(italian.splitlines(), DOMAINS) == []
    assert leftover_translation(english.splitlines(), DOMAINS) == []
    assert "🎲 Round 1: Fase I, tira e piazza i dadi." in italian
    assert "🎲 Round 1: Phase I, roll and place dice." in english


def test_the_shared_language_check_finds_no_english_in_covert() -> None:
    """The check every game runs (random playouts, pictures drawn now and then, each text
    Pillow draws caught) agrees: Covert in Italian shows no English, in English no Italian."""
    from bot.games import build_registry
    from tests.support.i18n import shown

    covert = build_registry().get("covert")
    base._base_image.cache_clear()  # the map's names are drawn once per language
    italian = shown(covert, "it", steps=150, pictures_every=50)
    assert leftover_source(italian, DOMAINS) == []
    assert "SPAZI REGIONE" in italian and "Venezia" in italian  # drawn on the picture
    base._base_image.cache_clear()
    english = shown(covert, "en", steps=150, pictures_every=50)
    assert leftover_translation(english, DOMAINS) == []
    assert "REGION SPACES" in english
