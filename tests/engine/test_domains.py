"""Text is looked up in the catalogue of the code that wrote it first.

The same English word reads differently in two games' Italian ("none": "nessuna"
carta in Coins, "nessuno" in a Covert dossier), so a shared chain of catalogues
would give one game the other's word.
"""

from __future__ import annotations

from bot.engine import i18n
from bot.engine.i18n import use_locale
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
