"""Covert planner: what a seat holds, and how far each of its Missions is from completion.

Everything here reads the seat's own view only: its hand, agents, completed Missions
and Codes, and the public board. A ``Plan`` says, for one Mission, which cards pay
its equipment, which agents (walking or flying) cover its city and region, what is
still missing, and roughly how many dice the rest would cost.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from itertools import product
from typing import Final

from bot.games.covert.data import CITY, NEIGHBOURS, REGION_CITIES, REGIONS, AgencyCard
from bot.games.covert.missions import Mission
from bot.games.covert.views import PrivateView


def distances(start: str) -> dict[str, int]:
    """Return the number of routes from one city to every city."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        city = queue.popleft()
        for nxt in NEIGHBOURS[city]:
            if nxt not in seen:
                seen[nxt] = seen[city] + 1
                queue.append(nxt)
    return seen


DIST: Final = {city: distances(city) for city in CITY}
"""Shortest route counts between every two cities."""
FLIGHT_STEPS: Final = 1.3
"""How many walking steps one flight (a card spent) is worth when planning."""


def nearest(city: str, region: str) -> str:
    """Return the city of a region closest to a city (the city itself when inside)."""
    return min(REGION_CITIES[region], key=lambda c: (DIST[city][c], c))


@dataclass(frozen=True)
class Holdings:
    """What one seat can spend on Missions: cards, agents, benefits and completed Codes."""

    hand: tuple[AgencyCard, ...]
    agents: tuple[str, ...]
    benefits: frozenset[str]
    codes: tuple[str, ...]
    """Equipment on the completed Codes still held."""
    character: str

    @classmethod
    def read(cls, view: PrivateView) -> Holdings:
        """Read the seat's holdings from its view."""
        me = view.public.players[view.seat]
        return cls(
            hand=view.hand,
            agents=me.agents,
            benefits=frozenset(m.benefit for m in me.done_missions if m.benefit),
            codes=tuple(c.back for c in me.done_codes),
            character=me.character.id,
        )

    def without(self, card: str) -> Holdings:
        """Return the holdings after a card leaves the hand."""
        return replace(self, hand=tuple(c for c in self.hand if c.id != card))

    def moved(self, agent: int, city: str) -> Holdings:
        """Return the holdings with one agent in another city."""
        agents = tuple(city if i == agent else a for i, a in enumerate(self.agents))
        return replace(self, agents=agents)


@dataclass(frozen=True)
class Source:
    """One way to cover a location icon: a benefit, or an agent walking or flying."""

    agent: int
    """The agent used (-1 for a region benefit)."""
    goal: str
    """The city the agent must stand in (the benefit's region for a benefit)."""
    steps: int
    card: str = ""
    """The flight card, when the agent flies."""


@dataclass(frozen=True)
class Plan:
    """How one Mission could be completed from the current holdings."""

    mission: Mission
    pay: tuple[str, ...]
    """Cards paying equipment icons."""
    missing: tuple[str, ...]
    """Equipment icons nothing in hand, benefit or Code pays."""
    coded: int
    """Equipment icons only a completed Code can pay."""
    sources: tuple[Source, ...]
    located: bool
    """Whether every location icon has a source."""
    spare: bool
    """Whether a card is left for the any-card icon (or none is needed)."""

    @property
    def steps(self) -> int:
        """Return the Movement dice the plan needs (the longest walk)."""
        return max((s.steps for s in self.sources), default=0)

    @property
    def flights(self) -> tuple[Source, ...]:
        """Return the flights the plan relies on."""
        return tuple(s for s in self.sources if s.card)

    @property
    def ready(self) -> bool:
        """Tell whether the Mission can be completed as soon as the flights are made."""
        return self.located and not self.missing and self.spare and self.steps == 0


def icons(mission: Mission) -> list[tuple[str, str]]:
    """Return the location icons of a Mission as (kind, value)."""
    found = [("city", mission.city)] if mission.city else []
    return found + ([("region", mission.region)] if mission.region else [])


def icon_region(icon: tuple[str, str]) -> str:
    """Return the region a location icon lies in."""
    return CITY[icon[1]].region if icon[0] == "city" else icon[1]


def satisfies(city: str, icon: tuple[str, str]) -> bool:
    """Tell whether an agent in this city covers the icon."""
    return city == icon[1] if icon[0] == "city" else CITY[city].region == icon[1]


def options(held: Holdings, icon: tuple[str, str], spare: tuple[AgencyCard, ...]) -> list[Source]:
    """Return every source for one location icon."""
    region = icon_region(icon)
    found = [Source(-1, region, 0)] if region in held.benefits else []
    for i, city in enumerate(held.agents):
        goal = icon[1] if icon[0] == "city" else nearest(city, icon[1])
        found.append(Source(i, goal, DIST[city][goal]))
        if found[-1].steps > 0:
            flights = [c for c in spare if satisfies(c.city, icon) and c.city != city]
            found += [Source(i, c.city, 0, c.id) for c in flights[:1]]
    return found


def source_cost(pick: tuple[Source, ...]) -> float:
    """Return what a choice of location sources costs in steps."""
    walk = max((s.steps for s in pick), default=0)
    return walk + FLIGHT_STEPS * sum(1 for s in pick if s.card) + 0.01 * sum(s.steps for s in pick)


def distinct(pick: tuple[Source, ...]) -> bool:
    """Tell whether the sources use different agents, benefits and flight cards."""
    agents = [s.agent if s.agent >= 0 else s.goal for s in pick]
    cards = [s.card for s in pick if s.card]
    return len(agents) == len(set(agents)) and len(cards) == len(set(cards))


def locate(held: Holdings, mission: Mission, spare: tuple[AgencyCard, ...]) -> tuple[Source, ...]:
    """Return the cheapest separate sources for the location icons (empty if impossible)."""
    wanted = icons(mission)
    if not wanted:
        return ()
    picks = [p for p in product(*(options(held, i, spare) for i in wanted)) if distinct(p)]
    return min(picks, key=source_cost) if picks else ()


def equipment(held: Holdings, mission: Mission) -> tuple[list[str], list[str], int]:
    """Return the cards paying equipment, the icons missing, and the icons only a Code pays."""
    pay: list[str] = []
    missing: list[str] = []
    coded = 0
    for icon in mission.equipment:
        if icon in held.benefits:
            continue
        cards = [c.id for c in held.hand if c.equipment == icon]
        if cards:
            pay.append(cards[-1])
        elif icon in held.codes:
            coded += 1
        else:
            missing.append(icon)
    return pay, missing, coded


def plan(held: Holdings, mission: Mission) -> Plan:
    """Work out how the seat could complete one Mission."""
    pay, missing, coded = equipment(held, mission)
    spare = tuple(c for c in held.hand if c.id not in pay)
    sources = locate(held, mission, spare)
    flown = {s.card for s in sources if s.card}
    left = len(spare) - len(flown)
    return Plan(
        mission=mission,
        pay=tuple(pay),
        missing=tuple(missing),
        coded=coded,
        sources=sources,
        located=bool(sources) or not icons(mission),
        spare=left > 0 or not mission.any_card,
    )


def reachable_regions(agents: tuple[str, ...]) -> set[str]:
    """Return the regions holding at least one of these agents."""
    return {CITY[a].region for a in agents}


def card_dice(view: PrivateView, held: Holdings, icon: str) -> float:
    """Return the Agency dice it would take to get a card with this equipment."""
    mine = reachable_regions(held.agents)
    spaces = view.public.region_spaces
    regions = [REGIONS[i] for i, c in enumerate(spaces) if c is not None and c.equipment == icon]
    if any(r in mine for r in regions):
        return 1.0
    return 2.0 if regions else 3.0


def cost(view: PrivateView, held: Holdings, p: Plan) -> float:
    """Return roughly how many dice (and turns) a plan still needs, the final one included."""
    total = 1.0 + source_cost(p.sources)
    total += sum(card_dice(view, held, icon) for icon in p.missing)
    total += 0.0 if p.spare else 1.0
    return total + (0.0 if p.located else 6.0)


def worth(p: Plan) -> float:
    """Return what completing a Mission brings: points, a benefit, less Codes spent."""
    benefit = 1.5 if p.mission.benefit else 0.0
    return p.mission.points + benefit - 2.2 * p.coded


def ranked(view: PrivateView, held: Holdings) -> list[Plan]:
    """Return plans for the Missions in hand, the most promising first."""
    plans = [plan(held, m) for m in view.missions]
    return sorted(plans, key=lambda p: (-worth(p) / cost(view, held, p), p.mission.id))
