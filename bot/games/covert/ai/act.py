"""Covert planner, Phase III: which Action now, where agents walk, which flights to make.

On a resolution turn the planner first takes an Agency card that a Mission is
missing, then walks agents towards the cities and regions its plans need, then
completes the best Mission it can pay (flying first when a flight is all that is
missing), then takes a Mission, and only then spends spare dice or forfeits.
Agents no plan needs spend leftover steps collecting Intel cubes (a pair of one
colour brings a free Agency card).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.rules import Action
from bot.games.covert.actions import (
    END,
    HALT,
    Complete,
    Fly,
    Forfeit,
    Move,
    Step,
    TakeAgency,
    TakeMission,
    Use,
)
from bot.games.covert.ai.plan import DIST, Holdings, Plan, plan, worth
from bot.games.covert.ai.value import DECK_MISSION, card_value, mission_rate
from bot.games.covert.data import AGENCY, CITIES, CODES, REGIONS
from bot.games.covert.missions import MISSION, Mission
from bot.games.covert.views import PrivateView

KEYS = tuple(c.key for c in CITIES)


def dice_on(view: PrivateView, circle: str) -> int:
    """Return how many of the seat's dice lie on a circle."""
    return sum(1 for d in view.public.players[view.seat].dice if d.place == circle)


def goals(plans: Sequence[Plan]) -> dict[int, str]:
    """Return where each agent should stand: ready plans keep theirs, then by rank."""
    found: dict[int, str] = {}
    for p in sorted(plans, key=lambda q: not q.ready):
        if not p.located:
            continue
        walks = [s for s in p.sources if s.agent >= 0 and not s.card]
        if any(s.agent in found for s in walks):
            continue
        found.update({s.agent: s.goal for s in walks})
    return found


def payment_loss(option: Complete, held: Holdings, plans: Sequence[Plan]) -> float:
    """Return what paying a Mission this way gives up: cards the other plans want, Codes."""
    cards = [c for c in held.hand if c.id in (*option.pay, option.any_card)]
    loss = sum(card_value(c, held, plans, skip=option.mission) for c in cards)
    return loss + 2.2 * sum(1 for p in option.pay if p in CODES)


def best_complete(
    legal: Sequence[Action], held: Holdings, plans: Sequence[Plan]
) -> Complete | None:
    """Return the Mission completion worth the most after its payment."""
    options = [a for a in legal if isinstance(a, Complete)]
    scored = [
        (MISSION[a.mission].points - 2 * sum(1 for p in a.pay if p in CODES), a) for a in options
    ]
    useful = [(pts - 0.05 * payment_loss(a, held, plans), a) for pts, a in scored if pts > 0]
    return max(useful, key=lambda x: (x[0], x[1].token()))[1] if useful else None


def flight_to_finish(legal: Sequence[Action], plans: Sequence[Plan]) -> Fly | None:
    """Return a flight that a plan otherwise ready needs."""
    for p in plans:
        if p.ready and p.flights:
            src = p.flights[0]
            fly = Fly(src.card, src.agent)
            if fly in legal:
                return fly
    return None


def finishing_flight(legal: Sequence[Action], held: Holdings, plans: Sequence[Plan]) -> Fly | None:
    """Return the flight after which the best Mission can be completed at once."""
    best: tuple[float, str, Fly] | None = None
    for fly in (a for a in legal if isinstance(a, Fly)):
        after = held.without(fly.card).moved(fly.agent, AGENCY[fly.card].city)
        ready = [worth(p) for p in (plan(after, q.mission) for q in plans) if ready_alone(p)]
        if ready and (best is None or (max(ready), fly.token()) > best[:2]):
            best = (max(ready), fly.token(), fly)
    return best[2] if best else None


def ready_alone(p: Plan) -> bool:
    """Tell whether a plan can be completed now, with no flight or step."""
    return p.ready and not p.flights


def needed_equipment(plans: Sequence[Plan]) -> list[str]:
    """Return the equipment the plans still miss, the best plan's first."""
    return [icon for p in plans[:2] if p.located for icon in p.missing]


def agency_value(
    view: PrivateView, action: TakeAgency, held: Holdings, plans: Sequence[Plan]
) -> float:
    """Return what an Agency Cards Action would bring."""
    if action.what == "deck":
        return 1.3 - action.dice
    card = view.public.region_spaces[REGIONS.index(action.what)]
    assert card is not None
    wanted = needed_equipment(plans)
    bonus = 4.0 if card.equipment in wanted[:1] else 2.0 if card.equipment in wanted else 0.0
    short = any(not p.spare for p in plans[:1])
    return bonus + card_value(card, held, plans) + (1.0 if short else 0.0) - action.dice


def fly_to_finish(legal: Sequence[Action], held: Holdings, plans: Sequence[Plan]) -> Fly | None:
    """Return the flight that makes a Mission payable: to a plan's city, or any that finishes."""
    return flight_to_finish(legal, plans) or finishing_flight(legal, held, plans)


def take_card(
    view: PrivateView, legal: Sequence[Action], held: Holdings, plans: Sequence[Plan], least: float
) -> Action | None:
    """Return the best Agency Cards Action when it is worth at least ``least``."""
    options = [(agency_value(view, a, held, plans), a) for a in legal if isinstance(a, TakeAgency)]
    if not options:
        return None
    value, action = max(options, key=lambda x: (x[0], -x[1].dice, x[1].what))
    return action if value >= least else None


def take_mission(view: PrivateView, legal: Sequence[Action], held: Holdings) -> Action | None:
    """Return the face-up Mission (or the deck top) most worth taking."""
    row = view.public.mission_row
    options = [a for a in legal if isinstance(a, TakeMission)]
    scored = [(slot_rate(view, held, row, a.slot), a) for a in options]
    return max(scored, key=lambda x: (x[0], -x[1].slot))[1] if scored else None


def slot_rate(view: PrivateView, held: Holdings, row: Sequence[Mission | None], slot: int) -> float:
    """Return the value per die of a face-up Mission, or of the unknown deck top (slot 3)."""
    mission = row[slot] if slot < len(row) else None
    return mission_rate(view, held, mission) if mission is not None else DECK_MISSION


def walk_needed(view: PrivateView, plans: Sequence[Plan]) -> int:
    """Return the steps still needed by the agents' goals."""
    agents = view.public.players[view.seat].agents
    return max((DIST[agents[a]][g] for a, g in goals(plans).items()), default=0)


def act(
    view: PrivateView, legal: Sequence[Action], held: Holdings, plans: Sequence[Plan]
) -> Action:
    """Choose a Phase III Action."""
    moves = [a for a in legal if isinstance(a, Move)]
    finish = best_complete(legal, held, plans)
    card = take_card(view, legal, held, plans, 3.5)
    if card is not None and not (finish and card_first_useless(plans)):
        return card
    if moves and walk_needed(view, plans) > 0:
        return max(moves, key=lambda a: a.dice)
    if finish is not None:
        return finish
    if dice_on(view, "COMPLETE_MISSION"):
        fly = fly_to_finish(legal, held, plans)
        if fly is not None:
            return fly
    return later_action(view, legal, held, plans)


def card_first_useless(plans: Sequence[Plan]) -> bool:
    """Tell whether a ready plan makes a card-taking detour pointless (nothing else missing)."""
    return not needed_equipment(plans)


def later_action(
    view: PrivateView, legal: Sequence[Action], held: Holdings, plans: Sequence[Plan]
) -> Action:
    """Take a Mission, then spare Agency cards, then forfeit what cannot help."""
    mission = take_mission(view, legal, held)
    if mission is not None:
        return mission
    card = take_card(view, legal, held, plans, 0.0)
    if card is not None:
        return card
    moves = [a for a in legal if isinstance(a, Move)]
    if moves:
        return max(moves, key=lambda a: a.dice)
    return forfeit(view, legal)


def forfeit(view: PrivateView, legal: Sequence[Action]) -> Action:
    """Forfeit one die of the least useful circle, or all when only one circle is left."""
    singles = [a for a in legal if isinstance(a, Forfeit) and a.circle != "all"]
    order = ("COMPLETE_MISSION", "MISSION_CARDS", "AGENCY_CARDS", "MOVEMENT")
    if singles:
        return min(singles, key=lambda a: order.index(a.circle))
    return Forfeit("all")


def cube_here(view: PrivateView, city: str) -> bool:
    """Tell whether a city holds an Intel cube of another colour."""
    mine = view.public.players[view.seat].colour
    return any(c != mine for c in view.public.cubes[KEYS.index(city)])


def step(view: PrivateView, legal: Sequence[Action], plans: Sequence[Plan]) -> Action:
    """Walk an agent one route towards its goal (the agent already moving first), else stop."""
    agents = view.public.players[view.seat].agents
    targets = goals(plans)
    moving = view.public.moving
    current = moving.current if moving is not None else -1
    useful = [
        a
        for a in legal
        if isinstance(a, Step)
        and a.agent in targets
        and DIST[a.city][targets[a.agent]] < DIST[agents[a.agent]][targets[a.agent]]
    ]
    if not useful:
        return intel_step(view, legal, targets)
    return min(
        useful,
        key=lambda a: (
            a.agent != current,
            -DIST[agents[a.agent]][targets[a.agent]],
            not cube_here(view, a.city),
            a.agent,
            a.city,
        ),
    )


def intel_step(view: PrivateView, legal: Sequence[Action], busy: dict[int, str]) -> Action:
    """Step an agent no plan needs onto Intel that completes a pair, else stop."""
    me = view.public.players[view.seat]
    for a in legal:
        if isinstance(a, Step) and a.agent not in busy:
            cubes = view.public.cubes[KEYS.index(a.city)]
            if any(c != me.colour and c in me.intel for c in cubes):
                return a
    return HALT


def usable_tokens(view: PrivateView, ability: str) -> list[str]:
    """Return the seat's tokens with an ability, usable now."""
    return [t.id for t in view.tokens if t.ability == ability and t.id not in view.fresh]


def boost(view: PrivateView, legal: Sequence[Action], plans: Sequence[Plan]) -> Action | None:
    """Return a Move ×3 or Search token activation worth making now, if any."""
    for token in usable_tokens(view, "MOVE_X3"):
        if Use(token) in legal and walk_needed(view, plans) > 0:
            return Use(token)
    deck = "M" if len(view.missions) < 2 else "A" if needed_equipment(plans) else ""
    for token in usable_tokens(view, "SEARCH"):
        if deck and Use(token, deck) in legal:
            return Use(token, deck)
    return None


def after_action(view: PrivateView, legal: Sequence[Action], plans: Sequence[Plan]) -> Action:
    """After the Action: a useful token, else end the turn."""
    return boost(view, legal, plans) or END
