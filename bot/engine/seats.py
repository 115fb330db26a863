"""Seats are small integers fixed when a match starts; chance is a seat of its own."""

from __future__ import annotations

from typing import Final

Seat = int
"""A seat number, 0..n-1, in the order fixed when the match starts."""

CHANCE: Final[Seat] = -1
"""The pseudo-seat that acts when the next step is random (a shuffle, a draw)."""
