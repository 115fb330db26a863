"""A change outside the log is whole or absent, wherever the process dies (issue: crash windows).

Each test cuts an operation short at its n-th write, as a kill would: that write and
those after it never happen. A restart (new services on the same database, start-up
repair and resume) must then find the change whole or absent, and the match playing on.

Runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update

from bot.app.repair import RepairService
from bot.store.models import Match as MatchModel
from bot.store.store import Store
from bot.store.writer import GroupWriter
from tests.app.fakes import World, build_world, settle, start_match, stop_services
from tests.app.play import open_game, play_until_last_move
from tests.backends import database_urls

pytestmark = pytest.mark.parametrize("db_url", database_urls(), indirect=True)

CUTS = [1, 2, 3, 4]
"""The writes an operation is cut at: it makes one now, so every cut but the first
comes after it (and shows the whole change stands)."""


class Killed(Exception):
    """The process died here."""


@contextlib.contextmanager
def cut_at(monkeypatch: pytest.MonkeyPatch, n: int) -> Iterator[None]:
    """Let the writes before the n-th through; fail it and every one after (a kill)."""
    calls = 0
    real = GroupWriter.write

    async def write(self: GroupWriter, work: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls >= n:
            raise Killed()
        return await real(self, work)

    monkeypatch.setattr(GroupWriter, "write", write)
    with contextlib.suppress(Killed):
        yield
    monkeypatch.setattr(GroupWriter, "write", real)


async def restart(world: World) -> World:
    """Start the bot again on the same database: repair, then resume AI seats."""
    await stop_services()
    restarted = build_world(world.store, clock=world.clock)
    await RepairService(restarted.matches).run(everything=False)
    await restarted.matches.resume_all()
    await settle(restarted)
    return restarted


async def notes_of(store: Store, match_id: int, kind: str) -> int:
    return sum(n.kind == kind for n in await store.matches.notes(match_id))


async def host_to_act(world: World, match_id: int) -> int:
    """Make it the host's turn (the other member plays once if need be); return the seat."""
    live = await world.matches.load(match_id)
    seat = min(live.match.to_act)
    if live.seats[seat].user_id != live.row.host_user_id:
        token = next(iter(live.module.rules.legal_actions(live.state, seat))).token()
        await world.matches.submit(match_id, live.seats[seat].user_id or 0, live.version, token)
        seat = 1 - seat
    return seat


@pytest.mark.parametrize("cut", CUTS)
@pytest.mark.parametrize("how", ["leave", "kick"])
async def test_a_seat_handed_to_the_ai_is_whole_or_absent_and_the_ai_plays_it(
    world: World, store: Store, monkeypatch: pytest.MonkeyPatch, cut: int, how: str
) -> None:
    """The host, whose turn it is, leaves (or a moderator removes them).

    Issue: the seat was written first and whether an AI is to act after it, so a kill in
    between left an AI seat to act that nothing drove after a restart (the match stalled);
    the log line and the new host were separate writes too.
    """
    match_id = await open_game(world.lobbies, "coverta")
    seat = await host_to_act(world, match_id)
    before = (await world.matches.load(match_id)).version
    with cut_at(monkeypatch, cut):
        if how == "leave":
            await world.matches.leave(match_id, 1)
        else:
            await world.moderation.remove(match_id, 1, 99, moderator=True)
    restarted = await restart(world)
    live = await restarted.matches.load(match_id, fresh=True)
    handed = live.seats[seat].status != "playing"
    assert live.seats[seat].status in ("playing", "left" if how == "leave" else "kicked")
    assert await notes_of(store, match_id, "leave" if how == "leave" else "kick") == handed
    assert live.row.host_user_id == (2 if handed else 1)
    assert live.row.ai_to_act == restarted.matches.ai_to_act(live)
    assert not restarted.matches.ai_to_act(live), "an AI seat is to act and nothing drives it"
    assert (live.version > before) == handed  # the AI took the turn the member gave up


@pytest.mark.parametrize("cut", CUTS)
async def test_a_timeout_is_counted_once_with_the_move_played_for_it(
    world: World, store: Store, monkeypatch: pytest.MonkeyPatch, cut: int
) -> None:
    """Issue: the count, its log line, the move the AI played and the fresh timer were four
    writes; a kill after the count left the member's timer run out again after a restart,
    so one missed turn counted twice (and the AI took over a turn early)."""
    match_id = await start_match(world)
    live = await world.matches.load(match_id)
    seat = min(world.matches.human_to_act(live))
    before = live.version
    world.clock.advance(5 * 60)
    with cut_at(monkeypatch, cut):
        await world.absence.time_out(match_id)
    restarted = await restart(world)
    live = await restarted.matches.load(match_id, fresh=True)
    counted = live.seats[seat].timeouts
    assert counted in (0, 1)
    assert await notes_of(store, match_id, "timeout") == counted
    assert (live.version > before) == bool(counted)
    deadline = live.row.turn_deadline
    assert deadline is not None
    if counted:  # whoever is to act now has a whole turn
        assert deadline == world.clock.now + timedelta(minutes=5)
    else:  # nothing happened: the timer is still due, and runs out once
        assert deadline <= world.clock.now
        assert await restarted.absence.time_out(match_id)
        assert (await restarted.matches.load(match_id)).seats[seat].timeouts == 1


@pytest.mark.parametrize("cut", CUTS)
async def test_a_pause_or_resume_is_whole_or_absent(
    world: World, store: Store, monkeypatch: pytest.MonkeyPatch, cut: int
) -> None:
    """Issue: a kill after the paused flag kept the turn timer of a paused match, which then
    ran out again and again while no member could move, up to a forfeit."""
    match_id = await start_match(world)
    with cut_at(monkeypatch, cut):
        await world.moderation.pause(match_id, 1, moderator=False, on=True)
    world = await restart(world)
    live = await world.matches.load(match_id, fresh=True)
    paused = live.row.paused
    assert await notes_of(store, match_id, "pause") == paused
    assert (live.row.turn_deadline is None) == paused
    if not paused:
        return
    world.clock.advance(60 * 60)
    assert not await world.absence.time_out(match_id)  # a paused match has no timer
    with cut_at(monkeypatch, cut):
        await world.moderation.pause(match_id, 1, moderator=False, on=False)
    world = await restart(world)
    live = await world.matches.load(match_id, fresh=True)
    resumed = not live.row.paused
    assert await notes_of(store, match_id, "resume") == resumed
    assert (live.row.turn_deadline is not None) == resumed


@pytest.mark.parametrize("cut", CUTS)
@pytest.mark.parametrize("how", ["end", "hand_over"])
async def test_a_host_command_is_whole_or_absent(
    world: World, store: Store, monkeypatch: pytest.MonkeyPatch, cut: int, how: str
) -> None:
    """Issue: the change and its line in the match log were two writes."""
    match_id = await start_match(world)
    with cut_at(monkeypatch, cut):
        if how == "end":
            await world.matches.end(match_id, 1, moderator=False)
        else:
            await world.moderation.hand_over(match_id, 2, 1, moderator=False)
    world = await restart(world)
    row = await world.matches.row(match_id)
    done = row.status == "abandoned" if how == "end" else row.host_user_id == 2
    assert await notes_of(store, match_id, "end" if how == "end" else "host") == done


@pytest.mark.parametrize("cut", CUTS)
async def test_a_flagged_match_stays_flagged_until_its_repair_is_stored(
    world: World, store: Store, monkeypatch: pytest.MonkeyPatch, cut: int
) -> None:
    """Issue: start-up repair cleared a match's check flag, then finished it; a kill in
    between left a decided match active for good (start-up looks at flagged matches only)."""
    match_id = await open_game(world.lobbies, "never_over")
    move = await play_until_last_move(world.matches, match_id, random.Random(4))
    await world.matches.submit(match_id, move.user_id, move.version, move.token)
    async with store.sessions() as session, session.begin():  # as a kill before the finish
        query = update(MatchModel).where(MatchModel.id == match_id)
        await session.execute(query.values(status="active", result=None, repair_check=True))
    await stop_services()
    starting = build_world(store, clock=world.clock)
    with cut_at(monkeypatch, cut):
        await RepairService(starting.matches).run(everything=False)
    await restart(starting)
    row = await starting.matches.row(match_id)
    assert (row.status, row.repair_check) == ("finished", False)


@pytest.mark.parametrize("cut", CUTS)
@pytest.mark.parametrize("how", ["remove", "expire"])
async def test_a_lobby_change_is_whole_or_absent(
    world: World, store: Store, monkeypatch: pytest.MonkeyPatch, cut: int, how: str
) -> None:
    """The host removes a member from a lobby, or the lobby's time runs out.

    Issue: the change and its line in the match log were two writes."""
    await world.settings.set(10, "lobby_minutes", "30", user_id=99)
    match_id = await open_game(world.lobbies, "coverta", start=False)
    world.clock.advance(31 * 60)
    with cut_at(monkeypatch, cut):
        if how == "remove":
            await world.moderation.remove(match_id, 2, 1, moderator=False)
        else:
            await world.lobbies.expire(match_id)
    world = await restart(world)
    info = await world.lobbies.info(match_id)
    if how == "remove":
        done = [s.user_id for s in info.seats] == [1]
        assert await notes_of(store, match_id, "kick") == done
    else:
        done = info.row.status == "abandoned"
        assert await notes_of(store, match_id, "expire") == done
    assert done == (cut > 1)  # one write: whole once it is made
