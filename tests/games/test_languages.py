"""Coins, COVERTA, Cover-cover and NEVER OVER in Italian and in English: every text of
played matches reads in the language asked for, with the game's own terms (the rule
text's, those drawn on its pictures), and no word of the other language slips in.

Covert, with its dossier steps and planner games, has a test of its own
(``tests/games/covert/test_italian.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from bot.games import build_registry
from bot.games.coins import art as coins_art
from bot.games.cover_cover import art as cover_cover_art
from bot.games.coverta import art as coverta_art
from bot.games.never_over import art as never_over_art
from tests.support.i18n import played


@dataclass(frozen=True)
class Terms:
    """What a game must show in one language: patterns found somewhere in its texts, and
    patterns that a whole text matches (a label drawn on a picture)."""

    said: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    """How a game is played for the test, and its terms in each language."""

    fresh: Callable[[], object]
    """Clears the game's cache of drawn images, so their labels are drawn (and caught)."""
    it: Terms
    en: Terms
    seeds: range = range(4)


RANKS = "Asso|Re di|Cavallo|Fante"
"""A Spanish card named in Italian: some are always shown in a Coins match."""

GAMES = {
    "coins": Game(
        coins_art._card_image.cache_clear,
        seeds=range(2),
        it=Terms(
            ("Denari", "Coppe", "Spade", "Bastoni", "presa", "mazziere", "Tocca a te", RANKS),
            drawn=("DENARI",),  # the face of a number card
        ),
        en=Terms(("Coins", "trick"), drawn=("COINS",)),
    ),
    "coverta": Game(
        coverta_art._card_image.cache_clear,
        it=Terms(
            ("MANTIENI", "ALTERNA", "parità", "riga", "Ultima carta messa", "Tocca a te"),
            drawn=("PARI|DISP",),  # written on a card face
        ),
        en=Terms(drawn=("EVEN|ODD",)),
    ),
    "cover_cover": Game(
        cover_cover_art._piles_png.cache_clear,
        it=Terms(
            ("Giro", "Gira", "coperta", "vincite", "Cover-cover", "in parità con"),
            drawn=("Mano: .*",),  # under the hand pile
        ),
        en=Terms(drawn=("Hand: .*",)),
    ),
    "never_over": Game(
        never_over_art._face.cache_clear,
        it=Terms(
            ("sinistra", "destra", "tetto", "pila verde", "pila rossa", "Tocca a te"),
            drawn=("TETTO", "tallone"),  # on a red card and on the table
        ),
        en=Terms(drawn=("CAP", "stock")),
    ),
}
RULES_HEADING = {"it": "Regole di {title} 1/", "en": "{title} rules 1/"}
"""How the first rules page of a game is headed."""


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_match_reads_in_one_language_with_the_games_terms(key: str, lang: str) -> None:
    game = GAMES[key]
    terms: Terms = getattr(game, lang)
    texts = played(key, lang, game.fresh, seeds=game.seeds)
    everything = "\n".join(texts)
    assert RULES_HEADING[lang].format(title=build_registry().get(key).spec.title) in everything
    for said in terms.said:
        assert re.search(said, everything), said
    for drawn in terms.drawn:
        assert any(re.fullmatch(drawn, text, re.DOTALL) for text in texts), drawn
