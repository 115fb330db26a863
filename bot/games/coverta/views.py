"""What each seat may know of a COVERTA match: the public view and a seat's private view."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from bot.engine.view import SeatView, mirror
from bot.games.coverta.cards import Card, Instruction
from bot.games.coverta.flow import broken_rules, enforced
from bot.games.coverta.state import CovertaState


class LayoutCard(msgspec.Struct, frozen=True):
    """A card in the layout, as everyone sees it."""

    card: Card
    row: int | None
    """Seat whose row holds it; None for the starting card."""
    column: int
    placement: int
    """Placement number; the starting card is 0."""
    placed_by: int | None
    token: bool


class AttemptView(msgspec.Struct, frozen=True):
    """A play in a place (or a steal) as everyone saw it; the broken instruction stays secret."""

    offender: int
    target: int
    card: Card
    reference: Card
    """The last card placed when the attempt was made."""
    round: int
    steal: bool
    success: bool
    exception: bool
    handed: int


class PlayerField(msgspec.Struct, frozen=True):
    """One player's public situation."""

    seat: int
    hand_size: int
    tokens: int
    barred_from: tuple[int, ...]
    """Opponents this player may no longer play against."""
    revealed: tuple[Instruction | None, Instruction | None]
    """Rule 1 and rule 2 when revealed publicly."""
    eliminated: bool


class ShownView(msgspec.Struct, frozen=True):
    """An opponent's instruction shown to this seat after its own failed attempt."""

    owner: int
    rule: int
    """1 or 2."""
    instruction: Instruction
    round: int
    attempt: int
    """Index in the public attempt history."""


class PublicView(msgspec.Struct, frozen=True):
    """Everything anyone at the table may know; secrets appear only once the match is over."""

    mode: str
    steal: bool
    phase: str
    round: int
    turn: int
    dealer: int
    first: int
    last: Card | None
    layout: tuple[LayoutCard, ...]
    players: tuple[PlayerField, ...]
    draw_pile: int
    """Number of cards left in the draw pile."""
    quiet: int
    """Q, the count of consecutive quiet turns."""
    window: bool
    stealers: tuple[int, ...]
    attempts: tuple[AttemptView, ...]
    bars: tuple[tuple[int, int], ...]
    over: bool
    winners: tuple[int, ...]
    termination: str
    final_hands: tuple[tuple[Card, ...], ...] = ()
    """Every hand, once the match is over."""
    final_instructions: tuple[tuple[Instruction, Instruction], ...] = ()
    """Every player's instructions, once the match is over."""


class PrivateView(SeatView[PublicView], frozen=True):
    """What one seat knows: the public view plus its own secrets."""

    instructions: tuple[Instruction, ...]
    """Rule 1 and rule 2 (empty before the deal)."""
    hand: tuple[Card, ...]
    satisfying: tuple[int, ...]
    """Numbers of hand cards that meet both instructions after L."""
    enforced: bool
    """Own-row placements must meet the instructions (strict mode, or both revealed)."""
    shown: tuple[ShownView, ...]


def public_view(state: CovertaState, cards: Sequence[Card]) -> PublicView:
    """Build the public view of a state."""
    s = state
    over = s.phase == "over"
    final_hands = tuple(tuple(cards[c - 1] for c in h) for h in s.hands) if over else ()
    return mirror(
        PublicView,
        s,
        last=cards[s.last - 1] if s.layout else None,
        layout=layout_cards(s, cards),
        players=tuple(player_field(s, seat) for seat in range(s.seats)),
        draw_pile=len(s.draw_pile),
        stealers=tuple(sorted(s.stealers())),
        attempts=tuple(attempt_views(s, cards)),
        over=over,
        final_hands=final_hands,
        final_instructions=s.instructions if over else (),
    )


def layout_cards(state: CovertaState, cards: Sequence[Card]) -> tuple[LayoutCard, ...]:
    """Return the layout as everyone sees it (without the secret compliance flags)."""
    return tuple(
        LayoutCard(cards[pl.card - 1], pl.row, pl.column, i, pl.by, pl.token)
        for i, pl in enumerate(state.layout)
    )


def player_field(state: CovertaState, seat: int) -> PlayerField:
    """Build one player's public field."""
    rules = state.instructions[seat] if state.instructions else None
    shown = state.revealed[seat]
    return PlayerField(
        seat=seat,
        hand_size=len(state.hands[seat]),
        tokens=sum(1 for pl in state.layout if pl.row == seat and pl.token),
        barred_from=tuple(o for x, o in state.bars if x == seat),
        revealed=(
            rules[0] if rules and shown[0] else None,
            rules[1] if rules and shown[1] else None,
        ),
        eliminated=state.eliminated[seat],
    )


def attempt_views(state: CovertaState, cards: Sequence[Card]) -> list[AttemptView]:
    """Build the public history of attempts."""
    return [
        AttemptView(
            a.offender,
            a.target,
            cards[a.card - 1],
            cards[a.reference - 1],
            a.round,
            a.steal,
            a.success,
            a.exception,
            a.handed,
        )
        for a in state.attempts
    ]


def private_view(state: CovertaState, cards: Sequence[Card], seat: int) -> PrivateView:
    """Build one seat's private view."""
    s = state
    dealt = bool(s.layout)
    hand = s.hands[seat]
    return PrivateView(
        seat=seat,
        public=public_view(s, cards),
        instructions=s.instructions[seat] if dealt else (),
        hand=tuple(cards[c - 1] for c in hand),
        satisfying=tuple(c for c in hand if dealt and not broken_rules(s, cards, seat, c)),
        enforced=enforced(s, seat) if dealt else s.mode == "strict",
        shown=tuple(
            ShownView(x.owner, x.rule + 1, s.instructions[x.owner][x.rule], x.round, x.attempt)
            for x in s.shown
            if x.viewer == seat
        ),
    )
