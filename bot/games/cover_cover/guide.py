"""The paged Cover-cover rules summary shown by ``/cover-cover rules``, in the bot's own words."""

from __future__ import annotations

from typing import Final

from bot.engine.guide import Guide
from bot.engine.i18n import N_

GUIDE: Final = Guide(
    __name__,
    "Cover-cover",
    credit=N_("Cover-cover is a traditional card game passed on by word of mouth."),
    goal=N_(
        "End up holding every card. Nobody makes a choice: each round everyone turns up "
        "their top card and the highest one takes the lot. When the highest cards tie, "
        "the tied players fight it out in a **Cover-cover!**\n\n"
        "One ordinary 52-card deck. Ranks, lowest first: 2 3 4 5 6 7 8 9 10 J Q K A. "
        "Suits never matter.\n\n"
        "{credit}"
    ),
    pages=(
        (
            N_("Setting up"),
            N_(
                "- The bot picks a dealer at random (house rule) and deals the whole deck face "
                "down, one card at a time, starting on the dealer's left. Hands differ by one card "
                "at most; the extra cards go to the players nearest the dealer's left (house "
                "rule).\n- Each player has a **hand** (a face-down stack: you play from the top) "
                "and a **winnings pile** (empty at first). Your card count is the two together.\n- "
                "Nobody sees the order of any hand, their own included."
            ),
        ),
        (
            N_("A round"),
            N_(
                "1. Everyone still in presses **Flip**. Someone who does not press before the turn "
                "timer runs out is flipped by the bot. The cards are shown together once everyone "
                "has flipped (house rule).\n2. The highest rank takes every card on the table into "
                "its owner's winnings pile. Lower cards never matter, even when they tie with each "
                "other.\n3. When your hand is empty and you need a card, your winnings pile is "
                "shuffled and becomes your new hand (house rule: shuffling keeps a game from "
                "looping for ever)."
            ),
        ),
        (
            N_("Cover-cover!"),
            N_(
                "When two or more players tie for the highest card, only they play on:\n- Each "
                "tied player shouts **Cover-cover!** (the button; the bot shouts for you when the "
                "timer runs out), lays one card face down and turns up another. The new face-up "
                "cards decide, and a new tie starts a Cover-cover inside the Cover-cover, as deep "
                "as needed.\n- Whoever wins takes everything on the table, face-down cards "
                "included; face-down cards stay unseen.\n- With exactly one card left, you turn it "
                "up and lay nothing face down (house rule).\n- With no cards left, you drop out of "
                "the game on the spot; your cards stay in the pot (house rule). If only one tied "
                "player is left, they take the pot without playing more (house rule). If every "
                "tied player drops out, the tie they left is decided again without them: the best "
                "card shown by the others of that contest (the flips, for a first Cover-cover) "
                "takes the pot, even from a player with no cards left, and a tie there starts a "
                "new Cover-cover (house rule)."
            ),
        ),
        (
            N_("How it ends"),
            N_(
                "- A player with no cards after a round is out; players out in the same round "
                "share their place. The last player holding cards wins.\n- **No round limit** by "
                "default, as the game is traditionally played: it goes on until one player holds "
                "all 52 cards. That often takes a few hundred rounds and now and then over a "
                "thousand, so long games are best played with `auto: on`.\n- **Round limit** "
                "(option `round_limit`: any number of rounds up to 10000, house rule): when it is "
                "reached, the "
                "most cards wins; ties share the win.\n- If everyone still in drops out in the "
                "same round, they share the win (house rule).\n- Standings: the winners, then by "
                "card count (round limit only), then the players who lasted longer."
            ),
        ),
        (
            N_("Auto mode"),
            N_(
                "Start with `auto: on` and the bot flips and shouts for everyone. Instead of every "
                "round it posts a summary every few rounds (option `auto_summary_every`: 1 to "
                "1000, 10 by default, house rule): rounds played, card counts, how many "
                "Cover-covers there were and how deep the deepest went, and who was knocked out. "
                "The bot plays on by "
                "itself 10 seconds after each summary, or at once when any player presses **Play "
                "the next rounds** in My hand; nobody is waited for, so nobody times out. "
                "The table always shows the round being played, counted from 1."
            ),
        ),
    ),
)
