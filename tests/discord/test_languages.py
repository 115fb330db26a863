"""Languages end to end: replies in each member's client language, the channel in the server's.

SimCord sends every interaction as en-US; `use_locales` (the playground's SimCord
pin) makes it send each member's Discord locale and the server's preferred
locale, as Discord does.
"""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any

from discord.app_commands import Command

from bot.discord_ui.bot import create_bot
from bot.discord_ui.controller import LANGUAGES_REMEMBERED
from bot.discord_ui.translator import COMMAND_NAMES, CatalogueTranslator
from bot.playground._simcord_pin import use_locales
from tests.discord.helpers import (
    answer,
    match_id_of,
    open_table,
    private_message,
    stored,
    text_of,
    to_act,
)
from tests.discord.test_stats_prefs import dm_texts, take_turn


def public_text(world: Any, message: Any) -> str:
    """Return what everyone in the channel sees on a message."""
    return text_of(world.env, message)


async def test_an_italian_member_in_an_english_server(world) -> None:
    env = world.env
    assert use_locales(env, {world.bob.id: "it"})
    lobby = (await world.alice.slash(world.channel, "coverta start")).response
    assert "Waiting for players" in public_text(world, lobby)

    # Bob's click edits the public lobby: it stays in the server's English.
    joined = await world.bob.click(lobby, label="Join")
    shown = public_text(world, lobby)
    assert "Waiting for players" in shown and "Seats (2/" in shown and "bob" in shown
    assert "In attesa" not in shown and "Posti" not in shown
    assert joined.response is None or not joined.response.flags.ephemeral

    # Bob's refusal is his alone, in Italian; Alice's is in English.
    refused = await world.bob.click(lobby, label="Start")
    assert private_message(refused).flags.ephemeral
    assert answer(refused) == "Solo chi organizza può avviare la partita."
    refused = await world.alice.click(lobby, label="Join")
    assert answer(refused) == "You have already joined this lobby."

    await world.alice.click(lobby, label="Start")
    table = lobby
    match_id = match_id_of(env, table)
    content = stored(env, table).content or ""
    assert content.startswith(f"Match #{match_id}")
    labels = public_text(world, table)
    assert "My hand" in labels and "La mia mano" not in labels

    # Each hand is rendered for its own reader.
    bob_hand = private_message(await world.bob.click(table, label="My hand"))
    assert bob_hand.flags.ephemeral
    assert "Questa vista segue il tavolo" in answer_of(bob_hand)
    alice_hand = private_message(await world.alice.click(table, label="My hand"))
    assert "This view follows the table" in answer_of(alice_hand)
    assert "Questa vista" not in answer_of(alice_hand)

    # Slash commands answer in the member's language too.
    status = await world.bob.slash(world.channel, "match status")
    assert answer(status).startswith(f"Partita n. {match_id}")
    left = await world.bob.slash(world.channel, "match leave")
    assert answer(left) == "Hai lasciato la partita; da ora il tuo posto lo gioca l'IA."

    # Nothing Italian reached the channel.
    channel = "\n".join(
        public_text(world, m) for m in world.channel.history() if not m.flags.ephemeral
    )
    for italian in ("Partita n.", "Solo chi", "Hai lasciato", "tocca a", "Questa vista"):
        assert italian not in channel, italian


async def test_an_english_member_in_an_italian_server(world) -> None:
    env = world.env
    assert use_locales(env, {world.alice.id: "en-US", world.bob.id: "en-GB"})
    set_it = await world.mod.slash(world.channel, "config language", language="it")
    assert answer(set_it) == (
        "This server's tables and channel messages are now in Italian (`it`)."
    )

    lobby = (await world.alice.slash(world.channel, "coverta start")).response
    shown = public_text(world, lobby)
    assert "In attesa di giocatori" in shown and "Opzioni" in shown
    await world.bob.click(lobby, label="Entra")
    assert "Posti (2/" in public_text(world, lobby)
    refused = await world.bob.click(lobby, label="Avvia")
    assert answer(refused) == "Only the host can start the match."
    await world.alice.click(lobby, label="Avvia")
    match_id = match_id_of(env, lobby)
    assert (stored(env, lobby).content or "").startswith(f"Partita n. {match_id}")
    assert "La mia mano" in public_text(world, lobby)

    hand = private_message(await world.alice.click(lobby, label="La mia mano"))
    assert "This view follows the table" in answer_of(hand)
    assert "Questa vista" not in answer_of(hand)
    left = await world.bob.slash(world.channel, "match leave")
    assert answer(left) == "You left the match; the AI plays your seat from now on."

    # Back to the server's Discord locale (en-US here): the channel speaks English again.
    await world.mod.slash(world.channel, "config language", language="default")
    publisher = env.bot.controller.matches.publisher
    await publisher.match_changed(match_id)  # the next redraw of the table
    await asyncio.wait_for(publisher._tasks[match_id], 10)
    assert (stored(env, lobby).content or "").startswith(f"Match #{match_id}")


async def test_a_server_in_italian_by_its_discord_locale(world) -> None:
    env = world.env
    guild = env.create_guild("Tavolo", preferred_locale="it")
    channel = guild.create_text_channel("giochi")
    giulia = guild.add_member(env.create_user("giulia"))
    assert use_locales(env, {giulia.id: "it"})
    lobby = (await giulia.slash(channel, "coverta start")).response
    assert "In attesa di giocatori" in public_text(world, lobby)
    refused = await giulia.click(lobby, label="Entra")
    assert answer(refused) == "Sei già in questa lobby."
    # A game's own words come from that game's catalogue: Coins' target in points.
    coins = (await giulia.slash(channel, "coins start")).response
    assert "obiettivo: 15 punti" in public_text(world, coins)


async def test_command_localisations_are_registered_for_italian(world) -> None:
    tree = world.env.bot.tree
    translator = CatalogueTranslator()
    payloads = {
        c.name: await c.get_translated_payload(tree, translator) for c in tree.get_commands()
    }
    match = payloads["match"]
    assert match["name_localizations"] == {"it": "partita"}
    assert match["description_localizations"]["it"] == "La tua partita in questo canale"
    hand = next(o for o in match["options"] if o["name"] == "hand")
    assert hand["name_localizations"]["it"] == "mano"
    config = payloads["config"]
    language = next(o for o in config["options"] if o["name"] == "language")
    assert language["name_localizations"]["it"] == "lingua"
    start = next(o for o in payloads["coverta"]["options"] if o["name"] == "start")
    assert start["description_localizations"]["it"] == "Apri una lobby di COVERTA in questo canale"
    pacing = next(o for o in start["options"] if o["name"] == "pacing")
    assert pacing["name_localizations"]["it"] == "ritmo"
    assert (
        pacing["choices"][0]["name_localizations"]["it"] == "dal vivo (tempo per turno in minuti)"
    )
    coins = next(o for o in payloads["coins"]["options"] if o["name"] == "start")
    target = next(o for o in coins["options"] if o["name"] == "target")
    assert target["name_localizations"]["it"] == "obiettivo"
    assert target["description_localizations"]["it"].startswith("Punti per vincere")
    assert [c["name_localizations"]["it"] for c in target["choices"]][:2] == [
        "10 punti",
        "15 punti",
    ]
    # Only Italian is registered: an English (or any other) client sees the English names.
    assert payloads["prefs"]["name_localizations"] == {"it": "preferenze"}

    # Every name the tree carries is in the catalogue, and every bot description is translated.
    names: set[str] = set()
    for command in tree.walk_commands():
        names.add(command.name)
        if isinstance(command, Command):
            names.update(p.name for p in command.parameters)
    assert names <= set(COMMAND_NAMES), names - set(COMMAND_NAMES)
    for name in ("match", "config", "stats", "leaderboard", "prefs"):
        for node in _walk(payloads[name]):
            if node.get("type", 1) in (1, 2) or name in ("stats", "leaderboard", "prefs"):
                assert "it" in node.get("description_localizations", {}), node["name"]


def answer_of(message: Any) -> str:
    """Return a reply's content and embed text."""
    parts = [message.content or ""]
    parts += [repr(e.to_dict()) for e in message.embeds]
    parts += [str(c) for row in message.components for c in getattr(row, "children", [])]
    return "\n".join(parts)


def _walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    found = [node]
    for option in node.get("options", []):
        found += _walk(option)
    return found


async def test_turn_dms_are_in_each_members_language_after_a_restart_too(world, settings) -> None:
    env = world.env
    assert use_locales(env, {world.bob.id: "it"})
    prefs = await world.bob.slash(world.channel, "prefs", dm_turn=True)
    assert "Scrivimi in privato quando tocca a me: **attivo**" in answer(prefs)
    await world.alice.slash(world.channel, "prefs", dm_turn=True)
    table, _match_id = await open_table(world, players=("alice", "bob"))
    assert to_act(env, table) == [world.alice.id]
    assert any("It's your turn in **COVERTA**" in t for t in dm_texts(world.alice))
    # After a restart Bob has not used the bot yet: his DM follows the language of his /prefs.
    await env.restart_bot(create_bot(settings))
    assert env.bot.controller.language_of(world.bob.id) is None
    await take_turn(world, table, random.Random(3))
    assert any("Tocca a te in **COVERTA**" in t for t in dm_texts(world.bob))
    assert not any("It's your turn" in t for t in dm_texts(world.bob))


async def test_the_bot_keeps_only_the_latest_members_languages(world) -> None:
    controller = world.env.bot.controller

    def seen(user_id: int, locale: str) -> str:
        interaction = SimpleNamespace(user=SimpleNamespace(id=user_id), locale=locale)
        return controller.member_locale(interaction)

    assert seen(1, "it") == "it"
    for user_id in range(2, LANGUAGES_REMEMBERED + 2):
        seen(user_id, "en-US")
    assert len(controller.languages) == LANGUAGES_REMEMBERED
    # The member seen longest ago is forgotten, as after a restart; the latest is kept.
    assert controller.language_of(1) is None
    assert controller.language_of(LANGUAGES_REMEMBERED + 1) == "en"
    assert seen(1, "it") == "it" and controller.language_of(1) == "it"
