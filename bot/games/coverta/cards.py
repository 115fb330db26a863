"""COVERTA components as data: the 40 number cards, their traits, the 12 instructions."""

from __future__ import annotations

from enum import IntEnum
from typing import Final

import msgspec

from bot.engine.phrase import Phrase, phrase, pphrase


class Trait(IntEnum):
    """The six binary characteristics of a number card, in rule order C1..C6."""

    PARITY = 0
    NUMBER_COLOUR = 1
    SHAPE = 2
    SHAPE_COLOUR = 3
    FILL = 4
    BACKGROUND = 5


TRAIT_NAMES: dict[Trait, Phrase] = {
    Trait.PARITY: pphrase("trait", "parity"),
    Trait.NUMBER_COLOUR: pphrase("trait", "number colour"),
    Trait.SHAPE: pphrase("trait", "shape"),
    Trait.SHAPE_COLOUR: pphrase("trait", "shape colour"),
    Trait.FILL: pphrase("trait", "fill"),
    Trait.BACKGROUND: pphrase("trait", "background"),
}
"""Each trait's name, worded when read."""

TRAIT_VALUES: dict[Trait, tuple[Phrase, Phrase]] = {
    Trait.PARITY: (pphrase("parity", "even"), pphrase("parity", "odd")),
    Trait.NUMBER_COLOUR: (pphrase("number colour", "red"), pphrase("number colour", "black")),
    Trait.SHAPE: (pphrase("shape", "square"), pphrase("shape", "circle")),
    Trait.SHAPE_COLOUR: (pphrase("shape colour", "blue"), pphrase("shape colour", "orange")),
    Trait.FILL: (pphrase("fill", "solid"), pphrase("fill", "hollow")),
    Trait.BACKGROUND: (pphrase("background", "black"), pphrase("background", "white")),
}
"""Value 0 and value 1 of each trait, as words (worded when read)."""


class Card(msgspec.Struct, frozen=True):
    """A number card with its six trait values (0 or 1, see TRAIT_VALUES)."""

    number: int
    traits: tuple[int, int, int, int, int, int]

    def value(self, trait: Trait) -> int:
        """Return this card's value (0 or 1) of a trait."""
        return self.traits[trait]

    def word(self, trait: Trait) -> str:
        """Return this card's value of a trait as a word, in the current language."""
        return TRAIT_VALUES[trait][self.traits[trait]].words()

    def label(self) -> str:
        """Return the number and its six trait words, e.g. ``12 (even, red, ...)``."""
        return f"{self.number} ({', '.join(self.word(t) for t in Trait)})"


ATTRIBUTE_TABLE: Final[tuple[str, ...]] = (
    # Traits C1..C6 of cards 1..40, one digit per trait indexing TRAIT_VALUES.
    # Five cosets of a [6,3] binary code whose dual has distance 3: an
    # orthogonal array of strength 2 (see tests/games/coverta/test_cards.py).
    # 1-5
    "110111", "000011", "110100", "011000", "101011",
    # 6-10
    "010001", "101000", "000101", "101010", "000100",
    # 11-15
    "110000", "000001", "100101", "011011", "110101",
    # 16-20
    "000000", "110011", "011010", "101101", "011001",
    # 21-25
    "101110", "011111", "101001", "011101", "101100",
    # 26-30
    "001000", "100010", "011110", "110001", "011100",
    # 31-35
    "110010", "001111", "111100", "000111", "110110",
    # 36-40
    "010110", "101111", "000110", "111011", "000010",
)  # fmt: skip

DECK_SIZE: Final = 40


def make_card(number: int, digits: str) -> Card:
    """Build a card from its number and six 0/1 digits."""
    values = tuple(int(d) for d in digits)
    if len(values) != 6 or any(v not in (0, 1) for v in values):
        raise ValueError(f"card {number} needs six 0/1 digits, got {digits!r}")
    return Card(number, (values[0], values[1], values[2], values[3], values[4], values[5]))


CARDS: Final[tuple[Card, ...]] = tuple(
    make_card(n, digits) for n, digits in enumerate(ATTRIBUTE_TABLE, start=1)
)
"""The 40 number cards; ``CARDS[n - 1]`` is card n."""


def card(number: int) -> Card:
    """Return the number card with this number."""
    if not 1 <= number <= DECK_SIZE:
        raise ValueError(f"there is no card {number}")
    return CARDS[number - 1]


HAND_SIZE: Final[dict[int, int]] = {2: 9, 3: 8, 4: 7, 5: 6, 6: 5}
"""Cards dealt to each player, by number of players (house rule)."""


class Instruction(msgspec.Struct, frozen=True):
    """An instruction card: ALTERNATE or KEEP one trait relative to the last card placed."""

    trait: Trait
    """The characteristic this instruction is about."""
    keep: bool
    """True for KEEP (same value as the reference), False for ALTERNATE."""

    @property
    def code(self) -> int:
        """Return the instruction's index 0..11 (group A is 0..5)."""
        return 2 * int(self.trait) + int(self.keep)

    @property
    def group(self) -> str:
        """Return ``A`` for traits C1..C3 and ``B`` for C4..C6."""
        return "A" if self.trait <= Trait.SHAPE else "B"

    def needs(self, reference: Card) -> int:
        """Return the trait value a new card must have after the reference card."""
        value = reference.value(self.trait)
        return value if self.keep else 1 - value

    def check(self, new: Card, reference: Card) -> bool:
        """Tell whether a new card meets this instruction after the reference card."""
        return new.value(self.trait) == self.needs(reference)

    def words(self) -> str:
        """Return the instruction's name in the current language, e.g. ``ALTERNATE parity``."""
        return self.phrase().words()

    def phrase(self) -> Phrase:
        """Return the instruction's name, worded when read."""
        name = TRAIT_NAMES[self.trait]
        if self.keep:
            return phrase("KEEP {trait}", trait=name)
        return phrase("ALTERNATE {trait}", trait=name)

    def meaning(self) -> str:
        """Return a sentence saying what the instruction asks for, in the current language."""
        name = TRAIT_NAMES[self.trait]
        if self.keep:
            said = phrase(
                "the new card must have the same {trait} as the last card placed", trait=name
            )
        else:
            said = phrase(
                "the new card must have a different {trait} from the last card placed", trait=name
            )
        return said.words()


INSTRUCTIONS: Final[tuple[Instruction, ...]] = tuple(
    Instruction(trait, keep) for trait in Trait for keep in (False, True)
)
"""The 12 instruction cards; ``INSTRUCTIONS[i].code == i``."""

GROUP_A: Final[tuple[Instruction, ...]] = INSTRUCTIONS[:6]
GROUP_B: Final[tuple[Instruction, ...]] = INSTRUCTIONS[6:]
