"""Helpers for Covert tests: arranged set-ups and a small driver that plays tokens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from bot.engine import CHANCE, Event, Match
from bot.engine.rules import Action
from bot.games.covert.actions import Simple, plays
from bot.games.covert.chance import Draw, Rolls, Setup, Shuffle
from bot.games.covert.data import AGENCY_CARDS, CHARACTERS, CODE_CARDS
from bot.games.covert.missions import MISSIONS
from bot.games.covert.rules import CovertRules
from bot.games.covert.state import CovertState

RULES = CovertRules()


def moves(state: CovertState, seat: int, rules: CovertRules = RULES) -> list[Action]:
    """Return the seat's legal actions but the dossier settings, which are open at every
    moment of the match (7.5) and tested on their own."""
    return plays(rules.legal_actions(state, seat))


def edit(state: CovertState, seat: int, **changes: Any) -> CovertState:
    """Return the state with some fields of one player replaced."""
    players = list(state.players)
    players[seat] = msgspec.structs.replace(players[seat], **changes)
    return msgspec.structs.replace(state, players=tuple(players))


def order(ids: Sequence[str], table: Sequence[Any], front: Sequence[str]) -> tuple[int, ...]:
    """Return a permutation of the table putting these ids first, the rest by number."""
    index = {x.id: i for i, x in enumerate(table)}
    first = [index[i] for i in front]
    return (*first, *(i for i in range(len(table)) if i not in first))


def arranged_setup(
    characters: Sequence[str] = (),
    agents: Sequence[str] = (),
    agency: Sequence[str] = (),
    missions: Sequence[str] = (),
    codes: Sequence[str] = (),
    tiles: Sequence[int] = (),
) -> Setup:
    """Build the set-up chance step dealing these cards first."""
    tile_order: list[int] = []
    used: set[int] = set()
    for value in tiles:
        i = 2 * (value - 1) + (1 if 2 * (value - 1) in used else 0)
        used.add(i)
        tile_order.append(i)
    tile_order += [i for i in range(12) if i not in used]
    return Setup(
        order([], CHARACTERS, characters),
        order([], AGENCY_CARDS, agents),
        order([], AGENCY_CARDS, agency),
        order([], MISSIONS, missions),
        order([], CODE_CARDS, codes),
        tuple(tile_order),
    )


class Table:
    """A match driven by tokens, keeping every event."""

    def __init__(self, seats: int) -> None:
        self.match = Match.new(RULES, seats, {})
        self.events: list[Event] = []

    @property
    def state(self) -> CovertState:
        """Return the current state."""
        state: CovertState = self.match.state
        return state

    def play(self, seat: int, action: Any) -> None:
        """Apply one action by token, as the service would."""
        self.events += self.match.step(seat, action.token())

    def place(self, seat: int, action: Any) -> None:
        """Place a die, then close the turn with End turn if it is still open (4.1 step 4)."""
        self.play(seat, action)
        if self.match.chance_pending:
            return
        turn = self.state.turn
        if turn is not None and turn.seat == seat and turn.kind == "place" and not turn.done:
            self.play(seat, Simple("end"))

    def chance(self, action: Any) -> None:
        """Apply a chance step."""
        assert self.match.chance_pending, RULES.to_act(self.state)
        self.play(CHANCE, action)

    def roll(self, faces: str) -> None:
        """Apply a dice roll given as digits."""
        self.chance(Rolls(tuple(int(c) for c in faces)))

    def legal(self, seat: int) -> list[str]:
        """Return the seat's legal tokens."""
        return [a.token() for a in moves(self.state, seat)]

    def text(self, names: Sequence[str] = ("Ada", "Ben", "Cy", "Dee")) -> str:
        """Return every public event so far."""
        return "\n".join(e.render(names) for e in self.events if e.audience is None)


__all__ = ["Draw", "Rolls", "Shuffle", "Table", "arranged_setup", "edit"]
