"""Rotating partnerships (rules §7, source "partnership play"): who partners whom in a game.

Five players only. In games 1-5 of a session the dealer's left (sinistra) and right
(destra) neighbours are partners against the other three; in games 6-10 sinistra,
the dealer and destra play against the other two. The deal passes clockwise, so
over five games everyone deals once. A longer session starts the cycle again.
"""

from __future__ import annotations

from typing import Final

ROTATING_SEATS: Final = 5
"""Rotating partnerships are played by exactly this many players."""
BLOCK: Final = 5
"""Games with the same seat geometry before it changes."""
AROUND: Final = "A"
"""The team letter of the partnership around the dealer (sinistra and destra)."""
OTHERS: Final = "B"


def around_dealer(seats: int, dealer: int, game: int) -> tuple[int, ...]:
    """Return the partnership around the dealer in game ``game`` (1-based), in seat order."""
    sinistra, destra = (dealer + 1) % seats, (dealer - 1) % seats
    first_half = (game - 1) // BLOCK % 2 == 0
    members = {sinistra, destra} if first_half else {sinistra, dealer, destra}
    return tuple(sorted(members))


def rotating_teams(seats: int, dealer: int, game: int) -> tuple[str, ...]:
    """Return each seat's team letter for one game of rotating partnerships."""
    around = around_dealer(seats, dealer, game)
    return tuple(AROUND if s in around else OTHERS for s in range(seats))
