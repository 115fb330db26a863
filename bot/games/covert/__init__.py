"""Covert: a dice-placement game of Cold War espionage (design by Kane Klenko)."""

from __future__ import annotations

from bot.engine.registry import GameModule
from bot.games.covert.ai import AI_LEVELS
from bot.games.covert.flow import asked_in_secret, timer_share
from bot.games.covert.present import CovertPresenter
from bot.games.covert.rules import SPEC, CovertRules, chance_pause

GAME = GameModule.of(
    SPEC,
    CovertRules(),
    CovertPresenter(),
    AI_LEVELS,
    secret_turn=asked_in_secret,
    chance_pause=chance_pause,
    timer_share=timer_share,
    rules_at=CovertRules,
)

__all__ = ["GAME", "SPEC", "CovertPresenter", "CovertRules"]
