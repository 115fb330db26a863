"""COVERTA: play cards under two secret instructions and work out everyone else's."""

from __future__ import annotations

from bot.engine.registry import GameModule
from bot.games.coverta.ai import AI_LEVELS
from bot.games.coverta.present import CovertaPresenter
from bot.games.coverta.rules import SPEC, CovertaRules

GAME = GameModule.of(
    SPEC, CovertaRules(), CovertaPresenter(), AI_LEVELS, may_act=lambda state: state.stealers()
)

__all__ = ["GAME", "SPEC", "CovertaPresenter", "CovertaRules"]
