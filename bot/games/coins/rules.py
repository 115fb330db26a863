"""Coins rules: three players, no duty to follow suit, a cycle of suits decides mixed tricks.

The full specification is ``shared/rules/coins.md``. Every shuffle and the first
dealer arrive as a chance action (``Deal``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.engine.errors import NO_DEAL_PENDING, IllegalAction, MatchOver, NotYourTurn
from bot.engine.i18n import N_
from bot.engine.rng import Rng
from bot.engine.rules import GameSpec, OptionSpec, Outcome, Rules, Transition
from bot.engine.seats import CHANCE, Seat
from bot.games.coins import flow
from bot.games.coins import messages as say
from bot.games.coins.actions import ACTIONS, CoinsAction, Deal, Play
from bot.games.coins.cards import DECK_SIZE, SEATS, card, hand_order
from bot.games.coins.state import CoinsState
from bot.games.coins.views import private_view, public_view

SPEC: Final = GameSpec(
    key="coins",
    title="Coins",
    min_seats=SEATS,
    max_seats=SEATS,
    options=(
        OptionSpec(
            name="target",
            description=N_("Points needed to win (each Coins card in a trick you win is 1 point)"),
            choices=(("10", N_("10 points")), ("15", N_("15 points")), ("20", N_("20 points"))),
            default="15",
        ),
    ),
)


class CoinsRules(Rules[CoinsState]):
    """The pure rules of Coins by Mark Steere."""

    spec = SPEC
    actions = ACTIONS

    def setup(self, seats: int, chosen: dict[str, str]) -> CoinsState:
        """Return the table before the first deal."""
        return CoinsState(target=int(chosen["target"]))

    def players_to_act(self, state: CoinsState) -> frozenset[Seat]:
        """Return the seat to play."""
        return frozenset({state.turn})

    def moves(self, state: CoinsState, seat: Seat) -> Sequence[CoinsAction]:
        """List the cards the seat may play: its whole hand on its turn."""
        return tuple(Play(c.number) for c in sorted(map(card, state.hands[seat]), key=hand_order))

    def chance_outcome(self, state: CoinsState, rng: Rng) -> CoinsAction:
        """Shuffle the deck; the first dealer is drawn at random (house rule)."""
        if state.phase != "deal":
            raise IllegalAction(NO_DEAL_PENDING)
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        dealer = rng.randrange(SEATS) if state.hand == 0 else state.dealer
        return Deal(dealer, tuple(deck))

    def apply(self, state: CoinsState, seat: Seat, action: Any) -> Transition:
        """Apply a deal or a card played, refusing it with a readable reason."""
        if state.phase == "over":
            raise MatchOver()
        if seat not in self.to_act(state):
            raise NotYourTurn()
        d = flow.Draft(state)
        if seat == CHANCE and isinstance(action, Deal):
            flow.deal(d, action)
        elif seat != CHANCE and isinstance(action, Play):
            flow.play(d, seat, action.card)
        else:
            raise IllegalAction(say.NOT_A_DEAL if seat == CHANCE else say.NOT_A_PLAY)
        return d.transition()

    public_view = staticmethod(public_view)
    private_view = staticmethod(private_view)

    def final(self, state: CoinsState) -> Outcome | None:
        """Return the standings once a player has reached the target."""
        if state.winner is None:
            return None
        return Outcome(
            ranks=flow.standings(state),
            termination="target",
            summary=say.reached(state.winner, state.scores[state.winner], state.target),
            scores=tuple(float(v) for v in state.scores),
        )

    def hidden_from(self, state: CoinsState, seat: Seat | None) -> Sequence[Any]:
        """List the cards in other seats' hands (nothing once the match is over)."""
        if state.phase == "over":
            return []
        return [card(c) for o, h in enumerate(state.hands) if o != seat for c in h]


def table_lines(state: CoinsState) -> int | None:
    """Return how many of the latest public moves the table (and the move log) may list:
    the last completed trick's three cards and result (and the end of the hand it closed),
    and the current trick's cards; at a hand's start, the deal line after the previous
    hand's last trick and end, until the new hand's first trick is complete (rules §6: the
    last completed trick stays in view). Older tricks stay face down during the hand (house
    rule); at the end every line may show."""
    if state.phase == "over":
        return None
    if state.last is None:  # the first trick of a hand is being played
        return 1 + len(state.trick) + (5 if state.hand > 1 else 0)
    return 4 + len(state.trick) + (state.phase == "deal")
