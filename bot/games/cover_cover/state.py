"""The Cover-cover match state: hands, winnings piles, the round on the table."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from bot.games.cover_cover.cards import rank_of

Phase = Literal["deal", "flip", "cover", "over"]
NO_CARD = -1


READ_SECONDS: Final = 10
"""Auto: how long each summary (and the dealt table) stays up before the bot plays on."""


class Play(msgspec.Struct, frozen=True):
    """The cards one player put on the table at one level of a round."""

    seat: int
    up: int
    """The face-up card: the player's new showing card."""
    down: int = NO_CARD
    """The face-down card of a Cover-cover (NO_CARD for a flip or a last card)."""

    def cards(self) -> tuple[int, ...]:
        """Return the cards of this play."""
        return (self.up,) if self.down == NO_CARD else (self.down, self.up)


class Tie(msgspec.Struct, frozen=True):
    """One Cover-cover: who tied for the highest card, who dropped out, what they played."""

    depth: int
    """1 for a Cover-cover on the flips, 2 for one nested inside it, and so on."""
    rank: int
    """The tied rank."""
    tied: tuple[int, ...]
    dropped: tuple[int, ...] = ()
    """Tied players with no cards left: out of the game at once."""
    plays: tuple[Play, ...] = ()
    """Face-down and face-up cards, once every remaining tied player has covered."""


class RoundRecord(msgspec.Struct, frozen=True):
    """Everything that was played in one round."""

    number: int
    flips: tuple[Play, ...]
    ties: tuple[Tie, ...] = ()
    winner: int | None = None
    pot: int = 0
    """Cards won, once the round is decided."""

    def plays(self) -> tuple[Play, ...]:
        """Return every play of the round in order."""
        return (*self.flips, *(p for t in self.ties for p in t.plays))

    def cards(self) -> tuple[int, ...]:
        """Return every card on the table in this round."""
        return tuple(c for p in self.plays() for c in p.cards())


class Block(msgspec.Struct, frozen=True):
    """What happened in the rounds since the last auto summary."""

    first: int = 1
    """First round of the block."""
    last: int = 0
    """Last round played so far (0: none yet)."""
    covers: int = 0
    deepest: int = 0


class CoverState(msgspec.Struct, frozen=True):
    """Everything about a Cover-cover match."""

    seats: int
    round_limit: int = 0
    """0 (the default) means no limit: play until one player holds every card."""
    auto: bool = False
    summary_every: int = 10
    phase: Phase = "deal"
    dealer: int = 0
    round: int = 0
    hands: tuple[tuple[int, ...], ...] = ()
    """Each hand top first."""
    winnings: tuple[tuple[int, ...], ...] = ()
    out: tuple[int, ...] = ()
    """0 while a player is in; else the round in which they went out."""
    pressed: tuple[int, ...] = ()
    """Seats that pressed Flip (or Cover) for the step in progress."""
    covering: tuple[int, ...] = ()
    """The tied players who must cover now."""
    contests: tuple[tuple[int, ...], ...] = ()
    """The contests being resolved, innermost last (the flip contest first)."""
    showing: tuple[int, ...] = ()
    """Each seat's showing card this round (NO_CARD when none)."""
    current: RoundRecord | None = None
    """The round on the table, while it is being resolved."""
    last: RoundRecord | None = None
    """The last round decided."""
    running: bool = False
    """Auto: the bot is playing a block of rounds."""
    block: Block = Block()
    summary: Block | None = None
    """Auto: the last block summarized."""
    covers: int = 0
    """Cover-covers so far."""
    deepest: int = 0
    """Deepest nesting so far."""
    winners: tuple[int, ...] = ()
    termination: str = ""

    def count(self, seat: int) -> int:
        """Return a player's card count: hand plus winnings."""
        return len(self.hands[seat]) + len(self.winnings[seat])

    def live(self) -> tuple[int, ...]:
        """Return the players still in the game."""
        return tuple(s for s in range(self.seats) if self.out[s] == 0)

    def showing_rank(self, seat: int) -> int:
        """Return the rank of a player's showing card."""
        return rank_of(self.showing[seat])

    def table_size(self) -> int:
        """Return how many cards lie on the table."""
        return len(self.current.cards()) if self.current else 0

    def waiting(self) -> tuple[int, ...]:
        """Return the players expected to press Flip or Cover now."""
        if self.phase == "cover":
            return tuple(s for s in self.covering if s not in self.pressed)
        if self.phase != "flip":
            return ()
        if self.auto:
            return () if self.running else self.live()
        return tuple(s for s in self.live() if s not in self.pressed)

    def reading(self) -> bool:
        """Auto: a summary (or the table before the first block) is up, and the bot plays on
        by itself after a short read, or at once when any player presses (a shuffle due
        comes first)."""
        if not self.auto or self.phase != "flip" or self.running or self.pressed:
            return False
        return self.shuffle_due() is None

    def shuffle_due(self) -> int | None:
        """Return the first player who must shuffle their winnings before taking cards."""
        if self.phase == "flip" and not self.pressed:
            takers = [(s, 1) for s in self.live()]
        elif self.phase == "cover":
            takers = [(s, min(2, self.count(s))) for s in self.covering]
        else:
            return None
        due = [s for s, need in takers if len(self.hands[s]) < need and self.winnings[s]]
        return min(due, default=None)
