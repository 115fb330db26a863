"""Cover-cover in Italian: every text of played matches reads in Italian; in English, no
Italian word slips in."""

from __future__ import annotations

from bot.games import build_registry
from bot.games.cover_cover import art
from tests.support.i18n import leftover_source, leftover_translation, shown

DOMAINS = ("cover_cover", "engine")
COVER_COVER = build_registry().get("cover_cover")


def test_an_italian_match_shows_no_english() -> None:
    art._piles_png.cache_clear()
    texts = shown(COVER_COVER, "it", seeds=range(4))
    assert leftover_source(texts, DOMAINS) == []
    everything = "\n".join(texts)
    for term in ("Giro", "Gira", "coperta", "vincite", "Cover-cover", "in parità con"):
        assert term in everything, term
    assert "Regole di Cover-cover" in everything
    assert any(text.startswith("Mano: ") for text in texts)  # drawn under the hand pile


def test_an_english_match_shows_no_italian() -> None:
    art._piles_png.cache_clear()
    texts = shown(COVER_COVER, "en", seeds=range(4))
    assert leftover_translation(texts, DOMAINS) == []
    assert any(text.startswith("Hand: ") for text in texts)
