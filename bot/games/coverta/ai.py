"""COVERTA AI: a policy that plays on what ``deduce`` works out from its seat's view.

Play. A placement in one's own row sheds a card; drawing then playing in a place
sheds none, and a failure costs two cards, a bar and hands the target two cards
(it goes out if it had two or fewer). So on its turn the policy places a card that
satisfies it whenever it can, choosing the card that leaves the next player the
least chance to place after it, reveals the least about its own pair, and keeps
follow-ups in hand. Otherwise it draws (or passes once the pile is empty) and
then plays the surest card in a place if its chance of success reaches
``threshold`` (certainty against a player with two cards or fewer), else ends
the turn. It steals only when nearly sure, and abstains otherwise. It never
places a card that breaks its own rules in the bluff variant: the penalty (two
cards per token, elimination when going out on an empty pile, losing eligibility
at a blocked end) outweighs the card shed. Drawing is legal while the pile has
cards; once it is empty, passing is legal exactly when no card satisfies it (rules
§4.2 C), so a turn always has either a compliant placement or the pass.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from bot.engine.policy import ViewPolicy, any_of
from bot.engine.registry import AiLevels
from bot.engine.rng import Rng
from bot.engine.rules import Action
from bot.games.coverta.actions import Draw, EndTurn, Pass, Place, PlayInPlace, Steal
from bot.games.coverta.cards import CARDS, Card
from bot.games.coverta.deduce import (
    Belief,
    Pair,
    beliefs,
    clues_about,
    meets,
    met_codes,
    weigh_pairs,
)
from bot.games.coverta.views import PrivateView, PublicView


def chance(belief: Mapping[Pair, float], new: Card, reference: Card) -> float:
    """Return the probability that a card satisfies a player whose pairs are believed so."""
    met = met_codes(new, reference)
    return sum(w for pair, w in belief.items() if meets(pair, met))


def satisfies_me(view: PrivateView, new: Card, reference: Card) -> bool:
    """Tell whether a card would meet this seat's own two instructions."""
    return all(i.check(new, reference) for i in view.instructions)


def flexibility(view: PrivateView, played: Card) -> int:
    """Count the other hand cards that would satisfy this seat if the played card stays L."""
    return sum(1 for c in view.hand if c != played and satisfies_me(view, c, played))


def secrecy(seen: Mapping[Pair, float], card: Card, reference: Card) -> float:
    """Return the share of the table's weights on this seat's pairs that a placement keeps."""
    total = sum(seen.values())
    return chance(seen, card, reference) / total if total else 1.0


def unseen(view: PrivateView) -> list[Card]:
    """Return the cards this seat has not seen: in other hands or the draw pile."""
    seen = {c.card.number for c in view.public.layout} | {c.number for c in view.hand}
    return [c for c in CARDS if c.number not in seen]


def next_player(public: PublicView, seat: int) -> int | None:
    """Return the player who takes the turn after this seat's."""
    count = len(public.players)
    following = ((seat + k) % count for k in range(1, count))
    return next((s for s in following if not public.players[s].eliminated), None)


def none_held(pool: int, good: int, held: int) -> float:
    """Return the chance that a hand of ``held`` cards from the pool has none of ``good``."""
    chance = 1.0
    for i in range(min(held, pool)):
        chance *= max(0, pool - good - i) / (pool - i)
    return chance


def pressure(belief: Mapping[Pair, float], held: int, pool: Sequence[Card], card: Card) -> float:
    """Return the chance that a player holds a card to place if this card becomes L."""
    mets = [met_codes(c, card) for c in pool]
    return sum(
        weight * (1.0 - none_held(len(pool), sum(meets(pair, m) for m in mets), held))
        for pair, weight in belief.items()
    )


@dataclass(frozen=True)
class Situation:
    """What one decision needs, worked out once from the seat's view."""

    view: PrivateView
    reference: Card
    """L, the last card placed."""
    belief: dict[int, Belief]
    pool: list[Card]
    """Cards this seat has not seen."""
    follower: int | None
    """The player whose turn comes next."""
    seen: dict[Pair, float]
    """What the table can tell of this seat's own pairs (public clues only)."""

    @classmethod
    def read(cls, view: PrivateView) -> Situation:
        """Work out the beliefs, the unseen cards and what this seat has given away."""
        assert view.public.last is not None
        follower = next_player(view.public, view.seat)
        seen = weigh_pairs(clues_about(view, view.seat), frozenset())
        return cls(view, view.public.last, beliefs(view), unseen(view), follower, seen)

    def card(self, number: int) -> Card:
        """Return a card of this seat's hand."""
        return next(c for c in self.view.hand if c.number == number)


@dataclass(frozen=True)
class Option:
    """A play in a place (or a steal) with its chance of success."""

    action: PlayInPlace | Steal
    target: int
    card: Card
    odds: float


@dataclass(eq=False)
class DeducingPolicy(ViewPolicy[PrivateView]):
    """Places in its own row when it can, and plays in a place only when fairly sure."""

    name = "deducer"

    threshold: float = 0.8
    steal_threshold: float = 0.95
    weights: tuple[float, float, float] = (0.25, 1.0, 3.0)
    """How much a new L counts for: my follow-ups, my secrecy, the next player's chances."""

    def decide(
        self, view: PrivateView, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick a legal action; abstain from a steal window unless a steal is safe."""
        if view.public.last is None:
            return any_of(legal, rng)
        situation = Situation.read(view)
        if all(isinstance(a, Steal) for a in legal):
            return self._steal(situation, legal, must_act)
        if any(isinstance(a, EndTurn) for a in legal):
            return self._follow(situation, legal)
        return self._turn(situation, legal)

    def _turn(self, situation: Situation, legal: Sequence[Action]) -> Action:
        """Place the best compliant card; otherwise draw, or pass once the pile is empty."""
        view = situation.view
        places = [a for a in legal if isinstance(a, Place) and a.card in view.satisfying]
        if places:
            return max(places, key=lambda a: self._worth(situation, a.card, own_row=True))
        return next((a for a in legal if isinstance(a, Draw | Pass)), legal[0])

    def _worth(self, situation: Situation, number: int, *, own_row: bool) -> float:
        """Score the card that becomes L: my follow-ups, what it reveals, the next player."""
        card = situation.card(number)
        mine, hidden, blocking = self.weights
        score = mine * flexibility(situation.view, card)
        if own_row:
            score += hidden * secrecy(situation.seen, card, situation.reference)
        if situation.follower is not None:
            field = situation.view.public.players[situation.follower]
            odds = pressure(
                situation.belief[situation.follower], field.hand_size, situation.pool, card
            )
            score -= blocking * odds
        return score

    def _follow(self, situation: Situation, legal: Sequence[Action]) -> Action:
        """Play the surest card in a place when sure enough; otherwise end the turn."""
        best = self._best(situation, legal)
        if best is not None and best.odds >= self._needed(situation, best.target, self.threshold):
            return best.action
        return next(a for a in legal if isinstance(a, EndTurn))

    def _steal(
        self, situation: Situation, legal: Sequence[Action], must_act: bool
    ) -> Action | None:
        """Steal only with a near-certain card (or the surest one when forced to act)."""
        best = self._best(situation, legal)
        if best is None:
            return legal[0] if must_act else None
        needed = self._needed(situation, best.target, self.steal_threshold)
        return best.action if must_act or best.odds >= needed else None

    def _best(self, situation: Situation, legal: Sequence[Action]) -> Option | None:
        """Return the surest play in a place (or steal), the better new L on ties."""
        options = [self._price(situation, a) for a in legal if isinstance(a, PlayInPlace | Steal)]
        if not options:
            return None
        top = max(o.odds for o in options)
        sure = [o for o in options if o.odds >= top - 1e-9]
        return max(sure, key=lambda o: self._worth(situation, o.card.number, own_row=False))

    def _price(self, situation: Situation, action: PlayInPlace | Steal) -> Option:
        """Work out a play in a place's chance of success."""
        target = action.target if isinstance(action, PlayInPlace) else situation.view.public.turn
        card = situation.card(action.card)
        odds = chance(situation.belief[target], card, situation.reference)
        return Option(action, target, card, odds)

    def _needed(self, situation: Situation, target: int, threshold: float) -> float:
        """Demand certainty against a player whom a failure would let go out."""
        held = situation.view.public.players[target].hand_size
        return 1.0 - 1e-9 if held <= 2 else threshold


AI_LEVELS: Final = AiLevels.standard(DeducingPolicy)
"""The AI levels offered: Easy plays at random, Normal (the default) is the deducer."""
