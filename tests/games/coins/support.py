"""Shared set-up for the Coins tests: cards by name, arranged deals and a small driver."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine import CHANCE, Event, Match
from bot.engine.phrase import words
from bot.games.coins.actions import Deal, Play
from bot.games.coins.cards import find
from bot.games.coins.rules import CoinsRules
from bot.games.coins.state import CoinsState
from bot.games.coins.views import PrivateView, PublicView
from tests.support.games import MatchTable

ANA, BEN, CY = 0, 1, 2
NAMES = ["Ana", "Ben", "Cy"]
RULES = CoinsRules()


def n(name: str) -> int:
    """Return a card's number from ``"5 Coins"`` or ``"King Swords"``."""
    rank, suit = name.split()
    return find(rank, suit).number


def arranged(dealer: int, hands: Sequence[Sequence[str]]) -> Deal:
    """Return the deal giving each seat these cards first (the rest of its 16 follow)."""
    return Deal.arrange(dealer, [[n(x) for x in hand] for hand in hands])


class Table(MatchTable[CoinsState, PublicView, PrivateView]):
    """A match driven step by step, keeping the last step's events."""

    rules = RULES
    public_type = PublicView
    private_type = PrivateView

    def __init__(self, deal: Deal | None = None, **options: str) -> None:
        super().__init__(Match.new(RULES, 3, options))
        if deal is not None:
            self.play(CHANCE, deal.token())

    def card(self, seat: int, name: str) -> tuple[Event, ...]:
        """Play a card by name for a seat."""
        return self.play(seat, Play(n(name)).token())

    def trick(self, *plays: tuple[int, str]) -> None:
        """Play a whole trick: (seat, card name) in play order."""
        for seat, name in plays:
            self.card(seat, name)

    def give(self, *hands: Sequence[str]) -> None:
        """Replace every seat's hand by these cards (by name)."""
        self.tweak(hands=tuple(tuple(n(x) for x in hand) for hand in hands))

    def text(self) -> str:
        """Return the text of every event of the last step."""
        return " ".join(words(e.text) for e in self.events)


def play_hand(table: Table, rng: random.Random) -> int:
    """Play random cards to the end of the hand; return the winner of its last trick."""
    hand = table.state.hand
    while table.state.phase == "play" and table.state.hand == hand:
        (seat,) = RULES.to_act(table.state)
        legal = RULES.legal_actions(table.state, seat)
        table.play(seat, legal[rng.randrange(len(legal))].token())
    assert table.state.last is not None
    return table.state.last.winner
