"""A match survives a failure at any instant: atomic start and finish, results once, repair.

Runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
"""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, func, select, update

from bench import crash
from bot.app.errors import ServiceError
from bot.app.repair import Repair, RepairService
from bot.engine import GameError
from bot.store import repo as repo_module
from bot.store.db import make_engine
from bot.store.models import Match as MatchModel
from bot.store.models import MatchResult, Rating
from bot.store.store import Store
from tests.app.fakes import World, build_world, stop_services
from tests.app.play import open_game, play_until_last_move
from tests.backends import database_urls

pytestmark = pytest.mark.parametrize("db_url", database_urls(), indirect=True)


class Boom(Exception):
    """The injected failure."""


async def results_of(store: Store, match_id: int) -> int:
    async with store.sessions() as session:
        query = select(func.count()).where(MatchResult.match_id == match_id)
        return int(await session.scalar(query) or 0)


async def rating_updates(store: Store, game: str) -> dict[str, int]:
    async with store.sessions() as session:
        found = (await session.scalars(select(Rating).where(Rating.game == game))).all()
    return {r.player_key: r.matches for r in found}


# ---------------------------------------------------------------- starting
async def test_a_start_that_fails_leaves_the_lobby_as_it_was(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lobby to active and the opening chance steps are one transaction (issue: crash windows)."""
    match_id = await open_game(world.lobbies, "coverta", start=False)
    real = repo_module._Append._extras

    def failing(self: Any, connection: Any) -> None:
        raise Boom()  # after the status moved and the opening was logged, before the commit

    monkeypatch.setattr(repo_module._Append, "_extras", failing)
    with pytest.raises(Boom):
        await world.lobbies.start(match_id, 1)
    row = await world.store.matches.get_match(match_id)
    assert row is not None and (row.status, row.version) == ("lobby", 0)
    assert await world.store.matches.load_events(match_id) == []
    monkeypatch.setattr(repo_module._Append, "_extras", real)
    await world.lobbies.start(match_id, 1)  # the host presses Start again
    live = await world.matches.load(match_id)
    assert live.row.status == "active" and live.version > 0
    assert not live.match.chance_pending


async def test_a_lobby_is_started_once_even_when_start_is_pressed_twice_at_once(
    world: World,
) -> None:
    match_id = await open_game(world.lobbies, "never_over", start=False)
    done = await asyncio.gather(
        world.lobbies.start(match_id, 1), world.lobbies.start(match_id, 1), return_exceptions=True
    )
    assert sum(isinstance(d, ServiceError) for d in done) == 1
    live = await world.matches.load(match_id)
    assert live.row.status == "active"
    assert len(await world.store.matches.load_events(match_id)) == live.version


# ---------------------------------------------------------------- finishing
async def test_a_finish_that_fails_stores_nothing_and_the_move_can_be_made_again(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last move, the finish, the results and the ratings are one transaction."""
    match_id = await open_game(world.lobbies, "never_over")
    move = await play_until_last_move(world.matches, match_id, random.Random(3))
    real = repo_module.record_results_on

    def failing(*args: Any, **kwargs: Any) -> bool:
        raise Boom()

    monkeypatch.setattr(repo_module, "record_results_on", failing)
    with pytest.raises(Boom):
        await world.matches.submit(match_id, move.user_id, move.version, move.token)
    world.matches.forget(match_id)
    row = await world.store.matches.get_match(match_id)
    assert row is not None and (row.status, row.version) == ("active", move.version)
    assert await results_of(world.store, match_id) == 0
    monkeypatch.setattr(repo_module, "record_results_on", real)
    await world.matches.submit(match_id, move.user_id, move.version, move.token)
    row = await world.store.matches.get_match(match_id)
    assert row is not None and row.status == "finished" and row.result is not None
    assert await results_of(world.store, match_id) == 2
    assert await rating_updates(world.store, "never_over") == {"u:1": 1, "u:2": 1}


async def test_thirty_two_matches_finishing_at_once_all_get_their_results(
    store: Store, db_url: str
) -> None:
    """Concurrent finishes through four processes' engines: none fails, none loses results."""
    worlds = [build_world(Store(make_engine(db_url)), seed=i) for i in range(4)]
    try:
        finals = []
        for i in range(32):
            world = worlds[i % 4]
            game = ("never_over", "coverta")[i % 2]
            users = [100 + 2 * i, 101 + 2 * i]
            match_id = await open_game(world.lobbies, game, users, guild_id=1000 + i)
            move = await play_until_last_move(world.matches, match_id, random.Random(i))
            finals.append((world, match_id, move))
        done = await asyncio.gather(
            *(w.matches.submit(m, mv.user_id, mv.version, mv.token) for w, m, mv in finals),
            return_exceptions=True,
        )
        assert [d for d in done if isinstance(d, BaseException)] == []
        for _, match_id, _ in finals:
            row = await store.matches.get_match(match_id)
            assert row is not None and row.status == "finished"
            assert await results_of(store, match_id) == 2
        for game in ("never_over", "coverta"):
            updates = await rating_updates(store, game)
            assert len(updates) == 32 and set(updates.values()) == {1}
    finally:
        await stop_services()
        for world in worlds:
            await world.store.close()


# ---------------------------------------------------------------- repair
async def test_repair_finishes_a_decided_match_and_records_its_results_once(
    world: World, store: Store
) -> None:
    """A match left active with a decided log (a crash before the fix) is finished at start-up."""
    match_id = await finished_match(world, "never_over", seed=5)
    await _unfinish(store, match_id)
    restarted = build_world(store)
    report = await RepairService(restarted.matches).run()
    assert (report[Repair.FINISHED], report[Repair.RESULTS], report[Repair.FAILED]) == (1, 0, 0)
    row = await store.matches.get_match(match_id)
    assert row is not None and row.status == "finished"
    assert await results_of(store, match_id) == 2
    assert await rating_updates(store, "never_over") == {"u:1": 1, "u:2": 1}
    again = await RepairService(build_world(store).matches).run()
    assert again.total() == 0
    assert await rating_updates(store, "never_over") == {"u:1": 1, "u:2": 1}


async def test_repair_gives_a_finished_match_its_missing_results(
    world: World, store: Store
) -> None:
    match_id = await finished_match(world, "coverta", seed=6)
    await _drop_results(store, match_id)
    report = await RepairService(build_world(store).matches).run()
    assert report[Repair.RESULTS] == 1
    assert await results_of(store, match_id) == 2
    assert await rating_updates(store, "coverta") == {"u:1": 1, "u:2": 1}


async def test_repair_plays_the_opening_of_a_match_that_never_began(
    world: World, store: Store
) -> None:
    match_id = await open_game(world.lobbies, "coins", start=False)
    await store.matches.update_match(match_id, status="active")  # the old, split start
    report = await RepairService(build_world(store).matches).run()
    assert report[Repair.OPENED] == 1
    live = await build_world(store).matches.load(match_id)
    assert live.version > 0 and not live.match.chance_pending
    assert live.module.rules.to_act(live.state)


async def test_repair_goes_on_past_a_match_it_cannot_repair(
    world: World, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = []
    for i in range(3):
        match_id = await finished_match(world, "never_over", channel_id=i, seed=i)
        await _unfinish(store, match_id)
        ids.append(match_id)
    restarted = build_world(store)
    real = restarted.matches.load

    async def load(match_id: int, **kwargs: Any) -> Any:
        if match_id == ids[0]:
            raise Boom()
        return await real(match_id, **kwargs)

    monkeypatch.setattr(restarted.matches, "load", load)
    report = await RepairService(restarted.matches).run()
    assert (report[Repair.FINISHED], report[Repair.FAILED]) == (2, 1)


def test_python_m_bot_repair_reports_what_it_did(db_url: str, tmp_path: Path) -> None:
    async def prepare() -> None:
        store = await Store.open(db_url)
        try:
            world = build_world(store)
            match_id = await finished_match(world, "never_over", seed=9)
            await _drop_results(store, match_id)
        finally:
            await stop_services()
            await store.close()

    def repair() -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "DATABASE_URL": db_url}
        command = [sys.executable, "-m", "bot", "repair"]
        return subprocess.run(
            command, capture_output=True, text=True, env=env, cwd=tmp_path, check=False
        )

    asyncio.run(prepare())
    done = repair()
    assert done.returncode == 0, done.stderr
    assert "Repaired 1 matches" in done.stdout and "1 given their results" in done.stdout
    again = repair()
    assert "Repaired 0 matches" in again.stdout


# ---------------------------------------------------------------- side effects
async def test_a_move_stands_when_the_table_cannot_be_refreshed(world: World) -> None:
    """A failed table edit after a stored move is logged; the member's move is not an error."""
    match_id = await open_game(world.lobbies, "coverta")

    async def broken(match_id: int) -> None:
        raise Boom()

    world.publisher.match_changed = broken  # type: ignore[method-assign]
    live = await world.matches.load(match_id)
    seat = min(world.matches.human_to_act(live))
    user = live.seats[seat].user_id
    assert user is not None
    token = live.module.rules.legal_actions(live.state, seat)[0].token()
    version = live.version
    after = await world.matches.submit(match_id, user, version, token)
    applied = after.version
    assert applied > version
    with pytest.raises(GameError):  # and it was applied exactly once
        await world.matches.submit(match_id, user, version, token)
    assert (await world.store.matches.get_match(match_id)).version == applied  # type: ignore[union-attr]


# ---------------------------------------------------------------- crashes
def test_sigkill_again_and_again_loses_no_acknowledged_move(db_url: str, tmp_path: Path) -> None:
    """A child process playing all five games is SIGKILLed 20 times; the database stays whole."""
    audit = crash.run(db_url, kills=20, seed=7, work=tmp_path)
    assert audit.problems == []
    assert audit.acked >= 20 and audit.matches >= crash.MATCHES


def test_a_kill_inside_a_group_commit_loses_no_acknowledged_move(
    db_url: str, tmp_path: Path
) -> None:
    """Killed after a batch of appends was applied but before its COMMIT (issue: group commit).

    None of that batch's submits was acknowledged; the audit finds every
    acknowledged step stored once, every log whole, every finish recorded once.
    """
    audit = crash.run(db_url, kills=6, seed=3, work=tmp_path, batch_kill=True)
    assert audit.problems == []
    assert audit.batch_kills == 6 and audit.together_kills >= 1
    assert audit.acked >= 6


def test_two_processes_killed_by_turns_on_one_database_lose_no_acknowledged_move(
    db_url: str, tmp_path: Path
) -> None:
    """Two bot processes play the same matches on one database; one is SIGKILLed at a time.

    Each click is checked against the stored version: it is applied once, perhaps
    after the other process's steps, or refused as stale; nothing acknowledged is lost.
    """
    audit = crash.run(db_url, kills=8, seed=5, work=tmp_path, processes=2)
    assert audit.problems == []
    assert audit.kills == 8 and audit.acked >= 20
    assert audit.shared_matches >= 1  # the two really played the same matches


async def test_the_crash_audit_finds_a_lost_move_and_missing_results(
    world: World, store: Store, db_url: str, tmp_path: Path
) -> None:
    """The audit itself can fail: a tampered database is reported."""
    match_id = await finished_match(world, "never_over", seed=2)
    acks = tmp_path / "acks.txt"
    acks.write_text(f"{match_id} 1 0 not-what-was-played\n{match_id} >0 1 never-played\n")
    async with store.sessions() as session, session.begin():
        await session.execute(update(Rating).values(matches=Rating.matches + 1))
    audit = await crash.audit_database(db_url, acks)
    assert any("is stored as" in p for p in audit.problems)
    assert any("after 0 'never-played' is not stored" in p for p in audit.problems)
    assert any("rating" in p for p in audit.problems)


# ---------------------------------------------------------------- helpers
async def finished_match(world: World, game: str, seed: int, **where: Any) -> int:
    """Open a match of `game` and play it to its end with random moves."""
    match_id = await open_game(world.lobbies, game, **where)
    move = await play_until_last_move(world.matches, match_id, random.Random(seed))
    await world.matches.submit(match_id, move.user_id, move.version, move.token)
    return match_id


async def _unfinish(store: Store, match_id: int) -> None:
    """Put a finished match back as a crash between the last move and its finish left it."""
    await _drop_results(store, match_id)
    async with store.sessions() as session, session.begin():
        query = update(MatchModel).where(MatchModel.id == match_id)
        await session.execute(query.values(status="active", result=None, finished_at=None))


async def _drop_results(store: Store, match_id: int) -> None:
    """Remove a match's results and take its rating updates back out."""
    async with store.sessions() as session, session.begin():
        await session.execute(delete(MatchResult).where(MatchResult.match_id == match_id))
        game = await session.scalar(select(MatchModel.game).where(MatchModel.id == match_id))
        await session.execute(delete(Rating).where(Rating.game == game))
