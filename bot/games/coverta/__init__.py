"""COVERTA: play cards under two secret instructions and work out everyone else's."""

from __future__ import annotations

from bot.engine.i18n import N_
from bot.engine.registry import GameModule
from bot.games.coverta.ai import DEFAULT_POLICY, POLICIES
from bot.games.coverta.present import CovertaPresenter
from bot.games.coverta.rules import SPEC, CovertaRules

GAME = GameModule(
    spec=SPEC,
    rules=CovertaRules(),
    presenter=CovertaPresenter(),
    policies=POLICIES,
    default_policy=DEFAULT_POLICY,
    levels={"random": N_("Easy"), "deducer": N_("Normal")},
    may_act=lambda state: state.stealers(),
)

__all__ = ["GAME", "SPEC", "CovertaPresenter", "CovertaRules"]
