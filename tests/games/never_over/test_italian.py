"""NEVER OVER in Italian: every text of played sessions reads in Italian, sinistra and
destra included; in English, no Italian word slips in."""

from __future__ import annotations

from bot.games.never_over import art
from tests.support.i18n import played


def test_an_italian_session_shows_no_english() -> None:
    texts = played("never_over", "it", art._face.cache_clear, seeds=range(4))
    everything = "\n".join(texts)
    for term in ("sinistra", "destra", "tetto", "pila verde", "pila rossa", "Tocca a te"):
        assert term in everything, term
    assert "Regole di NEVER OVER" in everything
    assert "TETTO" in texts and "tallone" in texts  # drawn on a red card and on the table


def test_an_english_session_shows_no_italian() -> None:
    texts = played("never_over", "en", art._face.cache_clear, seeds=range(4))
    assert "CAP" in texts and "stock" in texts
