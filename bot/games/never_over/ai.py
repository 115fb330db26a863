"""NEVER OVER AI: weigh scoring now against raising one's own cap and capping the leader.

Every action is priced in expected points. A turn costs little in this game:
every play but retiring draws a card, so each player sees about the same cards,
and a green kept in hand can still be scored later unless a cap blocks it. So:

- a green card is worth its pointage times ``urgency`` (the chance that waiting
  would let someone cap it out of reach), plus a little for the higher card;
- a red card on an opponent's pile is worth the green points it would block for
  them: their cards in hand and still to draw, times the expected points per
  unseen card of the greens in the band the cap removes, times the chance that
  a card is not a red high enough to lift the cap again; the leading opposing
  side counts more;
- a red card on one's own pile is worth part of the greens in hand it unlocks;
- keeping a card has a value (a playable green, a red that may defend or
  attack), so a discard or a redundant red costs that card's keep value.

It never retires while the stock lasts (a discard draws a fresh card); once the
stock is empty and nothing is worth playing, it retires.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.engine.policy import ViewPolicy
from bot.engine.registry import AiLevels
from bot.engine.rng import Rng
from bot.engine.rules import Action
from bot.games.never_over.actions import Discard, Play, Retire
from bot.games.never_over.cards import TOP, kind_points, pack_cards
from bot.games.never_over.scoring import sides
from bot.games.never_over.views import PrivateView

NEVER: Final = -1000.0


@dataclass(frozen=True)
class Situation:
    """What one decision needs, read once from the seat's view."""

    view: PrivateView
    cap: int
    greens: tuple[int, ...]
    """Pointages of the greens in hand."""
    reds: tuple[int, ...]
    """Pointages of the reds in hand."""
    threat: dict[int, float]
    """How much hurting each opposing seat is worth (0 for retired seats)."""
    unseen: Counter[str]
    """Kinds of card this seat has not seen: in other hands or the stock."""

    @classmethod
    def read(cls, view: PrivateView, leader_bonus: float) -> Situation:
        """Work out the cap, the hand, the unseen cards and which opponents matter most."""
        me = view.public.players[view.seat]
        greens = tuple(c.points for c in view.hand if c.colour == "green")
        reds = tuple(c.points for c in view.hand if c.colour == "red")
        return cls(view, me.cap, greens, reds, threats(view, leader_bonus), unseen(view))

    def share(self, colour: str, low: int, high: int, *, points: bool = False) -> float:
        """Return the share of unseen cards of a colour within [low, high] pointage.

        With ``points``, each card counts its pointage: the expected points per card.
        """
        total = sum(self.unseen.values()) or 1
        found = 0
        for kind, count in self.unseen.items():
            value = kind_points(kind)
            if kind[0] == colour[0] and low <= value <= high:
                found += count * (value if points else 1)
        return found / total


def unseen(view: PrivateView) -> Counter[str]:
    """Count the kinds of card not in sight of this seat."""
    counts = Counter(c.kind for c in pack_cards(view.public.pack))
    public = view.public
    seen = [*view.hand, *public.discards]
    seen += [c for p in public.players for c in (*p.green, *p.red)]
    counts.subtract(c.kind for c in seen)
    return counts


def threats(view: PrivateView, leader_bonus: float) -> dict[int, float]:
    """Weigh each opposing seat still playing: the leading opposing side counts more."""
    public = view.public
    ranked = sides([p.total for p in public.players], public.teams)
    mine = next(side for side in ranked if view.seat in side.members)
    others = [side for side in ranked if side is not mine]
    best = max((side.points for side in others), default=0)
    weights: dict[int, float] = {}
    for side in others:
        weight = 1.0 + (leader_bonus if side.points == best else 0.0)
        weight += 0.5 * leader_bonus if side.points > mine.points else 0.0
        for seat in side.members:
            weights[seat] = 0.0 if public.players[seat].retired else weight
    return weights


@dataclass(eq=False)
class PlannerPolicy(ViewPolicy[PrivateView]):
    """Scores, raises its cap or caps the leader, whichever is worth most; retires when idle."""

    name = "planner"

    urgency: float = 0.5
    raise_weight: float = 0.4
    cap_weight: float = 0.5
    leader_bonus: float = 0.5

    def decide(
        self, view: PrivateView, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick the legal action worth most (the first listed among equals)."""
        situation = Situation.read(view, self.leader_bonus)
        values = [self.value(situation, a) for a in legal]
        return legal[values.index(max(values))]

    def value(self, situation: Situation, action: Action) -> float:
        """Price one action in expected points."""
        if isinstance(action, Retire):
            return 0.0 if situation.view.public.stock == 0 else NEVER
        if isinstance(action, Discard):
            return -keep(situation, action.kind)
        if not isinstance(action, Play):
            return NEVER
        if action.pile == "green":
            points = kind_points(action.kind)
            return (
                points * self.urgency
                + 0.01 * points
                + (0.0 if situation.view.public.stock else points)
            )
        if action.owner == situation.view.seat:
            return self._raise(situation, action.kind)
        return self._cap(situation, action)

    def _raise(self, situation: Situation, kind: str) -> float:
        """Price a red on one's own pile: part of what it unlocks, less the red spent."""
        new, cap = kind_points(kind), situation.cap
        unlocked = sum(h for h in situation.greens if cap < h <= new)
        if not unlocked:
            return -keep(situation, kind) + 0.01
        return self.raise_weight * unlocked - 0.05 * new

    def _cap(self, situation: Situation, action: Play) -> float:
        """Price a red on an opponent's pile: the green points it should block for them."""
        threat = situation.threat.get(action.owner)
        if threat is None:
            return NEVER
        target = situation.view.public.players[action.owner]
        new = kind_points(action.kind)
        if new >= target.cap or not threat:
            return -keep(situation, action.kind) + 0.01
        active = sum(1 for p in situation.view.public.players if not p.retired) or 1
        cards = target.hand + situation.view.public.stock / active
        escape = situation.share("red", new + 1, TOP)
        blocked = cards * situation.share("green", new + 1, target.cap, points=True) * (1 - escape)
        return self.cap_weight * threat * blocked


def keep(situation: Situation, kind: str) -> float:
    """Return what holding on to a card is worth (what discarding it costs)."""
    points = kind_points(kind)
    if kind[0] == "g":
        if points <= situation.cap:
            return float(points)
        raisable = any(r >= points for r in situation.reds)
        return points * (0.6 if raisable else 0.3)
    defence = 0.3 * points / TOP if situation.cap < TOP else 0.1
    attack = max(
        (
            0.3 * max(0, situation.view.public.players[s].cap - points) * w
            for s, w in situation.threat.items()
        ),
        default=0.0,
    )
    return 0.2 + defence + attack


AI_LEVELS: Final = AiLevels.standard(PlannerPolicy)
"""The AI levels offered: Easy plays at random, Normal (the default) is the planner."""
