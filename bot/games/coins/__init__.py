"""Coins by Mark Steere: three players, no duty to follow suit, win the tricks that hold Coins."""

from __future__ import annotations

from bot.engine.i18n import N_
from bot.engine.registry import GameModule
from bot.games.coins.ai import DEFAULT_POLICY, POLICIES
from bot.games.coins.present import CoinsPresenter
from bot.games.coins.rules import SPEC, CoinsRules

GAME = GameModule(
    spec=SPEC,
    rules=CoinsRules(),
    presenter=CoinsPresenter(),
    policies=POLICIES,
    default_policy=DEFAULT_POLICY,
    levels={"random": N_("Easy"), "sampler": N_("Normal")},
)

__all__ = ["GAME", "SPEC", "CoinsPresenter", "CoinsRules"]
