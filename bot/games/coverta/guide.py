"""The paged COVERTA rules summary shown by ``/coverta rules``, in the bot's own words."""

from __future__ import annotations

from typing import Final

from bot.engine.guide import Guide
from bot.engine.i18n import N_

GUIDE: Final = Guide(
    __name__,
    "COVERTA",
    credit=N_("COVERTA by Carlos Martin."),
    goal=N_(
        "Empty your hand before anyone else.\n\n"
        "Every number card (1 to 40) has six two-way features: even or odd, a red or "
        "black number, a square or circle, a blue or orange shape, a solid or hollow "
        "shape, a black or white background. The bot prints all six on every card, and "
        "the deck is the same in every match.\n\n"
        "You secretly hold two instructions. Each one says KEEP or ALTERNATE for one "
        "feature, always compared with the last card placed anywhere on the table (L). "
        "KEEP: your new card matches L on that feature. ALTERNATE: it differs.\n\n"
        "{credit}"
    ),
    pages=(
        (
            N_("Setting up"),
            N_(
                "- The bot picks the dealer at random (house rule).\n"
                "- Each player gets one instruction about parity, number colour or shape (rule 1) "
                "and one about shape colour, fill or background (rule 2), so your two never touch "
                "the same feature. Nobody gets the same instruction card as someone else, and the "
                "leftovers stay hidden (house rule).\n"
                "- Hands: 9 cards each with 2 players, 8 with 3, 7 with 4, 6 with 5, 5 with 6 "
                "(house rule). One more card is turned up as the starting card; the rest is the "
                "face-down draw pile.\n"
                "- The player after the dealer starts round 1. Each round adds a column to the "
                "layout; every card placed during a round goes into that round's column."
            ),
        ),
        (
            N_("Your turn"),
            N_(
                "Do one of these:\n"
                "**A. Place** a card in your own row. In strict mode it must meet both of your "
                "instructions after L; the bot tells you privately if it does not, and you choose "
                "again at no cost. The card becomes the new L.\n"
                "**B. Draw** the top card (allowed whenever the pile has cards). After drawing you "
                "may make one play in an opponent's place, but nothing goes into your own row.\n"
                "**C. Pass**, only once the pile is empty, and only if no card in your hand meets "
                "your own instructions after L (the game ends only when nobody can place any more "
                "cards). While one does, the bot does not offer the pass. In the bluff variant you "
                "may still pass holding only cards that break your instructions. After a pass you "
                "may make one play in an opponent's place.\n\n"
                "The drawn card and the cards you hold are yours alone to see."
            ),
        ),
        (
            N_("Playing in someone else's place"),
            N_(
                "Think you have cracked an opponent's instructions? After B or C, pick a card and "
                "an opponent. The bot checks it against their instructions with L as reference.\n"
                "- **It fits:** the card goes into their row, marked as yours, and becomes L.\n"
                "- **It does not fit:** only you are told which instruction you broke (rule 1 if "
                "both were broken). You keep your card, the opponent gives you up to 2 random "
                "cards from their hand, and you may never play in their place again. If that "
                "empties their hand, they have gone out (house rule)."
            ),
        ),
        (
            N_("Bluff variant"),
            N_(
                "- You may place any card in your own row. The bot warns you privately first and "
                "asks you to confirm (house rule).\n"
                "- When a failed play against you reveals an instruction that a card you placed "
                "in your own row broke and that card has no token yet, the card that failed goes "
                "into your hand instead, the other player is "
                "not penalised, and each of your untokened cards breaking that instruction gets a "
                "public token: you draw 2 cards per token.\n"
                "- Going out reveals both your instructions and tokens every hidden broken card. "
                "If any were tokened you draw and play on; if the pile runs short the rest is "
                "forgiven, and if you end up with no cards at all you are eliminated (house "
                "rules).\n"
                "- Once both your instructions are public, the bot enforces them on you (house "
                "rule)."
            ),
        ),
        (
            N_("Steal-the-turn variant"),
            N_(
                "- When a turn begins, every other player who is not barred from that player may "
                "play one card in the active player's place, without drawing.\n"
                "- The first steal to arrive is resolved like any play in a place, and then the "
                "window shuts, even if it failed (house rule). A steal that arrives after the "
                "active player has acted is turned down.\n"
                "- The active player still takes their turn afterwards, against the new L."
            ),
        ),
        (
            N_("How it ends"),
            N_(
                "- **Going out:** the first player with an empty hand wins and everything is "
                "revealed (in the bluff variant, only if going out tokened nothing).\n"
                "- **Blocked table:** once the pile is empty the bot counts turns in a row that "
                "were a pass with no play in a place (Q). A card placed or a failed play resets Q. "
                "When Q reaches the number of players still in, the game stops and the fewest "
                "cards in hand wins; ties share. In the bluff variant someone with an untokened "
                "broken card in their row cannot win this way, unless that is everyone (house "
                "rule).\n"
                "- **Standings** (house rule): winners first, then fewest cards, eliminated "
                "players last.\n\n"
                "{credit}"
            ),
        ),
    ),
)
