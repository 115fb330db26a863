"""The games Covert Table hosts; ``build_registry`` lists them all."""

from __future__ import annotations

from bot.engine.registry import Registry


def build_registry() -> Registry:
    """Return a registry holding every game, in menu order."""
    # Imported here so that importing one game's module does not load every game.
    from bot.games.coins import GAME as COINS
    from bot.games.cover_cover import GAME as COVER_COVER
    from bot.games.covert import GAME as COVERT
    from bot.games.coverta import GAME as COVERTA
    from bot.games.never_over import GAME as NEVER_OVER

    registry = Registry()
    registry.register(COVERTA)
    registry.register(COINS)
    registry.register(COVER_COVER)
    registry.register(NEVER_OVER)
    registry.register(COVERT)
    return registry
