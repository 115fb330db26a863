"""The NEVER OVER match state and small read-only helpers on it."""

from __future__ import annotations

from typing import Literal

import msgspec

from bot.games.never_over.cards import TOP, Card, pack_cards

Phase = Literal["deal", "play", "over"]


class NeverOverState(msgspec.Struct, frozen=True):
    """Everything about a NEVER OVER session, secrets included; cards are pack ids."""

    seats: int
    pack: str = "standard"
    hand_size: int = 8
    """Cards dealt to each player (the option, lowered when the pack is too small)."""
    asked_hand_size: int = 8
    """The hand size the option asked for."""
    games: int = 1
    """Games in the session."""
    teams: tuple[str, ...] = ()
    """Each seat's team when partnerships are on; empty when they are off."""
    teams_dropped: bool = False
    """Partnerships were asked for, but every seat picked the same team."""
    rotating: bool = False
    """Rotating partnerships (five players): ``teams`` is set anew at every deal."""
    rotating_dropped: bool = False
    """Rotating partnerships were asked for with a player count other than five."""
    phase: Phase = "deal"
    game: int = 0
    """Number of the game being played (0 before the first deal)."""
    dealer: int = 0
    turn: int = 0
    hands: tuple[tuple[int, ...], ...] = ()
    """Each seat's hand; a retired seat's hand is its set-aside cards."""
    stock: tuple[int, ...] = ()
    """Face-down cards, top first."""
    greens: tuple[tuple[int, ...], ...] = ()
    """Each seat's green pile, oldest first."""
    reds: tuple[tuple[int, ...], ...] = ()
    """Each seat's red pile, oldest first (the last card is the top)."""
    discards: tuple[int, ...] = ()
    """The discards in the order they were added."""
    retired: tuple[bool, ...] = ()
    results: tuple[tuple[int, ...], ...] = ()
    """The scores of every finished game, per seat."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """Return the pack in play; ``cards[i]`` is the card with id i."""
        return pack_cards(self.pack)

    def card(self, card_id: int) -> Card:
        """Return a card by id."""
        return pack_cards(self.pack)[card_id]

    def cap(self, seat: int) -> int:
        """Return a seat's cap: the top red card's pointage, or 4 on an empty pile."""
        pile = self.reds[seat]
        return self.card(pile[-1]).points if pile else TOP

    def score(self, seat: int) -> int:
        """Return the total of a seat's green pile."""
        return sum(self.card(c).points for c in self.greens[seat])

    @property
    def sinistra(self) -> int:
        """Return the seat left of the dealer, who plays first."""
        return (self.dealer + 1) % self.seats

    def active(self, seat: int) -> bool:
        """Tell whether a seat still takes turns in this game."""
        return self.phase == "play" and not self.retired[seat]

    def partners(self, seat: int, other: int) -> bool:
        """Tell whether two different seats play in the same team."""
        return bool(self.teams) and seat != other and self.teams[seat] == self.teams[other]

    def game_points(self, seat: int) -> int:
        """Return what a seat scores in the current game (rules §5.2, §7).

        Its own green total; with rotating partnerships, its partnership's green total.
        """
        if not self.rotating or not self.teams:
            return self.score(seat)
        team = self.teams[seat]
        return sum(self.score(o) for o in range(self.seats) if self.teams[o] == team)

    @property
    def ranked_teams(self) -> tuple[str, ...]:
        """Return the teams the session is ranked by: fixed teams only.

        Rotating partners change every game, so running totals are per player.
        """
        return () if self.rotating else self.teams

    def totals(self) -> tuple[int, ...]:
        """Return each seat's session total: finished games plus the current game."""
        live = self.phase == "play"
        return tuple(
            sum(r[s] for r in self.results) + (self.game_points(s) if live else 0)
            for s in range(self.seats)
        )
