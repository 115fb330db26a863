"""The 60 Covert Mission cards as data (``shared/rules/covert.md`` section 2.6)."""

from __future__ import annotations

from typing import Final

import msgspec

from bot.games.covert.data import CITY_BY_NAME

_TABLE: Final = """
M01 Adder     REC,RAD -          -      -   2 purple
M02 Amber     PAS,RAD -          -      -   2 LCK
M03 Anvil     DSG     -          purple -   2 green
M04 Aria      RAD     -          green  -   2 CAM
M05 Bishop    REC     -          red    -   2 orange
M06 Blackbird CAM     -          blue   -   2 RAD
M07 Bramble   PAS     -          yellow -   2 blue
M08 Cobalt    REC,PAS -          -      -   3 -
M09 Condor    LCK,CAM -          -      -   3 -
M10 Cricket   REC     -          orange -   3 -
M11 Cypress   LCK,DSG -          orange -   3 PAS
M12 Dagger    CAM     -          purple -   3 -
M13 Dove      PAS     -          green  -   3 -
M14 Driftwood LCK     -          red    -   3 -
M15 Echo      REC,CAM -          blue   -   3 DSG
M16 Ember     RAD     -          yellow -   3 -
M17 Falcon    DSG,RAD -          yellow -   3 red
M18 Fathom    DSG     Amsterdam  -      -   3 blue
M19 Flint     RAD     Marseille  -      -   3 LCK
M20 Foxglove  REC     Istanbul   -      -   3 green
M21 Gambit    LCK     Budapest   -      -   3 RAD
M22 Garnet    RAD,LCK -          orange -   4 -
M23 Glacier   CAM     -          purple any 4 -
M24 Harbor    CAM,PAS -          purple -   4 -
M25 Harrier   PAS     -          green  any 4 -
M26 Hemlock   REC,LCK -          green  -   4 -
M27 Ibis      LCK     -          red    any 4 -
M28 Ironclad  DSG,PAS -          red    any 4 REC
M29 Jackdaw   DSG     -          blue   any 4 -
M30 Juniper   RAD,CAM -          blue   any 4 yellow
M31 Kestrel   CAM     Zurich     -      -   4 -
M32 Keystone  PAS     Paris      -      -   4 -
M33 Lantern   LCK     Madrid     green  -   4 purple
M34 Lark      -       Prague     yellow -   4 -
M35 Magpie    PAS,RAD Warsaw     -      -   4 CAM
M36 Marble    RAD     Copenhagen -      -   4 -
M37 Meridian  LCK,DSG Stockholm  -      -   4 orange
M38 Mistral   REC,DSG -          orange any 5 -
M39 Nightjar  REC,RAD -          orange any 5 -
M40 Nocturne  CAM,DSG -          purple any 5 -
M41 Obsidian  PAS,LCK -          red    any 5 -
M42 Onyx      PAS     Milan      -      any 5 -
M43 Orchid    LCK,CAM Munich     -      -   5 -
M44 Osprey    REC     Venice     orange -   5 -
M45 Paragon   DSG,RAD Bonn       -      any 5 red
M46 Pelican   LCK     Rome       -      any 5 -
M47 Quarry    DSG     Athens     red    -   5 -
M48 Quill     REC,CAM Bucharest  red    -   5 PAS
M49 Raven     DSG     Helsinki   purple -   5 -
M50 Rook      CAM,PAS Brussels   yellow -   6 -
M51 Saffron   REC,LCK Barcelona  green  -   6 -
M52 Sable     DSG,PAS Belgrade   blue   any 6 REC
M53 Sparrow   CAM     Kiev       blue   any 6 -
M54 Tempest   REC,DSG Berlin     -      any 6 -
M55 Thistle   RAD,CAM Vienna     blue   any 6 yellow
M56 Umber     RAD,LCK Hamburg    yellow -   6 -
M57 Vesper    REC,PAS Oslo       purple any 6 DSG
M58 Willow    REC,RAD Geneva     orange any 7 -
M59 Wren      CAM,DSG London     yellow any 7 -
M60 Zephyr    PAS,LCK Lisbon     green  any 7 -
"""
"""id, codename, equipment (comma-separated), city, region, any card, points, benefit."""


class Mission(msgspec.Struct, frozen=True):
    """A Mission card: requirements, points and an optional benefit."""

    id: str
    name: str
    """Codename (``Osprey``)."""
    equipment: tuple[str, ...]
    """Equipment icons, 0 to 2, never the same twice."""
    city: str
    """City key the mission needs an agent in, or empty."""
    region: str
    """Region the mission needs an agent in, or empty."""
    any_card: bool
    """Whether one Agency card of the player's choice must be discarded."""
    points: int
    benefit: str
    """An equipment key or a region key usable after completion, or empty."""


def _mission(row: str) -> Mission:
    """Build one mission from a row of the table."""
    mid, name, eq, city, region, any_card, points, benefit = row.split()
    return Mission(
        id=mid,
        name=name,
        equipment=() if eq == "-" else tuple(eq.split(",")),
        city="" if city == "-" else CITY_BY_NAME[city].key,
        region="" if region == "-" else region,
        any_card=any_card == "any",
        points=int(points),
        benefit="" if benefit == "-" else benefit,
    )


MISSIONS: Final = tuple(_mission(row) for row in _TABLE.strip().splitlines())
"""M01–M60 in ascending value."""
MISSION: Final = {m.id: m for m in MISSIONS}
