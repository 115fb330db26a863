"""What each seat may know of a Coins match: the public view and a seat's private view."""

from __future__ import annotations

import msgspec

from bot.engine.view import SeatView, mirror
from bot.games.coins.cards import Card, card, hand_order
from bot.games.coins.state import CoinsState, Played, Trick

PlayView = Played[Card]
"""A card on the table and who played it."""
TrickView = Trick[Card]
"""A completed trick as everyone saw it."""


class PlayerView(msgspec.Struct, frozen=True):
    """One player's public situation."""

    seat: int
    score: int
    tricks: int
    """Tricks taken in the current hand."""
    cards: int
    """Cards left in hand."""


class PublicView(msgspec.Struct, frozen=True):
    """Everything anyone at the table may know; the hands appear only once the match is over.

    ``history`` holds the completed tricks of this hand. Every card in it was played
    face up and is in the public move log, so a seat that watched knows it (the AI
    reasons from it); the table shows only the last trick, as the physical game
    turns tricks face down (house rule).
    """

    target: int
    phase: str
    hand: int
    """Number of the hand (0 before the first deal)."""
    dealer: int
    leader: int
    """Seat that led (or leads) the current trick."""
    turn: int | None
    """Seat to play now; None between hands and once the match is over."""
    players: tuple[PlayerView, ...]
    trick: tuple[PlayView, ...]
    """The current trick, in play order."""
    last: TrickView | None
    """The last completed trick of this hand."""
    history: tuple[TrickView, ...]
    coins_unseen: int
    """12 minus the Coins cards played so far in this hand."""
    over: bool
    winner: int | None
    final_hands: tuple[tuple[Card, ...], ...] = ()
    """Every hand left unplayed, once the match is over."""


class PrivateView(SeatView[PublicView], frozen=True):
    """What one seat knows: the public view plus its own hand."""

    hand: tuple[Card, ...]
    """Sorted by suit in cycle order, then rank from high to low."""
    my_turn: bool

    @property
    def coins_in_hand(self) -> int:
        """Return the Coins cards in this hand."""
        return sum(c.points for c in self.hand)

    @property
    def coins_elsewhere(self) -> int:
        """Return the unseen Coins the two opponents hold together."""
        return self.public.coins_unseen - self.coins_in_hand


def sorted_hand(numbers: tuple[int, ...]) -> tuple[Card, ...]:
    """Return a hand's cards in display order."""
    return tuple(sorted((card(n) for n in numbers), key=hand_order))


def play_views(plays: tuple[Played[int], ...]) -> tuple[PlayView, ...]:
    """Turn played card numbers into cards."""
    return tuple(PlayView(p.seat, card(p.card)) for p in plays)


def trick_view(trick: Trick[int]) -> TrickView:
    """Turn a completed trick into its public form."""
    return TrickView(play_views(trick.plays), trick.winner, trick.case, trick.missing, trick.points)


def player_views(state: CoinsState) -> tuple[PlayerView, ...]:
    """Return each player's score, tricks taken this hand and cards left."""
    return tuple(
        PlayerView(seat, state.scores[seat], state.tricks_won(seat), len(hand))
        for seat, hand in enumerate(state.hands)
    )


def public_view(state: CoinsState) -> PublicView:
    """Build the public view of a state."""
    s = state
    over = s.phase == "over"
    return mirror(
        PublicView,
        s,
        turn=s.turn if s.phase == "play" else None,
        players=player_views(s),
        trick=play_views(s.trick),
        last=trick_view(s.last) if s.last else None,
        history=tuple(trick_view(t) for t in s.taken),
        coins_unseen=s.coins_unseen(),
        over=over,
        final_hands=tuple(sorted_hand(h) for h in s.hands) if over else (),
    )


def private_view(state: CoinsState, seat: int) -> PrivateView:
    """Build one seat's private view."""
    return PrivateView(
        seat=seat,
        public=public_view(state),
        hand=sorted_hand(state.hands[seat]),
        my_turn=state.phase == "play" and state.turn == seat,
    )
