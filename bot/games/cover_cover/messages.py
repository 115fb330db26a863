"""Every Cover-cover sentence a player reads in events, errors and buttons, in one place.

Seats are written as ``{p[i]}`` placeholders; the reader's display names go in later.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.engine.words import plural
from bot.games.cover_cover.cards import card, rank_plural
from bot.games.cover_cover.state import NO_CARD, Block, Play

FLIP_BUTTON: Final = "Flip"
COVER_BUTTON: Final = "Cover-cover!"
NOT_YOUR_TURN: Final = "Wait for the next round: you have nothing to press now."
ALREADY_FLIPPED: Final = "You already flipped: waiting for the others."
ALREADY_COVERED: Final = "You already shouted: waiting for the other tied players."
NOT_TIED: Final = "Only the tied players play in this Cover-cover."
YOU_ARE_OUT: Final = "You are out of the game: you have no cards left."
FLIP_NOT_COVER: Final = "There is no Cover-cover on you now: press Flip."
COVER_NOT_FLIP: Final = "You are in a Cover-cover: press Cover-cover!"
BOT_ONLY: Final = "Only the bot deals and shuffles."
NO_CHANCE: Final = "No deal or shuffle is pending."
WRONG_DEAL: Final = "That deal is for a different number of players."
WRONG_SHUFFLE: Final = "That is not the pending shuffle."


def p(seat: int) -> str:
    """Return the name placeholder of a seat."""
    return f"{{p[{seat}]}}"


def names(seats: Sequence[int]) -> str:
    """Return seats as ``A``, ``A and B`` or ``A, B and C``."""
    parts = [p(s) for s in seats]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def card_text(number: int) -> str:
    """Return a card number as ``K♠``."""
    return card(number).text()


def auto_button(every: int) -> str:
    """Return the label of the button that lets the bot play the next block."""
    return f"Play the next {every} round{'s' if every != 1 else ''}"


def dealt(dealer: int, seats: int, auto: bool) -> str:
    """Announce the deal."""
    each = "26 cards each" if seats == 2 else "all 52 cards"
    then = "The bot flips for everyone." if auto else "Round 1: everyone flips!"
    return f"{p(dealer)} dealt {each}. {then}"


def shuffled(seat: int, count: int) -> str:
    """Announce that a hand ran out and the winnings became the new hand."""
    verb = "is" if count == 1 else "are"
    won = plural(count, "won card")
    return f"{p(seat)}'s hand ran out: their {won} {verb} shuffled into a new hand."


def shout(seat: int) -> str:
    """Announce a tied player's shout."""
    return f"{p(seat)}: “COVER-COVER!”"


def flipped(number: int, plays: Sequence[Play]) -> str:
    """Announce a round's flips."""
    return f"Round {number} flips: " + ", ".join(f"{p(x.seat)} {card_text(x.up)}" for x in plays)


def depth_word(depth: int) -> str:
    """Return how deep a Cover-cover is nested, in words."""
    return {1: "", 2: " inside a Cover-cover"}.get(depth, f" nested {depth} deep")


def cover_cover(tied: Sequence[int], rank: int, depth: int) -> str:
    """Announce a Cover-cover, loudly."""
    return (
        f"**COVER-COVER{depth_word(depth).upper()}!** {names(tied)} tie with {rank_plural(rank)}."
    )


def dropped_out(seat: int) -> str:
    """Announce a tied player with no cards left."""
    return f"{p(seat)} has no cards left for the Cover-cover and is out."


def play_text(play: Play) -> str:
    """Describe one player's Cover-cover cards."""
    down = "1 face down" if play.down != NO_CARD else "none face down (last card)"
    return f"{p(play.seat)}: {down}, shows {card_text(play.up)}"


def covered(plays: Sequence[Play]) -> str:
    """Announce the new face-up cards of a Cover-cover."""
    return "; ".join(play_text(x) for x in plays) + "."


def took(seat: int, pot: int) -> str:
    """Announce the round winner."""
    return f"{p(seat)} wins the round and takes {pot} cards."


def knocked_out(seat: int, number: int) -> str:
    """Announce a knock-out."""
    return f"{p(seat)} has no cards left and is out (round {number})."


def depth_text(depth: int) -> str:
    """Describe the deepest nesting of a block."""
    if depth == 0:
        return "no Cover-cover"
    return "deepest: a Cover-cover" + (f" nested {depth} deep" if depth > 1 else "")


def summary(block: Block, counts: Sequence[int], out: Sequence[int]) -> str:
    """Auto: sum up a block of rounds."""
    held = ", ".join(f"{p(s)} {counts[s]}" for s in range(len(counts)) if out[s] == 0)
    gone = [s for s in range(len(out)) if block.first <= out[s] <= block.last]
    lines = [
        f"Rounds {block.first}-{block.last}: {plural(block.covers, 'Cover-cover')}, "
        f"{depth_text(block.deepest)}.",
        f"Cards: {held}.",
    ]
    if gone:
        lines.append("Out: " + ", ".join(f"{p(s)} (round {out[s]})" for s in gone) + ".")
    return " ".join(lines)


def winners_text(winners: Sequence[int], termination: str, rounds: int) -> str:
    """Return the one-sentence summary of how the match ended."""
    verb = "wins" if len(winners) == 1 else "share the win"
    if termination == "last_player":
        return f"{names(winners)} holds all 52 cards and wins after {rounds} rounds."
    if termination == "round_limit":
        most = f"{names(winners)} {verb} with the most cards"
        return f"Round limit reached after {rounds} rounds: {most}."
    return f"Everyone still in ran out in the same Cover-cover: {names(winners)} {verb}."
