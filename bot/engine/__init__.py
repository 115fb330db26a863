"""Game-agnostic kernel: protocols, seats, action codec, errors, replay, registry, screens."""

from bot.engine.errors import (
    BadOption,
    BadToken,
    GameError,
    IllegalAction,
    MatchOver,
    NotYourTurn,
    StaleVersion,
)
from bot.engine.match import LogEntry, Match
from bot.engine.policy import Policy, RandomPolicy
from bot.engine.registry import GameModule, Registry
from bot.engine.rng import Rng
from bot.engine.rules import (
    Action,
    Event,
    GameRules,
    GameSpec,
    OptionSpec,
    Outcome,
    Transition,
    is_legal,
    may_act,
    reframed,
)
from bot.engine.screen import Button, Field, Presenter, Screen, Select, SelectOption, act, pick
from bot.engine.seats import CHANCE, Seat

__all__ = [
    "CHANCE",
    "Action",
    "BadOption",
    "BadToken",
    "Button",
    "Event",
    "Field",
    "GameError",
    "GameModule",
    "GameRules",
    "GameSpec",
    "IllegalAction",
    "LogEntry",
    "Match",
    "MatchOver",
    "NotYourTurn",
    "OptionSpec",
    "Outcome",
    "Policy",
    "Presenter",
    "RandomPolicy",
    "Registry",
    "Rng",
    "Screen",
    "Seat",
    "Select",
    "SelectOption",
    "StaleVersion",
    "Transition",
    "act",
    "is_legal",
    "may_act",
    "pick",
    "reframed",
]
