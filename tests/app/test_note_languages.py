"""Match log notes are stored untranslated and worded in each reader's language."""

from __future__ import annotations

import json

import pytest

from bot.app import notes
from bot.engine.i18n import use_locale
from bot.engine.phrase import Phrase


def test_a_note_is_stored_as_a_phrase_and_read_in_each_language() -> None:
    kind, note = notes.skipped([0, 2], by=7)
    assert kind == "skip"
    text = notes.stored(note)
    assert json.loads(text)["msgid"] == (
        "⏭ {by} skipped the turn of {seats}; it was played for them."
    )
    assert notes.read(text) == note and note.domain == "bot"
    event = notes.event(text)
    names = ["ada", "bo", "cy"]
    with use_locale("en"):
        assert (
            event.render(names) == "⏭ <@7> skipped the turn of ada and cy; it was played for them."
        )
    with use_locale("it"):
        assert (
            event.render(names)
            == "⏭ <@7> ha saltato il turno di ada e cy; è stato giocato al posto loro."
        )


def test_a_list_stored_with_the_bots_own_wording_of_and_still_reads_in_each_language() -> None:
    # Notes once joined seats with a "{first} and {last}" of their own catalogue; the
    # engine's list phrase is used now, and the stored ones find its translation.
    stored = (
        '{"msgid":"{seats} won: everyone else forfeited.","args":{"seats":'
        '{"msgid":"{first} and {last}","args":{"first":["{p[0]}"],"last":"{p[2]}"},'
        '"domain":"bot"}},"domain":"bot"}'
    )
    with use_locale("it"):
        assert notes.read(stored).render(["ada", "bo", "cy"]) == (
            "Vince ada e cy: tutti gli altri hanno abbandonato."
        )
    assert notes.forfeit_summary([0, 2]).args["seats"].domain != "bot"  # type: ignore[union-attr]


def test_counts_pick_the_plural_form_in_each_language() -> None:
    one, many = (notes.stored(notes.grace(n)[1]) for n in (1, 5))
    with use_locale("en"):
        assert notes.read(one).words().endswith("1 more minute to act.")
        assert notes.read(many).words().endswith("5 more minutes to act.")
    with use_locale("it"):
        assert notes.read(one).words().endswith("1 minuto in più per agire.")
        assert notes.read(many).words().endswith("5 minuti in più per agire.")


# Notes and forfeit summaries as stored before notes were phrases: a message id ("m", with
# its plural "p" counted by "count") and raw arguments (seat numbers, member ids).
EARLIER = [
    (
        '{"a":{"seats":[0,2],"by":7},'
        '"m":"⏭ {by} skipped the turn of {seats}; it was played for them."}',
        "⏭ <@7> skipped the turn of ada and cy; it was played for them.",
        "⏭ <@7> ha saltato il turno di ada e cy; è stato giocato al posto loro.",
    ),
    (
        '{"a":{"seat":1,"count":3},'
        '"m":"⏰ {seat} missed {count} turn in a row; the AI plays that seat from now on.",'
        '"p":"⏰ {seat} missed {count} turns in a row; the AI plays that seat from now on."}',
        "⏰ bo missed 3 turns in a row; the AI plays that seat from now on.",
        "⏰ bo ha saltato 3 turni di fila; da ora quel posto lo gioca l'IA.",
    ),
    (
        '{"a":{"count":1},'
        '"m":"The lobby closed: nobody started it within {count} minute.",'
        '"p":"The lobby closed: nobody started it within {count} minutes."}',
        "The lobby closed: nobody started it within 1 minute.",
        "La lobby si è chiusa: nessuno l'ha avviata entro 1 minuto.",
    ),
    (
        '{"a":{"seats":[1]},"m":"{seats} won: everyone else forfeited."}',
        "bo won: everyone else forfeited.",
        "Vince bo: tutti gli altri hanno abbandonato.",
    ),
]


@pytest.mark.parametrize(("text", "english", "italian"), EARLIER)
def test_notes_stored_in_the_earlier_form_read_as_they_did(
    text: str, english: str, italian: str
) -> None:
    names = ["ada", "bo", "cy"]
    with use_locale("en"):
        assert notes.event(text).render(names) == english
    with use_locale("it"):
        assert notes.event(text).render(names) == italian


def test_the_earlier_form_reads_as_the_phrase_written_today() -> None:
    _kind, note = notes.autopilot(1, 3)
    assert notes.read(EARLIER[1][0]) == note


def test_older_plain_notes_and_summaries_are_shown_as_written() -> None:
    with use_locale("it"):
        assert notes.event("{p[0]} left; the AI plays that seat.").render(["ada"]) == (
            "ada left; the AI plays that seat."
        )
        summary = notes.forfeit_summary([1])
        assert isinstance(summary, Phrase)
        assert notes.read(summary).render(["ada", "bo"]) == (
            "Vince bo: tutti gli altri hanno abbandonato."
        )
