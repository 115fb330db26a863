"""COVERTA deduction: which instruction pairs each opponent may hold, given one seat's view.

For every opponent the AI weighs the 36 (rule 1, rule 2) pairs
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

"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import Final, Protocol

from bot.games.coverta.cards import GROUP_A, GROUP_B, INSTRUCTIONS, Card, Instruction
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
