"""NEVER OVER: score green cards up to the cap your red pile sets, and cap everyone else."""

from __future__ import annotations

from bot.engine.i18n import N_
from bot.engine.registry import GameModule
from bot.games.never_over.ai import DEFAULT_POLICY, POLICIES
from bot.games.never_over.present import NeverOverPresenter
from bot.games.never_over.rules import SPEC, NeverOverRules

GAME = GameModule(
    spec=SPEC,
    rules=NeverOverRules(),
    presenter=NeverOverPresenter(),
    policies=POLICIES,
    default_policy=DEFAULT_POLICY,
    levels={"random": N_("Easy"), "planner": N_("Normal")},
)

__all__ = ["GAME", "SPEC", "NeverOverPresenter", "NeverOverRules"]
