"""The paged NEVER OVER rules summary shown by ``/never-over rules``, in the bot's own words."""

from __future__ import annotations

from typing import Final

from bot.engine.guide import Guide
from bot.engine.i18n import N_

GUIDE: Final = Guide(
    __name__,
    "NEVER OVER",
    credit=N_("NEVER OVER is a traditional game; no designer is known."),
    goal=N_(
        "Build the biggest total of green cards on your own green pile by the time "
        "everyone has retired.\n\n"
        "- **Green cards** +1 to +4 add their value to your score.\n"
        "- **Red cards** ≤0 to ≤4 set a **cap**: the top red card of your red pile says how "
        "high a green card you may play. With no red card on your pile your cap is 4.\n"
        "- Only the top red card counts. Greens already played stay, whatever happens to "
        "your cap later.\n\n"
        "2 to 6 players. {credit}"
    ),
    pages=(
        (
            N_("Setting up"),
            N_(
                "- The bot picks the first dealer at random (house rule), shuffles, and deals 8 "
                "cards each (the hand size option: 4 to 12) one at a time, starting with the "
                "player left of the dealer, who also plays first. The pack must hold that many "
                "for everyone: if it does not, the bot refuses to start and says the most it "
                "can deal.\n- The "
                "rest is the face-down stock. Green piles, red piles and discards start empty.\n- "
                "Packs: **standard** (40 greens, 15 reds), **offensive** (44 greens, 13 reds) and "
                "**defensive** (36 greens, 17 reds); the last two are house rules."
            ),
        ),
        (
            N_("Your turn"),
            N_(
                "Do one thing:\n"
                "1. **Score**: a green card on your own green pile, if it is not above your cap.\n"
                "2. **Raise my cap**: a red card on your own red pile, if it is at least your cap "
                "(on an empty pile only a ≤4).\n"
                "3. **Cap an opponent**: a red card on another player's red pile, if it is at most "
                "their cap (any red goes on an empty pile).\n"
                "4. **Discard** any card face up.\n"
                "5. **Retire**, even with plays left.\n\n"
                "Then, unless you retired, draw the top card of the stock while it lasts. If your "
                "hand is empty after that you retire automatically. The turn order has no fixed "
                "list of steps in the source; this is the bot's (house rule)."
            ),
        ),
        (
            N_("Never allowed"),
            N_(
                "- A green card on anyone else's green pile (partner or not).\n"
                "- A green card on a red pile, or a red card on a green pile.\n"
                "- A red card that raises someone else's cap, or lowers your own.\n\n"
                'The bot turns such a request down, says why ("your cap is 2: a +3 cannot go on '
                'your green pile") and your turn goes on. A red card equal to the cap is allowed '
                "but changes nothing: a way to get rid of a card."
            ),
        ),
        (
            N_("Retiring and the end"),
            N_(
                "- A retired player takes no more turns. Their hand is set aside face down and "
                "shown to all when the game ends (house rule). Their piles still count, and red "
                "cards may still be put on their red pile (house rule); it changes nothing.\n"
                "- When only one player is left, they keep playing alone until they retire.\n"
                "- The game ends when everyone has retired. Your score is your green pile. "
                "Highest score wins; equal scores share the place."
            ),
        ),
        (
            N_("Partnerships and sessions"),
            N_(
                "- **Partnerships**: each seat picks team A, B or C in the lobby (three teams at "
                "most, house rule). A team scores the total "
                "of its members' green piles; teams are ranked. Green cards still only go on your "
                "own pile. There must be at least two teams: if every seat picks the same one, the "
                "bot refuses to start (house rule).\n- **Rotating partnerships** (`partnerships: "
                "rotating`, five players only): partners change with the deal. In games 1-5 of the "
                "session the dealer's left (sinistra) and right (destra) neighbours partner "
                "against the other three; in games 6-10 sinistra, the dealer and destra play "
                "against the other two (a longer session starts over, house rule). Each game every "
                "player scores their partnership's green total; session totals are per player. The "
                "table shows this game's partners. Choose 5 or 10 games so everyone deals equally "
                "often. With any other number of players the bot refuses to start.\n- **Session** "
                "of several games (60 at most, house rule): the deal passes to the left each game "
                "and scores add up; the highest total wins, ties share (house rule). Choose a "
                "number of games that is a multiple of the number of players so everyone deals "
                "equally often."
            ),
        ),
    ),
)
