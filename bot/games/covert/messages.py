"""Every player-facing Covert sentence: refusals and the event log (``{p[i]}`` names a seat).

Refusals are constants marked with ``N_`` and translated where they are raised; the log
functions return their sentence in the current language (``use_locale``), each one a
whole translatable sentence with named placeholders.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.engine.i18n import N_, _, ngettext
from bot.games.covert.data import (
    AGENCY,
    CHARACTER,
    CIRCLE_LABELS,
    CITY,
    CODES,
    COLOUR_EMOJI,
    DECODER,
    SPEC_OPS,
    TOKENS,
)
from bot.games.covert.missions import MISSION
from bot.games.covert.text import ability, benefit, gear, position, region_mark, seat

ACT_FIRST: Final = N_("Take your one Action first (or forfeit your dice).")
ALREADY_PLACED: Final = N_("You placed a die this turn: end the turn instead of passing.")
ALREADY_THERE: Final = N_("That agent is already in the card's flight city.")
ANSWER_FIRST: Final = N_("Answer the pending decision first.")
BAD_CHANCE: Final = N_("That random result does not fit the step waiting for it.")
BAD_SWAP: Final = N_("Those two tiles cannot be swapped now.")
CANNOT_COMPLETE: Final = N_("You cannot complete that mission with that payment.")
CANNOT_PLACE: Final = N_("You cannot place that die now.")
CANNOT_REROLL: Final = N_("You can only reroll unplaced dice, once per game.")
CANNOT_SEARCH: Final = N_("That deck has no card to search.")
CANNOT_SPY: Final = N_("That card cannot be taken with Espionage now.")
CANNOT_STEP: Final = N_("That agent has no step left in this movement.")
CANNOT_TAKE: Final = N_("You cannot take that Agency card with these dice.")
EMPTY_DECK: Final = N_("That deck is empty.")
EMPTY_SLOT: Final = N_("That Mission slot is empty.")
EMPTY_SPACE: Final = N_("That Region Space is empty.")
END_FLAG: Final = N_("🏁 A sixth mission is complete: this is the last round.")
FINAL_STEP: Final = N_(
    "🏁 Final missions: each player may complete one more mission, in turn order."
)
ROUND_LIMIT: Final = N_("🏁 Round limit reached: the final-mission step begins.")
FINISH_MOVING: Final = N_("Finish moving first.")
NOT_ALLOWED: Final = N_("That move is not allowed now.")
NOT_HELD: Final = N_("You do not hold that.")
NOT_NOW: Final = N_("You cannot do that now.")
NOT_OFFERED: Final = N_("That is not one of the choices.")
NOT_YOUR_TURN: Final = N_("It is not your turn.")
NO_FLYING: Final = N_("You can only fly on your own turn in Phase I or III.")
NO_FREE_CARD: Final = N_("No Agency card is left to take for the Intel pair.")
NO_SUCH_DIE: Final = N_("That die is not one of your unused Decoder dice.")
PHASE_TWO: Final = N_("🔐 Phase II: Break Codes.")
PHASE_THREE: Final = N_("🎯 Phase III: Dice Resolution.")
PLACE_ADJUSTED: Final = N_("Place the die you just modified.")
ADJUSTED_NO_SPEC_OPS: Final = N_(
    "A die modified by +1/−1 goes on an Action Circle or the Decoder, "
    "not on the Special Operations folder."
)
PLACE_OR_PASS: Final = N_("Place a die or pass.")
RESHUFFLED: Final = N_("The Agency discard pile was shuffled into the draw deck.")
SNEAK_WASTED: Final = N_("Sneak Attack with one die left gives no extra placement.")
SWAPS_OVER: Final = N_("Swaps are over once a Decoder die is on a tile.")
TILE_COVERED: Final = N_("A die already covers that tile.")
WAIT_REACTIONS: Final = N_("Wait for the reactions to finish.")


def city(key: str) -> str:
    """Return a city's name."""
    return _(CITY[key].name)


def grid_rows(grid: Sequence[int]) -> tuple[str, str]:
    """Return the top and bottom rows of the Cipher grid as digits."""
    return " ".join(map(str, grid[:6])), " ".join(map(str, grid[6:]))


def card(cid: str) -> str:
    """Return an Agency card in words."""
    c = AGENCY[cid]
    return _("{id} ({equipment}, {city}, {ability})").format(
        id=cid, equipment=gear(c.equipment), city=city(c.city), ability=ability(c.ability)
    )


def source(sid: str) -> str:
    """Return an ability source: a card, or a token."""
    if sid in AGENCY:
        return _("card {card}").format(card=card(sid))
    return _("a {ability} token").format(ability=ability(TOKENS[sid].ability))


def mission(mid: str) -> str:
    """Return a Mission in words."""
    m = MISSION[mid]
    needs = [gear(e) for e in m.equipment]
    needs += [city(m.city)] if m.city else []
    needs += [region_mark(m.region)] if m.region else []
    needs += [_("any card")] if m.any_card else []
    shown = ", ".join(needs) or _("nothing")
    if m.benefit:
        return _("{id} *{name}* ({needs}; {points} pts; benefit {benefit})").format(
            id=mid, name=m.name, needs=shown, points=m.points, benefit=benefit(m.benefit)
        )
    return _("{id} *{name}* ({needs}; {points} pts)").format(
        id=mid, name=m.name, needs=shown, points=m.points
    )


def target(place: str) -> str:
    """Return a die target in words."""
    if place == SPEC_OPS:
        return _("the Special Operations folder")
    if place == DECODER:
        return _("the Decoder")
    return _(CIRCLE_LABELS[place]) if place in CIRCLE_LABELS else place


def no_fit(face: int, place: str) -> str:
    """Refuse a die that does not fit a circle."""
    if place == SPEC_OPS:
        return _("A {face} cannot go on the Special Operations folder now.").format(face=face)
    if place == DECODER:
        return _("A {face} cannot go on the Decoder now.").format(face=face)
    return _("A {face} cannot go on {target} now.").format(face=face, target=target(place))


def no_die(circle: str) -> str:
    """Refuse an Action without a die on its circle."""
    return _("You have no die left on {target}.").format(target=target(circle))


def not_neighbour(here: str, there: str) -> str:
    """Refuse a step along no route."""
    return _("No route joins {here} and {there}.").format(here=city(here), there=city(there))


def started(who: int, character: str, agents: Sequence[str]) -> str:
    """Announce a player's Character and starting agents."""
    ch = CHARACTER[character]
    return _("{player} is {name}, {title}; agents in {cities}.").format(
        player=seat(who),
        name=ch.name,
        title=_(ch.title),
        cities=", ".join(city(a) for a in agents),
    )


def picked_character(who: int, character: str) -> str:
    """Announce a Character chosen in seat order."""
    ch = CHARACTER[character]
    return _("{player} chose {name}, {title}.").format(
        player=seat(who), name=ch.name, title=_(ch.title)
    )


def neutral_cubes(cubes: Sequence[Sequence[str]]) -> str:
    """Announce the neutral cubes of a 2-player game."""
    keys = list(CITY)
    placed = [f"{COLOUR_EMOJI[c]} {city(keys[i])}" for i, cs in enumerate(cubes) for c in cs]
    return _("Neutral Intel cubes: {cubes}.").format(cubes=", ".join(placed))


def your_setup(player: object) -> str:
    """Tell a player their starting cards."""
    hand = getattr(player, "hand", ())
    codes = getattr(player, "codes", ())
    shown = ", ".join(f"{c} {CODES[c].code}" for c in codes)
    return _("Your Agency cards: {cards}. Your codes: {codes}.").format(
        cards=", ".join(card(c) for c in hand), codes=shown
    )


def kept_missions(who: int) -> str:
    """Announce that a player kept two Missions."""
    return _("{player} kept two Missions.").format(player=seat(who))


def mission_row(row: Sequence[str]) -> str:
    """Announce the face-up Missions."""
    shown = "; ".join(mission(m) for m in row if m)
    return _("Face-up Missions: {missions}.").format(missions=shown)


def rolled_off(who: int, faces: Sequence[int]) -> str:
    """Announce a start-player roll."""
    return _("{player} rolls {faces} for start player.").format(
        player=seat(who), faces=" ".join(map(str, faces))
    )


def start_player(who: int) -> str:
    """Announce the start player."""
    return _("{player} is the start player.").format(player=seat(who))


def round_start(number: int) -> str:
    """Announce a new round."""
    return _("🎲 Round {number}: Phase I, roll and place dice.").format(number=number)


def rolled(who: int, faces: Sequence[int]) -> str:
    """Announce a player's dice."""
    return _("{player} rolls {faces}.").format(player=seat(who), faces=" ".join(map(str, faces)))


def rerolling(who: int, count: int) -> str:
    """Announce a Reroll."""
    return ngettext(
        "{player} spends the Reroll token on {count} die.",
        "{player} spends the Reroll token on {count} dice.",
        count,
    ).format(player=seat(who), count=count)


def rerolled(who: int, faces: Sequence[int]) -> str:
    """Announce rerolled faces."""
    return _("{player} rerolls: {faces}.").format(player=seat(who), faces=" ".join(map(str, faces)))


def placed(who: int, face: int, place: str) -> str:
    """Announce a placement."""
    if place == SPEC_OPS:
        text = _("{player} places a {face} on the Special Operations folder.")
    elif place == DECODER:
        text = _("{player} places a {face} on the Decoder.")
    else:
        text = _("{player} places a {face} on {target}, space {face}.")
    return text.format(player=seat(who), face=face, target=target(place))


def adjusted(who: int, sid: str, old: int, new: int) -> str:
    """Announce a +1/−1."""
    return _("{player} uses {source}: a {old} becomes a {new}.").format(
        player=seat(who), source=source(sid), old=old, new=new
    )


def passed(who: int, token: int) -> str:
    """Announce a pass."""
    return _("{player} passes and takes Turn Order token {token}.").format(
        player=seat(who), token=token
    )


def sneak_attack(who: int, sid: str) -> str:
    """Announce a Sneak Attack."""
    return _("{player} uses {source}: one more placement this turn.").format(
        player=seat(who), source=source(sid)
    )


def drew_tokens(who: int, count: int) -> str:
    """Announce a hidden token draw."""
    if count == 2:
        return _("{player} drew two Special Operations tokens.").format(player=seat(who))
    return _("{player} drew a Special Operations token.").format(player=seat(who))


def you_drew_token(tid: str) -> str:
    """Tell a player which token they keep."""
    return _("You keep a {ability} token ({id}); usable from your next turn.").format(
        ability=ability(TOKENS[tid].ability), id=tid
    )


def swapped(who: int, a: int, b: int, grid: Sequence[int]) -> str:
    """Announce a swap and the new grid."""
    top, bottom = grid_rows(grid)
    return _("{player} swaps {a}↔{b}: top `{top}`, bottom `{bottom}`.").format(
        player=seat(who), a=position(a), b=position(b), top=top, bottom=bottom
    )


def code_breaker(who: int, sid: str) -> str:
    """Announce a Code Breaker."""
    return _("{player} uses {source}: one more swap.").format(player=seat(who), source=source(sid))


def overlaid(who: int, face: int, where: int) -> str:
    """Announce a Decoder overlay."""
    return _("{player} lays a Decoder {face} on {position}.").format(
        player=seat(who), face=face, position=position(where)
    )


def broke_code(who: int, cid: str) -> str:
    """Announce a broken code, its digits now revealed."""
    c = CODES[cid]
    return _("🔓 {player} breaks code {code} ({id}, back {back}).").format(
        player=seat(who), code=c.code, id=cid, back=gear(c.back)
    )


def drew_code(who: int, deck: str) -> str:
    """Announce a replacement Code."""
    return _("{player} draws a replacement Code from Deck {deck}.").format(
        player=seat(who), deck=deck
    )


def your_new_code(cid: str) -> str:
    """Tell a player their new Code."""
    return _("Your new code: {code} (back {back}).").format(
        code=CODES[cid].code, back=gear(CODES[cid].back)
    )


def code_deck_shuffled(deck: str) -> str:
    """Announce a Code deck reshuffle."""
    return _("Code Deck {deck} was reshuffled.").format(deck=deck)


def went_first(who: int, sid: str) -> str:
    """Announce a First."""
    return _("⚡ {player} uses {source} and goes first.").format(
        player=seat(who), source=source(sid)
    )


def completed(who: int, action: object, score: int) -> str:
    """Announce a completed mission and how it was paid."""
    mid = getattr(action, "mission", "")
    paid = [p for p in (*getattr(action, "pay", ()), getattr(action, "any_card", "-")) if p != "-"]
    words = [
        _("a benefit")
        if p == "B"
        else card(p)
        if p in AGENCY
        else _("completed code {id}").format(id=p)
        for p in paid
    ]
    if words:
        return _("✅ {player} completes {mission}, paying with {payment}. Score {score}.").format(
            player=seat(who), mission=mission(mid), payment=", ".join(words), score=score
        )
    return _("✅ {player} completes {mission}. Score {score}.").format(
        player=seat(who), mission=mission(mid), score=score
    )


def took_mission(who: int, mid: str, refill: str) -> str:
    """Announce a face-up Mission taken."""
    if refill:
        return _("{player} takes the face-up {mission}; {refill} replaces it.").format(
            player=seat(who), mission=mission(mid), refill=mission(refill)
        )
    return _("{player} takes the face-up {mission}.").format(player=seat(who), mission=mission(mid))


def took_hidden_mission(who: int) -> str:
    """Announce a face-down Mission draw."""
    return _("{player} drew a face-down Mission.").format(player=seat(who))


def controller_draw(who: int) -> str:
    """Announce the Controller's draw."""
    return _("{player} drew two face-down Missions to keep one.").format(player=seat(who))


def you_got_mission(mid: str) -> str:
    """Tell a player the Mission they got."""
    return _("You get {mission}.").format(mission=mission(mid))


def mission_under(who: int) -> str:
    """Announce a Mission put under the deck for the limit."""
    return _("{player} puts a Mission under the deck (hand limit).").format(player=seat(who))


def took_space(who: int, cid: str, region: str) -> str:
    """Announce a Region Space card taken."""
    return _("{player} takes {card} from the {region} space.").format(
        player=seat(who), card=card(cid), region=region_mark(region)
    )


def took_top(who: int) -> str:
    """Announce a face-down Agency draw."""
    return _("{player} drew a face-down Agency card.").format(player=seat(who))


def you_took(cid: str) -> str:
    """Tell a player the card they drew."""
    return _("You get {card}.").format(card=card(cid))


def refilled(region: str, cid: str) -> str:
    """Announce a Region Space refill."""
    return _("{region} space: {card}.").format(region=region_mark(region), card=card(cid))


def limit_discard(who: int, cid: str) -> str:
    """Announce a hand-limit discard (not a use)."""
    return _("{player} discards {card} to the hand limit.").format(player=seat(who), card=card(cid))


def moving(who: int, dice: int) -> str:
    """Announce a Movement Action."""
    return ngettext(
        "{player} moves with {count} die.", "{player} moves with {count} dice.", dice
    ).format(player=seat(who), count=dice)


def move_x3(who: int, sid: str) -> str:
    """Announce a Move ×3."""
    return _("{player} uses {source}: 3 steps.").format(player=seat(who), source=source(sid))


def stepped(who: int, here: str, there: str) -> str:
    """Announce one step."""
    return _("{player}'s agent: {here} → {there}.").format(
        player=seat(who), here=city(here), there=city(there)
    )


def collected(who: int, colours: Sequence[str], where: str) -> str:
    """Announce collected Intel."""
    cubes = " ".join(COLOUR_EMOJI[c] for c in colours)
    return _("{player} collects Intel {cubes} in {city}.").format(
        player=seat(who), cubes=cubes, city=city(where)
    )


def pair(who: int, colour: str) -> str:
    """Announce a cashed Intel pair."""
    return _("{player} cashes a {cube} pair for a free Agency card.").format(
        player=seat(who), cube=COLOUR_EMOJI[colour]
    )


def flew(who: int, cid: str, here: str, there: str) -> str:
    """Announce a flight."""
    return _("✈️ {player} flies {here} → {there} with {card}.").format(
        player=seat(who), here=city(here), there=city(there), card=card(cid)
    )


def searched(who: int, sid: str, deck: str) -> str:
    """Announce a Search."""
    if deck == "M":
        text = _("{player} uses {source} and searches the Mission deck.")
    else:
        text = _("{player} uses {source} and searches the Agency deck.")
    return text.format(player=seat(who), source=source(sid))


def spied(who: int, sid: str, cid: str) -> str:
    """Announce Espionage."""
    return _("🕵️ {player} uses {source} and takes {card} from the discard pile.").format(
        player=seat(who), source=source(sid), card=card(cid)
    )


def forfeited(who: int, count: int) -> str:
    """Announce forfeited dice."""
    return ngettext(
        "{player} forfeits {count} die.", "{player} forfeits {count} dice.", count
    ).format(player=seat(who), count=count)


def scores_of(scores: Sequence[int]) -> str:
    """Return every seat's score (``{p[0]} 7, {p[1]} 5``)."""
    return ", ".join(f"{seat(s)} {v}" for s, v in enumerate(scores))


def round_end(number: int, scores: Sequence[int]) -> str:
    """Announce the end of a round with the visible scores."""
    return _("Round {number} ends. Scores: {scores}.").format(
        number=number, scores=scores_of(scores)
    )


def game_over(scores: Sequence[int]) -> str:
    """Announce the end of the game."""
    return _("🏆 Game over. Final scores: {scores}.").format(scores=scores_of(scores))


def summary(winners: Sequence[int], scores: Sequence[int]) -> str:
    """Return the one-line result."""
    points = scores[winners[0]]
    if len(winners) == 1:
        return _("{player} wins with {points} points.").format(
            player=seat(winners[0]), points=points
        )
    names = _(" and ").join(seat(w) for w in winners)
    return _("{players} share the victory with {points} points.").format(
        players=names, points=points
    )
