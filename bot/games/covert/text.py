"""Covert's game words in the reader's language: cities, regions, equipment, abilities.

Component data (``data``) keeps its keys and English names. Each kind of word is one
table of :class:`Words`, every word marked for translation once: called with a key it
returns the word in the current language (:func:`bot.engine.i18n.use_locale`), as the
screens and pictures read it now; its :meth:`Words.phrase` returns the same word as a
:class:`~bot.engine.phrase.Phrase`, worded when read, as the stored event log keeps it.
Keys stay keys in state and action tokens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bot.engine.i18n import domain_of
from bot.engine.phrase import Phrase, phrase, pphrase
from bot.games.covert.data import (
    ABILITY_LABELS,
    CHARACTER,
    CIRCLE_LABELS,
    CITY,
    REGION_EMOJI,
)

DOMAIN: Final = domain_of(__name__) or ""
"""Covert's catalogue, where its words are looked up first."""


def word(msgid: str, context: str = "") -> Phrase:
    """Return a word marked for translation elsewhere (``N_`` in ``data``), as a phrase."""
    return Phrase(msgid, context=context, domain=DOMAIN)


class Words:
    """The words of one kind by key, each a marked phrase: worded now, or kept as a phrase."""

    def __init__(self, marked: Mapping[str, Phrase]) -> None:
        self.marked: Final = dict(marked)

    @classmethod
    def named(cls, names: Mapping[str, str]) -> Words:
        """Return the words of names marked in ``data`` (``N_``), by key."""
        return cls({key: word(name) for key, name in names.items()})

    def __call__(self, key: str) -> str:
        """Return the word of a key in the current language (an unknown key as it is)."""
        return self.marked[key].words() if key in self.marked else key

    def phrase(self, key: str) -> Phrase:
        """Return the word of a key as a phrase, worded when read."""
        return self.marked.get(key) or word(key)

    def __or__(self, other: Words) -> Words:
        return Words({**self.marked, **other.marked})


city: Final = Words.named({key: c.name for key, c in CITY.items()})
"""A city's name, by key."""
region: Final = Words(
    {
        "orange": pphrase("region", "orange"),
        "purple": pphrase("region", "purple"),
        "green": pphrase("region", "green"),
        "red": pphrase("region", "red"),
        "blue": pphrase("region", "blue"),
        "yellow": pphrase("region", "yellow"),
    }
)
"""A region's colour word (``orange``), as it names a Region Space or an icon."""
region_area: Final = Words(
    {
        "orange": phrase("orange region"),
        "purple": phrase("purple region"),
        "green": phrase("green region"),
        "red": phrase("red region"),
        "blue": phrase("blue region"),
        "yellow": phrase("yellow region"),
    }
)
"""A region as a place an agent stands in (``orange region``)."""


def region_mark(key: str) -> str:
    """Return a region's square and colour word (``🟧 orange``)."""
    return f"{REGION_EMOJI[key]} {region(key)}"


gear: Final = Words(
    {
        "REC": pphrase("equipment", "REC"),
        "CAM": pphrase("equipment", "CAM"),
        "PAS": pphrase("equipment", "PAS"),
        "LCK": pphrase("equipment", "LCK"),
        "DSG": pphrase("equipment", "DSG"),
        "RAD": pphrase("equipment", "RAD"),
    }
)
"""An equipment's short mark (``REC``), as cards and missions print it."""
benefit: Final = region | gear
"""A Mission benefit: a region's colour word or an equipment mark."""
ability: Final = Words.named(ABILITY_LABELS)
"""An ability's label (``Sneak Attack``)."""

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
"""The die faces 1 to 6 as players see them on a die."""


def die(face: int) -> str:
    """Return a die face as its glyph: ⚀ for 1 … ⚅ for 6."""
    return DIE_FACES[face - 1] if 1 <= face <= 6 else str(face)


circle: Final = Words.named(CIRCLE_LABELS)
"""An Action Circle's name (``Agency Cards``)."""
circle_short: Final = Words(
    {
        "COMPLETE_MISSION": pphrase("circle", "Comp"),
        "MISSION_CARDS": pphrase("circle", "Miss"),
        "AGENCY_CARDS": pphrase("circle", "Agen"),
        "MOVEMENT": pphrase("circle", "Move"),
    }
)
"""The four-letter mark of an Action Circle used in a die's line (``Agen``)."""
colour: Final = Words(
    {
        "black": pphrase("colour", "black"),
        "white": pphrase("colour", "white"),
        "brown": pphrase("colour", "brown"),
        "grey": pphrase("colour", "grey"),
    }
)
"""A player colour's name (``black``)."""
title: Final = Words.named({key: c.title for key, c in CHARACTER.items()})
"""A Character's title (``the Courier``), by Character key."""
power: Final = Words.named({key: c.ability for key, c in CHARACTER.items()})
"""A Character's ability text, by Character key."""
cipher_row: Final = Words({"T": pphrase("cipher row", "T"), "B": pphrase("cipher row", "B")})
"""The letter of a Cipher grid row: ``T`` (top) and ``B`` (bottom)."""


def row_of(index: int) -> str:
    """Return the key of the Cipher row holding a position (0–5 top, 6–11 bottom)."""
    return "TB"[index // 6]


def cipher_rows() -> tuple[str, str]:
    """Return the letters of the Cipher grid's top and bottom rows (``T``, ``B``)."""
    return cipher_row("T"), cipher_row("B")


def position(index: int) -> str:
    """Return a Cipher position (``T3``: top row, third tile; ``B1``: bottom row, first)."""
    return f"{cipher_row(row_of(index))}{index % 6 + 1}"
