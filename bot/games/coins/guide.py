"""The paged Coins rules summary shown by ``/coins rules``, in the bot's own words."""

from __future__ import annotations

from typing import Final

from bot.engine.guide import Guide
from bot.engine.i18n import N_

GUIDE: Final = Guide(
    __name__,
    "Coins",
    credit=N_(
        "**Coins** was designed by **Mark Steere** (October 2022). His note lets anyone "
        "program the game, asking that its name and rules stay unchanged and that it is "
        "credited to him: so it is here. The house rules below only settle what his sheet "
        "leaves to the table (who deals first, the shuffle, what the screen shows)."
    ),
    goal=N_(
        "Three players, a Spanish deck of 48 cards. Win tricks that hold cards of the "
        "**Coins** suit: each Coins card in a trick you win scores **1 point**. The first "
        "player to reach the target (10, 15 or 20 points; 15 unless chosen otherwise) wins "
        "at once, even in the middle of a hand.\n\n"
        "There is no duty to follow suit: on your turn you may play **any** card.\n\n"
        "{credit}"
    ),
    pages=(
        (
            N_("The cards and the suit cycle"),
            N_(
                "Suits: **Cups**, **Coins**, **Swords**, **Clubs**. Ranks from high to low: Ace, "
                "King, Knight, Knave, 9, 8, 7, 6, 5, 4, 3, 2. The numbers printed on real Spanish "
                "cards (1 on the Ace, 10 to 12 on the pictures) do not count; the bot's cards "
                "show A, K, N (Knight), J (Knave) and 9 to 2.\n\n"
                "Each suit beats exactly one other: **Cups > Coins > Swords > Clubs > Cups**. "
                "(Cups hold coins, coins buy swords, swords cut clubs, clubs smash cups.) "
                "Cups and Swords, and Coins and Clubs, have no direct relation."
            ),
        ),
        (
            N_("Who wins a trick"),
            N_(
                "The player on the dealer's left leads the first trick. The leader plays a card, "
                "then the player on their left, then the third player.\n"
                "1. **All three the same suit:** the highest rank wins.\n"
                "2. **Two share a suit:** the higher of those two wins; the third card cannot "
                "win, whatever it is.\n"
                "3. **Three different suits:** one suit is missing. The winner is the suit the "
                "missing suit beats; rank does not matter. Clubs missing: Cups win. Cups missing: "
                "Coins win. Coins missing: Swords win. Swords missing: Clubs win.\n\n"
                "So a 2 of Cups can beat two Aces. The leader's suit has no special power."
            ),
        ),
        (
            N_("Scoring, hands and the end"),
            N_(
                "- The trick's winner scores its Coins cards (0 to 3), takes the trick face down "
                "and leads the next one.\n"
                "- When a trick brings its winner to the target or past it, the game ends at once "
                "and that player wins; only the winner of a trick scores, so there are no ties. "
                "The others are ranked by score (equal scores share second place, house rule).\n"
                "- After 16 tricks with nobody at the target, a new hand is dealt by the player "
                "to the right of the last trick's winner, so that winner leads again. Scores "
                "carry over. A hand holds 12 points, so targets 15 and 20 need two hands or more."
            ),
        ),
        (
            N_("House rules and the screen"),
            N_(
                "- The bot picks the first dealer at random and shuffles every hand itself; as "
                "at a real table, the cards are dealt one at a time from the dealer's left, 16 "
                "each.\n"
                "- The table shows the current trick, the last completed trick with who won it "
                "and why, each player's score, tricks and cards left, and how many Coins have not "
                "yet been seen this hand (a memory aid: anyone who watched knows it). Older "
                "tricks stay face down, as at a real table, in the move log too; once the game "
                "ends the move log lists every card played.\n"
                "- **My hand** shows your cards sorted by suit and rank, how many Coins you hold "
                "and how many the other two hold together. Play with one choice from the list; "
                "when you play last, each card says who would take the trick.\n"
                "- When the game ends, the cards still in hand are shown to everyone."
            ),
        ),
    ),
)
