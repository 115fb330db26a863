"""NEVER OVER: score green cards up to the cap your red pile sets, and cap everyone else."""

from __future__ import annotations

from bot.engine.registry import GameModule
from bot.games.never_over.ai import AI_LEVELS
from bot.games.never_over.present import NeverOverPresenter
from bot.games.never_over.rules import SPEC, NeverOverRules

GAME = GameModule.of(SPEC, NeverOverRules(), NeverOverPresenter(), AI_LEVELS)

__all__ = ["GAME", "SPEC", "NeverOverPresenter", "NeverOverRules"]
