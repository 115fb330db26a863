"""Coins AI: determinized Monte Carlo over the hands the seat cannot see.

The seat knows its own hand and every card played this hand (tricks are turned
face down, but each card was played face up and is in the move log). The other
cards are split between the two opponents, who hold known numbers of cards;
with no duty to follow suit nothing more can be inferred about who holds what.

For each decision the sampler deals the unseen cards to the opponents at random
many times (each deal is a *determinization*). On every deal it tries each card
of the hand with the same luck, plays the rest of the hand out quickly
(``rollout``), and scores the points won and given away, an opponent's points
weighing more as that opponent nears the target; reaching the target ends a
playout with a large bonus or penalty. The card with the best total is played.
The number of deals shrinks when many cards and tricks are left, so a decision
stays within a fixed amount of work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.engine.policy import ViewPolicy, any_of
from bot.engine.registry import AiLevels
from bot.engine.rng import Rng
from bot.engine.rules import Action
from bot.games.coins.actions import Play
from bot.games.coins.cards import DECK_SIZE, SEATS
from bot.games.coins.rollout import Playout
from bot.games.coins.views import PrivateView

WIN: Final = 30.0
"""What reaching the target is worth, in points."""


class Known:
    """What the seat's view tells the search, as card numbers and counts."""

    def __init__(self, view: PrivateView) -> None:
        public = view.public
        self.me = view.seat
        self.hand = [c.number for c in view.hand]
        self.table = [p.card.number for p in public.trick]
        self.leader = public.leader
        self.counts = [p.cards for p in public.players]
        self.scores = [p.score for p in public.players]
        self.target = public.target
        seen = set(self.hand) | set(self.table)
        seen |= {p.card.number for t in public.history for p in t.plays}
        self.unseen = [n for n in range(DECK_SIZE) if n not in seen]

    def weights(self, worry: float) -> list[float]:
        """Weigh each seat's points: one's own +1, an opponent's more as it nears the target."""
        return [
            1.0 if seat == self.me else -(0.5 + worry * score / self.target)
            for seat, score in enumerate(self.scores)
        ]

    def deal(self, rng: Rng) -> list[list[int]]:
        """Deal the unseen cards to the opponents at random, in the numbers they hold."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        hands: list[list[int]] = []
        at = 0
        for seat in range(SEATS):
            count = 0 if seat == self.me else self.counts[seat]
            hands.append(list(self.hand) if seat == self.me else cards[at : at + count])
            at += count
        return hands

    def tricks_left(self) -> int:
        """Return how many tricks of this hand are still to finish, the current one included."""
        return (len(self.table) + sum(self.counts) + SEATS - 1) // SEATS


@dataclass(eq=False)
class SamplingPolicy(ViewPolicy[PrivateView]):
    """Determinized Monte Carlo: try every card on many random deals of the unseen cards."""

    name = "sampler"

    deals: int = 32
    """Most deals sampled per decision."""
    work: int = 6000
    """Cards tried times tricks played out, at most, per decision."""
    wild: float = 0.0
    """How often the opponents are imagined to play a card at random."""
    worry: float = 1.0
    """How much more an opponent's points weigh as it nears the target."""

    def decide(
        self, view: PrivateView, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick the card with the best total over the sampled deals (the first among equals)."""
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return any_of(legal, rng)
        if len(plays) == 1:
            return plays[0]
        totals = self.totals(Known(view), [a.card for a in plays], rng)
        return plays[totals.index(max(totals))]

    def deals_for(self, known: Known, cards: int) -> int:
        """Return how many deals fit in the work allowed for this decision."""
        return max(4, min(self.deals, self.work // (cards * known.tricks_left())))

    def totals(self, known: Known, cards: list[int], rng: Rng) -> list[float]:
        """Return each card's summed value over the sampled deals."""
        weights = known.weights(self.worry)
        wild = [0.0 if seat == known.me else self.wild for seat in range(SEATS)]
        playout = Playout(known.scores, known.target, wild)
        tricks = known.tricks_left()
        totals = [0.0] * len(cards)
        for _ in range(self.deals_for(known, len(cards))):
            hands = known.deal(rng)
            pool = [rng.random() for _ in range(SEATS * tricks)]
            for i, card in enumerate(cards):
                copy = [list(h) for h in hands]
                copy[known.me].remove(card)
                gains, ended = playout.run(copy, [*known.table, card], known.leader, tricks, pool)
                value = sum(w * g for w, g in zip(weights, gains, strict=True))
                if ended >= 0:
                    value += WIN if ended == known.me else -WIN
                totals[i] += value
        return totals


AI_LEVELS: Final = AiLevels.standard(SamplingPolicy)
"""The AI levels offered: Easy plays at random, Normal (the default) is the sampler."""
