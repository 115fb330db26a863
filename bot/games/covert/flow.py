"""The Covert draft of a transition, and the small moves of pieces and cards it is built from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

import msgspec

from bot.engine.draft import Draft as BaseDraft
from bot.engine.draft import replaced, without
from bot.engine.errors import IllegalAction
from bot.games.covert import messages as say
from bot.games.covert.data import AGENCY_LIMIT, MISSION_LIMIT, REGIONS
from bot.games.covert.state import CovertState, Need, Player, Prompt, Spy, Turn

T = TypeVar("T")

RULES_VERSION: Final = 7
"""The version of Covert's rules (``SPEC.rules_version``). A match keeps the version it
began under, so a stored log replays the same after an update. What each one changed:
2: the Reroll on anyone's turn, placement turns closed by End turn, no round cap;
3: a Move ×3 walked before its Espionage, the Reroll also while asked or moving;
4: with reactions concealed, a First window reopened after a use waits like a new one;
5: a die modified by +1/−1 is placed: no Pass, End turn or Reroll of it in between;
6: the discard pile is reshuffled only when a card must be drawn from the empty deck (4.4):
   to refill a Region Space, or for a card taken from the deck, an Intel pair's free card
   included (8.26), an Espionage event waiting or not; the dossier settings (Espionage,
   First: ask or never) change in play, not only in the lobby (7.5);
7: a Forfeit returns any one or more of the player's Action-Circle dice in one Action (4.4),
   not only one die or all of them; a token drawn this turn stays unusable until its own
   player's next turn (8.7), not only until the next turn of anyone (an Espionage token
   drawn on your turn answered the next player's flight)."""

REOPENED_WAIT: Final = 4
"""The first version whose First window, reopened after a use, waits when concealed (7.5)."""
RESHUFFLE_ON_DRAW: Final = 6
"""The first version in which the discard pile becomes the draw deck only when a card must be
drawn from the empty deck (4.4), not as soon as the deck runs out. A card taken from the empty
deck (an Agency Action, an Intel pair's free card, 8.26) is dealt after that shuffle, even
while an Espionage event holds the pile."""
SETTINGS_IN_PLAY: Final = 6
"""The first version whose dossier settings (Espionage, First: ask or never) a player may
change at any moment of the match (7.5)."""
FRESH_UNTIL_OWN_TURN: Final = 7
"""The first version in which a token drawn this turn becomes usable at its own player's next
turn (8.7: "usable from the player's next turn on"); before, at the next turn of anyone."""
FORFEIT_SOME: Final = 7
"""The first version whose Forfeit may return any two or more dice, not all (4.4 [Ruling]:
"one or more of your remaining Action-Circle dice"); before, one die or all of them."""
MODIFIED_IS_PLACED: Final = 5
"""The first version in which +1/−1 is spent only on a die that is then placed (2.4: "while
placing a die ... before the die is put down"; 4.1: "as it is placed")."""


class Draft(BaseDraft[CovertState]):
    """One Covert transition in the making: players, the turn, random steps and prompts,
    under the rules version of the match (see `RULES_VERSION`)."""

    def __init__(self, state: CovertState, version: int = RULES_VERSION) -> None:
        super().__init__(state)
        self.version = version

    def player(self, seat: int, **changes: Any) -> Player:
        """Replace some fields of one player and return the new player."""
        new = msgspec.structs.replace(self.state.players[seat], **changes)
        self.update(players=replaced(self.state.players, seat, new))
        return new

    def turn(self, **changes: Any) -> None:
        """Replace some fields of the turn in progress."""
        assert self.state.turn is not None
        self.update(turn=msgspec.structs.replace(self.state.turn, **changes))

    def need(self, kind: Any, seat: int = -1, arg: str = "") -> None:
        """Queue a random step."""
        self.update(needs=(*self.state.needs, Need(kind, seat, arg)))

    def ask(self, prompt: Prompt) -> None:
        """Put a sub-decision before every other pending one."""
        self.update(prompts=(prompt, *self.state.prompts))


Applies = dict[type, Callable[[Draft, int, Any], None]]
"""How one part of the rules applies each action class it handles, to a seat's draft."""


def agency_limit(state: CovertState, seat: int) -> int:
    """Return a seat's Agency hand limit (Attaché 8, but not in the final step)."""
    attache = state.players[seat].character == "CH5" and state.phase != "final"
    return AGENCY_LIMIT + 1 if attache else AGENCY_LIMIT


def mission_limit(state: CovertState, seat: int) -> int:
    """Return a seat's Mission hand limit (Controller 4)."""
    controller = state.players[seat].character == "CH4" and state.phase != "final"
    return MISSION_LIMIT + 1 if controller else MISSION_LIMIT


def spy_seat(state: CovertState) -> int | None:
    """Return the next seat that may react to the Espionage event, if any."""
    spy = state.spy
    if spy is None:
        return None
    takeable = [c for c in spy.cards if c in state.agency_discard]
    for seat in spy.queue:
        if seat in state.spy_never:
            continue
        if takeable and state.players[seat].sources("ESPIONAGE", state.fresh):
            return seat
    return None


def first_seats(state: CovertState) -> list[int]:
    """Return the seats eligible in the open First window, in turn order."""
    window = state.window
    if window is None:
        return []
    found = []
    for seat in state.order():
        p = state.players[seat]
        if seat in window.declined or seat in state.first_never:
            continue
        if not p.sources("FIRST", state.fresh):
            continue
        if state.phase == "codes" and (p.broke or p.turn_token == 1):
            continue
        if state.phase == "resolution" and not p.circle_dice():
            continue
        found.append(seat)
    return found


def gain_card(d: Draft, seat: int, card: str) -> None:
    """Put an Agency card in a hand and enforce the hand limit (not in the final step, 5.2)."""
    p = d.player(seat, hand=(*d.state.players[seat].hand, card))
    if len(p.hand) > agency_limit(d.state, seat) and d.state.phase != "final":
        d.ask(Prompt("hand", seat, p.hand))


def draw_agency(d: Draft) -> str | None:
    """Take the top Agency card of the draw deck, if any."""
    deck = d.state.agency_deck
    if not deck:
        return None
    d.update(agency_deck=deck[1:])
    return deck[0]


def discard_cards(d: Draft, seat: int, cards: tuple[str, ...]) -> None:
    """Move Agency cards from a hand to the discard pile."""
    hand = d.state.players[seat].hand
    for card in cards:
        if card not in hand:
            raise IllegalAction(say.NOT_HELD)
        hand = without(hand, card)
    d.player(seat, hand=hand)
    d.update(agency_discard=(*d.state.agency_discard, *cards))


def hushed(state: CovertState) -> bool:
    """Tell whether a concealed wait is running (``conceal_reactions``, section 7.5)."""
    return bool(state.needs) and state.needs[0].kind == "hush"


def asked_in_secret(state: CovertState) -> bool:
    """Tell whether a reaction (Espionage or First) is being offered to an unnamed holder,
    or a concealed wait makes it look so."""
    if hushed(state):
        return True
    if state.phase == "over" or state.needs or state.prompts or state.moving is not None:
        return False
    return spy_seat(state) is not None or (state.turn is None and bool(first_seats(state)))


REACTION_SHARE: Final = 0.1
"""A reaction's share of the turn timer: 30 s beside the rules' 300 s turn (7.5)."""
SETUP_SHARE: Final = 0.4
"""A set-up choice's share of the turn timer: 120 s beside a 300 s turn (7.5)."""


def timer_share(state: CovertState) -> float:
    """Return the share of the turn timer the waiting decision gets: a reaction (Espionage,
    First) or a set-up choice (a Character, two of three Missions) less than a turn."""
    if state.needs or state.phase == "over":
        return 1.0
    if state.prompts:
        return SETUP_SHARE if state.prompts[0].kind in ("character", "keep3") else 1.0
    return REACTION_SHARE if asked_in_secret(state) else 1.0


def use_cards(d: Draft, seat: int, cards: tuple[str, ...], *, resolved: bool = True) -> None:
    """Discard cards as a use: an Espionage event follows.

    ``resolved=False``: the event goes on after the discard (a Move ×3 spends its points
    first), so the concealed wait comes when it ends (:func:`event_resolved`).
    """
    discard_cards(d, seat, cards)
    if cards:
        n = d.state.seats
        d.update(spy=Spy(cards, tuple((seat + k) % n for k in range(n))))
        if resolved:
            conceal(d, "spy")


def event_resolved(d: Draft) -> None:
    """End an event that went on after its cards were used: its Espionage may begin."""
    if d.state.spy is not None:
        conceal(d, "spy")


def conceal(d: Draft, what: str) -> None:
    """With ``conceal_reactions`` on, every Espionage event and First window first waits
    the same fixed time, whether or not anybody may react (7.5)."""
    if d.state.conceal:
        d.need("hush", arg=what)


def spend(d: Draft, seat: int, source: str, *, resolved: bool = True) -> None:
    """Spend an ability source: a card is used, a token goes back to the bag."""
    p = d.state.players[seat]
    if source in p.hand:
        use_cards(d, seat, (source,), resolved=resolved)
    elif source in p.tokens and source not in d.state.fresh:
        d.player(seat, tokens=without(p.tokens, source))
        d.update(bag=tuple(sorted((*d.state.bag, source))))
    else:
        raise IllegalAction(say.NOT_HELD)


def take_space(d: Draft, seat: int, region: str) -> None:
    """Take the card of a Region Space; the space refills after the event."""
    index = REGIONS.index(region)
    card = d.state.region_spaces[index]
    if not card:
        raise IllegalAction(say.EMPTY_SPACE)
    d.update(region_spaces=replaced(d.state.region_spaces, index, ""))
    d.say(say.took_space(seat, card, region))
    gain_card(d, seat, card)


def take_top(d: Draft, seat: int) -> None:
    """Take the top card of the Agency draw deck."""
    card = draw_agency(d)
    if card is None:
        raise IllegalAction(say.EMPTY_DECK)
    d.say(say.took_top(seat))
    d.tell(seat, say.you_took(card))
    gain_card(d, seat, card)


def reshuffle_due(state: CovertState, version: int) -> bool:
    """Tell whether the Agency discard pile must become the draw deck now: once the deck is
    empty (before version 6), or once a Region Space waits for a card from it (4.4)."""
    if state.agency_deck or not state.agency_discard or state.spy is not None:
        return False
    return version < RESHUFFLE_ON_DRAW or "" in state.region_spaces


def deck_open(state: CovertState, version: int) -> bool:
    """Tell whether a card may be taken from the top of the Agency deck: it holds one, or
    (4.4) the discard pile is shuffled into it first."""
    lazy = version >= RESHUFFLE_ON_DRAW
    return bool(state.agency_deck) or (lazy and bool(state.agency_discard))


def draw_top(d: Draft, seat: int) -> None:
    """Take the top Agency card; from an empty deck, after the discard pile is shuffled
    into it (the chance step deals it)."""
    if d.state.agency_deck:
        take_top(d, seat)
    elif deck_open(d.state, d.version):
        d.need("under", seat, "top")
    else:
        raise IllegalAction(say.EMPTY_DECK)


def refill_spaces(d: Draft) -> None:
    """Fill empty Region Spaces from the draw deck, in canonical region order."""
    for index, card in enumerate(d.state.region_spaces):
        if not card and d.state.agency_deck:
            new = draw_agency(d)
            assert new is not None
            d.update(region_spaces=replaced(d.state.region_spaces, index, new))
            d.say(say.refilled(REGIONS[index], new))


def gain_mission(d: Draft, seat: int, mission: str) -> None:
    """Put a Mission in a hand and enforce the Mission limit (not in the final step, 5.2)."""
    p = d.player(seat, missions=(*d.state.players[seat].missions, mission))
    if len(p.missions) > mission_limit(d.state, seat) and d.state.phase != "final":
        d.ask(Prompt("mlimit", seat, p.missions))


def begin_turn(d: Draft, seat: int, kind: Any, **fields: Any) -> None:
    """Open a main turn; the player's tokens drawn in earlier turns become usable (8.7)."""
    fresh: tuple[str, ...] = ()
    if d.version >= FRESH_UNTIL_OWN_TURN:
        held = d.state.players[seat].tokens
        fresh = tuple(t for t in d.state.fresh if t not in held)
    d.update(turn=Turn(seat, kind, **fields), fresh=fresh)
