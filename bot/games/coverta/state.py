"""The COVERTA match state and small read-only helpers on it."""

from __future__ import annotations

from typing import Literal

import msgspec

from bot.games.coverta.cards import Instruction

Mode = Literal["strict", "bluff"]
Phase = Literal["deal", "turn", "follow", "handover", "over"]


class Placement(msgspec.Struct, frozen=True):
    """A card in the layout; its placement number is its index in the layout."""

    card: int
    """Number of the card."""
    row: int | None
    """Seat whose row holds it; None for the starting card."""
    column: int
    """The round in which it was placed (0 for the starting card)."""
    by: int | None
    """Seat that placed it; None for the starting card."""
    token: bool = False
    """Bluff variant: publicly found non-compliant."""
    meets: tuple[bool, bool] = (True, True)
    """Secret flags: whether it met the row owner's rule 1 and rule 2 when placed."""


class Attempt(msgspec.Struct, frozen=True):
    """A play in an opponent's place (or a steal), as everyone saw it."""

    offender: int
    target: int
    card: int
    """The card tried."""
    reference: int
    """The last card placed at that moment."""
    round: int
    steal: bool
    success: bool
    exception: bool = False
    """Bluff exception: the tried card went to the target's hand."""
    handed: int = 0
    """How many cards the target handed to the offender."""


class Shown(msgspec.Struct, frozen=True):
    """An instruction shown privately to an offender after a failed attempt."""

    viewer: int
    owner: int
    rule: int
    """0 for the owner's rule 1, 1 for rule 2."""
    round: int
    attempt: int
    """Index of the attempt in the attempt history."""


class Pending(msgspec.Struct, frozen=True):
    """A failed attempt waiting for the random choice of the cards handed over."""

    offender: int
    target: int
    steal: bool


class CovertaState(msgspec.Struct, frozen=True):
    """Everything about a COVERTA match, secrets included."""

    seats: int
    mode: Mode = "strict"
    steal: bool = False
    phase: Phase = "deal"
    dealer: int = 0
    first: int = 0
    """Seat that takes the first turn of every round."""
    turn: int = 0
    round: int = 0
    hands: tuple[tuple[int, ...], ...] = ()
    draw_pile: tuple[int, ...] = ()
    """Face-down cards, top first."""
    instructions: tuple[tuple[Instruction, Instruction], ...] = ()
    layout: tuple[Placement, ...] = ()
    bars: tuple[tuple[int, int], ...] = ()
    """(X, O): X may never again play in O's place."""
    revealed: tuple[tuple[bool, bool], ...] = ()
    """Per seat: rule 1 / rule 2 revealed publicly."""
    shown: tuple[Shown, ...] = ()
    attempts: tuple[Attempt, ...] = ()
    eliminated: tuple[bool, ...] = ()
    window: bool = False
    """Steal variant: the steal window of the current turn is open."""
    quiet: int = 0
    """Q: consecutive quiet turns once the draw pile is empty."""
    passed: bool = False
    """The current turn's action was a pass."""
    pending: Pending | None = None
    winners: tuple[int, ...] = ()
    termination: str = ""
    """The last few public events, for the table message."""

    @property
    def last(self) -> int:
        """Return L, the number of the last card placed."""
        return self.layout[-1].card

    def active(self, seat: int) -> bool:
        """Tell whether a seat is still in play (not eliminated)."""
        return not self.eliminated[seat]

    def barred(self, seat: int, target: int) -> bool:
        """Tell whether seat may no longer play in target's place."""
        return (seat, target) in self.bars

    def targets(self, seat: int) -> tuple[int, ...]:
        """Return the opponents seat may play against now."""
        return tuple(
            o
            for o in range(self.seats)
            if o != seat and self.active(o) and not self.barred(seat, o)
        )

    def stealers(self) -> frozenset[int]:
        """Return the seats that may steal while the window is open."""
        if not (self.steal and self.window and self.phase == "turn"):
            return frozenset()
        return frozenset(
            x
            for x in range(self.seats)
            if x != self.turn and self.active(x) and self.hands[x]
            if not self.barred(x, self.turn)
        )

    def in_play(self) -> int:
        """Return the number of players not eliminated."""
        return sum(1 for s in range(self.seats) if self.active(s))
