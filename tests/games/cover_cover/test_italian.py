"""Cover-cover in Italian: every text of played matches reads in Italian; in English, no
Italian word slips in."""

from __future__ import annotations

from bot.games.cover_cover import art
from tests.support.i18n import played


def test_an_italian_match_shows_no_english() -> None:
    texts = played("cover_cover", "it", art._piles_png.cache_clear, seeds=range(4))
    everything = "\n".join(texts)
    for term in ("Giro", "Gira", "coperta", "vincite", "Cover-cover", "in parità con"):
        assert term in everything, term
    assert "Regole di Cover-cover" in everything
    assert any(text.startswith("Mano: ") for text in texts)  # drawn under the hand pile


def test_an_english_match_shows_no_italian() -> None:
    texts = played("cover_cover", "en", art._piles_png.cache_clear, seeds=range(4))
    assert any(text.startswith("Hand: ") for text in texts)
