"""The Covert match state: every piece, deck and pending decision, secrets included."""

from __future__ import annotations

from typing import Literal

import msgspec

from bot.games.covert.data import AGENCY, CIRCLES, CITY, COLOURS, TOKENS
from bot.games.covert.missions import MISSION

Phase = Literal["setup", "placement", "codes", "resolution", "final", "over"]


class Die(msgspec.Struct, frozen=True):
    """One die: its face and where it lies this round."""

    face: int
    place: str = ""
    """Empty while unplaced; a circle key, ``SPEC_OPS``, ``DECODER``, or ``spent`` once used."""
    space: int = 0
    """The circle space (1–6) when on an Action Circle."""


class Player(msgspec.Struct, frozen=True):
    """One player's pieces and cards."""

    character: str
    agents: tuple[str, ...]
    """City keys of the three agents."""
    supply: int
    """Intel cubes left in the supply."""
    intel: tuple[str, ...] = ()
    """Colours of the Intel cubes on the Character card."""
    hand: tuple[str, ...] = ()
    """Agency card ids, oldest gain first."""
    missions: tuple[str, ...] = ()
    codes: tuple[str, ...] = ()
    """Code cards held (digits private)."""
    done_missions: tuple[str, ...] = ()
    done_codes: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()
    """Special Operations tokens held."""
    dice: tuple[Die, ...] = ()
    reroll: bool = True
    """Whether the Reroll token is still available."""
    turn_token: int = 0
    """The Turn Order token taken this round (0: none yet)."""
    broke: bool = False
    """Whether the Break Codes turn of this round was taken."""

    def score(self) -> int:
        """Return mission points plus 2 per completed Code still held."""
        return sum(MISSION[m].points for m in self.done_missions) + 2 * len(self.done_codes)

    def benefits(self) -> tuple[str, ...]:
        """Return the benefits of the completed missions."""
        return tuple(MISSION[m].benefit for m in self.done_missions if MISSION[m].benefit)

    def circle_dice(self) -> tuple[int, ...]:
        """Return the indices of this player's dice on Action Circles."""
        return tuple(i for i, d in enumerate(self.dice) if d.place in CIRCLES)

    def unplaced(self) -> tuple[int, ...]:
        """Return the indices of dice not yet placed."""
        return tuple(i for i, d in enumerate(self.dice) if d.place == "")

    def sources(self, ability: str, fresh: tuple[str, ...] = ()) -> tuple[str, ...]:
        """Return the cards and usable tokens showing an ability."""
        cards = tuple(c for c in self.hand if AGENCY[c].ability == ability)
        tokens = tuple(t for t in self.tokens if TOKENS[t].ability == ability and t not in fresh)
        return cards + tokens


class Turn(msgspec.Struct, frozen=True):
    """The main turn in progress."""

    seat: int
    kind: Literal["place", "codes", "act", "first", "final"]
    done: bool = False
    placed: int = 0
    """Dice placed this Phase I turn."""
    extra: int = 0
    """Extra placements granted by Sneak Attack."""
    adjusting: int = -1
    """The die being modified by +1/−1 before it is placed."""
    swaps: int = 1
    """Swaps still allowed in a Break Codes turn."""
    long_swap: bool = False
    """Whether the Cryptographer's long swap was made this round."""
    overlays: tuple[tuple[int, int], ...] = ()
    """(die, position) pairs of Decoder dice put on tiles."""
    acted: bool = False
    """Whether the turn's one Action (or final mission) was taken."""


class Moving(msgspec.Struct, frozen=True):
    """A movement in progress: Movement dice, Move ×3 points or the Courier's bonus step."""

    seat: int
    mode: Literal["dice", "points"]
    left: tuple[int, ...]
    """Steps left per agent (dice) or one shared pool (points)."""
    current: int = -1
    """The agent moving now with dice; earlier agents are finished."""
    finished: tuple[int, ...] = ()
    bonus: bool = False
    """Whether a Courier bonus step follows."""


class Prompt(msgspec.Struct, frozen=True):
    """A forced sub-decision a player makes at once."""

    kind: Literal[
        "character",
        "keep3",
        "hand",
        "mlimit",
        "search",
        "controller",
        "quarter",
        "free",
        "claim",
        "deck",
    ]
    seat: int
    items: tuple[str, ...] = ()
    """Cards, missions, tokens, codes or regions to choose among."""
    arg: str = ""
    """The searched deck (``A``/``M``), or the free card's region (``*``: any)."""


class Spy(msgspec.Struct, frozen=True):
    """An Espionage event waiting for reactions."""

    cards: tuple[str, ...]
    """The Agency cards used by the event."""
    queue: tuple[int, ...]
    """Seats still to consider, in priority order."""


class Window(msgspec.Struct, frozen=True):
    """A First window at the start of Phase II or III."""

    declined: tuple[int, ...] = ()


class Need(msgspec.Struct, frozen=True):
    """A random step the rules wait for."""

    kind: Literal["setup", "rolloff", "roll", "reroll", "tokens", "codes", "under", "hush"]
    seat: int = -1
    arg: str = ""
    """Rerolled dice, the Code deck to reshuffle, how many tokens to draw, what a
    concealed wait stands for (``spy``/``first``), or, for the discard pile shuffled under
    the deck, ``top``: the seat then takes the top card (else it searches)."""


class CovertState(msgspec.Struct, frozen=True):
    """Everything about a Covert match."""

    seats: int
    phase: Phase = "setup"
    round: int = 0
    players: tuple[Player, ...] = ()
    cubes: tuple[tuple[str, ...], ...] = ()
    """Intel cube colours per city, in the order of CITIES."""
    agency_deck: tuple[str, ...] = ()
    """Face-down Agency cards, top first."""
    agency_discard: tuple[str, ...] = ()
    region_spaces: tuple[str, ...] = ()
    """The face-up Agency card of each region in canonical order ("" when empty)."""
    mission_deck: tuple[str, ...] = ()
    mission_row: tuple[str, ...] = ()
    """The three face-up Missions ("" when empty)."""
    code_decks: tuple[tuple[str, ...], ...] = ((), ())
    """Code Deck A and Deck B, top first."""
    cipher: tuple[int, ...] = ()
    """Tile values at T1–T6, B1–B6."""
    bag: tuple[str, ...] = ()
    fresh: tuple[str, ...] = ()
    """Tokens drawn during the current turn (not usable yet)."""
    rolloff: tuple[int, ...] = ()
    """Seats still contending for start player."""
    first_placer: int = 0
    turn: Turn | None = None
    last: int = -1
    """Seat of the last normal main turn (where the order goes on)."""
    moving: Moving | None = None
    prompts: tuple[Prompt, ...] = ()
    spy: Spy | None = None
    window: Window | None = None
    needs: tuple[Need, ...] = ()
    end_flag: bool = False
    final_order: tuple[int, ...] = ()
    """Seats still to take a final-mission turn."""
    picked: tuple[str, ...] = ()
    """Characters chosen so far, in seat order (host option ``characters = choose``)."""
    spy_never: tuple[int, ...] = ()
    """Seats whose Espionage setting is *never*: never asked, their reaction declined."""
    first_never: tuple[int, ...] = ()
    """Seats whose First setting is *never*: never asked, their reaction declined."""
    round_limit: int = 0
    """Host option: the final missions follow this round even if nobody has six (0: none)."""
    conceal: bool = False
    """Host option ``conceal_reactions``: every Espionage event and First window waits alike."""

    def colour(self, seat: int) -> str:
        """Return a seat's colour."""
        return COLOURS[seat]

    def order(self) -> tuple[int, ...]:
        """Return the seats by Turn Order token (those without one last, by seat)."""
        return tuple(sorted(range(self.seats), key=lambda s: (self.players[s].turn_token or 99, s)))

    def city_index(self, key: str) -> int:
        """Return a city's index in CITIES."""
        return list(CITY).index(key)
