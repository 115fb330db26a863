"""Cover-cover: everyone flips, the highest card takes all, and ties start a Cover-cover."""

from __future__ import annotations

from bot.engine.registry import GameModule
from bot.games.cover_cover.ai import AI_LEVELS
from bot.games.cover_cover.present import CoverCoverPresenter
from bot.games.cover_cover.rules import SPEC, CoverCoverRules, chance_pause

GAME = GameModule.of(
    SPEC,
    CoverCoverRules(),
    CoverCoverPresenter(),
    AI_LEVELS,
    chance_pause=chance_pause,
    rules_at=CoverCoverRules,
)

__all__ = ["GAME", "SPEC", "CoverCoverPresenter", "CoverCoverRules"]
