"""Cover-cover: everyone flips, the highest card takes all, and ties start a Cover-cover."""

from __future__ import annotations

from bot.engine.i18n import N_
from bot.engine.registry import GameModule
from bot.games.cover_cover.ai import DEFAULT_POLICY, POLICIES
from bot.games.cover_cover.present import CoverCoverPresenter
from bot.games.cover_cover.rules import SPEC, CoverCoverRules

GAME = GameModule(
    spec=SPEC,
    rules=CoverCoverRules(),
    presenter=CoverCoverPresenter(),
    policies=POLICIES,
    default_policy=DEFAULT_POLICY,
    levels={"flip": N_("Normal")},
)

__all__ = ["GAME", "SPEC", "CoverCoverPresenter", "CoverCoverRules"]
