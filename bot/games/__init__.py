"""The games Covert Table hosts; ``build_registry`` lists them all."""

from __future__ import annotations

from bot.engine.registry import Registry


def build_registry() -> Registry:
    """Return a registry holding every game, in menu order."""
    # Imported here so that importing one game's module does not load every game.
    from bot.games.coverta import GAME as COVERTA

    registry = Registry()
    registry.register(COVERTA)
    return registry
