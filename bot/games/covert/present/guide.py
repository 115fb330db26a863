"""The paged Covert rules summary shown by ``/covert rules``, in the bot's own words."""

from __future__ import annotations

from typing import Final

from bot.engine.guide import Guide
from bot.engine.i18n import N_

GUIDE: Final = Guide(
    __name__,
    "Covert",
    credit=N_(
        "Covert was designed by Kane Klenko (2016). The map, cards, missions, codes and "
        "characters used here are original content made for this bot, not the published ones."
    ),
    goal=N_(
        "Run a network of three agents across Europe. Complete Missions (2–7 points) by "
        "gathering equipment and putting agents in the right places, and break Codes on the "
        "shared Cipher grid (2 points each while you keep them).\n\n"
        "The round in which someone completes a **sixth mission** is the last; then everyone "
        "gets one final mission. Highest score wins; ties go to more missions, then the best "
        "single mission, then the victory is shared (the bot's ruling).\n\n2 to 4 players. "
        "{credit}"
    ),
    pages=(
        (
            N_("A round"),
            N_(
                "**I. Roll and place dice.** Everyone rolls five dice. In turn, place one die: on "
                "an Action Circle (space = its face, and next to a die already there if the circle "
                "is not empty; space 6 touches 1), on the Special Operations folder (draw a secret "
                "token, usable from your next turn) or on the Decoder. Or pass and take the lowest "
                "Turn Order token: token 1 acts first in Phases II and III, and the highest token "
                "places first next round. After "
                "placing you may still fly and use abilities; press **End turn** when done. Once "
                "per game, at any moment of this phase (on anyone's turn), your **Reroll** token "
                "rerolls any of your unplaced dice (🔒 My dossier → Reroll).\n**II. Break Codes.** "
                "In token order: one swap of two neighbouring Cipher tiles (rows, columns, or the "
                "two ends of a row), lay your Decoder dice on tiles, then claim any code of yours "
                "that reads left to right in a row. A First window opens before the first of these "
                "turns; no flights or other abilities in this phase, except Code Breaker, and "
                "Espionage still follows every use.\n**III. Dice Resolution.** In token order, one "
                "Action per turn with your circle dice: complete a Mission, take a Mission, take "
                "an Agency card (one die: a region where you have an agent; two dice: any card or "
                "the deck), or move (k dice: each agent up to k steps)."
            ),
        ),
        (
            N_("Cards, flights and Intel"),
            N_(
                "- **Agency cards** show an equipment, a flight city and an ability; each is used "
                "once (for a mission, to fly an agent to its city, or for its ability) and "
                "discarded.\n- **Intel**: an agent leaving a city drops one of your cubes; "
                "entering a city collects every other cube. Two cubes of one colour go back and "
                "give you a free Agency card.\n- **Abilities**: +1/−1 a die as you place it on an "
                "Action Circle or the Decoder (never the Special Operations folder), Move ×3, "
                "Sneak Attack (one more placement), Code Breaker (one more swap), Search (look at "
                "three, keep one), First (act before the normal order) and Espionage (take a card "
                "someone just used).\n- Hand limits: 7 Agency cards, 3 Missions (not checked "
                "during the final missions).\n- **Paying a mission**: each equipment icon takes an "
                "Agency card with that equipment, the equipment benefit of a mission you "
                "completed, or a completed Code (which goes back to a Code deck and scores no "
                "more); the any-card icon takes an Agency card only.\n- The Agency discard pile is "
                "public: 🔒 My dossier → 🗑️ Discard pile lists it."
            ),
        ),
        (
            N_("Characters"),
            N_(
                "Each player has one: **Cryptographer** (a long swap once per round), "
                "**Quartermaster** (draw two tokens, keep one), **Courier** (a bonus step after "
                "each Movement Action with dice, not Move ×3), **Controller** (4 Missions; the "
                "face-down draw shows two), **Attaché** (8 Agency cards; one die may take the deck "
                "top), **Infiltrator** (collects Intel when flying; free cards from any Region "
                "Space). Characters rest during the final missions."
            ),
        ),
        (
            N_("The bot's rulings"),
            N_(
                "- Reactions (Espionage, First) are asked one player at a time; a timeout "
                "declines. Your dossier's ⚙️ Settings turn each to *never* (declined at once, no "
                "wait) or back to *ask*, at any moment.\n- Other timeouts take the rules' "
                "defaults: pass (or end the turn), finish "
                "the codes, forfeit the remaining dice, no final mission; discard the newest card, "
                "keep the first searched card, the Region Space card, the larger Code deck.\n- "
                "Host option `conceal_reactions` (off by default): every Espionage event and First "
                "window shows the same waiting line for 8 s, even when nobody may react.\n- Each "
                "location icon of a mission needs its own agent (or region benefit).\n- A flight "
                "places and collects no Intel (except the Infiltrator's collection).\n- Forfeit "
                "returns any one or more of your circle dice unused, as one Action.\n- No round "
                "limit: the "
                "game ends only after a sixth mission. Host option `round_limit` (off by default) "
                "makes the final missions follow round 20 anyway, a guard for tables of AI seats "
                "only."
            ),
        ),
    ),
)
