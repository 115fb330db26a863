"""Text is looked up in the catalogue of the code that wrote it first.

The same English word reads differently in two games' Italian ("none": "nessuna"
carta in Coins, "nessuno" in a Covert dossier), so a shared chain of catalogues
would give one game the other's word.
"""

from __future__ import annotations

import msgspec

from bot.engine import errors, i18n
from bot.engine.i18n import use_locale
from bot.engine.phrase import Phrase
from bot.games.coins import table as coins_table
from bot.games.never_over import messages as never_over_messages


def test_modules_map_to_their_domains() -> None:
    assert i18n.domain_of("bot.games.coins.table") == "coins"
    assert i18n.domain_of("bot.games.covert.present.dossier") == "covert"
    assert i18n.domain_of("bot.engine.errors") == "engine"
    assert i18n.domain_of("bot.discord_ui.messages") == "bot"
    assert i18n.domain_of("bot.games") == "bot"
    assert i18n.domain_of("bot.gamesx") is None


def test_a_word_two_games_translate_differently_reads_as_each_game_wrote_it() -> None:
    coins = i18n.translations("it", "coins").gettext("none")
    covert = i18n.translations("it", "covert").gettext("none")
    assert coins != covert
    with use_locale("it"):
        assert coins_table.cards_text(()) == coins
        assert never_over_messages.NONE.domain == "never_over"
        assert never_over_messages.NONE.words() == i18n.translations("it", "never_over").gettext(
            "none"
        )


def test_a_stored_phrase_reads_the_same_after_its_text_moved_to_the_engine() -> None:
    # Logs stored before a shared sentence moved into the engine name the game's domain.
    stored = Phrase("{first} and {last}", {"first": ["{p[0]}", "{p[1]}"], "last": "{p[2]}"})
    for domain in ("coverta", "cover_cover", "never_over"):
        old = msgspec.structs.replace(stored, domain=domain)
        with use_locale("it"):
            assert old.render(["Ada", "Bruno", "Carla"]) == "Ada, Bruno e Carla"
    old_refusal = msgspec.json.decode(
        b'{"msgid":"No deal is pending.","domain":"coins"}', type=Phrase
    )
    with use_locale("it"):
        assert (
            old_refusal.words()
            == errors.NO_DEAL_PENDING.words()
            == ("Nessuna distribuzione in sospeso.")
        )
