"""Coins by Mark Steere: three players, no duty to follow suit, win the tricks that hold Coins."""

from __future__ import annotations

from bot.engine.registry import GameModule
from bot.games.coins.ai import AI_LEVELS
from bot.games.coins.present import CoinsPresenter
from bot.games.coins.rules import SPEC, CoinsRules, table_lines

GAME = GameModule.of(SPEC, CoinsRules(), CoinsPresenter(), AI_LEVELS, table_lines=table_lines)

__all__ = ["GAME", "SPEC", "CoinsPresenter", "CoinsRules"]
