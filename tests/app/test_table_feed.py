"""The table's recent moves: a game may keep some of them off the table (Coins' older tricks)."""

from __future__ import annotations

import random

from bot.app.moderation import LOG_LINES, LOG_PAGE_CHARACTERS, log_pages
from bot.games.coins.cards import card
from tests.app.fakes import World
from tests.app.play import open_game, play_out, random_move


async def test_coins_table_names_no_card_of_an_older_trick(world: World) -> None:
    """Coins rules §6 (house rule): tricks before the last completed one stay face down
    during the hand, so the table's recent moves name only the last trick and this one."""
    match_id = await open_game(world.lobbies, "coins")
    rng = random.Random(3)
    while True:
        move = await random_move(world.matches, match_id, rng)
        assert move is not None
        await world.matches.submit(match_id, move.user_id, move.version, move.token)
        live = await world.matches.load(match_id)
        if len(live.state.taken) == 3 and len(live.state.trick) == 1:
            break
    table = await world.matches.table(match_id)
    assert len(table.recent) == 5, "the last trick's three cards and result, then one card"
    assert "wins the trick" in table.recent[3]
    shown = "\n".join(table.recent)
    for trick in live.state.taken[:2]:
        for play in trick.plays:
            assert f"the {card(play.card).name()}" not in shown, shown
    for play in live.state.taken[2].plays:
        assert f"the {card(play.card).name()}." in shown, shown

    # The move log keeps them face down too while the hand is on (/match log), and lists
    # the latest moves without that limit once the match is over.
    log = "\n".join(await world.moderation.log_lines(match_id))
    assert log == shown
    await play_out(world.matches, match_id, rng)
    lines = await world.moderation.log_lines(match_id)
    assert len(lines) > LOG_LINES, "every line once the match is over"

    # /match log shows it page by page, the newest first, every line once and in order.
    pages = log_pages(lines)
    assert len(pages) > 1 and pages[0][-1] == lines[-1]
    assert [line for page in reversed(pages) for line in page] == lines
    for page in pages:
        assert len(page) <= LOG_LINES and sum(len(x) + 1 for x in page) <= LOG_PAGE_CHARACTERS


async def test_other_games_list_the_usual_recent_moves(world: World) -> None:
    match_id = await open_game(world.lobbies, "never_over")
    rng = random.Random(1)
    for _ in range(12):
        move = await random_move(world.matches, match_id, rng)
        assert move is not None
        await world.matches.submit(match_id, move.user_id, move.version, move.token)
    assert len((await world.matches.table(match_id)).recent) == 6


async def test_the_log_once_over_names_whose_private_lines_they_were(world: World) -> None:
    """/match log includes everything after the end; a line that spoke to one player
    ("You drew …") says whose it was instead of reading as if to the reader."""
    match_id = await open_game(world.lobbies, "coverta")
    await play_out(world.matches, match_id, random.Random(2))
    live = await world.matches.load(match_id)
    private = [e for _, e in live.recent if e.audience is not None]
    assert private, "a COVERTA match tells players privately what they drew"
    lines = await world.moderation.log_lines(match_id)
    for line in lines:
        assert not line.startswith("You "), line
    said = [line for line in lines if ", privately: You " in line]
    assert said and all(line.split(", privately:")[0] in live.names for line in said)
