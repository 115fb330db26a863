"""Shared set-up for the COVERTA tests: the worked example's deal and a small driver."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import CHANCE, Match
from bot.games.coverta.actions import Deal
from bot.games.coverta.cards import Instruction, Trait
from bot.games.coverta.rules import CovertaRules
from bot.games.coverta.state import CovertaState
from bot.games.coverta.views import PrivateView, PublicView
from tests.support.games import MatchTable

ALICE, BOB, CAROL = 0, 1, 2
ALICE_RULES = (Instruction(Trait.PARITY, keep=False), Instruction(Trait.FILL, keep=True))
BOB_RULES = (Instruction(Trait.SHAPE, keep=True), Instruction(Trait.BACKGROUND, keep=False))
CAROL_RULES = (
    Instruction(Trait.NUMBER_COLOUR, keep=True),
    Instruction(Trait.SHAPE_COLOUR, keep=True),
)
ALICE_HAND = (1, 7, 14, 20, 24, 27, 33, 38, 40)
BOB_HAND = (4, 9, 10, 15, 17, 21, 28, 31, 36)
RULES = CovertaRules()


def example_deal() -> Deal:
    """Return the deal of the worked example (rules §9): dealer Bob, start card 12."""
    return Deal.arrange(BOB, (ALICE_HAND, BOB_HAND), 12, (30, 3, 5), (ALICE_RULES, BOB_RULES))


CAROL_HAND = (2, 6, 8, 11, 13, 16, 18, 19)


def three_player_deal() -> Deal:
    """Return a three-player deal: dealer Carol, so Alice starts; start card 12."""
    hands = (ALICE_HAND[:8], BOB_HAND[:8], CAROL_HAND)
    rules = (ALICE_RULES, BOB_RULES, CAROL_RULES)
    return Deal.arrange(CAROL, hands, 12, (30, 3, 5), rules)


class Table(MatchTable[CovertaState, PublicView, PrivateView]):
    """A match driven step by step, keeping the last step's events."""

    rules = RULES
    public_type = PublicView
    private_type = PrivateView

    def __init__(
        self,
        deal: Deal | None = None,
        seats: int = 2,
        mode: str = "strict",
        steal: str = "off",
    ) -> None:
        super().__init__(Match.new(RULES, seats, {"mode": mode, "steal": steal}))
        self.play(CHANCE, (deal or example_deal()).token())

    def hand(self, seat: int) -> tuple[int, ...]:
        """Return a seat's hand."""
        return self.state.hands[seat]

    def set_hands(
        self, hands: Mapping[int, tuple[int, ...]], pile: tuple[int, ...] | None = None
    ) -> None:
        """Give seats new hands; cards taken away go under the draw pile (or set the pile)."""
        new = list(self.state.hands)
        for seat, hand in hands.items():
            new[seat] = tuple(sorted(hand))
        kept = {c for h in new for c in h}
        rest = tuple(c for c in self.state.draw_pile if c not in kept)
        rest += tuple(c for h in self.state.hands for c in h if c not in kept and c not in rest)
        self.tweak(hands=tuple(new), draw_pile=rest if pile is None else pile)


def layout_numbers(table: Table, row: int | None) -> list[int]:
    """Return the numbers in one layout row, in placement order."""
    return [pl.card for pl in table.state.layout if pl.row == row]
