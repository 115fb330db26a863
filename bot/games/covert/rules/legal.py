"""The legal actions of a seat, in the order a person (or a timed-out seat) would try them.

Where a prompt has a timeout default (decline, the first dealt card, the larger deck ...),
that action comes first, so a stand-in that takes the first action plays the default.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from bot.engine.rules import Action
from bot.games.covert import actions as act
from bot.games.covert.data import AGENCY, CIRCLES, DECODER, NEIGHBOURS, SPEC_OPS
from bot.games.covert.flow import (
    FORFEIT_SOME,
    RULES_VERSION,
    first_seats,
    reshuffle_due,
    spy_seat,
)
from bot.games.covert.missions import MISSION
from bot.games.covert.rules.codes import decoder_dice, legal_swaps
from bot.games.covert.rules.moves import can_step
from bot.games.covert.rules.payments import payments
from bot.games.covert.rules.placement import can_place, modifying, targets
from bot.games.covert.rules.reactions import free_options, free_turn, search_open, settings
from bot.games.covert.rules.resolution import agency_choices, dice_on
from bot.games.covert.state import CovertState, Prompt, Turn


def prompt_for(state: CovertState, seat: int) -> Prompt | None:
    """Return the sub-decision this seat must answer now, if any."""
    if not state.prompts:
        return None
    if state.prompts[0].kind == "keep3":
        return next((p for p in state.prompts if p.kind == "keep3" and p.seat == seat), None)
    return state.prompts[0] if state.prompts[0].seat == seat else None


def legal(state: CovertState, seat: int, version: int = RULES_VERSION) -> list[Action]:
    """Return every action the seat may take now: the answers to the decision it faces,
    and the Reroll at any moment of Phase I, also while asked or moving (4.1 step 2)."""
    found = decision(state, seat, version)
    if may_reroll(state, seat, version) and not any(isinstance(a, act.Reroll) for a in found):
        found = [*found, *rerolls(rerollable(state, seat, version))]
    return [*found, *settings(state, seat, version)]  # never first: never a timeout default


def rerollable(state: CovertState, seat: int, version: int) -> list[int]:
    """Return the seat's dice a Reroll may take: the unplaced ones, but not a die being
    placed after a +1/−1 (from rules version 5)."""
    held = modifying(state, seat, version)
    return [d for d in state.players[seat].unplaced() if d != held]


def decision(state: CovertState, seat: int, version: int = RULES_VERSION) -> list[Action]:
    """Return the answers to the decision the seat faces now, the timeout default first."""
    prompt = prompt_for(state, seat)
    if prompt is not None:
        return prompt_actions(state, prompt, version)
    if state.prompts:
        return []
    if state.moving is not None:  # a Move ×3 is spent before its Espionage event (4.7)
        return moving_actions(state, seat) if state.moving.seat == seat else []
    if state.spy is not None and spy_seat(state) is not None:
        return spy_actions(state, seat) if spy_seat(state) == seat else []
    turn = main_turn(state, seat)
    if turn is not None:
        return turn_actions(state, turn, version=version)
    if state.turn is not None:
        return []
    seats = first_seats(state)
    if seats and seats[0] == seat:
        p = state.players[seat]
        return [act.DECLINE, *(act.Accept(s) for s in p.sources("FIRST", state.fresh))]
    return []


def main_turn(state: CovertState, seat: int) -> Turn | None:
    """Return the seat's main turn when that is the decision it faces (no prompt, spy or move)."""
    if state.prompts or state.moving is not None:
        return None
    if state.spy is not None and spy_seat(state) is not None:
        return None
    turn = state.turn
    return turn if turn is not None and turn.seat == seat and not turn.done else None


def is_legal(state: CovertState, seat: int, action: Action, version: int = RULES_VERSION) -> bool:
    """Tell whether `action` is in `legal(state, seat)`.

    A placement is checked directly, with the helpers that list placements
    (the commonest action, and the dearest to list). Any other action of a main
    turn is looked up among the turn's actions of its own kind (the list without
    the dear parts no such action can be in: placements, payments, flights ...);
    anything else in the whole list.
    """
    if isinstance(action, act.Setting):
        return action in settings(state, seat, version)
    turn = main_turn(state, seat)
    if isinstance(action, act.Place):
        if turn is None or turn.kind != "place" or not can_place(state, turn):
            return False
        return action.die in placeable_dice(state, turn) and action.target in place_targets(
            state, turn, action.die
        )
    if turn is not None:
        return action in turn_actions(state, turn, type(action), version)
    return action in legal(state, seat, version)


def prompt_actions(state: CovertState, prompt: Prompt, version: int) -> list[Action]:
    """Return the answers to a sub-decision, the timeout default first."""
    if prompt.kind == "keep3":
        return [act.Choose(m) for m in reversed(prompt.items)]
    if prompt.kind in ("hand", "mlimit"):
        return [act.Choose(c) for c in reversed(prompt.items)]
    if prompt.kind == "free":
        return [act.Choose(x) for x in free_options(state, prompt, version)]
    if prompt.kind == "deck":
        a, b = (len(x) for x in state.code_decks)
        decks = ["B", "A"] if b > a else ["A", "B"]
        return [act.Choose(x) for x in decks if state.code_decks["AB".index(x)]]
    return [act.Choose(x) for x in prompt.items]


def spy_actions(state: CovertState, seat: int) -> list[Action]:
    """Return Decline and every (Espionage source, used card) pair."""
    spy = state.spy
    assert spy is not None
    cards = [c for c in spy.cards if c in state.agency_discard]
    sources = state.players[seat].sources("ESPIONAGE", state.fresh)
    return [act.DECLINE, *(act.Accept(s, c) for s in sources for c in cards)]


def moving_actions(state: CovertState, seat: int) -> list[Action]:
    """Return the steps open to each agent, and stopping."""
    moving = state.moving
    assert moving is not None
    agents = state.players[seat].agents
    steps: list[Action] = [
        act.Step(a, city)
        for a in range(3)
        if can_step(state, moving, a)
        for city in NEIGHBOURS[agents[a]]
    ]
    return [act.HALT, *steps]


Kind = type[Action] | None
"""The one kind of action a list is wanted for (None: every kind); the others' dear
parts are left out."""


def wants(want: Kind, kind: type[Action]) -> bool:
    """Tell whether a list made for `want` needs the actions of this kind."""
    return want is None or want is kind


def turn_actions(
    state: CovertState, turn: Turn, want: Kind = None, version: int = RULES_VERSION
) -> list[Action]:
    """Return the actions of the main turn in progress (see `Kind` for `want`)."""
    if turn.kind == "place":
        found = placement_actions(state, turn, want, version)
    elif turn.kind == "codes":
        found = codes_actions(state, turn)
    else:
        found = action_choices(state, turn, want, version)
    if free_turn(state, turn.seat):
        found += free_actions(state, turn, want)
    return found


def placement_actions(
    state: CovertState, turn: Turn, want: Kind = None, version: int = RULES_VERSION
) -> list[Action]:
    """Return Pass or End turn, placements, +1/−1, Sneak Attack and the Reroll (4.1).

    The turn stays open after a placement (End turn); a die modified by +1/−1 may go
    on an Action Circle or the Decoder only, never on the Special Operations folder (2.4),
    and from rules version 5 it is then placed: no Pass or End turn until it is down, the
    Decoder (always open) first, as the default of a timed-out turn.
    """
    p = state.players[turn.seat]
    held = modifying(state, turn.seat, version)
    found: list[Action] = [] if held >= 0 else [act.END] if turn.placed else [act.PASS]
    if can_place(state, turn) and (wants(want, act.Place) or wants(want, act.Adjust)):
        mods = p.sources("PLUS_ONE", state.fresh) + p.sources("MINUS_ONE", state.fresh)
        for die in placeable_dice(state, turn):  # only the held die, while one is held
            if wants(want, act.Place):
                places = [act.Place(die, t) for t in place_targets(state, turn, die)]
                if die == held:  # the Decoder first: the default of a timed-out turn
                    places.sort(key=lambda a: a.target != DECODER)
                found += places
            found += [act.Adjust(die, m) for m in mods]
    if p.reroll and wants(want, act.Reroll):
        found += rerolls(rerollable(state, turn.seat, version))
    if p.unplaced():
        found += [act.Use(s) for s in p.sources("SNEAK_ATTACK", state.fresh)]
    return found


def placeable_dice(state: CovertState, turn: Turn) -> list[int]:
    """Return the dice a placement offers: the die being adjusted, else one die per face."""
    if turn.adjusting >= 0:
        return [turn.adjusting]
    p = state.players[turn.seat]
    faces: set[int] = set()
    found = []
    for die in p.unplaced():
        face = p.dice[die].face
        if face not in faces:
            faces.add(face)
            found.append(die)
    return found


def place_targets(state: CovertState, turn: Turn, die: int) -> tuple[str, ...]:
    """Return where this die may go now: never the Special Operations folder once adjusted."""
    places = targets(state, state.players[turn.seat].dice[die].face)
    if turn.adjusting >= 0:
        places = tuple(t for t in places if t != SPEC_OPS)
    return places


def may_reroll(state: CovertState, seat: int, version: int) -> bool:
    """Tell whether a seat may spend its Reroll token now: any moment of Phase I (4.1 step 2)."""
    if state.phase != "placement" or state.needs or reshuffle_due(state, version):
        return False
    p = state.players[seat]
    return p.reroll and bool(p.unplaced())


def rerolls(unplaced: Sequence[int]) -> list[Action]:
    """Return every non-empty subset of unplaced dice to reroll."""
    dice = list(unplaced)
    return [
        act.Reroll(tuple(d for i, d in enumerate(dice) if mask >> i & 1))
        for mask in range(1, 1 << len(dice))
    ]


def codes_actions(state: CovertState, turn: Turn) -> list[Action]:
    """Return Finish, swaps, Code Breaker and Decoder overlays."""
    p = state.players[turn.seat]
    found: list[Action] = [act.FINISH]
    found += [act.Swap(a, b) for a, b in legal_swaps(state, turn)]
    if not turn.overlays:
        found += [act.Use(s) for s in p.sources("CODE_BREAKER", state.fresh)]
    used = {d for d, _ in turn.overlays}
    covered = {pos for _, pos in turn.overlays}
    faces: set[int] = set()
    for die in decoder_dice(state, turn.seat):
        face = p.dice[die].face
        if die in used or face in faces:
            continue
        faces.add(face)
        found += [act.Overlay(die, pos) for pos in range(12) if pos not in covered]
    return found


def action_choices(
    state: CovertState, turn: Turn, want: Kind = None, version: int = RULES_VERSION
) -> list[Action]:
    """Return the Phase III Actions (or the final mission) still open this turn."""
    if turn.acted:
        return [act.END]
    seat, p = turn.seat, state.players[turn.seat]
    final = turn.kind == "final"
    found: list[Action] = [act.END] if final else []
    if (final or dice_on(state, seat, "COMPLETE_MISSION")) and wants(want, act.Complete):
        for m in p.missions:
            found += payments(p, MISSION[m])
    if final:
        return found
    if dice_on(state, seat, "MISSION_CARDS"):
        found += [act.TakeMission(i) for i, m in enumerate(state.mission_row) if m]
        found += [act.TakeMission(3)] if state.mission_deck else []
    agency = len(dice_on(state, seat, "AGENCY_CARDS"))
    for n in (1, 2):
        if agency >= n and wants(want, act.TakeAgency):
            found += [act.TakeAgency(n, w) for w in agency_choices(state, seat, n, version)]
    found += [act.Move(k) for k in range(1, len(dice_on(state, seat, "MOVEMENT")) + 1)]
    found += [act.Forfeit(c) for c in CIRCLES if dice_on(state, seat, c)]
    if version >= FORFEIT_SOME:
        found += forfeit_some(state, seat)
    return [act.Forfeit("all"), *found]


def forfeit_some(state: CovertState, seat: int) -> list[Action]:
    """Return each way to forfeit two or more of the seat's circle dice but not all, fewest
    dice first (one die and all of them are `Forfeit` actions of their own)."""
    counts = [len(dice_on(state, seat, c)) for c in CIRCLES]
    picks = [p for p in product(*(range(n + 1) for n in counts)) if 2 <= sum(p) < sum(counts)]
    return [
        act.ForfeitSome(tuple(c for c, n in zip(CIRCLES, p, strict=True) for _ in range(n)))
        for p in sorted(picks, key=sum)
    ]


def free_actions(state: CovertState, turn: Turn, want: Kind = None) -> list[Action]:
    """Return flights and Move ×3 / Search activations."""
    p = state.players[turn.seat]
    found: list[Action] = []
    if wants(want, act.Fly):
        found += [act.Fly(c, a) for c in p.hand for a in range(3) if p.agents[a] != AGENCY[c].city]
    found += [act.Use(s) for s in p.sources("MOVE_X3", state.fresh)]
    for s in p.sources("SEARCH", state.fresh):
        found += [act.Use(s, deck) for deck in ("A", "M") if search_open(state, deck)]
    return found
