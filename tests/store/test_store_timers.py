"""Timer columns, the match log's notes, open-match counts and the guild settings log."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.store import Store
from bot.store.repo import Extras
from tests.store.test_store_repo import GUILD, MATCH, new_match


async def test_timers_due_and_the_next_timer(store: Store) -> None:
    now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    assert await store.matches.next_timer() is None
    lobby = await new_match(store, turn_deadline=now + timedelta(minutes=30))
    active = await new_match(store, status="active")
    done = await new_match(store, status="finished")
    await store.matches.update_match(
        active, turn_deadline=now + timedelta(minutes=5), reminder_at=now + timedelta(minutes=4)
    )
    await store.matches.update_match(done, turn_deadline=now - timedelta(hours=1))
    assert await store.matches.next_timer() == now + timedelta(minutes=4)
    assert await store.matches.timers_due(now) == []
    due = await store.matches.timers_due(now + timedelta(minutes=4))
    assert [m.id for m in due] == [active]
    due = await store.matches.timers_due(now + timedelta(hours=1))
    assert [m.id for m in due] == [lobby, active]


async def test_append_events_sets_the_deadline_in_the_same_transaction(store: Store) -> None:
    match_id = await new_match(store, status="active", turn_seconds=300)
    deadline = datetime(2026, 3, 1, 12, 5, tzinfo=UTC)
    await store.matches.append_events(
        match_id, 0, [(0, "B", [])], Extras(values={"turn_deadline": deadline})
    )
    row = await store.matches.get_match(match_id)
    assert row is not None
    assert (row.version, row.turn_deadline, row.turn_seconds) == (1, deadline, 300)


async def test_notes_keep_their_order_and_seq(store: Store) -> None:
    match_id = await new_match(store)
    await store.matches.add_note(match_id, 0, "kick", "{p[1]} was removed", 42)
    await store.matches.add_note(match_id, 3, "timeout", "time ran out")
    notes = await store.matches.notes(match_id)
    assert [(n.seq, n.kind, n.user_id) for n in notes] == [(0, "kick", 42), (3, "timeout", None)]
    assert [n.kind for n in await store.matches.notes(match_id, 1)] == ["timeout"]


class Full(Exception):
    """A room check's refusal."""


async def test_a_new_lobby_is_told_the_open_matches_of_its_server_and_channel(
    store: Store,
) -> None:
    await new_match(store)
    await new_match(store, status="active", channel_id=5)
    await new_match(store, status="finished")
    told: list[tuple[int, int]] = []

    def full(in_guild: int, in_channel: int) -> None:
        told.append((in_guild, in_channel))
        raise Full

    for guild, channel in ((GUILD, 5), (GUILD, 6), (GUILD + 1, 5)):
        with pytest.raises(Full):
            await store.matches.open_lobby(
                replace(MATCH, guild_id=guild, channel_id=channel), room=full
            )
    assert told == [(2, 1), (2, 0), (0, 0)]
    # The refused lobbies were not written; one let through is counted after.
    for _ in range(2):
        await store.matches.open_lobby(
            replace(MATCH, channel_id=5), room=lambda *counts: told.append(counts)
        )
    assert told[3:] == [(2, 1), (3, 2)]


async def test_each_setting_change_is_logged(store: Store) -> None:
    await store.settings.change_guild_setting(GUILD, "threads", False, True, 7)
    await store.settings.change_guild_setting(GUILD, "threads", True, None, 8)
    assert await store.settings.get_guild_settings(GUILD) == {}
    history = await store.settings.setting_history(GUILD)
    assert [(c.setting, c.old, c.new, c.user_id) for c in history] == [
        ("threads", True, None, 8),
        ("threads", False, True, 7),
    ]
