"""Lobbies: seats, hosting, per-seat picks such as teams."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from sqlalchemy import Connection, event

from bot.app.errors import NotAllowed, ServiceError
from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.app.ports import NullPublisher
from bot.discord_ui.payloads import lobby_payload
from bot.engine import OptionSpec, Registry
from bot.engine.i18n import use_locale
from bot.games.coverta import GAME
from bot.store.db import make_sessionmaker
from bot.store.repo import MatchRepository
from bot.store.sql import WRITE
from bot.store.writer import writer_for
from tests.app.fakes import tracked

TEAM = OptionSpec(
    "team", "Your team", (("A", "Team A"), ("B", "Team B")), "A", per_seat=True, balanced=True
)


def teams_registry() -> Registry:
    """COVERTA with a per-seat team option, standing in for a partnership game."""
    spec = msgspec.structs.replace(GAME.spec, options=(*GAME.spec.options, TEAM))
    registry = Registry()
    registry.register(dataclasses.replace(GAME, spec=spec))
    return registry


@pytest.fixture
def lobbies(engine: Any) -> LobbyService:
    registry = teams_registry()
    repo = MatchRepository(make_sessionmaker(engine))
    matches = tracked(MatchService(repo, registry, NullPublisher()))
    return LobbyService(repo, registry, matches, seeds=random.Random(1))


async def open_lobby(lobbies: LobbyService) -> int:
    lobby = await lobbies.open(
        guild_id=1, channel_id=2, game="coverta", options={}, host=(1, "Alice")
    )
    return lobby.match_id


async def test_new_seats_balance_the_teams_and_members_can_switch(lobbies: LobbyService) -> None:
    match_id = await open_lobby(lobbies)
    await lobbies.join(match_id, 2, "Bob")
    await lobbies.add_ai(match_id, 1)
    lobby = await lobbies.join(match_id, 3, "Carol")
    assert [lobby.picks(i) for i in range(4)] == [["Team A"], ["Team B"], ["Team A"], ["Team B"]]
    lobby = await lobbies.pick(match_id, 3, "team", "A")
    assert lobby.picks(3) == ["Team A"]
    lobby = await lobbies.leave(match_id, 2)
    assert [lobby.picks(i) for i in range(3)] == [["Team A"], ["Team A"], ["Team A"]]
    with pytest.raises(ServiceError):
        await lobbies.pick(match_id, 3, "team", "Z")
    with pytest.raises(ServiceError):
        await lobbies.pick(match_id, 9, "team", "B")
    await lobbies.start(match_id, 1)
    row = (await lobbies.info(match_id)).row
    assert row.options["team"] == "A,A,A" and row.options["mode"] == "strict"


async def test_the_lobby_message_offers_one_button_per_team(lobbies: LobbyService) -> None:
    match_id = await open_lobby(lobbies)
    payload = lobby_payload(await lobbies.info(match_id))
    ids = [item.custom_id for item in payload["view"].children]
    assert f"l:{match_id}:o.team.A" in ids and f"l:{match_id}:o.team.B" in ids
    assert "Alice (host) · Team A" in payload["embed"].fields[1].value


async def test_a_per_seat_option_is_offered_only_when_its_match_option_applies(
    engine: Any,
) -> None:
    team = msgspec.structs.replace(TEAM, applies_when=("steal", "on"))
    spec = msgspec.structs.replace(GAME.spec, options=(*GAME.spec.options, team))
    registry = Registry()
    registry.register(dataclasses.replace(GAME, spec=spec))
    repo = MatchRepository(make_sessionmaker(engine))
    service = LobbyService(repo, registry, tracked(MatchService(repo, registry, NullPublisher())))
    ids: dict[str, list[str]] = {}
    for steal in ("off", "on"):
        lobby = await service.open(
            guild_id=1, channel_id=2, game="coverta", options={"steal": steal}, host=(1, "Al")
        )
        payload = lobby_payload(lobby)
        ids[steal] = [item.custom_id for item in payload["view"].children]
        assert ("Team A" in payload["embed"].fields[1].value) is (steal == "on")
    assert not any(".team." in i for i in ids["off"])
    assert any(".team." in i for i in ids["on"])
    off_lobby = (await service.info(1)).match_id
    with pytest.raises(ServiceError):
        await service.pick(off_lobby, 1, "team", "B")


async def test_a_personal_per_seat_option_keeps_each_members_choice(engine: Any) -> None:
    """Covert's Espionage/First settings: joining gives the declared default ("ask"),
    and no member's pick changes because someone else joined."""
    from bot.games.covert import GAME as COVERT

    registry = Registry()
    registry.register(COVERT)
    repo = MatchRepository(make_sessionmaker(engine))
    service = LobbyService(repo, registry, tracked(MatchService(repo, registry, NullPublisher())))
    lobby = await service.open(guild_id=1, channel_id=2, game="covert", options={}, host=(1, "Al"))
    match_id = lobby.match_id
    lobby = await service.join(match_id, 2, "Bo")
    assert lobby.row.options["espionage"] == "ask,ask"
    assert lobby.row.options["first"] == "ask,ask"
    lobby = await service.pick(match_id, 1, "espionage", "never")
    lobby = await service.join(match_id, 3, "Cy")
    await service.add_ai(match_id, 1)
    lobby = await service.info(match_id)
    assert lobby.row.options["espionage"] == "never,ask,ask,ask"
    assert lobby.row.options["first"] == "ask,ask,ask,ask"


async def test_a_rematch_gives_each_member_their_own_picks_without_those_who_left(
    engine: Any,
) -> None:
    """The rematch keeps each member's per-seat picks: with a member gone, the others'
    picks move with them to their new seats, not by the old seat numbers."""
    from bot.games.covert import GAME as COVERT

    registry = Registry()
    registry.register(COVERT)
    repo = MatchRepository(make_sessionmaker(engine))
    matches = tracked(MatchService(repo, registry, NullPublisher()))
    service = LobbyService(repo, registry, matches)
    lobby = await service.open(guild_id=1, channel_id=2, game="covert", options={}, host=(1, "Al"))
    match_id = lobby.match_id
    await service.join(match_id, 2, "Bo")
    await service.join(match_id, 3, "Cy")
    await service.pick(match_id, 3, "espionage", "never")
    await service.pick(match_id, 2, "first", "never")
    await service.start(match_id, 1)
    await matches.leave(match_id, 2)
    await matches.end(match_id, 1, moderator=False)
    with pytest.raises(NotAllowed, match="A player who left or was removed cannot"):
        await service.rematch(match_id, 2)
    with pytest.raises(NotAllowed, match="Only players of this match"):
        await service.rematch(match_id, 9)
    rematch, opened = await service.rematch(match_id, 3)
    assert opened and [s.user_id for s in rematch.seats] == [1, 3]
    assert rematch.row.options["espionage"] == "ask,never"  # Cy's own "never"
    assert rematch.row.options["first"] == "ask,ask"  # Bo's "never" went with him
    assert rematch.picks(1) == ["Espionage: never", "First: ask"]


@contextlib.contextmanager
def transactions(engine: Any) -> Iterator[list[bool]]:
    """Record each transaction begun on the engine (and the writer's own): whether it writes."""
    began: list[bool] = []

    def on_begin(connection: Connection) -> None:
        began.append(bool(connection.get_execution_options().get(WRITE, False)))

    engines = [engine.sync_engine]
    direct = writer_for(engine).direct_engine
    if direct is not None:
        engines.append(direct)
    for target in engines:
        event.listen(target, "begin", on_begin)
    try:
        yield began
    finally:
        for target in engines:
            event.remove(target, "begin", on_begin)


async def test_leave_add_ai_and_pick_are_one_transaction_each(
    lobbies: LobbyService, engine: Any
) -> None:
    """Each lobby step reads, checks and writes in one transaction, reads included.

    Issue: leaving, adding an AI seat and picking a team each read the lobby, wrote, and
    read it again (a host leaving wrote twice).
    """
    match_id = await open_lobby(lobbies)
    await lobbies.join(match_id, 2, "Bob")
    await lobbies.add_ai(match_id, 1)  # the server's settings are read once, then kept
    await lobbies.leave(match_id, 2)
    counts = []
    with transactions(engine) as began:
        added = await lobbies.add_ai(match_id, 1)
        counts.append(len(began))
        picked = await lobbies.pick(match_id, 1, "team", "B")
        counts.append(len(began))
        await lobbies.join(match_id, 3, "Cy")
        counts.append(len(began))
        left = await lobbies.leave(match_id, 1)  # the host: Cy hosts now
        counts.append(len(began))
    assert counts == [1, 2, 3, 4]
    assert all(began)
    assert added.seats[0].display_name == "Alice" and len(added.seats) == 3
    assert picked.row.options["team"].split(",")[0] == "B"
    assert left.row.host_user_id == 3 and [s.user_id for s in left.seats][-1] == 3
    assert left.row.options["team"].count(",") == len(left.seats) - 1
    assert left == await lobbies.info(match_id)


async def test_open_join_and_start_are_one_transaction_each(
    lobbies: LobbyService, engine: Any
) -> None:
    """Open (limits, match and host seat), join (seat and its team pick), start (checks and the
    opening): three transactions in all, reads included, each a write.

    Issue: the lobby took about ten transactions; each step now reads, checks and writes at once.
    """
    counts = []
    with transactions(engine) as began:
        lobby = await lobbies.open(
            guild_id=1, channel_id=1, game="coverta", options={}, host=(1, "Ann")
        )
        counts.append(len(began))
        joined = await lobbies.join(lobby.match_id, 2, "Bob")
        counts.append(len(began))
        started = await lobbies.start(lobby.match_id, 1)
        counts.append(len(began))
    assert counts == [1, 2, 3]
    assert all(began)
    assert [s.display_name for s in joined.seats] == ["Ann", "Bob"]
    assert joined.row.options["team"] == "A,B"  # the pick came with the seat
    assert started.row.status == "active" and [s.user_id for s in started.seats] == [1, 2]
    stored = await lobbies.info(lobby.match_id)
    shown = dataclasses.replace(started.row, updated_at=stored.row.updated_at)
    assert shown == stored.row  # what start returns is what it stored


async def test_a_refused_join_or_start_writes_nothing(lobbies: LobbyService) -> None:
    """The checks run inside the transaction: a refusal leaves the lobby as it was."""
    match_id = await open_lobby(lobbies)
    with pytest.raises(ServiceError, match="needs at least"):
        await lobbies.start(match_id, 1)
    await lobbies.join(match_id, 2, "Bob")
    with pytest.raises(ServiceError, match="already joined"):
        await lobbies.join(match_id, 2, "Bob")
    with pytest.raises(ServiceError, match="Only the host"):
        await lobbies.start(match_id, 2)
    lobby = await lobbies.info(match_id)
    assert lobby.row.status == "lobby" and [s.user_id for s in lobby.seats] == [1, 2]
    await lobbies.start(match_id, 1)
    with pytest.raises(ServiceError, match="closed"):
        await lobbies.join(match_id, 3, "Cy")


async def test_a_refusal_inside_the_transaction_speaks_the_members_language(
    lobbies: LobbyService,
) -> None:
    """The checks run in the writer's transaction, yet in the context of the member's click."""
    match_id = await open_lobby(lobbies)
    await lobbies.join(match_id, 2, "Bob")
    with use_locale("it"), pytest.raises(ServiceError, match="Sei già in questa lobby"):
        await lobbies.join(match_id, 2, "Bob")
    with use_locale("it"), pytest.raises(NotAllowed, match="Solo chi organizza"):
        await lobbies.start(match_id, 2)


async def test_a_players_limit_outside_the_games_range_is_refused(lobbies: LobbyService) -> None:
    for players in (1, 7):
        with pytest.raises(ServiceError, match="COVERTA takes 2 to 6 players"):
            await lobbies.open(
                guild_id=1, channel_id=2, game="coverta", options={}, host=(1, "A"), players=players
            )
    full = await lobbies.open(
        guild_id=1, channel_id=2, game="coverta", options={}, host=(1, "A"), players=6
    )
    assert "players" not in full.row.options and full.most_seats == 6
    two = await lobbies.open(
        guild_id=1, channel_id=2, game="coverta", options={}, host=(1, "A"), players=2
    )
    await lobbies.join(two.match_id, 2, "B")
    with pytest.raises(ServiceError, match="This lobby is full"):
        await lobbies.join(two.match_id, 3, "C")
