"""COVERTA AI: a policy that works out its opponents' instructions from what its seat saw.

Deduction. For every opponent the policy weighs the 36 (rule 1, rule 2) pairs
against clues taken only from the seat's private view, recomputed on every call
(it keeps no memory, so it survives restarts):

- strict mode: an opponent's own-row card met both rules after the card placed
  just before it;
- bluff variant: a card with a token broke a rule; token-free cards are weak
  evidence (``Honest``): a player is probably honest until caught, and once a
  player has a token their token-free cards count for nothing. Treating them as
  hard evidence would rule out the true pair of any bluffer;
- a success in an opponent's place met both rules; a failure broke at least one;
- an instruction shown to this seat after its own failed attempt (rule 2 only
  when rule 1 held), or revealed publicly, is pinned;
- bluff variant: after a failed attempt the revealed instruction V is rule 1 if
  the tried card broke it, else rule 2, and every token-free own card the target
  had placed by then met V (or the exception would have tokened it); an
  exception also proves that one of the older tokened cards broke V;
- instruction cards are dealt without replacement: this seat's two are nobody
  else's, and the opponents' weights are combined over every deal in which no
  card is held twice.

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
at a blocked end) outweighs the card shed, and drawing or passing is always legal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any, Final, Protocol

from bot.engine.policy import Policy, RandomPolicy
from bot.engine.rng import Rng
from bot.engine.rules import Action
from bot.games.coverta.actions import Draw, EndTurn, Pass, Place, PlayInPlace, Steal
from bot.games.coverta.cards import CARDS, GROUP_A, GROUP_B, INSTRUCTIONS, Card, Instruction
from bot.games.coverta.views import AttemptView, LayoutCard, PrivateView, PublicView

Pair = tuple[int, int]
"""Codes of a rule 1 (0..5, group A) and a rule 2 (6..11, group B)."""
Belief = dict[Pair, float]
"""Probability of each pair still possible for one player."""

ALL_PAIRS: Final[tuple[Pair, ...]] = tuple((a.code, b.code) for a in GROUP_A for b in GROUP_B)
JOINT_LIMIT: Final = 4000
"""Largest number of joint deals enumerated exactly; beyond it, pairs are combined loosely."""
HONESTY: Final = 0.9
"""Prior chance that a bluff-variant player without a token places only compliant cards."""
FIT: Final = 4.0
"""How much likelier an honest player makes a card that meets their pair (1 / (10/40))."""


def met_codes(new: Card, reference: Card) -> frozenset[int]:
    """Return the codes of the six instructions a new card meets after the reference card."""
    return frozenset(2 * t + int(new.traits[t] == reference.traits[t]) for t in range(6))


def meets(pair: Pair, met: frozenset[int]) -> bool:
    """Tell whether both instructions of a pair are among the met codes."""
    return pair[0] in met and pair[1] in met


class Clue(Protocol):
    """Something observed about one player's instructions."""

    def weigh(self, pair: Pair) -> float:
        """Return how well the pair explains the observation (0 rules it out)."""
        ...


@dataclass(frozen=True)
class Meets:
    """A card met both instructions: a strict own-row placement or a success in a place."""

    met: frozenset[int]

    def weigh(self, pair: Pair) -> float:
        """Keep only pairs the card met."""
        return 1.0 if meets(pair, self.met) else 0.0


@dataclass(frozen=True)
class Breaks:
    """A card broke at least one instruction: a failed attempt, or a card with a token."""

    met: frozenset[int]

    def weigh(self, pair: Pair) -> float:
        """Keep only pairs the card broke."""
        return 0.0 if meets(pair, self.met) else 1.0


@dataclass(frozen=True)
class Honest:
    """Bluff: a player's token-free own-row cards, honest or random placements alike.

    Two stories explain them: an honest player placed only compliant cards (a card
    meets a given pair after any L with chance 1/4, so each one is ``FIT`` times
    likelier under a pair that calls it compliant), or a bluffer placed cards whatever
    the rules (the cards say nothing). The weight mixes both with a prior ``honesty``.
    """

    mets: tuple[frozenset[int], ...]
    honesty: float

    def weigh(self, pair: Pair) -> float:
        """Favour pairs that call every card compliant, without ruling others out."""
        if all(meets(pair, met) for met in self.mets):
            return self.honesty * FIT ** len(self.mets) + 1.0 - self.honesty
        return 1.0 - self.honesty


@dataclass(frozen=True)
class Pinned:
    """One instruction is known: revealed publicly, or shown after a failed attempt."""

    rule: int
    """0 for rule 1, 1 for rule 2."""
    code: int
    tried: frozenset[int] | None = None
    """Codes met by the failed card that showed it: rule 2 is shown only when rule 1 held."""

    def weigh(self, pair: Pair) -> float:
        """Keep only pairs with that instruction."""
        if pair[self.rule] != self.code:
            return 0.0
        hidden_rule_1_broken = self.tried is not None and pair[0] not in self.tried
        return 0.0 if self.rule == 1 and hidden_rule_1_broken else 1.0


@dataclass(frozen=True)
class Exposed:
    """Bluff: a failed attempt revealed V, so the target's token-free older cards met V."""

    tried: frozenset[int]
    clean: tuple[frozenset[int], ...]
    """Codes met by each own-row card placed before the attempt and still token-free."""
    marked: tuple[frozenset[int], ...] | None
    """For an exception: codes met by the older tokened cards, one of which broke V."""

    def weigh(self, pair: Pair) -> float:
        """Keep only pairs whose revealed instruction fits the tokens."""
        shown = pair[0] if pair[0] not in self.tried else pair[1]
        if any(shown not in met for met in self.clean):
            return 0.0
        if self.marked is not None and all(shown in met for met in self.marked):
            return 0.0
        return 1.0


def own_cards(public: PublicView, seat: int) -> list[LayoutCard]:
    """Return the cards a player placed in their own row."""
    return [c for c in public.layout if c.row == seat and c.placed_by == seat]


def before(public: PublicView, card: LayoutCard) -> Card:
    """Return the card that was last placed when this one was placed."""
    return public.layout[card.placement - 1].card


def row_clues(public: PublicView, seat: int) -> list[Clue]:
    """Read a player's own-row placements."""
    mine = own_cards(public, seat)
    if public.mode == "strict":
        return [Meets(met_codes(c.card, before(public, c))) for c in mine]
    clean = tuple(met_codes(c.card, before(public, c)) for c in mine if not c.token)
    caught: list[Clue] = [Breaks(met_codes(c.card, before(public, c))) for c in mine if c.token]
    # A player caught bluffing once is not trusted; the others are probably honest.
    return [*caught, Honest(clean, 0.0 if caught else HONESTY)]


def attempt_clues(public: PublicView, seat: int) -> list[Clue]:
    """Read the attempts made in a player's place."""
    clues: list[Clue] = []
    for attempt in public.attempts:
        if attempt.target != seat:
            continue
        met = met_codes(attempt.card, attempt.reference)
        clues.append(Meets(met) if attempt.success else Breaks(met))
        if public.mode == "bluff" and not attempt.success:
            clues.append(exposure(public, attempt, met))
    return clues


def exposure(public: PublicView, attempt: AttemptView, tried: frozenset[int]) -> Exposed:
    """Build the bluff clue left by a failed attempt's reveal event."""
    when = next(c.placement for c in public.layout if c.card.number == attempt.reference.number)
    older = [c for c in own_cards(public, attempt.target) if c.placement <= when]
    clean = tuple(met_codes(c.card, before(public, c)) for c in older if not c.token)
    marked = tuple(met_codes(c.card, before(public, c)) for c in older if c.token)
    return Exposed(tried, clean, marked if attempt.exception else None)


def known_clues(view: PrivateView, seat: int) -> list[Clue]:
    """Read the instructions revealed publicly or shown to this seat."""
    field = view.public.players[seat]
    clues: list[Clue] = [
        Pinned(rule, instruction.code)
        for rule, instruction in enumerate(field.revealed)
        if instruction is not None
    ]
    for shown in view.shown:
        if shown.owner == seat:
            attempt = view.public.attempts[shown.attempt]
            tried = met_codes(attempt.card, attempt.reference)
            clues.append(Pinned(shown.rule - 1, shown.instruction.code, tried))
    return clues


def clues_about(view: PrivateView, seat: int) -> list[Clue]:
    """Gather every clue this view holds about one player's instructions."""
    public = view.public
    return row_clues(public, seat) + attempt_clues(public, seat) + known_clues(view, seat)


def weigh_pairs(clues: Sequence[Clue], excluded: frozenset[int]) -> dict[Pair, float]:
    """Weigh every pair against the clues; drop excluded codes and ruled-out pairs."""
    weights: dict[Pair, float] = {}
    for pair in ALL_PAIRS:
        if pair[0] in excluded or pair[1] in excluded:
            continue
        weight = 1.0
        for clue in clues:
            weight *= clue.weigh(pair)
            if not weight:
                break
        if weight:
            weights[pair] = weight
    return weights


def joint(weights: Mapping[int, dict[Pair, float]]) -> dict[int, dict[Pair, float]]:
    """Sum, over every way to deal distinct cards to the players, each pair's weight."""
    seats = sorted(weights, key=lambda s: len(weights[s]))
    totals: dict[int, dict[Pair, float]] = {s: dict.fromkeys(weights[s], 0.0) for s in seats}
    chosen: list[Pair] = []

    def walk(i: int, used: frozenset[int], acc: float) -> None:
        if i == len(seats):
            for seat, pair in zip(seats, chosen, strict=True):
                totals[seat][pair] += acc
            return
        for pair, weight in weights[seats[i]].items():
            if pair[0] not in used and pair[1] not in used:
                chosen.append(pair)
                walk(i + 1, used | set(pair), acc * weight)
                chosen.pop()

    walk(0, frozenset(), 1.0)
    return totals


def propagate(weights: Mapping[int, dict[Pair, float]]) -> dict[int, dict[Pair, float]]:
    """Remove from the others each instruction a player surely holds (too many deals to sum)."""
    result = {s: dict(w) for s, w in weights.items()}
    changed = True
    while changed:
        changed = False
        for seat, belief in result.items():
            for rule in (0, 1):
                codes = {pair[rule] for pair in belief}
                if len(codes) == 1:
                    changed |= exclude(result, seat, codes.pop())
    return result


def exclude(weights: dict[int, dict[Pair, float]], holder: int, code: int) -> bool:
    """Drop a code from everyone but its holder; tell whether anything changed."""
    changed = False
    for seat, belief in weights.items():
        kept = {p: w for p, w in belief.items() if code not in p}
        if seat != holder and kept and len(kept) < len(belief):
            weights[seat] = kept
            changed = True
    return changed


def normalised(weights: dict[Pair, float], fallback: dict[Pair, float]) -> Belief:
    """Scale weights to sum to 1 (falling back when nothing is left)."""
    kept = {p: w for p, w in weights.items() if w > 0} or fallback
    total = sum(kept.values())
    return {p: w / total for p, w in kept.items()}


def beliefs(view: PrivateView) -> dict[int, Belief]:
    """Return, for every other player, the probability of each instruction pair."""
    mine = frozenset(i.code for i in view.instructions)
    others = [s for s in range(len(view.public.players)) if s != view.seat]
    single = {s: weigh_pairs(clues_about(view, s), mine) for s in others}
    if not all(single.values()):
        single = {s: w or dict.fromkeys(ALL_PAIRS, 1.0) for s, w in single.items()}
    size = prod(len(w) for w in single.values())
    combined = joint(single) if size <= JOINT_LIMIT else propagate(single)
    return {s: normalised(combined[s], single[s]) for s in others}


def candidate_pairs(view: PrivateView) -> dict[int, frozenset[tuple[Instruction, Instruction]]]:
    """Return, for every other player, the instruction pairs consistent with this view."""
    return {
        seat: frozenset((INSTRUCTIONS[a], INSTRUCTIONS[b]) for a, b in belief)
        for seat, belief in beliefs(view).items()
    }


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


class DeducingPolicy:
    """Places in its own row when it can, and plays in a place only when fairly sure."""

    name = "deducer"

    def __init__(
        self,
        threshold: float = 0.8,
        steal_threshold: float = 0.95,
        weights: tuple[float, float, float] = (0.25, 1.0, 3.0),
    ) -> None:
        self.threshold = threshold
        self.steal_threshold = steal_threshold
        self.weights = weights
        """How much a new L counts for: my follow-ups, my secrecy, the next player's chances."""

    def choose(
        self, view: Any, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick a legal action; abstain from a steal window unless a steal is safe."""
        if not legal:
            return None
        if not isinstance(view, PrivateView) or view.public.last is None:
            return legal[rng.randrange(len(legal))]
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


POLICIES: Final[dict[str, Callable[[], Policy]]] = {
    "random": RandomPolicy,
    "deducer": DeducingPolicy,
}
"""The AI levels offered for COVERTA seats."""
DEFAULT_POLICY: Final = "deducer"
