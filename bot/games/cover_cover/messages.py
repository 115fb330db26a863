"""Every Cover-cover sentence a player reads in events, errors and buttons, in one place.

Events, refusals and summaries are phrases, worded in the reader's language when read;
button labels are worded where they are shown. Seats are written as ``{p[i]}``
placeholders; the reader's display names go in later.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.engine.i18n import N_, ngettext
from bot.engine.phrase import Arg, Item, Phrase, nphrase, phrase, together
from bot.engine.phrase import seat as p
from bot.games.cover_cover.cards import card, rank_plural
from bot.games.cover_cover.state import NO_CARD, Block, Play

FLIP_BUTTON: Final = N_("Flip")
COVER_BUTTON: Final = N_("Cover-cover!")
NOT_YOUR_TURN: Final = phrase("Wait for the next round: you have nothing to press now.")
ALREADY_FLIPPED: Final = phrase("You already flipped: waiting for the others.")
ALREADY_COVERED: Final = phrase("You already shouted: waiting for the other tied players.")
NOT_TIED: Final = phrase("Only the tied players play in this Cover-cover.")
YOU_ARE_OUT: Final = phrase("You are out of the game: you have no cards left.")
FLIP_NOT_COVER: Final = phrase("There is no Cover-cover on you now: press Flip.")
COVER_NOT_FLIP: Final = phrase("You are in a Cover-cover: press Cover-cover!")
BOT_ONLY: Final = phrase("Only the bot deals and shuffles.")
NO_CHANCE: Final = phrase("No deal or shuffle is pending.")
WRONG_SHUFFLE: Final = phrase("That is not the pending shuffle.")


def names(seats: Sequence[int]) -> str | Phrase:
    """Return seats as ``A``, ``A and B`` or ``A, B and C`` (worded when read)."""
    return together([p(s) for s in seats])


def card_text(number: int) -> str:
    """Return a card number as ``K♤``."""
    return card(number).text()


def auto_button(every: int) -> str:
    """Return the label of the button that lets the bot play the next block, translated."""
    return ngettext("Play the next {n} round", "Play the next {n} rounds", every).format(n=every)


def dealt(dealer: int, seats: int, auto: bool) -> Phrase:
    """Announce the deal."""
    if seats == 2:
        if auto:
            return phrase(
                "{dealer} dealt 26 cards each. The bot flips for everyone.", dealer=p(dealer)
            )
        return phrase("{dealer} dealt 26 cards each. Round 1: everyone flips!", dealer=p(dealer))
    if auto:
        return phrase("{dealer} dealt all 52 cards. The bot flips for everyone.", dealer=p(dealer))
    return phrase("{dealer} dealt all 52 cards. Round 1: everyone flips!", dealer=p(dealer))


def shuffled(seat: int, count: int, held: int = 0) -> Phrase:
    """Announce that a player's winnings were shuffled into their hand: a new hand when it
    ran out, or under the one card still held by a player who must lay two (rules 4.1)."""
    if held:
        return nphrase(
            "{player} holds one card and must lay two: their {n} won card is shuffled in under it.",
            "{player} holds one card and must lay two: their {n} won cards are shuffled in "
            "under it.",
            n=count,
            player=p(seat),
        )
    return nphrase(
        "{player}'s hand ran out: their {n} won card is shuffled into a new hand.",
        "{player}'s hand ran out: their {n} won cards are shuffled into a new hand.",
        n=count,
        player=p(seat),
    )


def shout(seat: int) -> Phrase:
    """Announce a tied player's shout."""
    return phrase("{player}: “COVER-COVER!”", player=p(seat))


def flipped(number: int, plays: Sequence[Play]) -> Phrase:
    """Announce a round's flips."""
    flips = ", ".join(f"{p(x.seat)} {card_text(x.up)}" for x in plays)
    return phrase("Round {number} flips: {flips}", number=number, flips=flips)


def cover_cover(tied: Sequence[int], rank: int, depth: int) -> Phrase:
    """Announce a Cover-cover, loudly."""
    args: dict[str, Arg] = {"tied": names(tied), "rank": rank_plural(rank), "depth": depth}
    if depth == 1:
        return phrase("**COVER-COVER!** {tied} tie with {rank}.", **args)
    if depth == 2:
        return phrase("**COVER-COVER INSIDE A COVER-COVER!** {tied} tie with {rank}.", **args)
    return phrase("**COVER-COVER NESTED {depth} DEEP!** {tied} tie with {rank}.", **args)


def dropped_out(seat: int) -> Phrase:
    """Announce a tied player with no cards left."""
    return phrase("{player} has no cards left for the Cover-cover and is out.", player=p(seat))


def play_text(play: Play) -> Phrase:
    """Describe one player's Cover-cover cards."""
    if play.down != NO_CARD:
        return phrase(
            "{player}: 1 face down, shows {card}", player=p(play.seat), card=card_text(play.up)
        )
    return phrase(
        "{player}: none face down (last card), shows {card}",
        player=p(play.seat),
        card=card_text(play.up),
    )


def covered(plays: Sequence[Play]) -> Phrase:
    """Announce the new face-up cards of a Cover-cover."""
    parts = [play_text(x) for x in plays]
    chain: Arg = parts[-1]
    for part in reversed(parts[:-1]):
        chain = phrase("{first}; {rest}", first=part, rest=chain)
    return phrase("{plays}.", plays=chain)


def took(seat: int, pot: int) -> Phrase:
    """Announce the round winner."""
    return phrase("{player} wins the round and takes {pot} cards.", player=p(seat), pot=pot)


def knocked_out(seat: int, number: int) -> Phrase:
    """Announce a knock-out."""
    return phrase(
        "{player} has no cards left and is out (round {number}).", player=p(seat), number=number
    )


def depth_text(depth: int) -> Phrase:
    """Describe the deepest nesting of a block."""
    if depth == 0:
        return phrase("no Cover-cover")
    if depth == 1:
        return phrase("deepest: a Cover-cover")
    return phrase("deepest: a Cover-cover nested {depth} deep", depth=depth)


def covers_count(covers: int) -> Phrase:
    """Return ``1 Cover-cover`` or ``3 Cover-covers``."""
    return nphrase("{n} Cover-cover", "{n} Cover-covers", n=covers)


def summary(block: Block, counts: Sequence[int], out: Sequence[int]) -> Phrase:
    """Auto: sum up a block of rounds."""
    held = ", ".join(f"{p(s)} {counts[s]}" for s in range(len(counts)) if out[s] == 0)
    gone = [s for s in range(len(out)) if block.first <= out[s] <= block.last]
    args: dict[str, Arg] = {
        "first": block.first,
        "last": block.last,
        "covers": covers_count(block.covers),
        "depth": depth_text(block.deepest),
        "held": held,
    }
    one = block.first == block.last  # a summary every round names its one round
    if not gone and one:
        return phrase("Round {first}: {covers}, {depth}. Cards: {held}.", **args)
    if not gone:
        return phrase("Rounds {first}-{last}: {covers}, {depth}. Cards: {held}.", **args)
    outs: list[Item] = [
        phrase("{player} (round {number})", player=p(s), number=out[s]) for s in gone
    ]
    args["out"] = outs
    if not held and one:  # a draw: everyone still in ran out of cards in this round
        return phrase("Round {first}: {covers}, {depth}. Out: {out}.", **args)
    if not held:
        return phrase("Rounds {first}-{last}: {covers}, {depth}. Out: {out}.", **args)
    if one:
        return phrase("Round {first}: {covers}, {depth}. Cards: {held}. Out: {out}.", **args)
    return phrase("Rounds {first}-{last}: {covers}, {depth}. Cards: {held}. Out: {out}.", **args)


def winners_text(winners: Sequence[int], termination: str, rounds: int) -> Phrase:
    """Return the one-sentence summary of how the match ended."""
    who = names(winners)
    alone = len(winners) == 1
    if termination == "last_player":
        return nphrase(
            "{winners} holds all 52 cards and wins after {n} round.",
            "{winners} holds all 52 cards and wins after {n} rounds.",
            n=rounds,
            winners=who,
        )
    if termination == "round_limit":
        if alone:
            return nphrase(
                "Round limit reached after {n} round: {winners} wins with the most cards.",
                "Round limit reached after {n} rounds: {winners} wins with the most cards.",
                n=rounds,
                winners=who,
            )
        return nphrase(
            "Round limit reached after {n} round: {winners} share the win with the most cards.",
            "Round limit reached after {n} rounds: {winners} share the win with the most cards.",
            n=rounds,
            winners=who,
        )
    if alone:
        return phrase(
            "Everyone still in ran out of cards in the same round: {winners} wins.", winners=who
        )
    return phrase(
        "Everyone still in ran out of cards in the same round: {winners} share the win.",
        winners=who,
    )
