"""Turn timers on a fake clock: reminders, timeouts, the absent rule, downtime, lobby expiry."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from datetime import timedelta

import pytest

from bot.app import scheduler as scheduler_module
from bot.app.notes import read
from bot.games.cover_cover import rules as cover_rules
from bot.games.covert.actions import Fly
from bot.store.store import Store
from tests.app.conftest import assert_revealed
from tests.app.fakes import (
    FakeClock,
    FirstLegal,
    World,
    build_world,
    secret_registry,
    settle,
    start_match,
)
from tests.app.play import open_game
from tests.games.covert.test_edges import BEN, edit, placing, play

MINUTE = 60.0


async def seat_to_act(world: World, match_id: int) -> int:
    live = await world.matches.load(match_id)
    return min(world.matches.human_to_act(live))


async def test_a_match_gets_a_deadline_and_one_reminder_before_it(world: World) -> None:
    match_id = await start_match(world)
    live = await world.matches.load(match_id)
    start = world.clock.now
    assert live.row.turn_deadline == start + timedelta(minutes=5)
    assert live.row.reminder_at == start + timedelta(minutes=4)
    assert await world.scheduler.fire_due() == 0
    world.clock.advance(4 * MINUTE)
    assert await world.scheduler.fire_due() == 1
    seat = await seat_to_act(world, match_id)
    user = live.seats[seat].user_id
    assert world.publisher.reminders == [(match_id, [user])]
    assert await world.scheduler.fire_due() == 0  # once only
    assert world.publisher.reminders == [(match_id, [user])]


async def test_on_expiry_the_ai_plays_the_turn_and_the_table_says_so(world: World) -> None:
    match_id = await start_match(world)
    seat = await seat_to_act(world, match_id)
    version = (await world.matches.load(match_id)).version
    world.clock.advance(5 * MINUTE)
    assert await world.scheduler.fire_due() == 1
    live = await world.matches.load(match_id)
    assert live.version > version
    assert seat not in world.matches.human_to_act(live)
    assert live.seats[seat].timeouts == 1 and live.seats[seat].status == "playing"
    assert any("Time ran out for User" in line for line in live.recent_for(None))
    assert live.row.turn_deadline == world.clock.now + timedelta(minutes=5)
    # A reload (a restart) still shows the note among the recent moves.
    world.matches.forget(match_id)
    reloaded = await world.matches.load(match_id)
    assert any("Time ran out" in line for line in reloaded.recent_for(None))


async def test_a_player_who_may_steal_is_never_waited_for_reminded_or_timed_out(
    world: World,
) -> None:
    # COVERTA with steal on: the other player may play in the active player's place, but
    # need not (rules 4.6.2); only the active player's turn runs on the timer.
    match_id = await start_match(world, steal="on")
    live = await world.matches.load(match_id)
    turn = live.state.turn
    stealer = 1 - turn
    assert live.state.stealers() == {stealer} and stealer in live.match.to_act
    assert world.matches.human_to_act(live) == {turn}
    world.clock.advance(4 * MINUTE)
    assert await world.scheduler.fire_due() == 1
    assert world.publisher.reminders == [(match_id, [live.seats[turn].user_id])]
    hands = [len(hand) for hand in live.state.hands]
    world.clock.advance(MINUTE)
    assert await world.scheduler.fire_due() == 1
    live = await world.matches.load(match_id)
    assert live.seats[turn].timeouts == 1 and live.seats[stealer].timeouts == 0
    assert not any(attempt.steal for attempt in live.state.attempts)
    assert live.state.bars == () and len(live.state.hands[stealer]) == hands[stealer]
    lines = live.recent_for(None)
    assert sum("Time ran out" in line for line in lines) == 1
    assert not any("stole" in line for line in lines)


async def test_an_auto_cover_cover_table_waits_for_nobody_and_plays_on_by_itself(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Auto plays continuously (Cover-cover rules 7): after each summary the bot plays on
    # after a short read; watching members get no timer, no reminder and no absence.
    monkeypatch.setattr(cover_rules, "READ_SECONDS", 0.01)
    match_id = await open_game(world.lobbies, "cover_cover", options={"auto": "on"})
    live = await world.matches.load(match_id)
    assert world.matches.human_to_act(live) == frozenset()
    assert live.row.turn_deadline is None and live.row.reminder_at is None
    assert world.matches.ai_to_act(live), "the bot's own step after the read"
    await settle(world)
    live = await world.matches.load(match_id)
    assert live.state.summary is not None and live.state.summary.last >= 10
    world.clock.advance(60 * MINUTE)
    assert await world.scheduler.fire_due() == 0
    assert world.publisher.reminders == []
    assert all(seat.timeouts == 0 and seat.status == "playing" for seat in live.seats)


async def test_acting_yourself_resets_the_count_of_timeouts(world: World) -> None:
    match_id = await start_match(world)
    seat = await seat_to_act(world, match_id)
    world.clock.advance(5 * MINUTE)
    await world.scheduler.fire_due()
    for _ in range(30):  # play the other seat by hand until the timed-out seat acts again
        live = await world.matches.load(match_id)
        acting = min(world.matches.human_to_act(live))
        rules = live.module.rules
        token = rules.legal_actions(live.state, acting)[0].token()
        user = live.seats[acting].user_id
        assert user is not None
        await world.matches.submit(match_id, user, live.version, token)
        if acting == seat:
            break
    live = await world.matches.load(match_id)
    assert live.seats[seat].timeouts == 0


async def test_after_n_timeouts_the_ai_takes_the_seat(world: World) -> None:
    await world.settings.set(10, "absent_after", "2", user_id=99)
    match_id = await start_match(world)
    for _ in range(10):
        world.clock.advance(5 * MINUTE)
        await world.scheduler.fire_due()
        await settle(world)  # the AI moves for seats it took over
        live = await world.matches.load(match_id)
        if all(s.status == "autopilot" for s in live.seats):
            break
    assert [s.status for s in live.seats] == ["autopilot", "autopilot"]
    kinds = [n.kind for n in await world.store.matches.notes(match_id)]
    assert kinds.count("autopilot") == 2 and kinds.count("timeout") == 2
    await settle(world)
    live = await world.matches.load(match_id)
    assert live.row.status == "finished" and live.row.turn_deadline is None
    results = await world.store.stats.results_of(match_id)
    assert sorted(r.player_key for r in results) == ["u:1", "u:2"]


async def test_a_host_whose_seat_the_ai_takes_after_timeouts_hands_hosting_on(
    world: World,
) -> None:
    """Issue: hosting passed on when the host left or was removed, but not when the AI
    took their seat after missed turns: an absent member kept /match end, skip and pause."""
    await world.settings.set(10, "absent_after", "1", user_id=99)
    match_id = await start_match(world, users=(1, 2, 3))
    live = await world.matches.load(match_id)
    while live.seats[await seat_to_act(world, match_id)].user_id != 1:  # the host's turn
        seat = await seat_to_act(world, match_id)
        token = next(iter(live.module.rules.legal_actions(live.state, seat))).token()
        await world.matches.submit(match_id, live.seats[seat].user_id or 0, live.version, token)
        live = await world.matches.load(match_id)
    world.clock.advance(5 * MINUTE)
    assert await world.absence.time_out(match_id)
    live = await world.matches.load(match_id, fresh=True)
    assert live.seats[0].status == "autopilot"  # the host sits first
    assert live.row.host_user_id == 2  # the first member still playing


async def test_a_forfeit_ends_a_two_player_match(world: World) -> None:
    await world.settings.set(10, "absent", "forfeit", user_id=99)
    await world.settings.set(10, "absent_after", "1", user_id=99)
    match_id = await start_match(world)
    seat = await seat_to_act(world, match_id)
    world.clock.advance(5 * MINUTE)
    await world.scheduler.fire_due()
    live = await world.matches.load(match_id)
    assert live.row.status == "finished"
    assert live.row.result is not None and live.row.result["termination"] == "forfeit"
    assert live.seats[seat].status == "forfeited"
    results = {r.player_key: r.rank for r in await world.store.stats.results_of(match_id)}
    loser = f"u:{live.seats[seat].user_id}"
    assert results[loser] == 2 and sorted(results.values()) == [1, 2]
    table = await world.matches.table(match_id)
    assert "won: everyone else forfeited" in table.screen.body
    # The game's own text would still wait for a move: the table shows the verdict, and
    # every player's secret rules and cards, as a match played out does.
    assert table.screen.title == "COVERTA - match over"
    assert "Turn" not in table.screen.body and "Standings: 1. " in table.screen.body
    assert_revealed(table.screen.fields, live.state)


async def test_timers_that_ran_out_during_downtime_get_a_grace_period(store: Store) -> None:
    clock = FakeClock()
    before = build_world(store, clock)
    match_id = await start_match(before)
    version = (await before.matches.load(match_id)).version
    clock.advance(20 * MINUTE)  # the bot was down
    after = build_world(store, clock)
    assert await after.absence.catch_up() == [match_id]
    live = await after.matches.load(match_id)
    assert live.version == version  # nobody was timed out for the bot's absence
    assert live.row.turn_deadline == clock.now + timedelta(minutes=5)
    assert after.publisher.graces and after.publisher.graces[0][0] == match_id
    assert any("offline" in line for line in live.recent_for(None))
    clock.advance(5 * MINUTE)
    assert await after.scheduler.fire_due() == 1
    assert (await after.matches.load(match_id)).version > version


async def test_a_lobby_nobody_starts_expires(world: World) -> None:
    lobby = await world.lobbies.open(
        guild_id=10, channel_id=20, game="coverta", options={}, host=(1, "One")
    )
    world.clock.advance(59 * MINUTE)
    assert await world.scheduler.fire_due() == 0
    world.clock.advance(MINUTE)
    assert await world.scheduler.fire_due() == 1
    assert (await world.lobbies.info(lobby.match_id)).row.status == "abandoned"
    assert world.publisher.lobbies == [lobby.match_id]
    notes = await world.store.matches.notes(lobby.match_id)
    assert notes[0].kind == "expire"


async def test_correspondence_pacing_uses_hours(world: World) -> None:
    match_id = await start_match(world, pacing="correspondence")
    live = await world.matches.load(match_id)
    assert live.row.turn_deadline == world.clock.now + timedelta(hours=24)


class FakeSleep:
    """Stands in for asyncio.sleep in the scheduler: records delays, moves the fake clock."""

    def __init__(self, clock: FakeClock, budget: int) -> None:
        self.clock, self.budget, self.delays = clock, budget, []

    async def __call__(self, delay: float) -> None:
        self.delays.append(delay)
        if len(self.delays) > self.budget:
            await asyncio.Event().wait()  # park for good
        self.clock.advance(delay)

    async def calls(self, count: int) -> None:
        for _ in range(500):
            if len(self.delays) >= count:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"the scheduler slept {len(self.delays)} times, not {count}")


async def test_the_loop_sleeps_until_the_next_timer_and_fires_it(
    world: World,
) -> None:
    match_id = await start_match(world)
    sleep = FakeSleep(world.clock, budget=2)
    world.scheduler.sleep = sleep
    world.scheduler.start()
    try:
        await sleep.calls(3)
    finally:
        await world.scheduler.stop()
    assert sleep.delays[:2] == [4 * MINUTE, MINUTE]
    assert len(world.publisher.reminders) == 1
    live = await world.matches.load(match_id)
    assert sum(s.timeouts for s in live.seats) == 1


async def test_a_new_earlier_deadline_wakes_the_loop(
    world: World,
) -> None:
    sleep = FakeSleep(world.clock, budget=0)
    world.scheduler.sleep = sleep
    world.scheduler.start()
    try:
        await sleep.calls(1)
        assert sleep.delays == [scheduler_module.SOLO_NAP]
        await start_match(world)
        await sleep.calls(2)
    finally:
        await world.scheduler.stop()
    assert sleep.delays[-1] == 4 * MINUTE


async def test_a_secret_question_names_nobody_and_times_out_to_its_default(store: Store) -> None:
    world = build_world(store, registry=secret_registry())
    FirstLegal.calls.clear()
    match_id = await start_match(world)
    seat = await seat_to_act(world, match_id)
    live = await world.matches.load(match_id)
    user, version = live.seats[seat].user_id, live.version
    table = await world.matches.table(match_id)
    assert table.turn_user_ids == [] and table.secret_user_ids == [user]
    world.clock.advance(4 * MINUTE)
    await world.scheduler.fire_due()
    assert world.publisher.reminders == [] and world.publisher.secret_reminders == [
        (match_id, [user])
    ]
    world.clock.advance(1 * MINUTE)
    await world.scheduler.fire_due()
    live = await world.matches.load(match_id)
    assert live.version > version and FirstLegal.calls == [True]
    assert live.seats[seat].timeouts == 0 and live.seats[seat].status == "playing"
    notes = [read(n.text).words() for n in await world.store.matches.notes(match_id)]
    assert notes == ["⏰ Time ran out on a hidden decision: it took its default answer."]


async def test_a_hidden_decision_is_skipped_alike_whether_a_member_or_an_ai_is_asked(
    store: Store,
) -> None:
    """/match skip answers the host the same whoever a hidden decision is asked of: a
    refusal only when an AI seat is asked would tell who holds the ability."""
    world = build_world(store, registry=secret_registry(), ai_move_delay=3600)
    match_id = await start_match(world, ai=1)
    asked = []
    while "AI" not in asked:
        live = await world.matches.load(match_id)
        (seat,) = [s for s in live.module.rules.to_act(live.state) if s >= 0]
        asked.append("AI" if live.is_ai(seat) else "member")
        version = live.version
        await world.moderation.skip(match_id, 1, moderator=False)  # no refusal either way
        live = await world.matches.load(match_id)
        assert (live.version > version) is (asked[-1] == "member")  # the AI answers itself
    assert asked.count("member") >= 1
    notes = [read(n.text).words() for n in await world.store.matches.notes(match_id)]
    assert notes == ["⏭ <@1> skipped a hidden decision."] * len(asked)
    assert world.publisher.reminders == []


async def test_a_deadline_written_by_another_process_fires_within_seconds(
    world: World, store: Store
) -> None:
    """In a cluster the loop looks at the database every few seconds, and reads it afresh."""
    match_id = await start_match(world)
    await world.matches.load(match_id)  # cached here with its 5-minute deadline
    assert await world.scheduler._delay() == 4 * MINUTE  # alone, it sleeps to its reminder
    world.matches.shared = True  # as in a cluster: other processes write the same matches
    assert await world.scheduler._delay() == scheduler_module.POLL
    # Another process moves the deadline to 2 s from now; nobody pokes this one.
    soon = world.clock.now + timedelta(seconds=2)
    await store.matches.update_match(match_id, turn_deadline=soon, reminder_at=None)
    world.clock.advance(scheduler_module.POLL)
    assert await world.scheduler.fire_due() == 1
    live = await world.matches.load(match_id)
    assert sum(s.timeouts for s in live.seats) == 1


async def test_answering_a_secret_question_stays_out_of_the_info_log_when_an_open_one_follows(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """Who was asked is read before the move: the open turn after it must not unmask them."""
    asked: list[object] = []
    registry = secret_registry(lambda state: any(state is s for s in asked))
    world = build_world(store, registry=registry)
    match_id = await start_match(world)
    live = await world.matches.load(match_id)
    asked.append(live.state)  # only this question is secret; the next one is open
    seat = await seat_to_act(world, match_id)
    token = live.module.rules.legal_actions(live.state, seat)[0].token()
    user = live.seats[seat].user_id
    assert user is not None
    caplog.set_level(logging.INFO, logger="bot")
    done = await world.matches.submit(match_id, user, live.version, token)
    assert not done.asked_in_secret  # the question after it is open
    info = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert not any("acted" in line for line in info), info


async def test_covert_reactions_and_set_up_choices_get_a_share_of_the_turn_timer(
    world: World,
) -> None:
    """Covert rules 7.5: main turn 300 s, reaction prompts 30 s, set-up choices 120 s; the
    shares follow the server's turn timer, with 20 s at least for a short decision."""
    match_id = await open_game(world.lobbies, "covert")
    live = await world.matches.load(match_id)
    now = world.clock.now
    assert live.state.prompts and live.state.prompts[0].kind == "keep3"
    assert live.row.turn_deadline == now + timedelta(minutes=2), "a set-up choice: 120 s"
    turn = placing()
    asked = play(edit(edit(turn, 0, hand=("A03",)), BEN, hand=("A19",)), 0, Fly("A03", 0))
    assert live.module.rules.to_act(asked) == {BEN}
    values = world.matches.timer_for(live, {BEN}, asked)
    assert values["turn_deadline"] == now + timedelta(seconds=30)
    assert values["reminder_at"] == now + timedelta(seconds=24)
    assert world.matches.timer_for(live, {0}, turn)["turn_deadline"] == now + timedelta(minutes=5)
    short = dataclasses.replace(live, row=dataclasses.replace(live.row, turn_seconds=60))
    values = world.matches.timer_for(short, {BEN}, asked)
    assert values["turn_deadline"] == now + timedelta(seconds=20), "read and click"
