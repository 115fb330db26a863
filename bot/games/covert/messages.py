"""Every player-facing Covert sentence: refusals and the event log (``{p[i]}`` names a seat)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.covert.data import (
    ABILITY_LABELS,
    AGENCY,
    CHARACTER,
    CIRCLE_LABELS,
    CITY,
    CODES,
    COLOUR_EMOJI,
    DECODER,
    EQUIPMENT_NAMES,
    POSITIONS,
    REGION_EMOJI,
    SPEC_OPS,
    TOKENS,
)
from bot.games.covert.missions import MISSION

ACT_FIRST: Final = "Take your one Action first (or forfeit your dice)."
ALREADY_PLACED: Final = "You placed a die this turn: end the turn instead of passing."
ALREADY_THERE: Final = "That agent is already in the card's flight city."
ANSWER_FIRST: Final = "Answer the pending decision first."
BAD_CHANCE: Final = "That random result does not fit the step waiting for it."
BAD_SWAP: Final = "Those two tiles cannot be swapped now."
CANNOT_COMPLETE: Final = "You cannot complete that mission with that payment."
CANNOT_PLACE: Final = "You cannot place that die now."
CANNOT_REROLL: Final = "You can only reroll unplaced dice, once per game."
CANNOT_SEARCH: Final = "That deck has no card to search."
CANNOT_SPY: Final = "That card cannot be taken with Espionage now."
CANNOT_STEP: Final = "That agent has no step left in this movement."
CANNOT_TAKE: Final = "You cannot take that Agency card with these dice."
EMPTY_DECK: Final = "That deck is empty."
EMPTY_SLOT: Final = "That Mission slot is empty."
EMPTY_SPACE: Final = "That Region Space is empty."
END_FLAG: Final = "🏁 A sixth mission is complete: this is the last round."
FINAL_STEP: Final = "🏁 Final missions: each player may complete one more mission, in turn order."
ROUND_LIMIT: Final = "🏁 Round limit reached: the final-mission step begins."
FINISH_MOVING: Final = "Finish moving first."
NOT_ALLOWED: Final = "That move is not allowed now."
NOT_HELD: Final = "You do not hold that."
NOT_NOW: Final = "You cannot do that now."
NOT_OFFERED: Final = "That is not one of the choices."
NOT_YOUR_TURN: Final = "It is not your turn."
NO_FLYING: Final = "You can only fly on your own turn in Phase I or III."
NO_FREE_CARD: Final = "No Agency card is left to take for the Intel pair."
NO_SUCH_DIE: Final = "That die is not one of your unused Decoder dice."
PHASE_TWO: Final = "🔐 Phase II: Break Codes."
PHASE_THREE: Final = "🎯 Phase III: Dice Resolution."
PLACE_ADJUSTED: Final = "Place the die you just modified."
ADJUSTED_NO_SPEC_OPS: Final = (
    "A die modified by +1/−1 goes on an Action Circle or the Decoder, "
    "not on the Special Operations folder."
)
PLACE_OR_PASS: Final = "Place a die or pass."
RESHUFFLED: Final = "The Agency discard pile was shuffled into the draw deck."
SNEAK_WASTED: Final = "Sneak Attack with one die left gives no extra placement."
SWAPS_OVER: Final = "Swaps are over once a Decoder die is on a tile."
TILE_COVERED: Final = "A die already covers that tile."
WAIT_REACTIONS: Final = "Wait for the reactions to finish."


def city(key: str) -> str:
    """Return a city's name."""
    return CITY[key].name


def card(cid: str) -> str:
    """Return an Agency card in words."""
    c = AGENCY[cid]
    return f"{cid} ({c.equipment}, {city(c.city)}, {ABILITY_LABELS[c.ability]})"


def source(sid: str) -> str:
    """Return an ability source: a card, or a token."""
    if sid in AGENCY:
        return f"card {card(sid)}"
    return f"a {ABILITY_LABELS[TOKENS[sid].ability]} token"


def mission(mid: str) -> str:
    """Return a Mission in words."""
    m = MISSION[mid]
    needs = [*m.equipment]
    needs += [city(m.city)] if m.city else []
    needs += [f"{REGION_EMOJI[m.region]} {m.region}"] if m.region else []
    needs += ["any card"] if m.any_card else []
    bonus = f"; benefit {m.benefit}" if m.benefit else ""
    return f"{mid} *{m.name}* ({', '.join(needs) or 'nothing'}; {m.points} pts{bonus})"


def target(place: str) -> str:
    """Return a die target in words."""
    if place == SPEC_OPS:
        return "the Special Operations folder"
    if place == DECODER:
        return "the Decoder"
    return CIRCLE_LABELS.get(place, place)


DIE_FACES: Final = "⚀⚁⚂⚃⚄⚅"
"""The die faces 1 to 6 as players see them on a die."""


def die(face: int) -> str:
    """Return a die face as its glyph: ⚀ for 1 … ⚅ for 6."""
    return DIE_FACES[face - 1] if 1 <= face <= 6 else str(face)


def where(face: int, place: str) -> str:
    """Name where a die of this face lands: an Action Circle with its space, or a target."""
    return f"{target(place)} (space {face})" if place in CIRCLE_LABELS else target(place)


PLACE_EFFECTS: Final = {
    "COMPLETE_MISSION": "in Phase III you may complete a Mission from your hand",
    "MISSION_CARDS": "in Phase III you take a face-up Mission or the top of the Mission deck",
    "AGENCY_CARDS": "in Phase III you take an Agency card where your agents are (two dice: any)",
    "MOVEMENT": "in Phase III you move your agents, one route per die spent here",
    "SPEC_OPS": "you draw a Special Operations token now, usable from your next turn",
    "DECODER": "in Phase II you may lay this die on a Cipher tile to read a code",
}
"""What a die placed on each target will do, said before the player confirms."""


def place_effect(face: int, place: str, *, bag: int = 1, draws: int = 1) -> str:
    """Say what placing a die will do: "Place ⚄ on Movement (space 5): in Phase III …"."""
    effect = PLACE_EFFECTS.get(place, "")
    if place == SPEC_OPS and not bag:
        effect = "the token bag is empty, so you draw nothing"
    elif place == SPEC_OPS and draws > 1 and bag > 1:
        effect = "you draw two Special Operations tokens now and keep one"
    return f"Place {die(face)} on {where(face, place)}: {effect}."


def adjust_effect(old: int, new: int, source: str) -> str:
    """Say what a +1/−1 will do before the player picks it."""
    return (
        f"Turn {die(old)} into {die(new)} with {source}: spent at once; place this die next "
        f"(an Action Circle or the Decoder)."
    )


def no_fit(face: int, place: str) -> str:
    """Refuse a die that does not fit a circle."""
    return f"A {face} cannot go on {target(place)} now."


def no_die(circle: str) -> str:
    """Refuse an Action without a die on its circle."""
    return f"You have no die left on {target(circle)}."


def not_neighbour(here: str, there: str) -> str:
    """Refuse a step along no route."""
    return f"No route joins {city(here)} and {city(there)}."


def started(seat: int, character: str, agents: Sequence[str]) -> str:
    """Announce a player's Character and starting agents."""
    ch = CHARACTER[character]
    return (
        f"{{p[{seat}]}} is {ch.name}, {ch.title}; agents in {', '.join(city(a) for a in agents)}."
    )


def picked_character(seat: int, character: str) -> str:
    """Announce a Character chosen in seat order."""
    ch = CHARACTER[character]
    return f"{{p[{seat}]}} chose {ch.name}, {ch.title}."


def neutral_cubes(cubes: Sequence[Sequence[str]]) -> str:
    """Announce the neutral cubes of a 2-player game."""
    keys = list(CITY)
    placed = [f"{COLOUR_EMOJI[c]} {city(keys[i])}" for i, cs in enumerate(cubes) for c in cs]
    return "Neutral Intel cubes: " + ", ".join(placed) + "."


def your_setup(player: object) -> str:
    """Tell a player their starting cards."""
    hand = getattr(player, "hand", ())
    codes = getattr(player, "codes", ())
    shown = ", ".join(f"{c} {CODES[c].code}" for c in codes)
    return f"Your Agency cards: {', '.join(card(c) for c in hand)}. Your codes: {shown}."


def kept_missions(seat: int) -> str:
    """Announce that a player kept two Missions."""
    return f"{{p[{seat}]}} kept two Missions."


def mission_row(row: Sequence[str]) -> str:
    """Announce the face-up Missions."""
    return "Face-up Missions: " + "; ".join(mission(m) for m in row if m) + "."


def rolled_off(seat: int, faces: Sequence[int]) -> str:
    """Announce a start-player roll."""
    return f"{{p[{seat}]}} rolls {' '.join(map(str, faces))} for start player."


def start_player(seat: int) -> str:
    """Announce the start player."""
    return f"{{p[{seat}]}} is the start player."


def round_start(number: int) -> str:
    """Announce a new round."""
    return f"🎲 Round {number}: Phase I, roll and place dice."


def rolled(seat: int, faces: Sequence[int]) -> str:
    """Announce a player's dice."""
    return f"{{p[{seat}]}} rolls {' '.join(map(str, faces))}."


def rerolling(seat: int, count: int) -> str:
    """Announce a Reroll."""
    return f"{{p[{seat}]}} spends the Reroll token on {count} dice."


def rerolled(seat: int, faces: Sequence[int]) -> str:
    """Announce rerolled faces."""
    return f"{{p[{seat}]}} rerolls: {' '.join(map(str, faces))}."


def placed(seat: int, face: int, place: str) -> str:
    """Announce a placement."""
    where = f"{target(place)}, space {face}" if place in CIRCLE_LABELS else target(place)
    return f"{{p[{seat}]}} places a {face} on {where}."


def adjusted(seat: int, sid: str, old: int, new: int) -> str:
    """Announce a +1/−1."""
    return f"{{p[{seat}]}} uses {source(sid)}: a {old} becomes a {new}."


def passed(seat: int, token: int) -> str:
    """Announce a pass."""
    return f"{{p[{seat}]}} passes and takes Turn Order token {token}."


def sneak_attack(seat: int, sid: str) -> str:
    """Announce a Sneak Attack."""
    return f"{{p[{seat}]}} uses {source(sid)}: one more placement this turn."


def drew_tokens(seat: int, count: int) -> str:
    """Announce a hidden token draw."""
    what = "two Special Operations tokens" if count == 2 else "a Special Operations token"
    return f"{{p[{seat}]}} drew {what}."


def you_drew_token(tid: str) -> str:
    """Tell a player which token they keep."""
    ability = ABILITY_LABELS[TOKENS[tid].ability]
    return f"You keep a {ability} token ({tid}); usable from your next turn."


def swapped(seat: int, a: int, b: int, grid: Sequence[int]) -> str:
    """Announce a swap and the new grid."""
    top = " ".join(map(str, grid[:6]))
    bottom = " ".join(map(str, grid[6:]))
    return f"{{p[{seat}]}} swaps {POSITIONS[a]}↔{POSITIONS[b]}: top `{top}`, bottom `{bottom}`."


def code_breaker(seat: int, sid: str) -> str:
    """Announce a Code Breaker."""
    return f"{{p[{seat}]}} uses {source(sid)}: one more swap."


def overlaid(seat: int, face: int, position: int) -> str:
    """Announce a Decoder overlay."""
    return f"{{p[{seat}]}} lays a Decoder {face} on {POSITIONS[position]}."


def broke_code(seat: int, cid: str) -> str:
    """Announce a broken code, its digits now revealed."""
    c = CODES[cid]
    return f"🔓 {{p[{seat}]}} breaks code {c.code} ({cid}, back {c.back})."


def drew_code(seat: int, deck: str) -> str:
    """Announce a replacement Code."""
    return f"{{p[{seat}]}} draws a replacement Code from Deck {deck}."


def your_new_code(cid: str) -> str:
    """Tell a player their new Code."""
    return f"Your new code: {CODES[cid].code} (back {CODES[cid].back})."


def code_deck_shuffled(deck: str) -> str:
    """Announce a Code deck reshuffle."""
    return f"Code Deck {deck} was reshuffled."


def went_first(seat: int, sid: str) -> str:
    """Announce a First."""
    return f"⚡ {{p[{seat}]}} uses {source(sid)} and goes first."


def completed(seat: int, action: object, score: int) -> str:
    """Announce a completed mission and how it was paid."""
    mid = getattr(action, "mission", "")
    paid = [p for p in (*getattr(action, "pay", ()), getattr(action, "any_card", "-")) if p != "-"]
    words = [
        "a benefit" if p == "B" else card(p) if p in AGENCY else f"completed code {p}" for p in paid
    ]
    how = f", paying with {', '.join(words)}" if words else ""
    return f"✅ {{p[{seat}]}} completes {mission(mid)}{how}. Score {score}."


def took_mission(seat: int, mid: str, refill: str) -> str:
    """Announce a face-up Mission taken."""
    again = f"; {mission(refill)} replaces it" if refill else ""
    return f"{{p[{seat}]}} takes the face-up {mission(mid)}{again}."


def took_hidden_mission(seat: int) -> str:
    """Announce a face-down Mission draw."""
    return f"{{p[{seat}]}} drew a face-down Mission."


def controller_draw(seat: int) -> str:
    """Announce the Controller's draw."""
    return f"{{p[{seat}]}} drew two face-down Missions to keep one."


def you_got_mission(mid: str) -> str:
    """Tell a player the Mission they got."""
    return f"You get {mission(mid)}."


def mission_under(seat: int) -> str:
    """Announce a Mission put under the deck for the limit."""
    return f"{{p[{seat}]}} puts a Mission under the deck (hand limit)."


def took_space(seat: int, cid: str, region: str) -> str:
    """Announce a Region Space card taken."""
    return f"{{p[{seat}]}} takes {card(cid)} from the {REGION_EMOJI[region]} {region} space."


def took_top(seat: int) -> str:
    """Announce a face-down Agency draw."""
    return f"{{p[{seat}]}} drew a face-down Agency card."


def you_took(cid: str) -> str:
    """Tell a player the card they drew."""
    return f"You get {card(cid)}."


def refilled(region: str, cid: str) -> str:
    """Announce a Region Space refill."""
    return f"{REGION_EMOJI[region]} {region} space: {card(cid)}."


def limit_discard(seat: int, cid: str) -> str:
    """Announce a hand-limit discard (not a use)."""
    return f"{{p[{seat}]}} discards {card(cid)} to the hand limit."


def moving(seat: int, dice: int) -> str:
    """Announce a Movement Action."""
    return f"{{p[{seat}]}} moves with {dice} {'die' if dice == 1 else 'dice'}."


def move_x3(seat: int, sid: str) -> str:
    """Announce a Move ×3."""
    return f"{{p[{seat}]}} uses {source(sid)}: 3 steps."


def stepped(seat: int, here: str, there: str) -> str:
    """Announce one step."""
    return f"{{p[{seat}]}}'s agent: {city(here)} → {city(there)}."


def collected(seat: int, colours: Sequence[str], where: str) -> str:
    """Announce collected Intel."""
    cubes = " ".join(COLOUR_EMOJI[c] for c in colours)
    return f"{{p[{seat}]}} collects Intel {cubes} in {city(where)}."


def pair(seat: int, colour: str) -> str:
    """Announce a cashed Intel pair."""
    return f"{{p[{seat}]}} cashes a {COLOUR_EMOJI[colour]} pair for a free Agency card."


def flew(seat: int, cid: str, here: str, there: str) -> str:
    """Announce a flight."""
    return f"✈️ {{p[{seat}]}} flies {city(here)} → {city(there)} with {card(cid)}."


def searched(seat: int, sid: str, deck: str) -> str:
    """Announce a Search."""
    which = "the Mission deck" if deck == "M" else "the Agency deck"
    return f"{{p[{seat}]}} uses {source(sid)} and searches {which}."


def spied(seat: int, sid: str, cid: str) -> str:
    """Announce Espionage."""
    return f"🕵️ {{p[{seat}]}} uses {source(sid)} and takes {card(cid)} from the discard pile."


def forfeited(seat: int, count: int) -> str:
    """Announce forfeited dice."""
    return f"{{p[{seat}]}} forfeits {count} {'die' if count == 1 else 'dice'}."


def round_end(number: int, scores: Sequence[int]) -> str:
    """Announce the end of a round with the visible scores."""
    shown = ", ".join(f"{{p[{s}]}} {v}" for s, v in enumerate(scores))
    return f"Round {number} ends. Scores: {shown}."


def game_over(scores: Sequence[int]) -> str:
    """Announce the end of the game."""
    shown = ", ".join(f"{{p[{s}]}} {v}" for s, v in enumerate(scores))
    return f"🏆 Game over. Final scores: {shown}."


def summary(winners: Sequence[int], scores: Sequence[int]) -> str:
    """Return the one-line result."""
    names = " and ".join(f"{{p[{w}]}}" for w in winners)
    verb = "share the victory" if len(winners) > 1 else "wins"
    return f"{names} {verb} with {scores[winners[0]]} points."


EQUIPMENT_WORDS: Final = EQUIPMENT_NAMES
