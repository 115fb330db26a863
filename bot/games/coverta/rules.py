"""COVERTA rules: place cards under two secret instructions, or in an opponent's place.

The full specification is ``shared/rules/coverta.md``. Randomness (the deal and
the cards handed over after a failed play in a place) arrives as chance actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.engine.errors import IllegalAction, MatchOver, NotYourTurn
from bot.engine.i18n import N_
from bot.engine.phrase import Phrase, phrase
from bot.engine.rng import Rng
from bot.engine.rules import ON, GameSpec, OptionSpec, Outcome, Rules, Transition
from bot.engine.seats import CHANCE, Seat
from bot.games.coverta import flow
from bot.games.coverta.actions import (
    ACTIONS,
    CovertaAction,
    Deal,
    Draw,
    EndTurn,
    Handover,
    Pass,
    Place,
    PlayInPlace,
    Steal,
)
from bot.games.coverta.attempts import attempt, hand_over, resume
from bot.games.coverta.cards import CARDS, DECK_SIZE, Card
from bot.games.coverta.messages import ended, winners_text
from bot.games.coverta.state import CovertaState
from bot.games.coverta.views import PrivateView, PublicView, private_view, public_view

SPEC: Final = GameSpec(
    key="coverta",
    title="COVERTA",
    min_seats=2,
    max_seats=6,
    options=(
        OptionSpec(
            name="mode",
            description=N_(
                "strict: the bot refuses cards that break your rules; bluff: you may lie"
            ),
            choices=(("strict", N_("Strict")), ("bluff", N_("Bluff"))),
            default="strict",
        ),
        OptionSpec.switch(
            "steal", N_("Let players play in the active player's place before they act")
        ),
    ),
)


TOO_LATE: Final = phrase("Too late: the steal window has closed. Your card stays.")
"""A steal clicked in a window that has closed (rules 4.6.3)."""


def steal_refusal(state: CovertaState, seat: int) -> Phrase:
    """Say why a seat may not steal now: out of play, barred from the active player's place
    (rules 4.3, 4.6.2), or the window is closed."""
    if 0 <= seat < state.seats and not state.active(seat):
        return phrase("You are out of play.")
    if state.window and state.turn is not None and state.barred(seat, state.turn):
        return phrase("You may no longer play in that player's place.")
    return TOO_LATE


class CovertaRules(Rules[CovertaState]):
    """The pure rules of COVERTA; ``cards`` may replace the shipped attribute table in tests."""

    spec = SPEC
    actions = ACTIONS

    def __init__(self, cards: Sequence[Card] = CARDS) -> None:
        if [c.number for c in cards] != list(range(1, DECK_SIZE + 1)):
            raise ValueError("the card table must list cards 1..40 in order")
        self.cards: tuple[Card, ...] = tuple(cards)

    def setup(self, seats: int, chosen: dict[str, str]) -> CovertaState:
        """Return the table before the deal."""
        return CovertaState(
            seats=seats,
            mode="bluff" if chosen["mode"] == "bluff" else "strict",
            steal=chosen["steal"] == ON,
            hands=((),) * seats,
            revealed=((False, False),) * seats,
            eliminated=(False,) * seats,
        )

    def chance_due(self, state: CovertaState) -> bool:
        """Tell whether the deal or the handing over of cards is pending."""
        return state.phase in ("deal", "handover")

    def players_to_act(self, state: CovertaState) -> frozenset[Seat]:
        """Return the player to move and any stealers."""
        return frozenset({state.turn}) | state.stealers()

    def moves(self, state: CovertaState, seat: Seat) -> Sequence[CovertaAction]:
        """List every action the seat may take now."""
        hand = state.hands[seat]
        if seat != state.turn:
            return tuple(Steal(c) for c in hand)
        if state.phase == "follow":
            plays = [PlayInPlace(c, o) for o in state.targets(seat) for c in hand]
            return (*plays, EndTurn())
        places = [Place(c) for c in hand if self._may_place(state, seat, c)]
        if state.draw_pile:
            return (*places, Draw())
        if flow.can_place(state, self.cards, seat):
            return tuple(places)  # §4.2 C: no pass while a card fits your own instructions
        return (*places, Pass())

    def reframed(self, state: CovertaState, seat: Seat, action: Any) -> bool:
        """Tell whether a click made before another step means something else now.

        A steal is refused: the steps since (the active player's action, another steal
        and the cards it cost) closed the window it was clicked in (rules 4.6.3, 8.14).
        The player whose turn it is has their action judged against the new state, but
        a bluff placement that now breaks one of their rules was not warned against the
        new L (4.5.1): they see the table as it is and choose again.
        """
        if isinstance(action, Steal):
            raise IllegalAction(TOO_LATE)
        return isinstance(action, Place) and bool(
            flow.broken_rules(state, self.cards, seat, action.card)
        )

    def chance_outcome(self, state: CovertaState, rng: Rng) -> CovertaAction:
        """Draw the deal, or the cards handed over after a failed attempt."""
        if state.phase == "deal":
            deck = list(range(1, DECK_SIZE + 1))
            rng.shuffle(deck)
            group_a, group_b = list(range(6)), list(range(6, 12))
            rng.shuffle(group_a)
            rng.shuffle(group_b)
            n = state.seats
            dealer = rng.randrange(n)
            return Deal(dealer, tuple(deck), tuple(group_a[:n]), tuple(group_b[:n]))
        if state.phase == "handover" and state.pending is not None:
            hand = list(state.hands[state.pending.target])
            rng.shuffle(hand)
            return Handover(tuple(sorted(hand[:2])))
        raise IllegalAction(phrase("No random step is pending."))

    def apply(self, state: CovertaState, seat: Seat, action: Any) -> Transition:
        """Apply an action, refusing it with a readable reason when it is not allowed."""
        if state.phase == "over":
            raise MatchOver()
        if seat not in self.to_act(state):
            if isinstance(action, Steal) and state.steal and seat != state.turn:
                raise NotYourTurn(steal_refusal(state, seat))
            raise NotYourTurn()
        d = flow.Draft(state, self.cards)
        if seat == CHANCE:
            self._apply_chance(d, action)
        elif seat != state.turn:
            self._apply_steal(d, seat, action)
        else:
            self._apply_turn(d, seat, action)
        return d.transition()

    def public_view(self, state: CovertaState) -> PublicView:
        """Return what anyone at the table may know."""
        return public_view(state, self.cards)

    def private_view(self, state: CovertaState, seat: Seat) -> PrivateView:
        """Return the public view and the seat's hand, instructions and what it was shown."""
        return private_view(state, self.cards, seat)

    def final(self, state: CovertaState) -> Outcome:
        """Return the standings once the match is over."""
        return Outcome(
            ranks=flow.standings(state),
            termination=state.termination,
            summary=winners_text(state.winners, state.termination),
        )

    def hidden_from(self, state: CovertaState, seat: Seat | None) -> Sequence[Any]:
        """List the cards and instructions this seat may not see (nothing once it is over)."""
        if state.phase == "over":
            return []
        tried = {a.card for a in state.attempts}
        numbers = [c for o, h in enumerate(state.hands) if o != seat for c in h]
        numbers += state.draw_pile
        secret: list[Any] = [self.cards[c - 1] for c in numbers if c not in tried]
        known = {(x.owner, x.rule) for x in state.shown if x.viewer == seat}
        for owner, pair in enumerate(state.instructions):
            secret += [
                instruction
                for rule, instruction in enumerate(pair)
                if owner != seat and not state.revealed[owner][rule]
                if (owner, rule) not in known
            ]
        return secret

    def _may_place(self, state: CovertaState, seat: int, number: int) -> bool:
        """Tell whether an own-row placement would be accepted."""
        if not flow.enforced(state, seat):
            return True
        return not flow.broken_rules(state, self.cards, seat, number)

    def _apply_chance(self, d: flow.Draft, action: Any) -> None:
        """Apply the deal or the handing over of cards."""
        if isinstance(action, Deal) and d.state.phase == "deal":
            flow.deal(d, action)
        elif isinstance(action, Handover) and d.state.pending is not None:
            steal = d.state.pending.steal
            hand_over(d, action.cards)
            resume(d, steal)
        else:
            raise IllegalAction(phrase("That is not the pending random step."))

    def _apply_steal(self, d: flow.Draft, seat: int, action: Any) -> None:
        """Apply a steal by a player other than the one whose turn it is."""
        if not isinstance(action, Steal):
            raise IllegalAction(
                phrase("It is not your turn: while the window is open you may only steal.")
            )
        attempt(d, seat, d.state.turn, action.card, steal=True)
        resume(d, steal=True)

    def _apply_turn(self, d: flow.Draft, seat: int, action: Any) -> None:
        """Apply an action of the player whose turn it is."""
        follow = d.state.phase == "follow"
        if isinstance(action, Place | Draw | Pass) and follow:
            raise IllegalAction(
                phrase("You already drew or passed: play in a place or end your turn.")
            )
        if isinstance(action, PlayInPlace | EndTurn) and not follow:
            raise IllegalAction(
                phrase("You may play in a place or end your turn only after a draw or a pass.")
            )
        if isinstance(action, Place):
            flow.place(d, seat, action.card)
        elif isinstance(action, Draw):
            flow.draw(d, seat)
        elif isinstance(action, Pass):
            flow.pass_turn(d, seat)
        elif isinstance(action, PlayInPlace):
            attempt(d, seat, action.target, action.card, steal=False)
            resume(d, steal=False)
        elif isinstance(action, EndTurn):
            d.say(ended(seat))
            flow.end_turn(d, quiet_turn=d.state.passed)
        elif isinstance(action, Steal):
            raise IllegalAction(phrase("You cannot steal during your own turn."))
        else:
            raise IllegalAction(phrase("That action is not part of a turn."))
