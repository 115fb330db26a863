"""A game's own words shown by the application and the Discord layer, in the reader's language.

A game's title, option labels and button labels are msgids of that game's catalogue;
the same English word may read differently in two games ("Off"), so they are looked
up in the game's own catalogue first (its domain is its registry key).
"""

from __future__ import annotations

from bot.engine import GameSpec
from bot.engine.i18n import DOMAIN_SOURCES, current_language, translations


def game_text(game: str, text: str) -> str:
    """Translate a game's text (``game`` is its key) into the current language."""
    domain = game if game in DOMAIN_SOURCES else None
    return translations(current_language(), domain).gettext(text)


def game_title(spec: GameSpec) -> str:
    """Return a game's title in the current language."""
    return game_text(spec.key, spec.title)
