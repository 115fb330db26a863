"""Every Coins sentence a player reads in events, refusals and summaries, in one place.

Seats are written as ``{p[i]}`` placeholders; the reader's display names go in later.
Refusals are shown as they are, so they never name a seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.coins.cards import Card, Suit

NO_DEAL_PENDING = "No deal is pending."
BAD_DEAL = "That deal does not fit this table."
WRONG_DEALER = "The next hand must be dealt by the player to the right of the last trick's winner."
NOT_A_PLAY = "That is not a card to play."
NOT_A_DEAL = "Only the shuffle and deal is random in Coins."


def p(seat: int) -> str:
    """Return the name placeholder of a seat."""
    return f"{{p[{seat}]}}"


def points_text(points: int) -> str:
    """Return e.g. ``1 point`` or ``3 points``."""
    return f"{points} point{'' if points == 1 else 's'}"


def not_held(c: Card) -> str:
    """Refuse a card the player does not hold."""
    return f"You do not hold the {c.name()}."


def reason(case: str, missing: Suit | None, winning: Card) -> str:
    """Explain which case of the rules decided a trick."""
    suit = winning.suit.word
    if case == "same":
        return f"all {suit}: the highest, the {winning.rank_name}, wins"
    if case == "pair":
        return f"pair of {suit}: the higher, the {winning.rank_name}, wins"
    gone = missing.word if missing is not None else "one suit"
    return f"three suits, {gone} missing: {suit} win"


def dealt(hand: int, dealer: int, leader: int) -> str:
    """Announce a deal."""
    return f"Hand {hand}: {p(dealer)} deals 16 cards each; {p(leader)} leads."


def played(seat: int, c: Card) -> str:
    """Announce a card played."""
    return f"{p(seat)} plays the {c.name()}."


def won_trick(seat: int, why: str, points: int, scores: Sequence[int]) -> str:
    """Announce who won a trick, why, and the scores after it."""
    table = ", ".join(f"{p(s)} {v}" for s, v in enumerate(scores))
    return f"{p(seat)} wins the trick ({why}) and scores {points_text(points)}. Scores: {table}."


def hand_over(hand: int, dealer: int, leader: int) -> str:
    """Announce the end of a hand, the next dealer and who leads."""
    return (
        f"Hand {hand} is over and nobody has reached the target. "
        f"{p(dealer)} deals the next hand; {p(leader)} leads."
    )


def reached(seat: int, score: int, target: int) -> str:
    """Return the one-sentence summary of the end of the match."""
    return f"{p(seat)} reaches {score} of {target} points and wins."


def still_held(seat: int, cards: Sequence[Card]) -> str:
    """Reveal the cards a player still held when the match ended."""
    return f"{p(seat)} shows the cards left in hand: {', '.join(c.name() for c in cards)}."
