"""Covert's game words in the reader's language: cities, regions, equipment, abilities.

Component data (``data``) keeps its keys and English names; every place a member reads
one goes through these helpers, which translate in the current language
(:func:`bot.engine.i18n.use_locale`). Keys stay keys in state and action tokens.
"""

from __future__ import annotations

from bot.engine.i18n import _, pgettext
from bot.games.covert.data import (
    ABILITY_LABELS,
    CHARACTER,
    CIRCLE_LABELS,
    CITY,
    EQUIPMENT_NAMES,
    REGION_EMOJI,
)


def seat(index: int) -> str:
    """Return the placeholder a seat's display name fills in (``{p[2]}``)."""
    return f"{{p[{index}]}}"


def city(key: str) -> str:
    """Return a city's name."""
    return _(CITY[key].name)


def region(key: str) -> str:
    """Return a region's colour word (``orange``), as it names a Region Space or an icon."""
    words = {
        "orange": pgettext("region", "orange"),
        "purple": pgettext("region", "purple"),
        "green": pgettext("region", "green"),
        "red": pgettext("region", "red"),
        "blue": pgettext("region", "blue"),
        "yellow": pgettext("region", "yellow"),
    }
    return words.get(key, key)


def region_area(key: str) -> str:
    """Return the region as a place an agent stands in (``orange region``)."""
    words = {
        "orange": _("orange region"),
        "purple": _("purple region"),
        "green": _("green region"),
        "red": _("red region"),
        "blue": _("blue region"),
        "yellow": _("yellow region"),
    }
    return words.get(key, key)


def region_mark(key: str) -> str:
    """Return a region's square and colour word (``🟧 orange``)."""
    return f"{REGION_EMOJI[key]} {region(key)}"


def gear(key: str) -> str:
    """Return an equipment's short mark (``REC``), as cards and missions print it."""
    words = {
        "REC": pgettext("equipment", "REC"),
        "CAM": pgettext("equipment", "CAM"),
        "PAS": pgettext("equipment", "PAS"),
        "LCK": pgettext("equipment", "LCK"),
        "DSG": pgettext("equipment", "DSG"),
        "RAD": pgettext("equipment", "RAD"),
    }
    return words.get(key, key)


def gear_name(key: str) -> str:
    """Return an equipment's full name (``Recording Device``)."""
    return _(EQUIPMENT_NAMES[key])


def benefit(key: str) -> str:
    """Return a Mission benefit: an equipment mark or a region's colour word."""
    return region(key) if key in REGION_EMOJI else gear(key)


def ability(key: str) -> str:
    """Return an ability's label (``Sneak Attack``)."""
    return _(ABILITY_LABELS[key])


def circle(key: str) -> str:
    """Return an Action Circle's name (``Agency Cards``)."""
    return _(CIRCLE_LABELS[key])


def circle_short(key: str) -> str:
    """Return the four-letter mark of an Action Circle used in a die's line (``Agen``)."""
    words = {
        "COMPLETE_MISSION": pgettext("circle", "Comp"),
        "MISSION_CARDS": pgettext("circle", "Miss"),
        "AGENCY_CARDS": pgettext("circle", "Agen"),
        "MOVEMENT": pgettext("circle", "Move"),
    }
    return words.get(key, key)


def colour(key: str) -> str:
    """Return a player colour's name (``black``)."""
    words = {
        "black": pgettext("colour", "black"),
        "white": pgettext("colour", "white"),
        "brown": pgettext("colour", "brown"),
        "grey": pgettext("colour", "grey"),
    }
    return words.get(key, key)


def title(character: str) -> str:
    """Return a Character's title (``the Courier``)."""
    return _(CHARACTER[character].title)


def power(character: str) -> str:
    """Return a Character's ability text."""
    return _(CHARACTER[character].ability)


def cipher_rows() -> tuple[str, str]:
    """Return the letters of the Cipher grid's top and bottom rows (``T``, ``B``)."""
    return pgettext("cipher row", "T"), pgettext("cipher row", "B")


def position(index: int) -> str:
    """Return a Cipher position (``T3``: top row, third tile; ``B1``: bottom row, first)."""
    return f"{cipher_rows()[index // 6]}{index % 6 + 1}"
