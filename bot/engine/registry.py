"""The registry of games: one GameModule per game key."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine.i18n import N_, _
from bot.engine.policy import Policy, RandomPolicy
from bot.engine.rules import GameRules, GameSpec
from bot.engine.screen import Presenter

LEVELS: Mapping[str, str] = {"random": N_("Easy")}
"""Level names shared by every game, unless a game names its own."""


@dataclass(frozen=True)
class AiLevels:
    """The AI levels a game offers, declared with its policies: each level's policy, the
    level AI seats get unless asked otherwise, and the name players read for each level."""

    policies: Mapping[str, Callable[[], Policy]]
    default: str
    names: Mapping[str, str]
    """Level -> "Easy", "Normal", "Hard", marked for translation with ``N_``."""
    timeout: str | None = None
    """The level that plays a member's turn when their timer runs out (None: the default)."""

    @classmethod
    def standard(cls, normal: type[Policy], easy: type[Policy] | None = RandomPolicy) -> AiLevels:
        """Offer the levels most games offer: ``easy`` (a random player unless told otherwise;
        None: no such level) and ``normal``, the default; each level is its policy's name."""
        labelled = ((easy, N_("Easy")), (normal, N_("Normal")))
        offered = [(policy, label) for policy, label in labelled if policy is not None]
        return cls(
            policies={policy.name: policy for policy, _ in offered},
            default=normal.name,
            names={policy.name: label for policy, label in offered},
        )


@dataclass(frozen=True)
class GameModule:
    """Everything the application needs to host one game."""

    spec: GameSpec
    rules: GameRules
    presenter: Presenter
    policies: Mapping[str, Callable[[], Policy]] = field(default_factory=dict)
    default_policy: str = "random"
    timeout_policy: str | None = None
    """AI level that plays a member's turn when their timer runs out (default: the default)."""
    levels: Mapping[str, str] = field(default_factory=dict)
    """What players read for each AI level (policy name -> "Easy", "Normal", "Hard"), marked
    for translation with ``N_``; :meth:`level_label` translates it."""
    may_act: Callable[[Any], frozenset[int]] = field(default=lambda state: frozenset())
    """Seats among those to act that may act but need not (a COVERTA steal window):
    they are shown on the table but never pinged."""
    secret_turn: Callable[[Any], bool] = field(default=lambda state: False)
    """Tell from a state whether who is asked to act is secret (a reaction only card
    holders are offered): the table then names nobody and pings go by DM only."""
    chance_pause: Callable[[Any], float] = field(default=lambda state: 0.0)
    """Seconds the host waits before drawing the pending chance step (0: at once). A game
    uses it for a fixed wait that must look the same every time (Covert's concealed
    reactions); the step itself is logged like any other, so replays never wait."""
    timer_share: Callable[[Any], float] = field(default=lambda state: 1.0)
    """The share of the match's turn timer the decision waiting in this state gets. Covert
    gives reactions 1/10 and set-up choices 2/5: its rules' 30 s and 120 s beside a 300 s
    turn, scaled with whatever turn timer the server chose."""
    rules_at: Callable[[int], GameRules] | None = None
    """The rules a match begun under an earlier ``rules_version`` is played by, for a game
    whose newer rules would take the steps of such a match differently (None: the current
    rules serve every version); see :meth:`rules_for`."""
    table_lines: Callable[[Any], int | None] = field(default=lambda state: None)
    """How many of the latest public moves the table may list under the game's own screen
    in this state (None: the host's usual number). Coins lists only the moves of the last
    completed trick and the current one: older tricks stay face down during the hand."""

    @classmethod
    def of(
        cls, spec: GameSpec, rules: GameRules, presenter: Presenter, ai: AiLevels, **hooks: Any
    ) -> GameModule:
        """Assemble a game from its declared parts; ``hooks`` are the optional callables
        (``may_act``, ``secret_turn``, ``chance_pause``, ``timer_share``, ``rules_at``,
        ``table_lines``)."""
        return cls(
            spec=spec,
            rules=rules,
            presenter=presenter,
            policies=ai.policies,
            default_policy=ai.default,
            timeout_policy=ai.timeout,
            levels=ai.names,
            **hooks,
        )

    def rules_for(self, version: int) -> GameRules:
        """Return the rules of a match begun under this ``rules_version``: its stored log
        replays, and it plays on, by the rules it began with, whatever changed since."""
        if self.rules_at is None or version >= self.spec.rules_version:
            return self.rules
        return self.rules_at(version)

    def level_label(self, level: str | None) -> str:
        """Return the name players read for an AI level (Easy, Normal, Hard), translated."""
        level = level or self.default_policy
        label = self.levels.get(level) or LEVELS.get(level)
        return _(label) if label else level.capitalize()

    def policy(self, level: str | None) -> Policy:
        """Build the policy for an AI level, falling back to the default level."""
        factory = self.policies.get(level or self.default_policy)
        if factory is None:
            factory = self.policies[self.default_policy]
        return factory()


class Registry:
    """Games by key, in registration order."""

    def __init__(self) -> None:
        self._games: dict[str, GameModule] = {}

    def register(self, module: GameModule) -> None:
        """Add a game; keys are unique."""
        if module.spec.key in self._games:
            raise ValueError(f"game {module.spec.key!r} is already registered")
        self._games[module.spec.key] = module

    def get(self, key: str) -> GameModule:
        """Return a game by key."""
        return self._games[key]

    def __contains__(self, key: object) -> bool:
        return key in self._games

    def all(self) -> tuple[GameModule, ...]:
        """Return every game in registration order."""
        return tuple(self._games.values())
