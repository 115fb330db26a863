"""Rematch lobbies: the same seats, options and lobby size as the match they follow."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app.errors import ServiceError
from tests.app.conftest import make_services


async def test_a_rematch_keeps_the_lobbys_number_of_seats(engine: Any) -> None:
    """`players:3` holds for the rematch too: its lobby is full with three."""
    services = make_services(engine)
    lobbies = services.lobbies
    lobby = await lobbies.open(
        guild_id=1, channel_id=2, game="coverta", options={}, host=(1, "Alice"), players=3
    )
    for user in (2, 3):
        await lobbies.join(lobby.match_id, user, f"User {user}")
    started = await lobbies.start(lobby.match_id, 1)
    assert started.row.options["players"] == "3"
    await services.matches.end(lobby.match_id, 1, moderator=False)
    rematch, _ = await lobbies.rematch(lobby.match_id, 2)
    assert rematch.most_seats == 3 and len(rematch.seats) == 3
    with pytest.raises(ServiceError):
        await lobbies.join(rematch.match_id, 4, "Dan")
