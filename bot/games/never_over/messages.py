"""Every NEVER OVER sentence a player reads in events, refusals and summaries.

Seats are written as ``{p[i]}`` placeholders; the reader's display names go in later.
Refusals are shown as they are, so they never name a seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.words import plural
from bot.games.never_over.cards import Card, kind_label, labels

NO_SUCH_PLAYER = "There is no such player at this table."
GREEN_ON_RED = "A green card never goes on a red pile: play it on your own green pile."
GREEN_ON_OTHER = (
    "A green card only ever goes on your own green pile, never on another player's "
    "(partner or not)."
)
RED_ON_GREEN = "A red card never goes on a green pile: play it on a red pile."
RETIRED = "You have retired: you take no more turns this game."
NOT_A_TURN_MOVE = "That is not something you can do on your turn."
NO_DEAL_PENDING = "No deal is pending."
BAD_DEAL = "That deal does not fit this table."
TEAMS_DROPPED = "Partnerships are off for this session: every seat picked the same team."


def rotating_refused(seats: int) -> str:
    """Refuse to start rotating partnerships with the wrong number of players (rules §7)."""
    return (
        "Rotating partnerships are played by exactly five players (sinistra and destra "
        "partner against the other three, later sinistra, dealer and destra against two); "
        f"this lobby has {seats}. Seat five players, or open a lobby with partnerships "
        "off or on."
    )


def rotating_dropped(seats: int) -> str:
    """Announce that rotating partnerships were asked for with the wrong player count."""
    return (
        f"Rotating partnerships need five players, not {seats}: this session is played "
        "without partnerships."
    )


def p(seat: int) -> str:
    """Return the name placeholder of a seat."""
    return f"{{p[{seat}]}}"


def not_held(kind: str) -> str:
    """Refuse a card the player does not hold."""
    return f"You have no {kind_label(kind)} in your hand."


def over_cap(cap: int, points: int) -> str:
    """Refuse a green card above the player's cap."""
    return f"Your cap is {cap}: a +{points} cannot go on your green pile."


def would_lower_own(cap: int, points: int) -> str:
    """Refuse a red card that would lower the player's own cap."""
    return (
        f"Your cap is {cap}: a ≤{points} on your own red pile would lower it. "
        f"Only ≤{cap} or higher may go there."
    )


def would_raise_other(cap: int, points: int) -> str:
    """Refuse a red card that would raise another player's cap."""
    return (
        f"Their cap is {cap}: a ≤{points} on their red pile would raise it. "
        f"Only ≤{cap} or lower may go there."
    )


def cap_text(cap: int, empty: bool) -> str:
    """Return a cap as the table shows it: ``cap ≤2`` or ``cap 4 (empty)``."""
    return f"cap {cap} (empty)" if empty else f"cap ≤{cap}"


def dealt(game: int, games: int, dealer: int, first: int, size: int) -> str:
    """Announce a deal."""
    return f"Game {game} of {games}: {p(dealer)} dealt {size} cards each; {p(first)} plays first."


def hand_lowered(asked: int, size: int, seats: int) -> str:
    """Explain that the pack is too small for the hand size asked for."""
    return f"{asked} cards each is too many for {seats} players with this pack: {size} each."


def your_hand(cards: Sequence[Card]) -> str:
    """Tell a player the hand just dealt to them (history: the hand itself is shown apart)."""
    return f"You were dealt: {labels(list(cards))}."


def scored(seat: int, card: Card, total: int) -> str:
    """Announce a green card played."""
    return f"{p(seat)} played {card.label} on their green pile (score {total})."


def raised(seat: int, card: Card, old: int) -> str:
    """Announce a red card on the player's own red pile."""
    if card.points == old:
        return f"{p(seat)} played {card.label} on their own red pile (redundant: cap stays {old})."
    return f"{p(seat)} raised their cap from {old} to {card.points} with {card.label}."


def capped(seat: int, target: int, card: Card, old: int, retired: bool) -> str:
    """Announce a red card on another player's red pile."""
    played = f"{p(seat)} played {card.label} on {p(target)}'s red pile"
    played += f" ({p(target)} has retired)" if retired else ""
    if card.points == old:
        return f"{played} (redundant: cap stays {old})."
    return f"{played}: cap {old} → {card.points}."


def discarded(seat: int, card: Card) -> str:
    """Announce a discard."""
    return f"{p(seat)} discarded {card.label}."


def drew(seat: int) -> str:
    """Announce a draw without the card."""
    return f"{p(seat)} drew a card."


def you_drew(card: Card) -> str:
    """Tell a player which card they drew."""
    return f"You drew {card.label}."


def retired(seat: int, count: int) -> str:
    """Announce a retirement."""
    return f"{p(seat)} retired, setting aside {plural(count, 'card')} face down."


def emptied(seat: int) -> str:
    """Announce an automatic retirement."""
    return f"{p(seat)} has no cards left and retires."


def game_over(game: int, scores: Sequence[int]) -> str:
    """Announce the scores of a finished game."""
    each = ", ".join(f"{p(s)} {score}" for s, score in enumerate(scores))
    return f"Game {game} is over: {each}."


def set_aside(seat: int, cards: Sequence[Card]) -> str:
    """Reveal the cards a player set aside."""
    return f"{p(seat)} had set aside: {labels(list(cards))}."


def partners(game: int, around: Sequence[int], others: Sequence[int]) -> str:
    """Announce the rotating partnership of a game (rules §7)."""
    return (
        f"Game {game} partners: {' and '.join(p(s) for s in around)} against "
        f"{' and '.join(p(s) for s in others)}. Each player scores their partnership's total."
    )


def partnership_points(game: int, points: Sequence[int]) -> str:
    """Announce what every player scores in a game of rotating partnerships."""
    each = ", ".join(f"{p(s)} {value}" for s, value in enumerate(points))
    return f"Partnership totals of game {game}, scored by each partner: {each}."


def team_name(team: str, members: Sequence[int]) -> str:
    """Return a team with its members, ``Team A ({p[0]}, {p[2]})``."""
    return f"Team {team} ({', '.join(p(s) for s in members)})"


def winners_text(names: Sequence[str], points: int, games: int) -> str:
    """Return the one-sentence summary of who won."""
    who = " and ".join(names)
    single = len(names) == 1
    verb = "wins" if single else "share the win"
    if games > 1:
        return f"{who} {verb} the session with {points} points over {games} games."
    return f"{who} {verb} with {points} points."
