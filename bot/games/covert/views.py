"""What each seat may know of a Covert match (section 6): the public view and a dossier."""

from __future__ import annotations

from typing import Any

import msgspec

from bot.engine.view import SeatView, mirror
from bot.games.covert.data import (
    AGENCY,
    CHARACTER,
    CODES,
    TOKENS,
    AgencyCard,
    Character,
    CodeCard,
    SpecOpsToken,
)
from bot.games.covert.flow import agency_limit, asked_in_secret, mission_limit
from bot.games.covert.missions import MISSION, Mission
from bot.games.covert.state import CovertState, Die, Moving, Turn


class PlayerView(msgspec.Struct, frozen=True):
    """One player's public situation."""

    seat: int
    colour: str
    character: Character
    agents: tuple[str, ...]
    """City keys of the three agents."""
    supply: int
    intel: tuple[str, ...]
    """Cube colours on the Character card."""
    hand: int
    hand_limit: int
    missions: int
    mission_limit: int
    tokens: int
    code_backs: tuple[str, ...]
    """Equipment on the backs of the Code cards held."""
    done_missions: tuple[Mission, ...]
    done_codes: tuple[CodeCard, ...]
    score: int
    dice: tuple[Die, ...]
    reroll: bool
    turn_token: int
    broke: bool


class PublicView(msgspec.Struct, frozen=True):
    """Everything anyone at the table may know."""

    seats: int
    phase: str
    round: int
    players: tuple[PlayerView, ...]
    cubes: tuple[tuple[str, ...], ...]
    """Intel cube colours per city, in the order of CITIES."""
    cipher: tuple[int, ...]
    region_spaces: tuple[AgencyCard | None, ...]
    mission_row: tuple[Mission | None, ...]
    agency_deck: int
    agency_discard: tuple[AgencyCard, ...]
    mission_deck: int
    code_decks: tuple[int, ...]
    code_tops: tuple[str, ...]
    """Back equipment of the top Code of Deck A and Deck B ("" when empty)."""
    bag: int
    first_placer: int
    turn: Turn | None
    moving: Moving | None
    waiting_hidden: bool
    """A reaction (Espionage or First) is being asked of someone, never said who, or a
    concealed wait (``conceal_reactions``) looks the same."""
    spy_cards: tuple[AgencyCard, ...]
    prompt_seats: tuple[int, ...]
    """Seats answering a forced sub-decision (hand limit, search, free card ...)."""
    end_flag: bool
    over: bool
    revealed: tuple[tuple[AgencyCard, ...], ...] = ()
    """Every hand once the game is over."""
    revealed_missions: tuple[tuple[Mission, ...], ...] = ()
    revealed_codes: tuple[tuple[CodeCard, ...], ...] = ()
    """Every Code card still held, numbers and all, once the game is over."""
    revealed_tokens: tuple[tuple[SpecOpsToken, ...], ...] = ()
    """Every Special Operations token still held, once the game is over."""


class Pending(msgspec.Struct, frozen=True):
    """The sub-decision a seat faces, with the cards it may see."""

    kind: str
    items: tuple[str, ...]
    arg: str = ""


class PrivateView(SeatView[PublicView], frozen=True):
    """What one seat knows: the public view plus its dossier."""

    hand: tuple[AgencyCard, ...]
    missions: tuple[Mission, ...]
    codes: tuple[CodeCard, ...]
    tokens: tuple[SpecOpsToken, ...]
    fresh: tuple[str, ...]
    """Tokens drawn this turn (usable from the next turn)."""
    pending: Pending | None


def player_view(state: CovertState, seat: int) -> PlayerView:
    """Build one player's public situation."""
    p = state.players[seat]
    return PlayerView(
        seat=seat,
        colour=state.colour(seat),
        character=CHARACTER[p.character],
        agents=p.agents,
        supply=p.supply,
        intel=p.intel,
        hand=len(p.hand),
        hand_limit=agency_limit(state, seat),
        missions=len(p.missions),
        mission_limit=mission_limit(state, seat),
        tokens=len(p.tokens),
        code_backs=tuple(CODES[c].back for c in p.codes),
        done_missions=tuple(MISSION[m] for m in p.done_missions),
        done_codes=tuple(CODES[c] for c in p.done_codes),
        score=p.score(),
        dice=p.dice,
        reroll=p.reroll,
        turn_token=p.turn_token,
        broke=p.broke,
    )


def public_view(state: CovertState) -> PublicView:
    """Build the public view of a state."""
    s = state
    over = s.phase == "over"
    return mirror(
        PublicView,
        s,
        players=tuple(player_view(s, seat) for seat in range(len(s.players))),
        region_spaces=tuple(AGENCY[c] if c else None for c in s.region_spaces),
        mission_row=tuple(MISSION[m] if m else None for m in s.mission_row),
        agency_deck=len(s.agency_deck),
        agency_discard=tuple(AGENCY[c] for c in s.agency_discard),
        mission_deck=len(s.mission_deck),
        code_decks=tuple(len(d) for d in s.code_decks),
        code_tops=tuple(CODES[d[0]].back if d else "" for d in s.code_decks),
        bag=len(s.bag),
        waiting_hidden=asked_in_secret(s),
        spy_cards=tuple(AGENCY[c] for c in s.spy.cards) if s.spy else (),
        prompt_seats=tuple(sorted({p.seat for p in s.prompts})),
        over=over,
        revealed=tuple(tuple(AGENCY[c] for c in p.hand) for p in s.players) if over else (),
        revealed_missions=(
            tuple(tuple(MISSION[m] for m in p.missions) for p in s.players) if over else ()
        ),
        revealed_codes=tuple(tuple(CODES[c] for c in p.codes) for p in s.players) if over else (),
        revealed_tokens=(
            tuple(tuple(TOKENS[t] for t in p.tokens) for p in s.players) if over else ()
        ),
    )


def private_view(state: CovertState, seat: int) -> PrivateView:
    """Build one seat's dossier."""
    p = state.players[seat] if state.players else None
    prompt = next((x for x in state.prompts if x.seat == seat), None)
    pending = Pending(prompt.kind, prompt.items, prompt.arg) if prompt else None
    return PrivateView(
        seat=seat,
        public=public_view(state),
        hand=tuple(AGENCY[c] for c in p.hand) if p else (),
        missions=tuple(MISSION[m] for m in p.missions) if p else (),
        codes=tuple(CODES[c] for c in p.codes) if p else (),
        tokens=tuple(TOKENS[t] for t in p.tokens) if p else (),
        fresh=tuple(t for t in state.fresh if p and t in p.tokens),
        pending=pending,
    )


def card_of(item: str) -> Any:
    """Return the component behind an id."""
    for table in (AGENCY, MISSION, CODES, TOKENS):
        if item in table:
            return table[item]
    return None


def hidden(state: CovertState, seat: int | None) -> list[Any]:
    """List what the seat may not see: other dossiers, decks, the bag, others' prompts."""
    if state.phase == "over":
        return []
    ids: list[str] = [*state.agency_deck, *state.mission_deck, *state.bag]
    ids += [c for deck in state.code_decks for c in deck]
    for other, p in enumerate(state.players):
        if other != seat:
            ids += [*p.hand, *p.missions, *p.codes, *p.tokens]
    ids += [
        i
        for x in state.prompts
        if x.seat != seat
        for i in x.items
        if not state.players or i not in state.players[x.seat].hand
    ]
    return [card_of(i) for i in ids if card_of(i) is not None]
