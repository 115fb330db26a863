"""Coins in Italian: every text of a played match reads in Italian, with the rule text's
terms; in English, no Italian word slips in."""

from __future__ import annotations

from bot.games.coins import art
from tests.support.i18n import played


def test_an_italian_match_shows_no_english() -> None:
    texts = played("coins", "it", art._card_image.cache_clear)
    everything = "\n".join(texts)
    for term in ("Denari", "Coppe", "Spade", "Bastoni", "presa", "mazziere", "Tocca a te"):
        assert term in everything, term
    assert any(name in everything for name in ("Asso", "Re di", "Cavallo", "Fante"))
    assert "Regole di Coins" in everything
    assert "DENARI" in texts  # the face of a number card, drawn in the picture


def test_an_english_match_shows_no_italian() -> None:
    texts = played("coins", "en", art._card_image.cache_clear)
    everything = "\n".join(texts)
    assert "Coins" in everything and "trick" in everything
    assert "COINS" in texts
