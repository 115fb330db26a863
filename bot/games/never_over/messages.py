"""Every NEVER OVER sentence a player reads in events, refusals and summaries.

Each is a phrase, worded in the reader's language when read. Seats are written as
``{p[i]}`` placeholders; the reader's display names go in later. Refusals are shown
as they are, so they never name a seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.i18n import _
from bot.engine.phrase import Arg, Phrase, nphrase, phrase, seat_values, together
from bot.engine.phrase import seat as p
from bot.games.never_over.cards import Card, kind_label

NO_SUCH_PLAYER = phrase("There is no such player at this table.")
GREEN_ON_RED = phrase("A green card never goes on a red pile: play it on your own green pile.")
GREEN_ON_OTHER = phrase(
    "A green card only ever goes on your own green pile, never on another player's "
    "(partner or not)."
)
RED_ON_GREEN = phrase("A red card never goes on a green pile: play it on a red pile.")
RETIRED = phrase("You have retired: you take no more turns this game.")
NOT_A_TURN_MOVE = phrase("That is not something you can do on your turn.")
TEAMS_DROPPED = phrase("Partnerships are off for this session: every seat picked the same team.")
TEAMS_REFUSED = phrase(
    "Partnerships need at least two teams, and every seat picked the same one. "
    "Pick another team for someone, or open a lobby with partnerships off."
)
NONE = phrase("none")


def labels_arg(cards: Sequence[Card]) -> Arg:
    """Return cards as a space-separated list of labels, or ``none`` (worded when read)."""
    return " ".join(c.label for c in cards) or NONE


def rotating_refused(seats: int) -> Phrase:
    """Refuse to start rotating partnerships with the wrong number of players (rules §7)."""
    return phrase(
        "Rotating partnerships are played by exactly five players (sinistra and destra "
        "partner against the other three, later sinistra, dealer and destra against two); "
        "this lobby has {seats}. Seat five players, or open a lobby with partnerships "
        "off or on.",
        seats=seats,
    )


def rotating_dropped(seats: int) -> Phrase:
    """Announce that rotating partnerships were asked for with the wrong player count."""
    return phrase(
        "Rotating partnerships need five players, not {seats}: this session is played "
        "without partnerships.",
        seats=seats,
    )


def not_held(kind: str) -> Phrase:
    """Refuse a card the player does not hold."""
    return phrase("You have no {card} in your hand.", card=kind_label(kind))


def over_cap(cap: int, points: int) -> Phrase:
    """Refuse a green card above the player's cap."""
    return phrase(
        "Your cap is {cap}: a +{points} cannot go on your green pile.", cap=cap, points=points
    )


def would_lower_own(cap: int, points: int) -> Phrase:
    """Refuse a red card that would lower the player's own cap."""
    return phrase(
        "Your cap is {cap}: a ≤{points} on your own red pile would lower it. "
        "Only ≤{cap} or higher may go there.",
        cap=cap,
        points=points,
    )


def would_raise_other(cap: int, points: int) -> Phrase:
    """Refuse a red card that would raise another player's cap."""
    return phrase(
        "Their cap is {cap}: a ≤{points} on their red pile would raise it. "
        "Only ≤{cap} or lower may go there.",
        cap=cap,
        points=points,
    )


def cap_text(cap: int, empty: bool) -> str:
    """Return a cap as the table shows it (``cap ≤2``, ``cap 4 (empty)``), translated."""
    return (_("cap {cap} (empty)") if empty else _("cap ≤{cap}")).format(cap=cap)


def dealt(game: int, games: int, dealer: int, first: int, size: int) -> Phrase:
    """Announce a deal."""
    return phrase(
        "Game {game} of {games}: {dealer} dealt {size} cards each; {first} plays first.",
        game=game,
        games=games,
        dealer=p(dealer),
        size=size,
        first=p(first),
    )


def hand_refused(asked: int, seats: int, most: int) -> Phrase:
    """Refuse to start with hands the pack cannot deal to every player (rules §7)."""
    return phrase(
        "{asked} cards each is too many for {seats} players with this pack: at most "
        "{most} each. Open a lobby with a smaller hand size or another pack, or seat "
        "fewer players.",
        asked=asked,
        seats=seats,
        most=most,
    )


def hand_lowered(asked: int, size: int, seats: int) -> Phrase:
    """Explain that the pack is too small for the hand size asked for."""
    return phrase(
        "{asked} cards each is too many for {seats} players with this pack: {size} each.",
        asked=asked,
        seats=seats,
        size=size,
    )


def your_hand(cards: Sequence[Card]) -> Phrase:
    """Tell a player the hand just dealt to them (history: the hand itself is shown apart)."""
    return phrase("You were dealt: {cards}.", cards=labels_arg(cards))


def scored(seat: int, card: Card, total: int) -> Phrase:
    """Announce a green card played."""
    return phrase(
        "{player} played {card} on their green pile (score {total}).",
        player=p(seat),
        card=card.label,
        total=total,
    )


def raised(seat: int, card: Card, old: int) -> Phrase:
    """Announce a red card on the player's own red pile."""
    if card.points == old:
        return phrase(
            "{player} played {card} on their own red pile (redundant: cap stays {old}).",
            player=p(seat),
            card=card.label,
            old=old,
        )
    return phrase(
        "{player} raised their cap from {old} to {new} with {card}.",
        player=p(seat),
        old=old,
        new=card.points,
        card=card.label,
    )


def capped(seat: int, target: int, card: Card, old: int, retired: bool) -> Phrase:
    """Announce a red card on another player's red pile."""
    args: dict[str, Arg] = {
        "player": p(seat),
        "card": card.label,
        "target": p(target),
        "old": old,
        "new": card.points,
    }
    if card.points == old:
        if retired:
            return phrase(
                "{player} played {card} on {target}'s red pile ({target} has retired) "
                "(redundant: cap stays {old}).",
                **args,
            )
        return phrase(
            "{player} played {card} on {target}'s red pile (redundant: cap stays {old}).", **args
        )
    if retired:
        return phrase(
            "{player} played {card} on {target}'s red pile ({target} has retired): "
            "cap {old} → {new}.",
            **args,
        )
    return phrase("{player} played {card} on {target}'s red pile: cap {old} → {new}.", **args)


def discarded(seat: int, card: Card) -> Phrase:
    """Announce a discard."""
    return phrase("{player} discarded {card}.", player=p(seat), card=card.label)


def drew(seat: int) -> Phrase:
    """Announce a draw without the card."""
    return phrase("{player} drew a card.", player=p(seat))


def you_drew(card: Card) -> Phrase:
    """Tell a player which card they drew."""
    return phrase("You drew {card}.", card=card.label)


def retired(seat: int, count: int) -> Phrase:
    """Announce a retirement."""
    return nphrase(
        "{player} retired, setting aside {n} card face down.",
        "{player} retired, setting aside {n} cards face down.",
        n=count,
        player=p(seat),
    )


def emptied(seat: int) -> Phrase:
    """Announce an automatic retirement."""
    return phrase("{player} has no cards left and retires.", player=p(seat))


def game_over(game: int, scores: Sequence[int]) -> Phrase:
    """Announce the scores of a finished game."""
    return phrase("Game {game} is over: {scores}.", game=game, scores=seat_values(scores))


def set_aside(seat: int, cards: Sequence[Card]) -> Phrase:
    """Reveal the cards a player set aside."""
    return phrase("{player} had set aside: {cards}.", player=p(seat), cards=labels_arg(cards))


def partners(game: int, around: Sequence[int], others: Sequence[int]) -> Phrase:
    """Announce the rotating partnership of a game (rules §7)."""
    return phrase(
        "Game {game} partners: {around} against {others}. "
        "Each player scores their partnership's total.",
        game=game,
        around=together([p(s) for s in around]),
        others=together([p(s) for s in others]),
    )


def partnership_points(game: int, points: Sequence[int]) -> Phrase:
    """Announce what every player scores in a game of rotating partnerships."""
    return phrase(
        "Partnership totals of game {game}, scored by each partner: {points}.",
        game=game,
        points=seat_values(points),
    )


def team_name(team: str, members: Sequence[int]) -> Phrase:
    """Return a team with its members, ``Team A ({p[0]}, {p[2]})``."""
    return phrase("Team {team} ({members})", team=team, members=[p(s) for s in members])


def winners_text(names: Sequence[Phrase | str], points: int, games: int) -> Phrase:
    """Return the one-sentence summary of who won."""
    if len(names) == 1:
        if games > 1:
            return nphrase(
                "{winner} wins the session with {points} point over {games} games.",
                "{winner} wins the session with {points} points over {games} games.",
                n=points,
                winner=names[0],
                points=points,
                games=games,
            )
        return nphrase(
            "{winner} wins with {points} point.",
            "{winner} wins with {points} points.",
            n=points,
            winner=names[0],
            points=points,
        )
    if games > 1:
        return nphrase(
            "{winners} share the win of the session with {points} point over {games} games.",
            "{winners} share the win of the session with {points} points over {games} games.",
            n=points,
            winners=together(names),
            points=points,
            games=games,
        )
    return nphrase(
        "{winners} share the win with {points} point.",
        "{winners} share the win with {points} points.",
        n=points,
        winners=together(names),
        points=points,
    )
