"""Every player-facing Covert sentence: refusals and the event log (``{p[i]}`` names a seat).

Each is a :class:`~bot.engine.phrase.Phrase`, worded in the reader's language when read
(refusals when shown, log lines whenever the log is rendered), each a whole translatable
sentence with named placeholders; cities, cards and abilities inside are phrases too,
the words being those of :mod:`bot.games.covert.text`'s tables (``text.city.phrase``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from bot.engine.phrase import Arg, Phrase, nphrase, phrase, seat, seat_values
from bot.games.covert import text
from bot.games.covert.data import (
    AGENCY,
    CHARACTER,
    CIRCLE_LABELS,
    CITY,
    CODES,
    COLOUR_EMOJI,
    DECODER,
    REGION_EMOJI,
    SPEC_OPS,
    TOKENS,
)
from bot.games.covert.missions import MISSION
from bot.games.covert.text import die

ACT_FIRST: Final = phrase("Take your one Action first (or forfeit your dice).")
ALREADY_PLACED: Final = phrase("You placed a die this turn: end the turn instead of passing.")
ALREADY_THERE: Final = phrase("That agent is already in the card's flight city.")
ANSWER_FIRST: Final = phrase("Answer the pending decision first.")
BAD_CHANCE: Final = phrase("That random result does not fit the step waiting for it.")
BAD_SWAP: Final = phrase("Those two tiles cannot be swapped now.")
CANNOT_COMPLETE: Final = phrase("You cannot complete that mission with that payment.")
CANNOT_PLACE: Final = phrase("You cannot place that die now.")
CANNOT_REROLL: Final = phrase("You can only reroll unplaced dice, once per game.")
CANNOT_SEARCH: Final = phrase("That deck has no card to search.")
CANNOT_SPY: Final = phrase("That card cannot be taken with Espionage now.")
CANNOT_STEP: Final = phrase("That agent has no step left in this movement.")
CANNOT_TAKE: Final = phrase("You cannot take that Agency card with these dice.")
EMPTY_DECK: Final = phrase("That deck is empty.")
EMPTY_SLOT: Final = phrase("That Mission slot is empty.")
EMPTY_SPACE: Final = phrase("That Region Space is empty.")
END_FLAG: Final = phrase("🏁 A sixth mission is complete: this is the last round.")
FINAL_STEP: Final = phrase(
    "🏁 Final missions: each player may complete one more mission, in turn order."
)
ROUND_LIMIT: Final = phrase("🏁 Round limit reached: the final-mission step begins.")
FINISH_MOVING: Final = phrase("Finish moving first.")
NOT_ALLOWED: Final = phrase("That move is not allowed now.")
NOT_HELD: Final = phrase("You do not hold that.")
NOT_NOW: Final = phrase("You cannot do that now.")
NOT_OFFERED: Final = phrase("That is not one of the choices.")
NOT_YOUR_TURN: Final = phrase("It is not your turn.")
NO_FLYING: Final = phrase(
    "You can only fly on your own turn in Phase I or III, or in your final-mission turn."
)
NO_FREE_CARD: Final = phrase("No Agency card is left to take for the Intel pair.")
NO_SUCH_DIE: Final = phrase("That die is not one of your unused Decoder dice.")
PHASE_TWO: Final = phrase("🔐 Phase II: Break Codes.")
PHASE_THREE: Final = phrase("🎯 Phase III: Dice Resolution.")
PLACE_ADJUSTED: Final = phrase("Place the die you just modified.")
SETTING_TOLD: Final = {
    ("espionage", "never"): phrase(
        "🔕 Espionage: you will not be asked any more; it is declined at once."
    ),
    ("espionage", "ask"): phrase("🔔 Espionage: you will be asked again."),
    ("first", "never"): phrase("🔕 First: you will not be asked any more; it is declined at once."),
    ("first", "ask"): phrase("🔔 First: you will be asked again."),
}
"""What a player is told, privately, when they change a dossier setting (7.5)."""
ADJUSTED_NO_SPEC_OPS: Final = phrase(
    "A die modified by +1/−1 goes on an Action Circle or the Decoder, "
    "not on the Special Operations folder."
)
PLACE_OR_PASS: Final = phrase("Place a die or pass.")
RESHUFFLED: Final = phrase("The Agency discard pile was shuffled into the draw deck.")
SNEAK_WASTED: Final = phrase(
    "No die is left for this Sneak Attack's extra placement: it is wasted."
)
SWAPS_OVER: Final = phrase("Swaps are over once a Decoder die is on a tile.")
TILE_COVERED: Final = phrase("A die already covers that tile.")
WAIT_REACTIONS: Final = phrase("Wait for the reactions to finish.")


city: Final = text.city.phrase
"""A city's name."""
gear: Final = text.gear.phrase
"""An equipment's short mark (``REC``)."""
ability: Final = text.ability.phrase
"""An ability's label (``Sneak Attack``)."""
region: Final = text.region.phrase
"""A region's colour word (``orange``)."""
benefit: Final = text.benefit.phrase
"""A Mission benefit: a region's colour word or an equipment mark."""
title: Final = text.title.phrase
"""A Character's title (``the Courier``)."""


def region_mark(key: str) -> Phrase:
    """Return a region's square and colour word (``🟧 orange``)."""
    return phrase("{square} {region}", square=REGION_EMOJI[key], region=region(key))


def position(index: int) -> Phrase:
    """Return a Cipher position (``T3``: top row, third tile; ``B1``: bottom row, first)."""
    row = text.cipher_row.phrase(text.row_of(index))
    return phrase("{row}{column}", row=row, column=index % 6 + 1)


def chained(items: Sequence[Phrase | str], link: Callable[[Arg, Arg], Phrase]) -> Arg:
    """Join items two at a time with a linking phrase (``{first}; {second}``)."""
    joined: Arg = items[0] if items else ""
    for item in items[1:]:
        joined = link(joined, item)
    return joined


def semicolons(first: Arg, second: Arg) -> Phrase:
    """Link two items of a list whose items hold commas."""
    return phrase("{first}; {second}", first=first, second=second)


def and_(first: Arg, second: Arg) -> Phrase:
    """Link two names (``Ada and Ben``)."""
    return phrase("{first} and {second}", first=first, second=second)


def grid_rows(grid: Sequence[int]) -> tuple[str, str]:
    """Return the top and bottom rows of the Cipher grid as digits."""
    return " ".join(map(str, grid[:6])), " ".join(map(str, grid[6:]))


def card(cid: str) -> Phrase:
    """Return an Agency card in words."""
    c = AGENCY[cid]
    return phrase(
        "{id} ({equipment}, {city}, {ability})",
        id=cid,
        equipment=gear(c.equipment),
        city=city(c.city),
        ability=ability(c.ability),
    )


def source(sid: str) -> Phrase:
    """Return an ability source: a card, or a token."""
    if sid in AGENCY:
        return phrase("card {card}", card=card(sid))
    return phrase("a {ability} token", ability=ability(TOKENS[sid].ability))


def mission(mid: str) -> Phrase:
    """Return a Mission in words."""
    m = MISSION[mid]
    needs: list[Phrase | str | int] = [gear(e) for e in m.equipment]
    needs += [city(m.city)] if m.city else []
    needs += [region_mark(m.region)] if m.region else []
    needs += [phrase("any card")] if m.any_card else []
    shown: Arg = needs or phrase("nothing")
    if m.benefit:
        return phrase(
            "{id} *{name}* ({needs}; {points} pts; benefit {benefit})",
            id=mid,
            name=m.name,
            needs=shown,
            points=m.points,
            benefit=benefit(m.benefit),
        )
    return phrase(
        "{id} *{name}* ({needs}; {points} pts)", id=mid, name=m.name, needs=shown, points=m.points
    )


def target(place: str) -> Phrase:
    """Return a die target in words."""
    if place == SPEC_OPS:
        return phrase("the Special Operations folder")
    if place == DECODER:
        return phrase("the Decoder")
    return text.circle.phrase(place)


def where(face: int, place: str) -> Phrase:
    """Name where a die of this face lands: an Action Circle with its space, or a target."""
    if place in CIRCLE_LABELS:
        return phrase("{circle} (space {face})", circle=target(place), face=face)
    return target(place)


def onto(face: int, place: str) -> Phrase:
    """Say where a die of this face goes, as a place it is put on (``on the Decoder``)."""
    if place == SPEC_OPS:
        return phrase("on the Special Operations folder")
    if place == DECODER:
        return phrase("on the Decoder")
    return phrase("on {circle} (space {face})", circle=target(place), face=face)


PLACE_EFFECTS: Final = {
    "COMPLETE_MISSION": phrase("in Phase III you may complete a Mission from your hand"),
    "MISSION_CARDS": phrase(
        "in Phase III you take a face-up Mission or the top of the Mission deck"
    ),
    "AGENCY_CARDS": phrase(
        "in Phase III you take an Agency card where your agents are (two dice: any)"
    ),
    "MOVEMENT": phrase("in Phase III you move your agents, one route per die spent here"),
    SPEC_OPS: phrase("you draw a Special Operations token now, usable from your next turn"),
    DECODER: phrase("in Phase II you may lay this die on a Cipher tile to read a code"),
}
"""What a die placed on each target will do, said before the player confirms."""
EMPTY_BAG: Final = phrase("the token bag is empty, so you draw nothing")
DRAW_TWO: Final = phrase("you draw two Special Operations tokens now and keep one")
ADJUST_EFFECT: Final = phrase(
    "spent at once; place this die next (an Action Circle or the Decoder)"
)
"""What a +1/−1 does, said before the player picks it."""


def place_outcome(place: str, *, bag: int = 1, draws: int = 1) -> Phrase:
    """Say what a die placed there will do (``in Phase III you move your agents, …``)."""
    if place == SPEC_OPS and not bag:
        return EMPTY_BAG
    if place == SPEC_OPS and draws > 1 and bag > 1:
        return DRAW_TWO
    return PLACE_EFFECTS[place]


def place_effect(face: int, place: str, *, bag: int = 1, draws: int = 1) -> Phrase:
    """Say what placing a die will do: "Place ⚄ on Movement (space 5): in Phase III …"."""
    return phrase(
        "Place {die} {where}: {effect}.",
        die=die(face),
        where=onto(face, place),
        effect=place_outcome(place, bag=bag, draws=draws),
    )


def adjust_effect(old: int, new: int, source: Arg) -> Phrase:
    """Say what a +1/−1 will do before the player picks it."""
    return phrase(
        "Turn {old} into {new} with {source}: {effect}.",
        old=die(old),
        new=die(new),
        source=source,
        effect=ADJUST_EFFECT,
    )


def no_fit(face: int, place: str) -> Phrase:
    """Refuse a die that does not fit a circle."""
    if place == SPEC_OPS:
        return phrase("A {face} cannot go on the Special Operations folder now.", face=face)
    if place == DECODER:
        return phrase("A {face} cannot go on the Decoder now.", face=face)
    return phrase("A {face} cannot go on {target} now.", face=face, target=target(place))


def no_die(circle: str) -> Phrase:
    """Refuse an Action without a die on its circle."""
    return phrase("You have no die left on {target}.", target=target(circle))


def not_neighbour(here: str, there: str) -> Phrase:
    """Refuse a step along no route."""
    return phrase("No route joins {here} and {there}.", here=city(here), there=city(there))


def started(who: int, character: str, agents: Sequence[str]) -> Phrase:
    """Announce a player's Character and starting agents."""
    ch = CHARACTER[character]
    return phrase(
        "{player} is {name}, {title}; agents in {cities}.",
        player=seat(who),
        name=ch.name,
        title=title(character),
        cities=[city(a) for a in agents],
    )


def picked_character(who: int, character: str) -> Phrase:
    """Announce a Character chosen in seat order."""
    ch = CHARACTER[character]
    return phrase(
        "{player} chose {name}, {title}.", player=seat(who), name=ch.name, title=title(character)
    )


def neutral_cubes(cubes: Sequence[Sequence[str]]) -> Phrase:
    """Announce the neutral cubes of a 2-player game."""
    keys = list(CITY)
    placed: list[Phrase | str | int] = [
        phrase("{cube} {city}", cube=COLOUR_EMOJI[c], city=city(keys[i]))
        for i, cs in enumerate(cubes)
        for c in cs
    ]
    return phrase("Neutral Intel cubes: {cubes}.", cubes=placed)


def your_setup(player: object) -> Phrase:
    """Tell a player their starting cards."""
    hand = getattr(player, "hand", ())
    codes = getattr(player, "codes", ())
    shown = ", ".join(f"{c} {CODES[c].code}" for c in codes)
    return phrase(
        "Your Agency cards: {cards}. Your codes: {codes}.",
        cards=[card(c) for c in hand],
        codes=shown,
    )


def kept_missions(who: int) -> Phrase:
    """Announce that a player kept two Missions."""
    return phrase("{player} kept two Missions.", player=seat(who))


def mission_row(row: Sequence[str]) -> Phrase:
    """Announce the face-up Missions."""
    shown = chained([mission(m) for m in row if m], semicolons)
    return phrase("Face-up Missions: {missions}.", missions=shown)


def rolled_off(who: int, faces: Sequence[int]) -> Phrase:
    """Announce a start-player roll."""
    return phrase(
        "{player} rolls {faces} for start player.",
        player=seat(who),
        faces=" ".join(map(str, faces)),
    )


def start_player(who: int) -> Phrase:
    """Announce the start player."""
    return phrase("{player} is the start player.", player=seat(who))


def round_start(number: int) -> Phrase:
    """Announce a new round."""
    return phrase("🎲 Round {number}: Phase I, roll and place dice.", number=number)


def rolled(who: int, faces: Sequence[int]) -> Phrase:
    """Announce a player's dice."""
    return phrase("{player} rolls {faces}.", player=seat(who), faces=" ".join(map(str, faces)))


def rerolling(who: int, count: int) -> Phrase:
    """Announce a Reroll."""
    return nphrase(
        "{player} spends the Reroll token on {count} die.",
        "{player} spends the Reroll token on {count} dice.",
        n=count,
        player=seat(who),
        count=count,
    )


def rerolled(who: int, faces: Sequence[int]) -> Phrase:
    """Announce rerolled faces."""
    return phrase("{player} rerolls: {faces}.", player=seat(who), faces=" ".join(map(str, faces)))


def placed(who: int, face: int, place: str) -> Phrase:
    """Announce a placement."""
    if place == SPEC_OPS:
        return phrase(
            "{player} places a {face} on the Special Operations folder.",
            player=seat(who),
            face=face,
        )
    if place == DECODER:
        return phrase("{player} places a {face} on the Decoder.", player=seat(who), face=face)
    return phrase(
        "{player} places a {face} on {target}, space {face}.",
        player=seat(who),
        face=face,
        target=target(place),
    )


def adjusted(who: int, sid: str, old: int, new: int) -> Phrase:
    """Announce a +1/−1."""
    return phrase(
        "{player} uses {source}: a {old} becomes a {new}.",
        player=seat(who),
        source=source(sid),
        old=old,
        new=new,
    )


def passed(who: int, token: int) -> Phrase:
    """Announce a pass."""
    return phrase(
        "{player} passes and takes Turn Order token {token}.", player=seat(who), token=token
    )


def sneak_attack(who: int, sid: str) -> Phrase:
    """Announce a Sneak Attack."""
    return phrase(
        "{player} uses {source}: one more placement this turn.",
        player=seat(who),
        source=source(sid),
    )


def drew_tokens(who: int, count: int) -> Phrase:
    """Announce a hidden token draw."""
    if count == 2:
        return phrase("{player} drew two Special Operations tokens.", player=seat(who))
    return phrase("{player} drew a Special Operations token.", player=seat(who))


def you_drew_token(tid: str) -> Phrase:
    """Tell a player which token they keep."""
    return phrase(
        "You keep a {ability} token ({id}); usable from your next turn.",
        ability=ability(TOKENS[tid].ability),
        id=tid,
    )


def swapped(who: int, a: int, b: int, grid: Sequence[int]) -> Phrase:
    """Announce a swap and the new grid."""
    top, bottom = grid_rows(grid)
    return phrase(
        "{player} swaps {a}↔{b}: top `{top}`, bottom `{bottom}`.",
        player=seat(who),
        a=position(a),
        b=position(b),
        top=top,
        bottom=bottom,
    )


def code_breaker(who: int, sid: str) -> Phrase:
    """Announce a Code Breaker."""
    return phrase("{player} uses {source}: one more swap.", player=seat(who), source=source(sid))


def overlaid(who: int, face: int, where: int) -> Phrase:
    """Announce a Decoder overlay."""
    return phrase(
        "{player} lays a Decoder {face} on {position}.",
        player=seat(who),
        face=face,
        position=position(where),
    )


def broke_code(who: int, cid: str) -> Phrase:
    """Announce a broken code, its digits now revealed."""
    c = CODES[cid]
    return phrase(
        "🔓 {player} breaks code {code} ({id}, back {back}).",
        player=seat(who),
        code=c.code,
        id=cid,
        back=gear(c.back),
    )


def drew_code(who: int, deck: str) -> Phrase:
    """Announce a replacement Code."""
    return phrase(
        "{player} draws a replacement Code from Deck {deck}.", player=seat(who), deck=deck
    )


def your_new_code(cid: str) -> Phrase:
    """Tell a player their new Code."""
    return phrase(
        "Your new code: {code} (back {back}).", code=CODES[cid].code, back=gear(CODES[cid].back)
    )


def code_deck_shuffled(deck: str) -> Phrase:
    """Announce a Code deck reshuffle."""
    return phrase("Code Deck {deck} was reshuffled.", deck=deck)


def went_first(who: int, sid: str) -> Phrase:
    """Announce a First."""
    return phrase("⚡ {player} uses {source} and goes first.", player=seat(who), source=source(sid))


def completed(who: int, action: object, score: int) -> Phrase:
    """Announce a completed mission and how it was paid."""
    mid = getattr(action, "mission", "")
    paid = [p for p in (*getattr(action, "pay", ()), getattr(action, "any_card", "-")) if p != "-"]
    words: list[Phrase | str | int] = [
        phrase("a benefit")
        if p == "B"
        else card(p)
        if p in AGENCY
        else phrase("completed code {id}", id=p)
        for p in paid
    ]
    if words:
        return phrase(
            "✅ {player} completes {mission}, paying with {payment}. Score {score}.",
            player=seat(who),
            mission=mission(mid),
            payment=words,
            score=score,
        )
    return phrase(
        "✅ {player} completes {mission}. Score {score}.",
        player=seat(who),
        mission=mission(mid),
        score=score,
    )


def took_mission(who: int, mid: str, refill: str) -> Phrase:
    """Announce a face-up Mission taken."""
    if refill:
        return phrase(
            "{player} takes the face-up {mission}; {refill} replaces it.",
            player=seat(who),
            mission=mission(mid),
            refill=mission(refill),
        )
    return phrase("{player} takes the face-up {mission}.", player=seat(who), mission=mission(mid))


def took_hidden_mission(who: int) -> Phrase:
    """Announce a face-down Mission draw."""
    return phrase("{player} drew a face-down Mission.", player=seat(who))


def controller_draw(who: int) -> Phrase:
    """Announce the Controller's draw."""
    return phrase("{player} drew two face-down Missions to keep one.", player=seat(who))


def you_got_mission(mid: str) -> Phrase:
    """Tell a player the Mission they got."""
    return phrase("You get {mission}.", mission=mission(mid))


def mission_under(who: int) -> Phrase:
    """Announce a Mission put under the deck for the limit."""
    return phrase("{player} puts a Mission under the deck (hand limit).", player=seat(who))


def took_space(who: int, cid: str, region: str) -> Phrase:
    """Announce a Region Space card taken."""
    return phrase(
        "{player} takes {card} from the {region} space.",
        player=seat(who),
        card=card(cid),
        region=region_mark(region),
    )


def took_top(who: int) -> Phrase:
    """Announce a face-down Agency draw."""
    return phrase("{player} drew a face-down Agency card.", player=seat(who))


def you_took(cid: str) -> Phrase:
    """Tell a player the card they drew."""
    return phrase("You get {card}.", card=card(cid))


def refilled(region: str, cid: str) -> Phrase:
    """Announce a Region Space refill."""
    return phrase("{region} space: {card}.", region=region_mark(region), card=card(cid))


def limit_discard(who: int, cid: str) -> Phrase:
    """Announce a hand-limit discard (not a use)."""
    return phrase("{player} discards {card} to the hand limit.", player=seat(who), card=card(cid))


def moving(who: int, dice: int) -> Phrase:
    """Announce a Movement Action."""
    return nphrase(
        "{player} moves with {count} die.",
        "{player} moves with {count} dice.",
        n=dice,
        player=seat(who),
        count=dice,
    )


def move_x3(who: int, sid: str) -> Phrase:
    """Announce a Move ×3."""
    return phrase("{player} uses {source}: 3 steps.", player=seat(who), source=source(sid))


def stepped(who: int, here: str, there: str) -> Phrase:
    """Announce one step."""
    return phrase(
        "{player}'s agent: {here} → {there}.", player=seat(who), here=city(here), there=city(there)
    )


def collected(who: int, colours: Sequence[str], where: str) -> Phrase:
    """Announce collected Intel."""
    cubes = " ".join(COLOUR_EMOJI[c] for c in colours)
    return phrase(
        "{player} collects Intel {cubes} in {city}.",
        player=seat(who),
        cubes=cubes,
        city=city(where),
    )


def pair(who: int, colour: str) -> Phrase:
    """Announce a cashed Intel pair."""
    return phrase(
        "{player} cashes a {cube} pair for a free Agency card.",
        player=seat(who),
        cube=COLOUR_EMOJI[colour],
    )


def flew(who: int, cid: str, here: str, there: str) -> Phrase:
    """Announce a flight."""
    return phrase(
        "✈️ {player} flies {here} → {there} with {card}.",
        player=seat(who),
        here=city(here),
        there=city(there),
        card=card(cid),
    )


def searched(who: int, sid: str, deck: str) -> Phrase:
    """Announce a Search."""
    if deck == "M":
        return phrase(
            "{player} uses {source} and searches the Mission deck.",
            player=seat(who),
            source=source(sid),
        )
    return phrase(
        "{player} uses {source} and searches the Agency deck.",
        player=seat(who),
        source=source(sid),
    )


def spied(who: int, sid: str, cid: str) -> Phrase:
    """Announce Espionage."""
    return phrase(
        "🕵️ {player} uses {source} and takes {card} from the discard pile.",
        player=seat(who),
        source=source(sid),
        card=card(cid),
    )


def forfeited(who: int, count: int) -> Phrase:
    """Announce forfeited dice."""
    return nphrase(
        "{player} forfeits {count} die.",
        "{player} forfeits {count} dice.",
        n=count,
        player=seat(who),
        count=count,
    )


def scores_of(scores: Sequence[int]) -> str:
    """Return every seat's score (``{p[0]} 7, {p[1]} 5``)."""
    return seat_values(scores)


def round_end(number: int, scores: Sequence[int]) -> Phrase:
    """Announce the end of a round with the visible scores."""
    return phrase("Round {number} ends. Scores: {scores}.", number=number, scores=scores_of(scores))


def game_over(scores: Sequence[int]) -> Phrase:
    """Announce the end of the game."""
    return phrase("🏆 Game over. Final scores: {scores}.", scores=scores_of(scores))


def summary(winners: Sequence[int], scores: Sequence[int]) -> Phrase:
    """Return the one-line result."""
    points = scores[winners[0]]
    if len(winners) == 1:
        return nphrase(
            "{player} wins with {points} point.",
            "{player} wins with {points} points.",
            n=points,
            player=seat(winners[0]),
            points=points,
        )
    names = chained([seat(w) for w in winners], and_)
    return nphrase(
        "{players} share the victory with {points} point.",
        "{players} share the victory with {points} points.",
        n=points,
        players=names,
        points=points,
    )
