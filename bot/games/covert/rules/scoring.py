"""Covert scoring and tie-breaks (section 5)."""

from __future__ import annotations

from bot.engine.rules import Outcome
from bot.games.covert import messages as say
from bot.games.covert.missions import MISSION
from bot.games.covert.state import CovertState, Player


def rank_key(player: Player) -> tuple[int, int, int]:
    """Return what ranks a player: score, then completed missions, then the best mission."""
    best = max((MISSION[m].points for m in player.done_missions), default=0)
    return player.score(), len(player.done_missions), best


def ranks(state: CovertState) -> tuple[int, ...]:
    """Return each seat's rank; players equal on every tie-break share the place."""
    keys = [rank_key(p) for p in state.players]
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def outcome(state: CovertState) -> Outcome:
    """Return the final ranking with a one-line summary."""
    order = ranks(state)
    scores = tuple(p.score() for p in state.players)
    winners = tuple(s for s, r in enumerate(order) if r == 1)
    return Outcome(
        ranks=order,
        termination="six_missions" if state.end_flag else "round_limit",
        summary=say.summary(winners, scores),
        scores=tuple(float(v) for v in scores),
    )
