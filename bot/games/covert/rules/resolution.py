"""Phase III Actions and the final-mission step: missions, Agency cards, movement, forfeits."""

from __future__ import annotations

from collections import Counter
from typing import Final

from bot.engine.draft import replaced, without
from bot.engine.errors import IllegalAction
from bot.games.covert import actions as act
from bot.games.covert import messages as say
from bot.games.covert.data import AGENCY, CIRCLES, CODES, MISSIONS_TO_END, REGION_CITIES
from bot.games.covert.flow import (
    Applies,
    Draft,
    deck_open,
    draw_top,
    gain_mission,
    take_space,
    use_cards,
)
from bot.games.covert.rules.moves import start_moving
from bot.games.covert.rules.payments import valid
from bot.games.covert.state import CovertState, Die, Prompt, Turn


def acting(state: CovertState, seat: int) -> Turn:
    """Return the seat's open Phase III or final turn before its Action, or refuse."""
    turn = state.turn
    if turn is None or turn.seat != seat or turn.done or turn.acted:
        raise IllegalAction(say.NOT_NOW)
    if turn.kind not in ("act", "first", "final") or state.moving is not None:
        raise IllegalAction(say.NOT_NOW)
    return turn


def dice_on(state: CovertState, seat: int, circle: str) -> tuple[int, ...]:
    """Return the seat's dice on one Action Circle."""
    return tuple(i for i, d in enumerate(state.players[seat].dice) if d.place == circle)


def use_dice(d: Draft, seat: int, circle: str, count: int) -> None:
    """Spend dice from a circle for an Action, or refuse when there are too few."""
    dice = dice_on(d.state, seat, circle)
    if len(dice) < count:
        raise IllegalAction(say.no_die(circle))
    p = d.state.players[seat]
    new = p.dice
    for i in dice[:count]:
        new = replaced(new, i, Die(new[i].face, "spent"))
    d.player(seat, dice=new)
    d.turn(acted=True)


def complete(d: Draft, seat: int, action: act.Complete) -> None:
    """Complete a Mission, paying every icon; the game-end flag rises at the sixth."""
    turn = acting(d.state, seat)
    p = d.state.players[seat]
    if not valid(p, action):
        raise IllegalAction(say.CANNOT_COMPLETE)
    if turn.kind == "final":
        d.turn(acted=True)
    else:
        use_dice(d, seat, "COMPLETE_MISSION", 1)
    cards = tuple(c for c in (*action.pay, action.any_card) if c in AGENCY)
    codes = tuple(c for c in action.pay if c in CODES)
    p = d.player(
        seat,
        missions=without(p.missions, action.mission),
        done_missions=(*p.done_missions, action.mission),
    )
    for code in codes:
        return_code(d, seat, code)
    d.say(say.completed(seat, action, d.state.players[seat].score()))  # spent Codes score no more
    use_cards(d, seat, cards)
    if len(p.done_missions) >= MISSIONS_TO_END and d.state.phase != "final":
        if not d.state.end_flag:
            d.say(say.END_FLAG)
        d.update(end_flag=True)


def return_code(d: Draft, seat: int, code: str) -> None:
    """Shuffle a completed Code spent as equipment into the smaller Code deck."""
    p = d.state.players[seat]
    d.player(seat, done_codes=without(p.done_codes, code))
    a, b = d.state.code_decks
    deck = 1 if len(b) < len(a) else 0
    d.update(code_decks=replaced(d.state.code_decks, deck, (code, *d.state.code_decks[deck])))
    d.need("codes", seat, "AB"[deck])


def take_mission(d: Draft, seat: int, action: act.TakeMission) -> None:
    """Take a face-up Mission (refilled at once) or the top of the deck."""
    acting(d.state, seat)
    s = d.state
    if action.slot < 3:
        if action.slot >= len(s.mission_row) or not s.mission_row[action.slot]:
            raise IllegalAction(say.EMPTY_SLOT)
        use_dice(d, seat, "MISSION_CARDS", 1)
        mission = s.mission_row[action.slot]
        top = s.mission_deck[:1] or ("",)
        d.update(
            mission_row=replaced(s.mission_row, action.slot, top[0]),
            mission_deck=s.mission_deck[1:],
        )
        d.say(say.took_mission(seat, mission, top[0]))
        gain_mission(d, seat, mission)
        return
    if not s.mission_deck:
        raise IllegalAction(say.EMPTY_DECK)
    use_dice(d, seat, "MISSION_CARDS", 1)
    if s.players[seat].character == "CH4" and len(s.mission_deck) > 1:
        d.update(mission_deck=s.mission_deck[2:])
        d.ask(Prompt("controller", seat, s.mission_deck[:2]))
        d.say(say.controller_draw(seat))
        return
    d.update(mission_deck=s.mission_deck[1:])
    d.say(say.took_hidden_mission(seat))
    d.tell(seat, say.you_got_mission(s.mission_deck[0]))
    gain_mission(d, seat, s.mission_deck[0])


def controller_keep(d: Draft, seat: int, prompt: Prompt, mission: str) -> None:
    """Keep one of the Controller's two Missions; the other goes under the deck."""
    if mission not in prompt.items:
        raise IllegalAction(say.NOT_OFFERED)
    d.update(mission_deck=(*d.state.mission_deck, *without(prompt.items, mission)))
    d.tell(seat, say.you_got_mission(mission))
    gain_mission(d, seat, mission)


def agency_choices(state: CovertState, seat: int, dice: int, version: int) -> list[str]:
    """Return what an Agency Cards Action with one or two dice may take."""
    p = state.players[seat]
    regions = {r for r, keys in REGION_CITIES.items() if set(keys) & set(p.agents)}
    from bot.games.covert.data import REGIONS

    found = [
        r for i, r in enumerate(REGIONS) if state.region_spaces[i] and (dice == 2 or r in regions)
    ]
    if deck_open(state, version) and (dice == 2 or p.character == "CH5"):
        found.append("deck")
    return found


def take_agency(d: Draft, seat: int, action: act.TakeAgency) -> None:
    """Take an Agency card with one die (a region with your agent) or two dice (any)."""
    acting(d.state, seat)
    if action.what not in agency_choices(d.state, seat, action.dice, d.version):
        raise IllegalAction(say.CANNOT_TAKE)
    use_dice(d, seat, "AGENCY_CARDS", action.dice)
    if action.what == "deck":
        draw_top(d, seat)
    else:
        take_space(d, seat, action.what)


def move(d: Draft, seat: int, action: act.Move) -> None:
    """Spend k Movement dice: each agent may move up to k steps, one agent after another."""
    acting(d.state, seat)
    use_dice(d, seat, "MOVEMENT", action.dice)
    courier = d.state.players[seat].character == "CH3"
    start_moving(d, seat, "dice", action.dice, bonus=courier)
    d.say(say.moving(seat, action.dice))


def forfeit(d: Draft, seat: int, action: act.Forfeit | act.ForfeitSome) -> None:
    """Return dice from the Action Circles without effect: one, some or all (4.4)."""
    turn = acting(d.state, seat)
    if turn.kind == "final":
        raise IllegalAction(say.NOT_NOW)
    p = d.state.players[seat]
    if isinstance(action, act.ForfeitSome):
        wanted = Counter(action.circles)
    elif action.circle == "all":
        wanted = Counter({c: len(dice_on(d.state, seat, c)) for c in CIRCLES})
    else:
        wanted = Counter([action.circle])
    dice: list[int] = []
    for circle, count in wanted.items():
        on = dice_on(d.state, seat, circle)
        if len(on) < count:
            raise IllegalAction(say.no_die(circle))
        dice += on[:count]
    if not dice:
        raise IllegalAction(say.no_die("all"))
    new = p.dice
    for i in dice:
        new = replaced(new, i, Die(new[i].face, "spent"))
    d.player(seat, dice=new)
    d.turn(acted=True)
    d.say(say.forfeited(seat, len(dice)))


APPLIES: Final[Applies] = {
    act.Complete: complete,
    act.TakeMission: take_mission,
    act.TakeAgency: take_agency,
    act.Move: move,
    act.Forfeit: forfeit,
    act.ForfeitSome: forfeit,
}
"""The Phase III Actions and the final mission."""
