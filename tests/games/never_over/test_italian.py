"""NEVER OVER in Italian: every text of played sessions reads in Italian, sinistra and
destra included; in English, no Italian word slips in."""

from __future__ import annotations

from bot.games import build_registry
from bot.games.never_over import art
from tests.support.i18n import leftover_source, leftover_translation, shown

DOMAINS = ("never_over", "engine")
NEVER_OVER = build_registry().get("never_over")


def test_an_italian_session_shows_no_english() -> None:
    art._face.cache_clear()
    texts = shown(NEVER_OVER, "it", seeds=range(4))
    assert leftover_source(texts, DOMAINS) == []
    everything = "\n".join(texts)
    for term in ("sinistra", "destra", "tetto", "pila verde", "pila rossa", "Tocca a te"):
        assert term in everything, term
    assert "Regole di NEVER OVER" in everything
    assert "TETTO" in texts and "tallone" in texts  # drawn on a red card and on the table


def test_an_english_session_shows_no_italian() -> None:
    art._face.cache_clear()
    texts = shown(NEVER_OVER, "en", seeds=range(4))
    assert leftover_translation(texts, DOMAINS) == []
    assert "CAP" in texts and "stock" in texts
