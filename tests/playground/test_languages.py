"""The playground's language switches: a member's Discord client language and the server's."""

from __future__ import annotations

import random

from bot.app.settings import Settings
from bot.playground.session import open_playground, parse_languages


def test_languages_are_read_per_member() -> None:
    assert parse_languages("bob=it, alice=en", ["alice", "bob"]) == {"bob": "it", "alice": "en-US"}
    assert parse_languages("", ["alice"]) == {}


async def test_an_italian_server_with_an_english_and_an_italian_member(db_url: str) -> None:
    settings = Settings(database_url=db_url, ai_move_delay=0.0)
    async with open_playground(
        settings,
        ["alice", "bob"],
        seeds=random.Random(3),
        languages={"bob": "it"},
        server_language="it",
    ) as pg:
        alice, bob = pg.world.members["alice"], pg.world.members["bob"]
        channel, run = pg.world.channel, pg.conductor.exclusive
        lobby = (await run(lambda: alice.slash(channel, "coverta start"))).response
        assert "In attesa di giocatori" in repr(lobby.embeds[0].to_dict())
        # Bob joins and Alice joins again: each refusal in the member's own language.
        await run(lambda: bob.click(lobby, label="Entra"))
        again = await run(lambda: bob.click(lobby, label="Entra"))
        assert (again.followups or [again.response])[-1].content == "Sei già in questa lobby."
        again = await run(lambda: alice.click(lobby, label="Entra"))
        assert (again.followups or [again.response])[-1].content == (
            "You have already joined this lobby."
        )
