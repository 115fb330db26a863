"""Phrases are worded when read: in the reader's language, with seats filled in last."""

from __future__ import annotations

import msgspec

from bot.engine import Event, NotYourTurn, Outcome
from bot.engine.i18n import use_locale
from bot.engine.phrase import Phrase, nphrase, phrase, seat


def test_a_phrase_survives_storage_and_nests() -> None:
    card = phrase("{rank} of {suit}", rank="8", suit=phrase("Coins"))
    said = Event(phrase("{player} plays {card}.", player=seat(1), card=card), (1,))
    stored = msgspec.json.decode(msgspec.json.encode(said), type=Event)
    assert stored == said
    assert stored.render(["Ann", "Bob"]) == "Bob plays 8 of Coins."


def test_an_old_plain_event_still_reads() -> None:
    stored = msgspec.convert({"text": "{p[0]} passes.", "audience": None}, Event)
    assert stored.render(["Ann"]) == "Ann passes."


def test_counts_pick_the_form_and_lists_join() -> None:
    one = nphrase("{n} card", "{n} cards", n=1)
    many = nphrase("{n} card", "{n} cards", n=3)
    assert (one.render(), many.render()) == ("1 card", "3 cards")
    listed = Phrase("Left: {cards}.", {"cards": [phrase("Coins"), "7", 2]})
    assert listed.render() == "Left: Coins, 7, 2."


def test_refusals_and_summaries_follow_the_language_of_the_moment() -> None:
    refusal = NotYourTurn()
    outcome = Outcome((1, 2), "done", phrase("{winner} wins.", winner=seat(0)))
    assert refusal.message == "It is not your turn."
    with use_locale("it"):
        assert refusal.message == "Non è il tuo turno."
        assert outcome.render(["Ann", "Bob"]) == "Ann wins."
    assert outcome.summary.format(p=["Ann", "Bob"]) == "Ann wins."
