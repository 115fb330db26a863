"""Fast playouts of a Coins hand on card numbers, for the sampling AI.

A playout follows the rules exactly (§4.2 decides every trick, points go to the
winner, reaching the target stops it) but picks cards with a quick rule of thumb:
play last and the trick holds Coins, or one of your winning cards is a Coins
card, and you take it with your best such card; otherwise play a random card
that is not a Coins card when you have one. A seat may be made *wild*: with that
probability it plays any card at random instead.

Draws come from a pool of numbers drawn once per determinization, so every
candidate card tried on that deal meets the same luck (common random numbers).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from bot.games.coins.cards import DECK_SIZE, RANKS, SEATS, winning_index

COIN_LOW: Final = RANKS
COIN_HIGH: Final = 2 * RANKS
"""Card numbers of the Coins suit: COIN_LOW <= n < COIN_HIGH."""


@lru_cache(maxsize=DECK_SIZE * DECK_SIZE)
def outcomes(a: int, b: int) -> bytes:
    """Return, for every third card c, the index (0, 1, 2) of the card that takes a, b, c."""
    return bytes(winning_index(a, b, c) for c in range(DECK_SIZE))


def coins_in(cards: Sequence[int]) -> int:
    """Count the Coins cards among card numbers."""
    return sum(1 for n in cards if COIN_LOW <= n < COIN_HIGH)


def taker(hand: Sequence[int], a: int, b: int) -> int:
    """Return the card that takes a trick worth taking from the last seat, or -1.

    Worth taking: the trick holds Coins, or a winning card is itself a Coins card.
    A Coins winner comes first (it adds a point), then the lowest winner.
    """
    row = outcomes(a, b)
    best, best_key = -1, (-1, 0)
    for c in hand:
        if row[c] == 2:
            key = (1 if COIN_LOW <= c < COIN_HIGH else 0, -(c % RANKS))
            if key > best_key:
                best, best_key = c, key
    if best < 0:
        return -1
    worth = coins_in((a, b)) or best_key[0]
    return best if worth else -1


def quick_card(hand: list[int], table: Sequence[int], draw: float) -> int:
    """Pick a card by the rule of thumb, with ``draw`` in [0, 1) as the luck."""
    if len(table) == 2:
        best = taker(hand, table[0], table[1])
        if best >= 0:
            return best
    size = len(hand)
    start = int(draw * size)
    for step in range(size):
        c = hand[(start + step) % size]
        if not COIN_LOW <= c < COIN_HIGH:
            return c
    return hand[start]


class Playout:
    """The rest of a hand played out quickly from one deal of every seat's cards."""

    def __init__(self, scores: Sequence[int], target: int, wild: Sequence[float]) -> None:
        self.scores = scores
        self.target = target
        self.wild = wild

    def pick(self, hand: list[int], table: list[int], seat: int, draw: float) -> int:
        """Return the card a seat plays, wild or by the rule of thumb."""
        wild = self.wild[seat]
        if draw < wild:
            return hand[int(draw / wild * len(hand))]
        return quick_card(hand, table, (draw - wild) / (1.0 - wild))

    def run(
        self, hands: list[list[int]], table: list[int], leader: int, tricks: int, pool: list[float]
    ) -> tuple[list[int], int]:
        """Play up to ``tricks`` tricks; return the points each seat won and who hit the target.

        The second value is -1 when nobody reached the target. ``hands`` and
        ``table`` are used up.
        """
        gains, at, size = [0, 0, 0], 0, len(pool)
        for _ in range(tricks):
            seat = (leader + len(table)) % SEATS
            while len(table) < SEATS:
                card = self.pick(hands[seat], table, seat, pool[at % size])
                at += 1
                hands[seat].remove(card)
                table.append(card)
                seat = (seat + 1) % SEATS
            leader = (leader + outcomes(table[0], table[1])[table[2]]) % SEATS
            gains[leader] += coins_in(table)
            if self.scores[leader] + gains[leader] >= self.target:
                return gains, leader
            if not hands[leader]:
                break
            table = []
        return gains, -1
