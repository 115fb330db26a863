"""Paying a Mission: equipment icons, location icons (separate agents) and the any-card icon."""

from __future__ import annotations

from itertools import combinations, permutations, product

from bot.engine.i18n import _
from bot.games.covert.actions import Complete
from bot.games.covert.data import AGENCY, CITY, CODES, REGIONS
from bot.games.covert.missions import MISSION, Mission
from bot.games.covert.state import Player
from bot.games.covert.text import city as city_name
from bot.games.covert.text import gear, region_area


def location_sources(player: Player) -> list[tuple[str, str]]:
    """Return the location sources: ("agent", city) per agent, ("benefit", region) per benefit."""
    agents = [("agent", city) for city in player.agents]
    regions = [("benefit", b) for b in player.benefits() if b in REGIONS]
    return agents + regions


def pays_location(source: tuple[str, str], icon: tuple[str, str]) -> bool:
    """Tell whether one source satisfies a city or region icon."""
    kind, value = source
    icon_kind, icon_value = icon
    region = CITY[icon_value].region if icon_kind == "city" else icon_value
    if kind == "benefit":
        return value == region
    return value == icon_value if icon_kind == "city" else CITY[value].region == region


def location_icons(mission: Mission) -> list[tuple[str, str]]:
    """Return a mission's location icons: ("city", key) and ("region", colour)."""
    icons = [("city", mission.city)] if mission.city else []
    return icons + ([("region", mission.region)] if mission.region else [])


def locations_met(player: Player, mission: Mission) -> bool:
    """Tell whether each location icon can have its own source."""
    return covered(location_sources(player), location_icons(mission))


def covered(sources: list[tuple[str, str]], icons: list[tuple[str, str]]) -> bool:
    """Tell whether each icon can have a source of its own."""
    return any(
        all(pays_location(s, i) for s, i in zip(pick, icons, strict=True))
        for pick in permutations(sources, len(icons))
    )


def unpaid_locations(player: Player, mission: Mission) -> list[tuple[str, str]]:
    """Return the fewest location icons that no source can pay while the others are paid
    (8.15: a region benefit pays a region or a city icon of its colour); of two such, the
    region icon, which an agent anywhere in the region pays."""
    icons, sources = location_icons(mission), location_sources(player)
    for count in range(len(icons) + 1):
        for unpaid in combinations(reversed(icons), count):
            if covered(sources, [i for i in icons if i not in unpaid]):
                return list(unpaid)
    return icons


def equipment_options(player: Player, equipment: str) -> list[str]:
    """Return what may pay one equipment icon: a benefit, matching cards, one completed Code."""
    options = ["B"] if equipment in player.benefits() else []
    options += [c for c in player.hand if AGENCY[c].equipment == equipment]
    codes = [c for c in player.done_codes if CODES[c].back == equipment]
    return options + codes[:1]


def payments(player: Player, mission: Mission) -> list[Complete]:
    """Return every distinct way to pay a mission, the proposed one first."""
    if not locations_met(player, mission):
        return []
    found = []
    for pay in product(*(equipment_options(player, e) for e in mission.equipment)):
        cards = [p for p in pay if p in AGENCY]
        if len(cards) != len(set(cards)):
            continue
        if not mission.any_card:
            found.append(Complete(mission.id, tuple(pay)))
            continue
        for card in player.hand:
            if card not in cards:
                found.append(Complete(mission.id, tuple(pay), card))
    return sorted(found, key=cost)


def cost(option: Complete) -> tuple[int, int]:
    """Rank payments: benefits first, then cards, completed Codes last."""
    codes = sum(1 for p in option.pay if p in CODES)
    cards = sum(1 for p in option.pay if p in AGENCY)
    return codes, cards


def valid(player: Player, option: Complete) -> bool:
    """Tell whether a payment is one of the legal ones."""
    if option.mission not in player.missions:
        return False
    return option in payments(player, MISSION[option.mission])


def missing(player: Player, mission: Mission) -> list[str]:
    """Say what the player still lacks to pay a mission (empty when it can be paid now)."""
    if payments(player, mission):
        return []
    lacking = [gear(e) for e in mission.equipment if not equipment_options(player, e)]
    unpaid = dict(unpaid_locations(player, mission))
    if "city" in unpaid and "region" in unpaid:
        lacking.append(
            _("an agent in {city} and another in {region}").format(
                city=city_name(unpaid["city"]), region=region_area(unpaid["region"])
            )
        )
    elif "city" in unpaid:
        lacking.append(_("an agent in {city}").format(city=city_name(unpaid["city"])))
    elif "region" in unpaid and mission.city:  # the city is paid, but not by both icons' source
        area = region_area(unpaid["region"])
        lacking.append(_("one more agent in {region}").format(region=area))
    elif "region" in unpaid:
        lacking.append(_("an agent in {region}").format(region=region_area(unpaid["region"])))
    if not lacking:
        lacking.append(_("one more Agency card"))
    return lacking


def completable(player: Player) -> list[str]:
    """Return the missions in hand that can be paid now."""
    return [m for m in player.missions if payments(player, MISSION[m])]
