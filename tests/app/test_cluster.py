"""Two bot processes on one database: each timer fires once, each AI turn is played once.

Each "process" is a full set of services with an engine of its own, as two
`python -m bot run` would have. Runs on SQLite, and on PostgreSQL when
TEST_DATABASE_URL is set (CI sets it).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import timedelta
from typing import Any

import pytest

from bot.app.errors import NotAllowed, NotSeated, ServiceError
from bot.engine import MatchOver, StaleVersion
from bot.store.db import make_engine
from bot.store.errors import ConcurrencyConflict
from bot.store.repo import Shards
from bot.store.rows import Standing
from bot.store.store import Store
from tests.app.fakes import FakeClock, World, build_world, settle, stop_services
from tests.app.play import open_game, play_until_last_move
from tests.backends import database_urls

pytestmark = pytest.mark.parametrize("db_url", database_urls(), indirect=True)
COUNT = 2


def guild(shard: int, n: int) -> int:
    """A guild id on this shard of COUNT."""
    return ((n * COUNT + shard) << 22) | 777


@pytest.fixture
async def cluster(db_url: str) -> AsyncIterator[list[World]]:
    """Two processes sharing a clock: shard 0 and shard 1 of two."""
    clock = FakeClock()
    worlds = [build_world(Store(make_engine(db_url)), clock=clock, seed=i) for i in range(2)]
    for shard, world in enumerate(worlds):
        world.matches.set_shards(Shards(COUNT, frozenset({shard})))
        world.matches.owner = f"process-{shard}"
    try:
        yield worlds
    finally:
        for world in worlds:
            await world.scheduler.stop()
        await stop_services()
        for world in worlds:
            await world.store.close()


async def steps_by_seat(world: World, match_id: int, after: int) -> list[int]:
    events = await world.store.matches.load_events(match_id, after_seq=after)
    return sorted(e.seat for e in events if e.seat >= 0)


async def test_every_timer_fires_exactly_once(cluster: list[World]) -> None:
    a, b = cluster
    ids = []
    for n in range(6):
        opener = (a, b)[n % 2]
        ids.append(await open_game(opener.lobbies, "cover_cover", guild_id=guild(n % 2, n)))
    before = {m: (await a.store.matches.get_match(m)).version for m in ids}  # type: ignore[union-attr]
    a.clock.advance(5 * 60)
    fired = await asyncio.gather(a.scheduler.fire_due(), b.scheduler.fire_due())
    assert fired == [3, 3]  # each process fired its own shard's three timers
    for match_id in ids:
        assert await steps_by_seat(a, match_id, before[match_id]) == [0, 1]


async def test_two_processes_with_the_same_shards_never_both_act_on_one_expiry(
    cluster: list[World],
) -> None:
    """A replacement started while the old process still runs: the lease decides."""
    a, b = cluster
    for world in cluster:
        world.matches.set_shards(Shards(1, frozenset({0})))
    ids = [await open_game(a.lobbies, "cover_cover", guild_id=guild(0, n)) for n in range(4)]
    a.clock.advance(5 * 60)
    conflicts = _count_conflicts(a, b)
    fired = await asyncio.gather(a.scheduler.fire_due(), b.scheduler.fire_due())
    assert sum(fired) == len(ids)
    assert conflicts == []  # nobody even tried to act on a timer the other was firing
    for match_id in ids:
        assert await steps_by_seat(a, match_id, 0) == [0, 1]


async def test_every_ai_turn_is_played_once(cluster: list[World]) -> None:
    a, b = cluster
    for world in cluster:
        world.matches.set_shards(Shards(1, frozenset({0})))  # both could drive every match
    ids = []
    for n in range(4):
        lobby = await open_game(a.lobbies, "coins", [10 + n], guild_id=guild(0, n), start=False)
        for _ in range(2):
            await a.lobbies.add_ai(lobby, 10 + n)
        ids.append(lobby)
    conflicts = _count_conflicts(a, b)
    for match_id in ids:
        await a.lobbies.start(match_id, 10 + ids.index(match_id))  # kicks a's driver
        b.matches.kick(match_id)  # and b's, at once
    for _ in range(50):
        await asyncio.gather(settle(a), settle(b))
        if not any([await _ai_due(a, m) for m in ids]):
            break
        for match_id in ids:
            a.matches.kick(match_id)
            b.matches.kick(match_id)
    for match_id in ids:
        row = await a.store.matches.get_match(match_id)
        assert row is not None
        assert len(await a.store.matches.load_events(match_id)) == row.version
    assert conflicts == []  # the lease kept the two drivers from racing for a move


async def test_a_process_started_with_a_dead_ones_shards_resumes_its_matches(
    cluster: list[World], db_url: str
) -> None:
    a, _ = cluster
    lobby = await open_game(a.lobbies, "coins", [7], guild_id=guild(0, 1), start=False)
    for _ in range(2):
        await a.lobbies.add_ai(lobby, 7)
    a.matches.kick = lambda match_id: None  # type: ignore[method-assign]  # dies before moving
    await a.lobbies.start(lobby, 7)
    await a.store.matches.claim(
        lobby, "process-0", a.clock.now, a.clock.now + timedelta(seconds=60)
    )
    store = Store(make_engine(db_url))
    try:
        clock = FakeClock()
        clock.now = a.clock.now + timedelta(seconds=90)  # its lease has run out
        heir = build_world(store, clock=clock)
        heir.matches.set_shards(Shards(COUNT, frozenset({0})))
        assert await heir.matches.resume_all() == 1
        await settle(heir)
        live = await heir.matches.load(lobby)
        assert live.version > 0 and not heir.matches.ai_to_act(live)
    finally:
        await stop_services()
        await store.close()


async def test_conflicting_clicks_in_two_processes_apply_each_version_once(
    cluster: list[World],
) -> None:
    a, b = cluster
    ids = [await open_game(a.lobbies, "coverta", guild_id=guild(n % 2, n)) for n in range(6)]
    for match_id in ids:
        live = await a.matches.load(match_id)
        await b.matches.load(match_id)
        seat = min(a.matches.human_to_act(live))
        user = live.seats[seat].user_id
        legal = [x.token() for x in live.module.rules.legal_actions(live.state, seat)]
        version = live.version
        done = await asyncio.gather(
            a.matches.submit(match_id, user, version, legal[0]),  # type: ignore[arg-type]
            b.matches.submit(match_id, user, version, legal[-1]),  # type: ignore[arg-type]
            return_exceptions=True,
        )
        losers = [d for d in done if isinstance(d, BaseException)]
        assert len(losers) == 1 and isinstance(losers[0], StaleVersion), done
        events = await a.store.matches.load_events(match_id, after_seq=version)
        assert [e.seq for e in events] == list(range(version + 1, version + 1 + len(events)))
        assert [e.seat for e in events if e.seat >= 0] == [seat]


async def _ai_due(world: World, match_id: int) -> bool:
    row = await world.store.matches.get_match(match_id)
    return row is not None and row.status == "active" and row.ai_to_act


def _count_conflicts(*worlds: World) -> list[int]:
    """Record every append that lost a race (ConcurrencyConflict) in these processes."""
    found: list[int] = []
    for world in worlds:
        repo = world.matches.repo
        real = repo.append_events

        async def counted(match_id: int, *args: Any, _real: Any = real, **kwargs: Any) -> int:
            try:
                return int(await _real(match_id, *args, **kwargs))
            except ConcurrencyConflict:
                found.append(match_id)
                raise

        repo.append_events = counted  # type: ignore[method-assign]
    return found


async def test_a_process_behind_the_stored_match_takes_a_click_made_on_the_newer_table(
    cluster: list[World],
) -> None:
    """Process b holds an older match in memory: a click on the newer table is applied.

    b reads the stored version only because its own match refused the click; a
    click on a match that is up to date in memory costs no read at all.
    """
    a, b = cluster
    match_id = await open_game(a.lobbies, "coverta", guild_id=guild(0, 0))
    await b.matches.load(match_id)  # b keeps this match in memory from now on
    reads = _count_version_reads(b)

    user, version, token = await _click(a, match_id)
    await a.matches.submit(match_id, user, version, token)  # the stored match moves on
    user, version, token = await _click(a, match_id)  # the next click, made on the newer table
    done = await b.matches.submit(match_id, user, version, token)
    assert done.version > version
    stored = await b.store.matches.load_events(match_id, after_seq=version)
    assert (stored[0].seq, stored[0].action) == (version + 1, token)
    assert reads == [match_id]  # read once, after its older match refused the click

    reads.clear()
    user, version, token = await _click(b, match_id)  # b is up to date now
    await b.matches.submit(match_id, user, version, token)
    assert reads == []


async def test_a_pause_in_one_process_holds_the_other_ones_moves_until_resumed(
    cluster: list[World],
) -> None:
    """The host pauses in process a; process b, holding the match in memory from before,
    takes neither the click nor a skip, and says why. Once a resumes the match, b (now
    holding it paused) takes the same click."""
    a, b = cluster
    match_id = await open_game(a.lobbies, "coverta", guild_id=guild(0, 0))
    user, version, token = await _click(b, match_id)  # b keeps the match in memory
    host = (await a.matches.row(match_id)).host_user_id
    await a.moderation.pause(match_id, host, moderator=False, on=True)
    with pytest.raises(ServiceError, match="paused"):
        await b.matches.submit(match_id, user, version, token)
    with pytest.raises(ServiceError, match="paused"):
        await b.moderation.skip(match_id, host, moderator=False)
    assert await b.store.matches.standing_of(match_id) == (version, True, "active", 0, host)
    await a.moderation.pause(match_id, host, moderator=False, on=False)
    done = await b.matches.submit(match_id, user, version, token)
    assert done.version > version and not done.row.paused
    stored = await a.store.matches.load_events(match_id, after_seq=version)
    assert (stored[0].seq, stored[0].action) == (version + 1, token)


async def test_a_match_ended_in_one_process_takes_no_click_in_the_other(
    cluster: list[World],
) -> None:
    """The host ends the match in process a; process b, holding it in memory as active,
    refuses the click as over and stores nothing."""
    a, b = cluster
    match_id = await open_game(a.lobbies, "coverta", guild_id=guild(0, 0))
    user, version, token = await _click(b, match_id)
    host = (await a.matches.row(match_id)).host_user_id
    await a.matches.end(match_id, host, moderator=False)
    with pytest.raises(MatchOver):
        await b.matches.submit(match_id, user, version, token)
    assert await b.store.matches.load_events(match_id, after_seq=version) == []
    assert (await b.matches.row(match_id)).status == "abandoned"


async def test_a_member_kicked_in_one_process_cannot_play_in_the_other(
    cluster: list[World],
) -> None:
    """A moderator hands a member's seat to the AI in process a; process b, holding the
    match with the member still seated, refuses the member's click as not seated."""
    a, b = cluster
    match_id = await open_game(a.lobbies, "coverta", guild_id=guild(0, 0))
    user, version, token = await _click(b, match_id)  # b keeps the match in memory
    await a.moderation.remove(match_id, user, 99, moderator=True)
    with pytest.raises(NotSeated):
        await b.matches.submit(match_id, user, version, token)
    live = await b.matches.load(match_id)
    assert live.seat_of(user) is None and live.row.seating == 1


async def test_a_host_handed_over_in_one_process_is_no_longer_host_in_the_other(
    cluster: list[World],
) -> None:
    """Hosting passes to another member in process a; process b, holding the match with
    the old host, refuses the old host's pause and takes the new host's, then ends it
    only for the new host."""
    a, b = cluster
    match_id = await open_game(a.lobbies, "coverta", guild_id=guild(0, 0))
    await b.matches.load(match_id)  # b keeps the match in memory
    old = (await a.matches.row(match_id)).host_user_id
    new = next(s.user_id for s in (await b.matches.load(match_id)).seats if s.user_id != old)
    assert new is not None
    await a.moderation.hand_over(match_id, new, old, moderator=False)
    with pytest.raises(NotAllowed):
        await b.moderation.pause(match_id, old, moderator=False, on=True)
    await b.moderation.pause(match_id, new, moderator=False, on=True)
    with pytest.raises(NotAllowed):
        await b.matches.end(match_id, old, moderator=False)
    assert (await b.matches.end(match_id, new, moderator=False)).row.status == "abandoned"


async def test_an_ai_turn_left_by_a_click_in_the_other_process_is_played_by_the_owner(
    cluster: list[World],
) -> None:
    """A member plays from their DM view, which Discord delivers to the process of shard 0,
    in a server of shard 1; the AI seat to act next is the owner's to play.

    Issue: the process that took the click plays no AI turn of a server it does not own,
    and nothing told the owner: the AI seat never moved, and no timer ran."""
    a, b = cluster  # b owns the server
    match_id = await open_game(b.lobbies, "coins", [7], guild_id=guild(1, 0), start=False)
    for _ in range(2):
        await b.lobbies.add_ai(match_id, 7)
    await b.lobbies.start(match_id, 7)
    await settle(b)
    for _ in range(40):  # the member plays in a until an AI seat is to act
        live = await a.matches.load(match_id, fresh=True)
        if live.row.ai_to_act or live.row.status != "active":
            break
        seat = min(a.matches.human_to_act(live))
        token = live.module.rules.legal_actions(live.state, seat)[0].token()
        await a.matches.submit(match_id, 7, live.version, token)
        await settle(a)
    row = await b.matches.row(match_id)
    assert row.ai_to_act and row.status == "active"
    assert await b.scheduler.wake_ai() == 1  # the owner's next look at the database
    await settle(b)
    after = await b.store.matches.get_match(match_id)
    assert after is not None and after.version > row.version
    assert not after.ai_to_act or after.status != "active"


async def test_views_shown_by_one_process_follow_what_the_other_stored(
    cluster: list[World],
) -> None:
    """Issue: tables and private views were drawn from the match in memory, never checked:
    after a move stored by the other process, the table still asked the member who had
    moved; after a kick there, the removed member still saw their old hand with buttons."""
    a, b = cluster
    match_id = await open_game(b.lobbies, "coverta", [1, 2, 3], guild_id=guild(1, 0))
    user, version, token = await _click(b, match_id)  # b holds the match in memory
    await b.matches.table(match_id)
    await a.matches.submit(match_id, user, version, token)
    assert (await b.matches.table(match_id)).version > version
    other = next(s.user_id for s in (await b.matches.load(match_id)).seats if s.user_id != user)
    assert other is not None
    await b.matches.private(match_id, other)
    await a.moderation.remove(match_id, other, 99, moderator=True)
    with pytest.raises(NotSeated):
        await b.matches.private(match_id, other)


def first_in_the_gap(world: World, work: Callable[[], Awaitable[Any]]) -> None:
    """Run `work` (another process's write) just before this process's next write outside
    the log, after its fresh check: where no lock spans the two processes."""
    repo = world.store.matches
    real = repo.change_match
    done: list[Any] = []

    async def change_match(*args: Any, **kwargs: Any) -> int:
        if not done:
            done.append(await work())
        return await real(*args, **kwargs)

    repo.change_match = change_match  # type: ignore[method-assign]


async def test_a_timeout_in_one_process_yields_to_a_move_made_meanwhile_in_the_other(
    cluster: list[World],
) -> None:
    """The member's timer runs out in process b just as their click is stored in process a.

    Issue: b's timeout, worked out on the match before the click, still handed the seat
    to the AI and wrote the timers of that match: the next member's fresh deadline was
    erased, and nothing ever timed them out."""
    a, b = cluster
    for world in cluster:
        await world.settings.set(guild(1, 0), "absent_after", "1", user_id=99)
    match_id = await open_game(b.lobbies, "coverta", guild_id=guild(1, 0))
    user, version, token = await _click(a, match_id)
    b.clock.advance(5 * 60)
    first_in_the_gap(b, lambda: a.matches.submit(match_id, user, version, token))
    with pytest.raises(ServiceError, match="changed meanwhile"):
        await b.absence.time_out(match_id)  # the scheduler looks again at its next pass
    live = await b.matches.load(match_id, fresh=True)
    assert live.version > version and all(s.status == "playing" for s in live.seats)
    assert live.row.turn_deadline == b.clock.now + timedelta(minutes=5)  # the next turn's


async def test_an_end_in_one_process_yields_to_a_finish_stored_meanwhile_in_the_other(
    cluster: list[World],
) -> None:
    """Issue: the host's /match end, worked out before the winning move stored elsewhere,
    wrote "abandoned" over a finished and rated match."""
    a, b = cluster
    match_id = await open_game(b.lobbies, "coverta", guild_id=guild(1, 0))
    move = await play_until_last_move(a.matches, match_id, random.Random(3))
    host = (await b.matches.row(match_id)).host_user_id
    first_in_the_gap(b, lambda: a.matches.submit(match_id, move.user_id, move.version, move.token))
    with pytest.raises(ServiceError, match="changed meanwhile"):
        await b.matches.end(match_id, host, moderator=False)
    row = await b.matches.row(match_id)
    assert row.status == "finished" and row.result is not None
    assert len(await b.store.stats.results_of(match_id)) == 2


async def test_a_reminder_in_one_process_yields_to_a_move_made_meanwhile_in_the_other(
    cluster: list[World],
) -> None:
    """Issue: the reminder went to the member who had just moved elsewhere, and clearing it
    erased the reminder time just set for the next member."""
    a, b = cluster
    match_id = await open_game(b.lobbies, "coverta", guild_id=guild(1, 0))
    user, version, token = await _click(a, match_id)
    b.clock.advance(4 * 60)
    first_in_the_gap(b, lambda: a.matches.submit(match_id, user, version, token))
    assert not await b.absence.remind(match_id)
    assert b.publisher.reminders == []
    row = await b.matches.row(match_id)
    assert row.reminder_at == b.clock.now + timedelta(minutes=4)  # the next member's


async def test_a_lobby_started_in_one_process_is_not_expired_by_the_other(
    cluster: list[World],
) -> None:
    """Issue: the expiry checked the lobby, then wrote "abandoned" unchecked over a match
    another process had started meanwhile."""
    a, b = cluster
    for world in cluster:
        await world.settings.set(guild(1, 0), "lobby_minutes", "30", user_id=99)
    match_id = await open_game(b.lobbies, "coverta", guild_id=guild(1, 0), start=False)
    b.clock.advance(31 * 60)
    first_in_the_gap(b, lambda: a.lobbies.start(match_id, 1))
    assert not await b.lobbies.expire(match_id)
    row = await b.matches.row(match_id)
    assert row.status == "active" and row.version > 0


async def _click(world: World, match_id: int) -> tuple[int, int, str]:
    """Return a member to act in the match as this process holds it, its version and a
    legal click."""
    live = await world.matches.load(match_id)
    seat = min(world.matches.human_to_act(live))
    token = live.module.rules.legal_actions(live.state, seat)[0].token()
    user = live.seats[seat].user_id
    assert user is not None
    return user, live.version, token


def _count_version_reads(world: World) -> list[int]:
    """Record every read of a stored version this process makes."""
    found: list[int] = []
    repo = world.matches.repo
    real = repo.standing_of

    async def counted(match_id: int) -> Standing | None:
        found.append(match_id)
        return await real(match_id)

    repo.standing_of = counted  # type: ignore[method-assign]
    return found
