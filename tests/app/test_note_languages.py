"""Match log notes are stored untranslated and worded in each reader's language."""

from __future__ import annotations

import json

from bot.app import notes
from bot.engine.i18n import use_locale


def test_a_note_is_stored_as_its_message_id_and_read_in_each_language() -> None:
    kind, text = notes.skipped([0, 2], by=7)
    assert kind == "skip"
    assert json.loads(text)["m"] == "⏭ {by} skipped the turn of {seats}; it was played for them."
    event = notes.NoteEvent(text)
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


def test_counts_pick_the_plural_form_in_each_language() -> None:
    one, many = notes.grace(1)[1], notes.grace(5)[1]
    with use_locale("en"):
        assert notes.show(one).endswith("1 more minute to act.")
        assert notes.show(many).endswith("5 more minutes to act.")
    with use_locale("it"):
        assert notes.show(one).endswith("1 minuto in più per agire.")
        assert notes.show(many).endswith("5 minuti in più per agire.")


def test_older_plain_notes_and_summaries_are_shown_as_written() -> None:
    with use_locale("it"):
        assert notes.NoteEvent("{p[0]} left; the AI plays that seat.").render(["ada"]) == (
            "ada left; the AI plays that seat."
        )
        summary = notes.forfeit_summary([1])
        assert notes.show(summary).format(p=["ada", "bo"]) == (
            "Vince bo: tutti gli altri hanno abbandonato."
        )
