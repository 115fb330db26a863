"""Covert: a dice-placement game of Cold War espionage (design by Kane Klenko)."""

from __future__ import annotations

from bot.engine.i18n import N_
from bot.engine.registry import GameModule
from bot.games.covert.ai import DEFAULT_POLICY, POLICIES
from bot.games.covert.present import CovertPresenter
from bot.games.covert.rules import SPEC, CovertRules, asked_in_secret, chance_pause

GAME = GameModule(
    spec=SPEC,
    rules=CovertRules(),
    presenter=CovertPresenter(),
    policies=POLICIES,
    default_policy=DEFAULT_POLICY,
    levels={"random": N_("Easy"), "standin": N_("Stand-in"), "planner": N_("Normal")},
    timeout_policy="standin",  # a timed-out turn takes the rules' defaults (section 7.5)
    secret_turn=asked_in_secret,
    chance_pause=chance_pause,
)

__all__ = ["GAME", "SPEC", "CovertPresenter", "CovertRules"]
