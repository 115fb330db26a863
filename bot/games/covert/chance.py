"""Covert chance steps: the set-up shuffles, dice rolls, reshuffles and token draws.

Each is an ordinary logged action, so a replay never draws a random number.
"""

from __future__ import annotations

from typing import Final

import msgspec

from bot.engine.codec import join_ints, parse_ints, parse_permutation, split_token
from bot.engine.errors import BadToken
from bot.engine.rng import Rng


class Setup(msgspec.Struct, frozen=True):
    """The set-up shuffles: characters, two Agency shuffles, Missions, Codes, Cipher tiles."""

    characters: tuple[int, ...]
    agents: tuple[int, ...]
    """Agency order for starting agents (and neutral cubes)."""
    agency: tuple[int, ...]
    """Agency order after all cards are shuffled back together."""
    missions: tuple[int, ...]
    codes: tuple[int, ...]
    tiles: tuple[int, ...]

    def token(self) -> str:
        """Return ``SU.<six permutations>``."""
        parts = (self.characters, self.agents, self.agency, self.missions, self.codes, self.tiles)
        return "SU." + ".".join(join_ints(p) for p in parts)

    @classmethod
    def from_token(cls, token: str) -> Setup:
        """Parse the six permutations."""
        fields = split_token(token, "SU", 6)
        sizes = (6, 48, 48, 60, 40, 12)
        c, a, g, m, k, t = (parse_permutation(f, n) for f, n in zip(fields, sizes, strict=True))
        return cls(c, a, g, m, k, t)


class Rolls(msgspec.Struct, frozen=True):
    """Dice faces rolled, in the order the rules ask for them."""

    faces: tuple[int, ...]

    def token(self) -> str:
        """Return ``RL.<faces>``."""
        return "RL." + "".join(str(f) for f in self.faces)

    @classmethod
    def from_token(cls, token: str) -> Rolls:
        """Parse ``RL.<faces>``."""
        (text,) = split_token(token, "RL", 1)
        if not text or not all(c in "123456" for c in text) or len(text) > 30:
            raise BadToken()
        return cls(tuple(int(c) for c in text))


class Shuffle(msgspec.Struct, frozen=True):
    """A shuffle of a pile, as a permutation of its current order."""

    order: tuple[int, ...]

    def token(self) -> str:
        """Return ``SH.<order>``."""
        return "SH." + join_ints(self.order)

    @classmethod
    def from_token(cls, token: str) -> Shuffle:
        """Parse ``SH.<order>``."""
        (text,) = split_token(token, "SH", 1)
        size = len(text.split(","))
        if size > 60:
            raise BadToken()
        return cls(parse_permutation(text, size))


class Draw(msgspec.Struct, frozen=True):
    """Tokens drawn from the bag, as positions in the sorted bag."""

    picks: tuple[int, ...]

    def token(self) -> str:
        """Return ``TK.<positions>``."""
        return "TK." + join_ints(self.picks)

    @classmethod
    def from_token(cls, token: str) -> Draw:
        """Parse ``TK.<positions>``."""
        (text,) = split_token(token, "TK", 1)
        picks = parse_ints(text, 0, 15)
        if len(set(picks)) != len(picks) or len(picks) > 2:
            raise BadToken()
        return cls(picks)


class Hush(msgspec.Struct, frozen=True):
    """The end of a concealed wait (option ``conceal_reactions``): nothing random, a logged
    timer step, so a replay never depends on the clock."""

    def token(self) -> str:
        """Return ``HU``."""
        return "HU"

    @classmethod
    def from_token(cls, token: str) -> Hush:
        """Parse ``HU``."""
        if token != "HU":
            raise BadToken()
        return cls()


HUSH_SECONDS: Final = 8.0
"""How long every Espionage event and First window waits when reactions are concealed (7.5)."""

CHANCE_DECODERS: Final = {
    "HU": Hush.from_token,
    "SU": Setup.from_token,
    "RL": Rolls.from_token,
    "SH": Shuffle.from_token,
    "TK": Draw.from_token,
}


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
