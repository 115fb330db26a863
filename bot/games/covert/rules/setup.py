"""Covert set-up (section 3): characters, agents, cubes, cards, codes, tiles, start player."""

from __future__ import annotations

from bot.engine.draft import replaced, without
from bot.engine.errors import IllegalAction
from bot.games.covert import messages as say
from bot.games.covert.chance import Rolls, Setup
from bot.games.covert.data import (
    AGENCY,
    AGENCY_CARDS,
    CHARACTERS,
    CIPHER_TILES,
    CITIES,
    CODE_CARDS,
    COLOURS,
    CUBES_PER_PLAYER,
    DICE_PER_PLAYER,
    NEUTRAL_CUBES,
    REGIONS,
    SPEC_OPS_TOKENS,
)
from bot.games.covert.flow import Draft
from bot.games.covert.missions import MISSIONS
from bot.games.covert.state import Die, Player, Prompt


def deal_setup(d: Draft, action: Setup) -> None:
    """Lay out everything from the set-up shuffles; players then keep two of three Missions."""
    n = d.state.seats
    ids = [AGENCY_CARDS[i].id for i in action.agents]
    starts = [ids[3 * s : 3 * s + 3] for s in range(n)]
    players = tuple(
        Player(
            character=d.state.picked[s] if d.state.picked else CHARACTERS[action.characters[s]].id,
            agents=tuple(AGENCY[c].city for c in starts[s]),
            supply=CUBES_PER_PLAYER,
            dice=tuple(Die(1) for _ in range(DICE_PER_PLAYER)),
        )
        for s in range(n)
    )
    d.update(players=players, cubes=((),) * len(CITIES))
    for s in range(n):
        d.say(say.started(s, players[s].character, players[s].agents))
    if n == 2:
        place_neutral_cubes(d, ids[6:])
    deal_cards(d, action)
    d.update(
        cipher=tuple(CIPHER_TILES[i] for i in action.tiles),
        bag=tuple(t.id for t in SPEC_OPS_TOKENS),
    )
    d.need("rolloff")
    d.update(rolloff=tuple(range(n)))


def offer_character(d: Draft, seat: int) -> None:
    """Ask a seat to pick one of the Characters still available (host option ``choose``)."""
    left = tuple(c.id for c in CHARACTERS if c.id not in d.state.picked)
    d.ask(Prompt("character", seat, left))


def pick_character(d: Draft, seat: int, prompt: Prompt, item: str) -> None:
    """Take the chosen Character; the next seat picks, or the set-up shuffles follow."""
    if item not in prompt.items:
        raise IllegalAction(say.NOT_OFFERED)
    d.update(
        prompts=tuple(p for p in d.state.prompts if p is not prompt),
        picked=(*d.state.picked, item),
    )
    d.say(say.picked_character(seat, item))
    if len(d.state.picked) < d.state.seats:
        offer_character(d, seat + 1)
    else:
        d.need("setup")


def place_neutral_cubes(d: Draft, cards: list[str]) -> None:
    """Place 6 cubes of each neutral colour, alternating, redrawing a city that has one."""
    colours = COLOURS[2:]
    placed = 0
    cubes = list(d.state.cubes)
    keys = [c.key for c in CITIES]
    for card in cards:
        if placed == 2 * NEUTRAL_CUBES:
            break
        colour = colours[placed % 2]
        city = keys.index(AGENCY[card].city)
        if colour in cubes[city]:
            continue
        cubes[city] = (*cubes[city], colour)
        placed += 1
    d.update(cubes=tuple(cubes))
    d.say(say.neutral_cubes(d.state.cubes))


def deal_cards(d: Draft, action: Setup) -> None:
    """Deal Agency hands and Region Spaces, Missions to choose from, Codes and the Code decks."""
    n = d.state.seats
    order = [AGENCY_CARDS[i].id for i in action.agency]
    for s in range(n):
        d.player(s, hand=(order[s], order[n + s]))
    spaces = order[2 * n : 2 * n + len(REGIONS)]
    d.update(region_spaces=tuple(spaces), agency_deck=tuple(order[2 * n + len(REGIONS) :]))
    missions = [MISSIONS[i].id for i in action.missions]
    for s in range(n):
        d.ask(Prompt("keep3", s, tuple(missions[3 * s : 3 * s + 3])))
    d.update(mission_deck=tuple(missions[3 * n :]), mission_row=())
    codes = [CODE_CARDS[i].id for i in action.codes]
    for s in range(n):
        d.player(s, codes=(codes[2 * s], codes[2 * s + 1]))
    rest = codes[2 * n :]
    d.update(code_decks=(tuple(rest[0::2]), tuple(rest[1::2])))
    for s in range(n):
        d.tell(s, say.your_setup(d.state.players[s]))


def keep_missions(d: Draft, seat: int, prompt: Prompt, drop: str) -> None:
    """Keep two of the three dealt Missions; the third goes under the deck."""
    if drop not in prompt.items:
        raise IllegalAction(say.NOT_OFFERED)
    d.player(seat, missions=without(prompt.items, drop))
    d.update(
        prompts=tuple(p for p in d.state.prompts if p != prompt),
        mission_deck=(*d.state.mission_deck, drop),
    )
    d.say(say.kept_missions(seat))
    if not any(p.kind == "keep3" for p in d.state.prompts):
        deck = d.state.mission_deck
        d.update(mission_row=deck[:3], mission_deck=deck[3:])
        d.say(say.mission_row(deck[:3]))


def roll_off(d: Draft, action: Rolls) -> None:
    """Find the start player: most dice of one number, then highest total; ties roll again."""
    contenders = d.state.rolloff
    if len(action.faces) != DICE_PER_PLAYER * len(contenders):
        raise IllegalAction(say.BAD_CHANCE)
    scores = {}
    for i, seat in enumerate(contenders):
        faces = action.faces[DICE_PER_PLAYER * i : DICE_PER_PLAYER * (i + 1)]
        scores[seat] = (max(faces.count(v) for v in faces), sum(faces))
        d.say(say.rolled_off(seat, faces))
    best = max(scores.values())
    tied = tuple(s for s in contenders if scores[s] == best)
    d.update(needs=d.state.needs[1:], rolloff=tied if len(tied) > 1 else ())
    if len(tied) > 1:
        d.need("rolloff")
    else:
        d.update(first_placer=tied[0])
        d.say(say.start_player(tied[0]))


def roll_round(d: Draft, action: Rolls) -> None:
    """Roll every player's five dice for Phase I."""
    n = d.state.seats
    if len(action.faces) != DICE_PER_PLAYER * n:
        raise IllegalAction(say.BAD_CHANCE)
    for s in range(n):
        faces = action.faces[DICE_PER_PLAYER * s : DICE_PER_PLAYER * (s + 1)]
        d.player(s, dice=tuple(Die(f) for f in faces))
        d.say(say.rolled(s, faces))
    d.update(needs=d.state.needs[1:])


def reroll(d: Draft, action: Rolls) -> None:
    """Give the rerolled dice their new faces."""
    need = d.state.needs[0]
    dice = [int(c) for c in need.arg]
    if len(action.faces) != len(dice):
        raise IllegalAction(say.BAD_CHANCE)
    p = d.state.players[need.seat]
    new = p.dice
    for die, face in zip(dice, action.faces, strict=True):
        new = replaced(new, die, Die(face))
    d.player(need.seat, dice=new)
    d.update(needs=d.state.needs[1:])
    d.say(say.rerolled(need.seat, tuple(new[i].face for i in dice)))
