"""A full Covert match through SimCord: two members and an AI seat, a restart, no leaks.

The members act only through the table's "🔒 My dossier" button and the buttons and
selects of their private view (see ``covert_play``): Alice follows the planner AI's
advice, Bob tries every kind of choice for three rounds and then hurries. The bot
restarts in round 2 between opening a dossier and using it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from tests.discord.covert_play import open_covert
from tests.discord.helpers import answer, stored, text_of

# Read by the simcord_bot fixture (tests/discord/conftest.py).
SEED = 2
"""Match seeds from ``random.Random(2)``: a game in which the members are asked Espionage
and First questions (other seeds play just as well but may ask no reaction)."""


async def test_two_members_and_an_ai_play_covert_to_the_end_with_a_restart(
    world, settings, caplog
) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    env = world.env
    table = await open_covert(world, settings)
    await table.play()

    live = await table.live()
    assert live.row.status == "finished" and live.match.outcome is not None
    final = text_of(env, table.message)
    assert re.search(r"🏆 .+ (wins|share the victory) with \d+ points", final)
    assert "Rematch" in final and "My dossier" not in final
    assert table.kept is not None, "the bot never restarted"
    assert not table.problems, table.problems[:10]

    # Every kind of decision the members met went through the components.
    kinds = {token.split(".")[0] for _, token in table.applied}
    assert {"C", "P", "N", "Z", "E", "X"} <= kinds and len(kinds) >= 14, sorted(kinds)
    for situation in ("prompt keep3", "turn place", "turn codes", "turn act", "turn final"):
        assert situation in table.met, sorted(table.met)
    assert table.reactions, "no member was asked a reaction: pick another SEED"
    assert table.piles, "no member opened the Agency discard pile"

    # Views left from play answer with a readable sentence once the match is over.
    seat, _old_view = table.kept
    member, last = table.members[seat], table.views[seat]
    stale = await member.click(last, label="Refresh")
    assert "over" in answer(stale, env, last).lower()
    assert not stored(env, last).components or "over" in text_of(env, last).lower()

    # Nothing went wrong on the bot's side, and no secret reached the INFO log.
    logged = [r for r in caplog.records if r.name.startswith("bot")]
    assert not [r.getMessage() for r in logged if r.levelno >= logging.ERROR]
    info = "\n".join(r.getMessage() for r in logged if r.levelno >= logging.INFO)
    assert "acted" in info and not re.search(r"\b[AMCS]\d\d\b", info)


async def test_the_lobby_names_each_option_once(world: Any) -> None:
    """An on/off option reads "conceal_reactions: On", not its name a second time."""
    lobby = await world.alice.slash(world.channel, "covert start", conceal_reactions="on")
    text = text_of(world.env, lobby.response)
    assert "conceal_reactions: On" in text and "round_limit: No round limit" in text
    assert text.lower().count("conceal") == 1
