"""Every Coins sentence a player reads in events, refusals and summaries, in one place.

Each is a phrase, worded in the reader's language when read. Seats are written as
``{p[i]}`` placeholders; the reader's display names go in later. Refusals are shown
as they are, so they never name a seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.phrase import Phrase, nphrase, phrase, seat_values
from bot.engine.phrase import seat as p
from bot.games.coins.cards import Card, Suit

WRONG_DEALER = phrase(
    "The next hand must be dealt by the player to the right of the last trick's winner."
)
NOT_A_PLAY = phrase("That is not a card to play.")
NOT_A_DEAL = phrase("Only the shuffle and deal is random in Coins.")


def points_text(points: int) -> Phrase:
    """Return e.g. ``1 point`` or ``3 points``."""
    return nphrase("{n} point", "{n} points", n=points)


def not_held(c: Card) -> Phrase:
    """Refuse a card the player does not hold."""
    return phrase("You do not hold the {card}.", card=c.phrase())


def reason(case: str, missing: Suit | None, winning: Card) -> Phrase:
    """Explain which case of the rules decided a trick."""
    suit, rank = winning.suit.phrase, winning.rank_phrase
    if case == "same":
        return phrase("all {suit}: the highest, the {rank}, wins", suit=suit, rank=rank)
    if case == "pair":
        return phrase("pair of {suit}: the higher, the {rank}, wins", suit=suit, rank=rank)
    if missing is None:
        return phrase("three suits, one suit missing: {suit} win", suit=suit)
    return phrase("three suits, {missing} missing: {suit} win", missing=missing.phrase, suit=suit)


def dealt(hand: int, dealer: int, leader: int) -> Phrase:
    """Announce a deal."""
    return phrase(
        "Hand {hand}: {dealer} deals 16 cards each; {leader} leads.",
        hand=hand,
        dealer=p(dealer),
        leader=p(leader),
    )


def played(seat: int, c: Card) -> Phrase:
    """Announce a card played."""
    return phrase("{player} plays the {card}.", player=p(seat), card=c.phrase())


def won_trick(seat: int, why: Phrase, points: int, scores: Sequence[int]) -> Phrase:
    """Announce who won a trick, why, and the scores after it."""
    return phrase(
        "{player} wins the trick ({why}) and scores {points}. Scores: {scores}.",
        player=p(seat),
        why=why,
        points=points_text(points),
        scores=seat_values(scores),
    )


def hand_over(hand: int, dealer: int, leader: int) -> Phrase:
    """Announce the end of a hand, the next dealer and who leads."""
    return phrase(
        "Hand {hand} is over and nobody has reached the target. "
        "{dealer} deals the next hand; {leader} leads.",
        hand=hand,
        dealer=p(dealer),
        leader=p(leader),
    )


def reached(seat: int, score: int, target: int) -> Phrase:
    """Return the one-sentence summary of the end of the match."""
    return phrase(
        "{player} reaches {score} of {target} points and wins.",
        player=p(seat),
        score=score,
        target=target,
    )


def still_held(seat: int, cards: Sequence[Card]) -> Phrase:
    """Reveal the cards a player still held when the match ended."""
    return phrase(
        "{player} shows the cards left in hand: {cards}.",
        player=p(seat),
        cards=[c.phrase() for c in cards],
    )
