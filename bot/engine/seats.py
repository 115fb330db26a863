"""Seats are small integers fixed when a match starts; chance is a seat of its own.

Card games deal one card at a time, clockwise from the dealer's left: :func:`deal_out`
reads a shuffled deck into hands that way, and :func:`stacked` is its inverse (the deck
that deals given hands), which tests and examples use to set up a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

Seat = int
"""A seat number, 0..n-1, in the order fixed when the match starts."""

CHANCE: Final[Seat] = -1
"""The pseudo-seat that acts when the next step is random (a shuffle, a draw)."""

T = TypeVar("T")


def deal_order(dealer: Seat, seats: int) -> tuple[Seat, ...]:
    """Return the seats in dealing order: clockwise from the dealer's left, the dealer last."""
    return tuple((dealer + k) % seats for k in range(1, seats + 1))


def deal_out(cards: Sequence[T], dealer: Seat, seats: int) -> tuple[tuple[T, ...], ...]:
    """Deal the cards one at a time from the dealer's left: each seat's, in the order received."""
    order = deal_order(dealer, seats)
    hands: list[list[T]] = [[] for _ in range(seats)]
    for i, card in enumerate(cards):
        hands[order[i % seats]].append(card)
    return tuple(tuple(hand) for hand in hands)


def stacked(dealer: Seat, hands: Sequence[Sequence[T]]) -> list[T]:
    """Return the cards in the order :func:`deal_out` deals these hands (first card first);
    hands may differ by one card, the longer ones nearest the dealer's left."""
    order = deal_order(dealer, len(hands))
    longest = max(len(hand) for hand in hands)
    return [hands[s][i] for i in range(longest) for s in order if i < len(hands[s])]
