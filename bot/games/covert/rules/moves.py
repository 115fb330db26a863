"""Agents on the map: steps with Intel cubes dropped and collected, Intel pairs, and flights."""

from __future__ import annotations

from bot.engine.draft import replaced
from bot.engine.errors import IllegalAction
from bot.games.covert import messages as say
from bot.games.covert.actions import Fly, Step
from bot.games.covert.data import AGENCY, CITIES, CITY, COLOURS, NEIGHBOURS
from bot.games.covert.flow import Draft, event_resolved, use_cards
from bot.games.covert.state import CovertState, Moving, Prompt

KEYS = tuple(c.key for c in CITIES)


def start_moving(d: Draft, seat: int, mode: str, steps: int, bonus: bool = False) -> None:
    """Open a movement: steps per agent with dice, or a shared pool of points."""
    if mode == "dice":
        d.update(moving=Moving(seat, "dice", (steps,) * 3, bonus=bonus))
    else:
        d.update(moving=Moving(seat, "points", (steps,)))


def can_step(state: CovertState, moving: Moving, agent: int) -> bool:
    """Tell whether an agent may still take a step in this movement."""
    if moving.mode == "points":
        return moving.left[0] > 0
    return agent not in moving.finished and moving.left[agent] > 0


def step(d: Draft, seat: int, action: Step) -> None:
    """Move an agent one route, dropping a cube where it leaves and collecting where it enters."""
    moving = d.state.moving
    if moving is None or moving.seat != seat or not can_step(d.state, moving, action.agent):
        raise IllegalAction(say.CANNOT_STEP)
    here = d.state.players[seat].agents[action.agent]
    if action.city not in NEIGHBOURS[here]:
        raise IllegalAction(say.not_neighbour(here, action.city))
    advance_moving(d, moving, action.agent)
    leave(d, seat, here)
    p = d.state.players[seat]
    d.player(seat, agents=replaced(p.agents, action.agent, action.city))
    d.say(say.stepped(seat, here, action.city))
    collect(d, seat, action.city)
    moving = d.state.moving
    if moving is not None and not any(can_step(d.state, moving, a) for a in range(3)):
        halt(d, seat)


def advance_moving(d: Draft, moving: Moving, agent: int) -> None:
    """Count a step; with dice, switching agents finishes the one before."""
    if moving.mode == "points":
        d.update(moving=Moving(moving.seat, "points", (moving.left[0] - 1,)))
        return
    finished = moving.finished
    if moving.current not in (-1, agent):
        finished = (*finished, moving.current)
    left = replaced(moving.left, agent, moving.left[agent] - 1)
    d.update(moving=Moving(moving.seat, "dice", left, agent, finished, moving.bonus))


def halt(d: Draft, seat: int) -> None:
    """Stop moving; a Courier then gets the bonus step."""
    moving = d.state.moving
    if moving is None or moving.seat != seat:
        raise IllegalAction(say.NOT_NOW)
    d.update(moving=None)
    if moving.bonus:
        start_moving(d, seat, "points", 1)
    else:
        event_resolved(d)


def leave(d: Draft, seat: int, city: str) -> None:
    """Leave a cube of the seat's colour unless one is there or the supply is empty."""
    colour = COLOURS[seat]
    index = KEYS.index(city)
    p = d.state.players[seat]
    if colour in d.state.cubes[index] or p.supply == 0:
        return
    d.update(cubes=replaced(d.state.cubes, index, (*d.state.cubes[index], colour)))
    d.player(seat, supply=p.supply - 1)


def collect(d: Draft, seat: int, city: str) -> None:
    """Take every cube of another colour in the city; cash in any pairs."""
    colour = COLOURS[seat]
    index = KEYS.index(city)
    taken = tuple(c for c in d.state.cubes[index] if c != colour)
    if not taken:
        return
    d.update(
        cubes=replaced(d.state.cubes, index, tuple(c for c in d.state.cubes[index] if c == colour))
    )
    p = d.player(seat, intel=(*d.state.players[seat].intel, *taken))
    d.say(say.collected(seat, taken, city))
    pairs = [c for c in COLOURS if p.intel.count(c) >= 2]
    for pair in pairs:
        cash_pair(d, seat, pair)
    here = CITY[city].region
    region = "*" if p.character == "CH6" and d.state.phase != "final" else here
    for _pair in pairs:
        d.ask(Prompt("free", seat, (here,) if region == "*" else (), region))


def cash_pair(d: Draft, seat: int, colour: str) -> None:
    """Return a pair of one colour to its owner's supply (neutral cubes leave the game)."""
    intel = list(d.state.players[seat].intel)
    intel.remove(colour)
    intel.remove(colour)
    d.player(seat, intel=tuple(intel))
    owner = COLOURS.index(colour)
    if owner < d.state.seats:
        d.player(owner, supply=d.state.players[owner].supply + 2)
    d.say(say.pair(seat, colour))


def fly(d: Draft, seat: int, action: Fly) -> None:
    """Discard a card to fly an agent to its flight city (no Intel, except the Infiltrator)."""
    p = d.state.players[seat]
    city = AGENCY[action.card].city
    if action.card not in p.hand:
        raise IllegalAction(say.NOT_HELD)
    if p.agents[action.agent] == city:
        raise IllegalAction(say.ALREADY_THERE)
    here = p.agents[action.agent]
    d.player(seat, agents=replaced(p.agents, action.agent, city))
    d.say(say.flew(seat, action.card, here, city))
    use_cards(d, seat, (action.card,))
    if p.character == "CH6" and d.state.phase != "final":
        collect(d, seat, city)
