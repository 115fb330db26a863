"""Covert components as data: the map of Europe, equipment, abilities, cards, tiles and pieces.

Everything here is the original content of ``shared/rules/covert.md`` section 2.
City, region and route names are public and stable: the board art reads them.
"""

from __future__ import annotations

from typing import Final

import msgspec

from bot.engine.i18n import N_

EQUIPMENT: Final = ("REC", "CAM", "PAS", "LCK", "DSG", "RAD")
"""Equipment keys in their canonical order."""
EQUIPMENT_NAMES: Final = {
    "REC": N_("Recording Device"),
    "CAM": N_("Camera"),
    "PAS": N_("Passport"),
    "LCK": N_("Lockpick"),
    "DSG": N_("Disguise"),
    "RAD": N_("Radio"),
}

REGIONS: Final = ("orange", "purple", "green", "red", "blue", "yellow")
"""Region keys in canonical order (dealing Region Spaces, listing the board)."""
REGION_EMOJI: Final = {
    "orange": "🟧",
    "purple": "🟪",
    "green": "🟩",
    "red": "🟥",
    "blue": "🟦",
    "yellow": "🟨",
}
REGION_RGB: Final = {
    "orange": (230, 126, 34),
    "purple": (142, 68, 173),
    "green": (39, 174, 96),
    "red": (192, 57, 43),
    "blue": (41, 128, 185),
    "yellow": (241, 196, 15),
}

COLOURS: Final = ("black", "white", "brown", "grey")
"""Player colours by seat; in a 2-player game the last two are the neutral cube colours."""
COLOUR_EMOJI: Final = {"black": "⬛", "white": "⬜", "brown": "🟫", "grey": "🔳"}

ABILITIES: Final = (
    "PLUS_ONE",
    "MINUS_ONE",
    "MOVE_X3",
    "ESPIONAGE",
    "SNEAK_ATTACK",
    "FIRST",
    "CODE_BREAKER",
    "SEARCH",
)
ABILITY_LABELS: Final = {
    "PLUS_ONE": N_("+1"),
    "MINUS_ONE": N_("−1"),
    "MOVE_X3": N_("Move ×3"),
    "ESPIONAGE": N_("Espionage"),
    "SNEAK_ATTACK": N_("Sneak Attack"),
    "FIRST": N_("First"),
    "CODE_BREAKER": N_("Code Breaker"),
    "SEARCH": N_("Search"),
}


class City(msgspec.Struct, frozen=True):
    """One city of the map."""

    key: str
    """Three-letter key (``VCE``), used in state and action tokens."""
    name: str
    """The name as the rules spell it (``Venice``)."""
    region: str


CITIES: Final = tuple(
    City(key, name, region)
    for key, name, region in (
        ("GVA", N_("Geneva"), "orange"),
        ("ZRH", N_("Zurich"), "orange"),
        ("MIL", N_("Milan"), "orange"),
        ("VCE", N_("Venice"), "orange"),
        ("MUC", N_("Munich"), "orange"),
        ("LON", N_("London"), "purple"),
        ("PAR", N_("Paris"), "purple"),
        ("BRU", N_("Brussels"), "purple"),
        ("AMS", N_("Amsterdam"), "purple"),
        ("BON", N_("Bonn"), "purple"),
        ("LIS", N_("Lisbon"), "green"),
        ("MAD", N_("Madrid"), "green"),
        ("BCN", N_("Barcelona"), "green"),
        ("MRS", N_("Marseille"), "green"),
        ("ROM", N_("Rome"), "green"),
        ("KIE", N_("Kiev"), "red"),
        ("BUH", N_("Bucharest"), "red"),
        ("BEG", N_("Belgrade"), "red"),
        ("IST", N_("Istanbul"), "red"),
        ("ATH", N_("Athens"), "red"),
        ("BER", N_("Berlin"), "blue"),
        ("PRG", N_("Prague"), "blue"),
        ("VIE", N_("Vienna"), "blue"),
        ("WAW", N_("Warsaw"), "blue"),
        ("BUD", N_("Budapest"), "blue"),
        ("HAM", N_("Hamburg"), "yellow"),
        ("CPH", N_("Copenhagen"), "yellow"),
        ("OSL", N_("Oslo"), "yellow"),
        ("STO", N_("Stockholm"), "yellow"),
        ("HEL", N_("Helsinki"), "yellow"),
    )
)
"""The 30 cities, five per region, in the order of the rules' table."""
CITY: Final = {c.key: c for c in CITIES}
"""Cities by key."""
CITY_BY_NAME: Final = {c.name: c for c in CITIES}
"""Cities by name."""

_ROUTE_TEXT: Final = (
    "London–Paris · London–Brussels · London–Amsterdam · London–Lisbon · Paris–Brussels · "
    "Paris–Geneva · Paris–Marseille · Paris–Madrid · Brussels–Amsterdam · Brussels–Bonn · "
    "Amsterdam–Bonn · Amsterdam–Hamburg · Bonn–Hamburg · Bonn–Berlin · Bonn–Zurich · "
    "Lisbon–Madrid · Madrid–Barcelona · Barcelona–Marseille · Marseille–Rome · "
    "Marseille–Geneva · Rome–Milan · Rome–Venice · Rome–Athens · Geneva–Zurich · "
    "Geneva–Milan · Zurich–Milan · Zurich–Munich · Milan–Venice · Munich–Venice · "
    "Munich–Vienna · Munich–Prague · Venice–Vienna · Venice–Belgrade · Hamburg–Copenhagen · "
    "Hamburg–Berlin · Copenhagen–Oslo · Copenhagen–Stockholm · Oslo–Stockholm · "
    "Stockholm–Helsinki · Helsinki–Warsaw · Berlin–Prague · Berlin–Warsaw · Prague–Vienna · "
    "Prague–Warsaw · Vienna–Budapest · Warsaw–Kiev · Budapest–Belgrade · Budapest–Bucharest · "
    "Budapest–Kiev · Kiev–Bucharest · Bucharest–Belgrade · Bucharest–Istanbul · "
    "Belgrade–Istanbul · Belgrade–Athens · Istanbul–Athens"
)
ROUTES: Final = tuple(
    (CITY_BY_NAME[a].key, CITY_BY_NAME[b].key)
    for a, b in (pair.split("–") for pair in _ROUTE_TEXT.split(" · "))
)
"""The 55 undirected routes as pairs of city keys."""
NEIGHBOURS: Final = {
    c.key: tuple(
        sorted({b for a, b in ROUTES if a == c.key} | {a for a, b in ROUTES if b == c.key})
    )
    for c in CITIES
}
"""Each city's neighbours (keys, sorted)."""
REGION_CITIES: Final = {r: tuple(c.key for c in CITIES if c.region == r) for r in REGIONS}


class AgencyCard(msgspec.Struct, frozen=True):
    """An Agency card: one equipment, one flight city and one ability; used for one of them."""

    id: str
    equipment: str
    city: str
    """Flight city key."""
    ability: str

    @property
    def region(self) -> str:
        """Return the flight city's region."""
        return CITY[self.city].region


_FLIGHT_TEXT: Final = (
    "Venice Geneva Munich Zurich Milan Venice Geneva Munich London Paris Bonn Brussels "
    "Amsterdam London Paris Bonn Lisbon Barcelona Rome Madrid Marseille Lisbon Barcelona Rome "
    "Kiev Istanbul Athens Bucharest Belgrade Kiev Istanbul Athens Berlin Vienna Budapest Prague "
    "Warsaw Berlin Vienna Budapest Oslo Stockholm Helsinki Hamburg Copenhagen Oslo Stockholm "
    "Helsinki"
)
_FLIGHTS: Final = _FLIGHT_TEXT.split()
"""The list F of the construction: flight city of card i is F[(7 i) mod 48]."""

AGENCY_CARDS: Final = tuple(
    AgencyCard(
        id=f"A{i + 1:02d}",
        equipment=EQUIPMENT[i % 6],
        city=CITY_BY_NAME[_FLIGHTS[(7 * i) % 48]].key,
        ability=ABILITIES[i // 6],
    )
    for i in range(48)
)
"""A01–A48, built by the rules' construction."""
AGENCY: Final = {c.id: c for c in AGENCY_CARDS}


class CodeCard(msgspec.Struct, frozen=True):
    """A Code card: a private three-digit code on the front, a public equipment back."""

    id: str
    code: str
    """Three different digits 1–6, read left to right (``164``)."""
    back: str


_ALL_CODES: Final = [
    f"{a}{b}{c}"
    for a in range(1, 7)
    for b in range(1, 7)
    for c in range(1, 7)
    if len({a, b, c}) == 3
]
CODE_CARDS: Final = tuple(
    CodeCard(id=f"C{n + 1:02d}", code=_ALL_CODES[3 * n], back=EQUIPMENT[n % 6]) for n in range(40)
)
"""C01–C40: every third of the 120 codes in ascending order."""
CODES: Final = {c.id: c for c in CODE_CARDS}

CIPHER_TILES: Final = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
"""The 12 Cipher tiles; the grid holds them at positions T1–T6 (0–5) and B1–B6 (6–11)."""
POSITIONS: Final = ("T1", "T2", "T3", "T4", "T5", "T6", "B1", "B2", "B3", "B4", "B5", "B6")
SWAPS: Final = tuple(
    sorted(
        {(r * 6 + c, r * 6 + c + 1) for r in (0, 1) for c in range(5)}
        | {(c, c + 6) for c in range(6)}
        | {(0, 5), (6, 11)}
    )
)
"""The 18 legal swaps as (position, position) pairs: horizontal, vertical and row ends."""
WINDOWS: Final = tuple((r * 6 + c, r * 6 + c + 1, r * 6 + c + 2) for r in (0, 1) for c in range(4))
"""The eight readable runs of three positions, left to right within one row."""

CIRCLES: Final = ("COMPLETE_MISSION", "MISSION_CARDS", "AGENCY_CARDS", "MOVEMENT")
"""The four Action Circles, each with spaces 1–6 in a ring."""
CIRCLE_LABELS: Final = {
    "COMPLETE_MISSION": N_("Complete Mission"),
    "MISSION_CARDS": N_("Mission Cards"),
    "AGENCY_CARDS": N_("Agency Cards"),
    "MOVEMENT": N_("Movement"),
}
SPEC_OPS: Final = "SPEC_OPS"
"""The Special Operations folder: any die, draws a token."""
DECODER: Final = "DECODER"
"""The Decoder: any die, used by its owner in Break Codes."""


class SpecOpsToken(msgspec.Struct, frozen=True):
    """A Special Operations token: one ability, returned to the bag when used."""

    id: str
    ability: str


SPEC_OPS_TOKENS: Final = tuple(
    SpecOpsToken(id=f"S{n + 1:02d}", ability=ABILITIES[n // 2]) for n in range(16)
)
TOKENS: Final = {t.id: t for t in SPEC_OPS_TOKENS}


class Character(msgspec.Struct, frozen=True):
    """A Character with a permanent ability."""

    id: str
    name: str
    title: str
    ability: str


CHARACTERS: Final = (
    Character(
        "CH1",
        "Vera Lind",
        N_("the Cryptographer"),
        N_(
            "Once per round, one swap of your Break Codes turn may exchange any two tiles of a row."
        ),
    ),
    Character(
        "CH2",
        "Otto Brandt",
        N_("the Quartermaster"),
        N_("On the Special Operations folder, draw two tokens, keep one, return the other."),
    ),
    Character(
        "CH3",
        "Nadia Vosk",
        N_("the Courier"),
        N_("Each Movement Action with dice gives one bonus step for one agent."),
    ),
    Character(
        "CH4",
        "Silas Crane",
        N_("the Controller"),
        N_("Mission hand limit 4; the face-down Mission draw shows two, keep one."),
    ),
    Character(
        "CH5",
        "Henri Marchand",
        N_("the Attaché"),
        N_("Agency hand limit 8; one Agency die may take the top of the draw deck."),
    ),
    Character(
        "CH6",
        "Mara Kovač",
        N_("the Infiltrator"),
        N_(
            "Agents collect Intel when they fly; "
            "an Intel pair's card may come from any Region Space."
        ),
    ),
)
CHARACTER: Final = {c.id: c for c in CHARACTERS}

DICE_PER_PLAYER: Final = 5
AGENTS_PER_PLAYER: Final = 3
CUBES_PER_PLAYER: Final = 15
NEUTRAL_CUBES: Final = 6
AGENCY_LIMIT: Final = 7
MISSION_LIMIT: Final = 3
MISSIONS_TO_END: Final = 6
CODE_POINTS: Final = 2
