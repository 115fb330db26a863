"""A full Coins match through slash commands and selects: two members, one AI, a restart."""

from __future__ import annotations

import logging
import random
import re
from typing import Any

from bot.discord_ui.bot import create_bot
from bot.games.coins.cards import card
from tests.discord import helpers as ui


async def hands_of(env: Any, match_id: int) -> tuple[tuple[int, ...], ...]:
    """Return every seat's hand as the running bot holds it."""
    live = await env.bot.controller.matches.load(match_id)
    hands: tuple[tuple[int, ...], ...] = live.state.hands
    return hands


def names_of(numbers: tuple[int, ...]) -> list[str]:
    """Return card numbers as the bot writes them."""
    return [card(n).name() for n in numbers]


def shown(text: str, names: list[str]) -> list[str]:
    """Return the card names that appear in a text as whole phrases."""
    return [n for n in names if re.search(rf"(?<![\w]){re.escape(n)}(?!\w)", text)]


async def check_secrets(world: Any, match_id: int, view: Any, seat: int) -> None:
    """The channel shows no hand; a member's view shows only their own hand."""
    env = world.env
    hands = await hands_of(env, match_id)
    public = "\n".join(ui.text_of(env, m) for m in world.channel.history() if not m.flags.ephemeral)
    assert not shown(public, [n for h in hands for n in names_of(h)]), "a hand in the channel"
    others = [n for s, h in enumerate(hands) if s != seat for n in names_of(h)]
    assert not shown(ui.text_of(env, view), others), "another seat's hand in a private view"
    assert shown(ui.text_of(env, view), names_of(hands[seat])), "the member's own hand is missing"


async def play_a_card(member: Any, env: Any, view: Any, match_id: int, rng: random.Random) -> None:
    """Choose a random card in the view's one select and check that it was played."""
    (select_id,) = {cid for kind, cid, _ in ui.choices(env, view) if kind == "select"}
    options = [o for o in ui.choices(env, view) if o[1] == select_id]
    before = await hands_of(env, match_id)
    await ui.choose(member, env, view, rng.choice(options))
    assert await hands_of(env, match_id) != before, "the card was not played"


async def play_to_the_end(world: Any, settings: Any, table: Any, match_id: int) -> tuple[Any, Any]:
    """Let the members to act play a random card from My hand until the end.

    At the eighth turn the bot restarts between opening My hand and choosing a
    card, so that the card is played from a select sent before the restart.
    Return that member and their latest view (pressing My hand removes the older).
    """
    env, members, rng = world.env, ui.member_by_id(world), random.Random(4)
    seats = {world.alice.id: 0, world.bob.id: 1}
    latest: dict[int, Any] = {}
    old_view, owner, turns = None, None, 0
    while ui.to_act(env, table) and turns < 120:
        user = ui.to_act(env, table)[0]
        member = members[user]
        view = latest[user] = ui.private_message(await member.click(table, label="My hand"))
        assert view.ephemeral and "Your hand" in ui.text_of(env, view)
        if turns % 6 == 0:
            await check_secrets(world, match_id, view, seats[user])
        if turns == 8:
            old_view, owner = view, member
            await env.restart_bot(create_bot(settings))
        await play_a_card(member, env, view, match_id, rng)
        turns += 1
    assert old_view is not None and owner is not None, "the bot was not restarted"
    return latest[owner.id], owner


async def test_two_members_and_an_ai_play_coins_to_a_winner_with_a_restart(
    world, settings, caplog
) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    env = world.env
    # Alice hosts, Bob joins, one AI seat.
    table, match_id = await ui.open_table(
        world, game="coins", ai=1, players=("alice", "bob"), target="10"
    )
    first = ui.text_of(env, table)
    assert "first to **10** points wins" in first and "Coins not yet seen this hand" in first
    last, owner = await play_to_the_end(world, settings, table, match_id)
    assert not ui.to_act(env, table), "the match did not finish"
    final = ui.text_of(env, table)
    assert "Coins - match over" in final and "Rematch" in final
    assert re.search(r"reaches 1\d of 10 points and wins", final)
    assert "Standings: 1. " in final and "Still held (" in final
    assert "still held" not in final, "the cards left are named once, in the fields"
    live = await env.bot.controller.matches.load(match_id)
    assert live.row.status == "finished" and live.match.outcome is not None
    assert max(live.state.scores) >= 10 and live.state.winner is not None
    assert any(seat == 2 for seat, _ in await _log(env, match_id)), "the AI seat played"
    # The select sent before the restart worked after it (the card was played); the
    # member's last view, clicked now, answers readably.
    stale = await owner.click(last, label="Refresh")
    assert "over" in ui.answer(stale, env, last).lower()
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert "acted" in logged and not re.search(r"\bD\.\d\.\d", logged)


async def _log(env: Any, match_id: int) -> list[tuple[int, str]]:
    """Return the match's logged steps as the store holds them."""
    repo = env.bot.controller.matches.repo
    events = await repo.load_events(match_id)
    return [(e.seat, e.action) for e in events]


async def test_rules_pages_and_the_target_option(world) -> None:
    env = world.env
    page = ui.private_message(await world.carol.slash(world.channel, "coins rules"))
    assert page.ephemeral and "Coins rules 1/" in ui.text_of(env, page)
    assert "Mark Steere" in ui.text_of(env, page)
    result = await world.alice.slash(world.channel, "coins start", target="20")
    assert "target: 20 points" in ui.text_of(env, result.response)
