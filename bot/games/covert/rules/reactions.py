"""Abilities used on a turn (Move ×3, Search, Sneak Attack, Code Breaker), reactions, prompts."""

from __future__ import annotations

from typing import Final

from bot.engine.draft import without
from bot.engine.errors import IllegalAction
from bot.games.covert import messages as say
from bot.games.covert.actions import Accept, Setting, Use
from bot.games.covert.data import AGENCY, REGIONS, TOKENS
from bot.games.covert.flow import (
    SETTINGS_IN_PLAY,
    Applies,
    Draft,
    agency_limit,
    deck_open,
    discard_cards,
    draw_top,
    first_seats,
    gain_card,
    gain_mission,
    mission_limit,
    spend,
    spy_seat,
    take_space,
)
from bot.games.covert.rules.codes import choose_claim, code_breaker, draw_code
from bot.games.covert.rules.moves import start_moving
from bot.games.covert.rules.placement import quartermaster, sneak_attack
from bot.games.covert.rules.resolution import controller_keep
from bot.games.covert.rules.setup import keep_missions, pick_character
from bot.games.covert.state import CovertState, Prompt, Spy


def ability(source: str) -> str:
    """Return the ability of a card or token id."""
    return AGENCY[source].ability if source in AGENCY else TOKENS[source].ability


def free_turn(state: CovertState, seat: int) -> bool:
    """Tell whether the seat may fly or use abilities now (its own Phase I, III or final turn)."""
    turn = state.turn
    if turn is None or turn.seat != seat or turn.done or state.moving is not None:
        return False
    return turn.kind in ("place", "act", "first", "final")


def use(d: Draft, seat: int, action: Use) -> None:
    """Activate an ability from a card or a token on one's own turn."""
    p = d.state.players[seat]
    kind = ability(action.source)
    if action.source not in p.sources(kind, d.state.fresh):
        raise IllegalAction(say.NOT_HELD)
    turn = d.state.turn
    if kind == "CODE_BREAKER":
        code_breaker(d, seat, action.source)
    elif kind == "SNEAK_ATTACK":
        sneak_attack(d, seat, action.source)
    elif kind in ("MOVE_X3", "SEARCH") and free_turn(d.state, seat):
        if kind == "SEARCH":
            search(d, seat, action)
        else:
            spend(d, seat, action.source, resolved=False)  # Espionage waits for the steps
            d.say(say.move_x3(seat, action.source))
            start_moving(d, seat, "points", 3)
    else:
        raise IllegalAction(say.NOT_NOW if turn else say.NOT_YOUR_TURN)


def search_open(state: CovertState, deck: str) -> bool:
    """Tell whether a deck can be searched (at least one card to look at)."""
    if deck == "M":
        return bool(state.mission_deck)
    return bool(state.agency_deck or state.agency_discard)


def search(d: Draft, seat: int, action: Use) -> None:
    """Look at the top three cards of a deck and keep one (the discard pile goes under if short)."""
    if action.deck not in ("A", "M") or not search_open(d.state, action.deck):
        raise IllegalAction(say.CANNOT_SEARCH)
    spend(d, seat, action.source)
    d.say(say.searched(seat, action.source, action.deck))
    if action.deck == "A" and len(d.state.agency_deck) < 3 and d.state.agency_discard:
        d.need("under", seat)
        return
    look(d, seat, action.deck)


def look(d: Draft, seat: int, deck: str) -> None:
    """Take up to three cards off a deck into the searcher's prompt."""
    if deck == "M":
        cards, rest = d.state.mission_deck[:3], d.state.mission_deck[3:]
        d.update(mission_deck=rest)
    else:
        cards, rest = d.state.agency_deck[:3], d.state.agency_deck[3:]
        d.update(agency_deck=rest)
    d.ask(Prompt("search", seat, cards, deck))


def settings(state: CovertState, seat: int, version: int) -> list[Setting]:
    """Return the dossier settings a seat may change now, each to its other value (7.5)."""
    if version < SETTINGS_IN_PLAY or state.phase == "over" or not 0 <= seat < state.seats:
        return []
    return [
        Setting("espionage", "ask" if seat in state.spy_never else "never"),
        Setting("first", "ask" if seat in state.first_never else "never"),
    ]


def change_setting(d: Draft, seat: int, action: Setting) -> None:
    """Set a seat's Espionage or First setting; only the seat is told (7.5). With *never*,
    a reaction it is being asked is declined at once."""
    if action not in settings(d.state, seat, d.version):
        raise IllegalAction(say.NOT_ALLOWED)
    field = "spy_never" if action.reaction == "espionage" else "first_never"
    seats = set(getattr(d.state, field)) - {seat}
    if action.ask == "never":
        seats.add(seat)
    d.update(**{field: tuple(sorted(seats))})
    d.tell(seat, say.SETTING_TOLD[action.reaction, action.ask])


def react(d: Draft, seat: int, action: Accept) -> None:
    """Answer the open Espionage event or First window by spending a source."""
    if d.state.spy is not None:
        spy_take(d, seat, action)
    else:
        first_accept(d, seat, action)


def spy_take(d: Draft, seat: int, action: Accept) -> None:
    """Spend Espionage (not a use) to take one used card from the discard pile."""
    spy = d.state.spy
    assert spy is not None
    p = d.state.players[seat]
    ok = action.card in spy.cards and action.card in d.state.agency_discard
    if spy_seat(d.state) != seat or not ok or action.source == action.card:
        raise IllegalAction(say.CANNOT_SPY)
    if action.source not in p.sources("ESPIONAGE", d.state.fresh):
        raise IllegalAction(say.NOT_HELD)
    if action.source in p.hand:
        discard_cards(d, seat, (action.source,))
    else:
        spend(d, seat, action.source)
    d.update(agency_discard=without(d.state.agency_discard, action.card))
    d.say(say.spied(seat, action.source, action.card))
    pass_spy(d, seat)
    gain_card(d, seat, action.card)


def pass_spy(d: Draft, seat: int) -> None:
    """Move the Espionage event past a seat that answered."""
    spy = d.state.spy
    assert spy is not None
    queue = spy.queue[spy.queue.index(seat) + 1 :]
    d.update(spy=Spy(spy.cards, queue) if queue else None)


def first_accept(d: Draft, seat: int, action: Accept) -> None:
    """Spend First: take the Break Codes turn now, or one Action now."""
    from bot.games.covert.flow import begin_turn

    seats = first_seats(d.state)
    if not seats or seats[0] != seat or d.state.turn is not None:
        raise IllegalAction(say.NOT_NOW)
    if ability(action.source) != "FIRST" or action.card != "-":
        raise IllegalAction(say.NOT_HELD)
    spend(d, seat, action.source)
    d.say(say.went_first(seat, action.source))
    assert d.state.window is not None
    d.update(window=d.state.window.__class__())
    begin_turn(d, seat, "codes" if d.state.phase == "codes" else "first")


def decline(d: Draft, seat: int) -> None:
    """Decline the open Espionage event or First window."""
    if d.state.spy is not None:
        if spy_seat(d.state) != seat:
            raise IllegalAction(say.NOT_NOW)
        pass_spy(d, seat)
        return
    seats = first_seats(d.state)
    if not seats or seats[0] != seat or d.state.window is None:
        raise IllegalAction(say.NOT_NOW)
    d.update(window=d.state.window.__class__((*d.state.window.declined, seat)))


def choose(d: Draft, seat: int, prompt: Prompt, item: str) -> None:
    """Answer a pending sub-decision."""
    if prompt.kind == "keep3":
        keep_missions(d, seat, prompt, item)
        return
    if prompt.kind == "character":
        pick_character(d, seat, prompt, item)
        return
    d.update(prompts=tuple(p for p in d.state.prompts if p is not prompt))
    if prompt.kind == "hand":
        hand_limit(d, seat, item)
    elif prompt.kind == "mlimit":
        mission_discard(d, seat, item)
    elif prompt.kind == "search":
        search_keep(d, seat, prompt, item)
    elif prompt.kind == "controller":
        controller_keep(d, seat, prompt, item)
    elif prompt.kind == "quarter":
        quartermaster(d, seat, prompt, item)
    elif prompt.kind == "free":
        free_card(d, seat, prompt, item)
    elif prompt.kind == "claim":
        choose_claim(d, seat, prompt, item)
    else:
        draw_code(d, seat, "AB".index(item) if item in ("A", "B") else 9)


def hand_limit(d: Draft, seat: int, card: str) -> None:
    """Discard a card to the hand limit (not a use); ask again while still over."""
    discard_cards(d, seat, (card,))
    d.say(say.limit_discard(seat, card))
    hand = d.state.players[seat].hand
    if len(hand) > agency_limit(d.state, seat) and d.state.phase != "final":
        d.ask(Prompt("hand", seat, hand))


def mission_discard(d: Draft, seat: int, mission: str) -> None:
    """Put a Mission from hand under the Mission deck."""
    p = d.state.players[seat]
    if mission not in p.missions:
        raise IllegalAction(say.NOT_HELD)
    p = d.player(seat, missions=without(p.missions, mission))
    d.update(mission_deck=(*d.state.mission_deck, mission))
    d.say(say.mission_under(seat))
    if len(p.missions) > mission_limit(d.state, seat) and d.state.phase != "final":
        d.ask(Prompt("mlimit", seat, p.missions))


def search_keep(d: Draft, seat: int, prompt: Prompt, item: str) -> None:
    """Keep one searched card; the others go under their deck in the order drawn."""
    if item not in prompt.items:
        raise IllegalAction(say.NOT_OFFERED)
    rest = without(prompt.items, item)
    if prompt.arg == "M":
        d.update(mission_deck=(*d.state.mission_deck, *rest))
        d.tell(seat, say.you_got_mission(item))
        gain_mission(d, seat, item)
    else:
        d.update(agency_deck=(*d.state.agency_deck, *rest))
        d.tell(seat, say.you_took(item))
        gain_card(d, seat, item)


def free_card(d: Draft, seat: int, prompt: Prompt, item: str) -> None:
    """Take the free Agency card of an Intel pair: a Region Space card or the top of the deck
    (8.26: of the discard pile reshuffled first, when the deck is empty)."""
    if item == "deck" and deck_open(d.state, d.version):
        draw_top(d, seat)
    elif item in REGIONS and prompt.arg in ("*", item):
        take_space(d, seat, item)
    else:
        raise IllegalAction(say.NOT_OFFERED)


def free_options(state: CovertState, prompt: Prompt, version: int) -> list[str]:
    """Return what a free Intel-pair card may be: Region Space cards (the collecting agent's
    region first), then the deck top."""
    regions: tuple[str, ...] = REGIONS if prompt.arg == "*" else (prompt.arg,)
    if prompt.arg == "*" and prompt.items:
        regions = (prompt.items[0], *(r for r in REGIONS if r != prompt.items[0]))
    found = [r for r in regions if state.region_spaces[REGIONS.index(r)]]
    if deck_open(state, version):
        found.append("deck")
    return found


APPLIES: Final[Applies] = {Use: use}
"""Abilities used on one's own turn."""
