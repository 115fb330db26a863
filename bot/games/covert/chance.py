"""Covert chance steps: the set-up shuffles, dice rolls, reshuffles and token draws.

Each is an ordinary logged action, so a replay never draws a random number.
"""

from __future__ import annotations

from typing import Annotated, Final

from bot.engine.codec import Chance, Items, Permutation, Range
from bot.engine.rng import Rng


class Setup(Chance, frozen=True):
    """The set-up shuffles: characters, two Agency shuffles, Missions, Codes, Cipher tiles."""

    TAG = "SU"
    characters: Annotated[tuple[int, ...], Permutation(6)]
    agents: Annotated[tuple[int, ...], Permutation(48)]
    """Agency order for starting agents (and neutral cubes)."""
    agency: Annotated[tuple[int, ...], Permutation(48)]
    """Agency order after all cards are shuffled back together."""
    missions: Annotated[tuple[int, ...], Permutation(60)]
    codes: Annotated[tuple[int, ...], Permutation(40)]
    tiles: Annotated[tuple[int, ...], Permutation(12)]


class Rolls(Chance, frozen=True):
    """Dice faces rolled, in the order the rules ask for them."""

    TAG = "RL"
    faces: Annotated[tuple[int, ...], Items(Range(1, 6), least=1, most=30, sep="")]
    """The faces, written as digits side by side (``RL.6152``)."""


class Shuffle(Chance, frozen=True):
    """A shuffle of a pile, as a permutation of its current order."""

    TAG = "SH"
    order: Annotated[tuple[int, ...], Permutation(most=60)]


class Draw(Chance, frozen=True):
    """Tokens drawn from the bag, as positions in the sorted bag."""

    TAG = "TK"
    picks: Annotated[tuple[int, ...], Items(Range(0, 15), most=2, distinct=True)]


class Hush(Chance, frozen=True):
    """The end of a concealed wait (option ``conceal_reactions``): nothing random, a logged
    timer step, so a replay never depends on the clock."""

    TAG = "HU"


CHANCE_STEPS: Final = (Hush, Setup, Rolls, Shuffle, Draw)

HUSH_SECONDS: Final = 8.0
"""How long every Espionage event and First window waits when reactions are concealed (7.5)."""


def shuffled(rng: Rng, size: int) -> tuple[int, ...]:
    """Return a random permutation of range(size)."""
    order = list(range(size))
    rng.shuffle(order)
    return tuple(order)


def roll(rng: Rng, count: int) -> Rolls:
    """Roll count dice."""
    return Rolls(tuple(rng.randrange(1, 7) for _ in range(count)))


def draw(rng: Rng, bag: int, count: int) -> Draw:
    """Draw count different tokens from a bag of this size."""
    return Draw(shuffled(rng, bag)[: min(bag, count)])


def setup(rng: Rng) -> Setup:
    """Shuffle everything for the set-up."""
    return Setup(*(shuffled(rng, n) for n in (6, 48, 48, 60, 40, 12)))
