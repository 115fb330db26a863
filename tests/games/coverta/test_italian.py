"""COVERTA in Italian: every text of played matches reads in Italian, instructions and card
traits included; in English, no Italian word slips in."""

from __future__ import annotations

from bot.games.coverta import art
from tests.support.i18n import played


def test_an_italian_match_shows_no_english() -> None:
    texts = played("coverta", "it", art._card_image.cache_clear, seeds=range(4))
    everything = "\n".join(texts)
    for term in ("MANTIENI", "ALTERNA", "parità", "riga", "Ultima carta messa", "Tocca a te"):
        assert term in everything, term
    assert "Regole di COVERTA" in everything
    assert "PARI" in texts or "DISP" in texts  # written on a card face


def test_an_english_match_shows_no_italian() -> None:
    texts = played("coverta", "en", art._card_image.cache_clear, seeds=range(4))
    assert "EVEN" in texts or "ODD" in texts
