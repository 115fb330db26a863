"""MatchService: checks in order, serialized submits, durable appends, snapshots."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import msgspec
import pytest

from bot.app.errors import MatchNotFound, NotAllowed, NotSeated
from bot.engine import BadToken, IllegalAction, MatchOver, NotYourTurn, StaleVersion
from bot.store.repo import MatchRepository
from tests.app.conftest import Services, actor, assert_revealed, make_services, two_player_match


def encoded(live: Any) -> bytes:
    return msgspec.json.encode(live.state)


async def test_forged_and_misplaced_submits_are_refused_in_order(services: Services) -> None:
    match_id = await two_player_match(services)
    user, version, _ = await actor(services, match_id)
    other = 3 - user
    cases = [
        ((999, user, version, "B"), MatchNotFound),
        ((match_id, 77, version, "B"), NotSeated),
        ((match_id, user, version + 5, "B"), StaleVersion),
        ((match_id, other, version, "B"), NotYourTurn),
        ((match_id, user, version, "A.99"), BadToken),
        ((match_id, user, version, "ZZ"), BadToken),
        ((match_id, user, version, "P.1.9"), BadToken),
        ((match_id, user, version, "C"), IllegalAction),
    ]
    before = encoded(await services.matches.load(match_id))
    for args, error in cases:
        with pytest.raises(error):
            await services.matches.submit(*args)
    live = await services.matches.load(match_id)
    assert live.version == version and encoded(live) == before


async def test_concurrent_submits_to_one_match_apply_once(services: Services) -> None:
    match_id = await two_player_match(services)
    user, version, _ = await actor(services, match_id)
    results = await asyncio.gather(
        services.matches.submit(match_id, user, version, "B"),
        services.matches.submit(match_id, user, version, "B"),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleVersion) for r in results) == 1
    assert (await services.matches.load(match_id)).version == version + 1


async def test_two_processes_racing_lose_cleanly_and_recover(engine: Any) -> None:
    first, second = make_services(engine), make_services(engine)
    match_id = await two_player_match(first)
    user, version, _ = await actor(second, match_id)
    await first.matches.submit(match_id, user, version, "B")
    with pytest.raises(StaleVersion):
        await second.matches.submit(match_id, user, version, "B")
    fresh = await second.matches.load(match_id)
    assert fresh.version == version + 1
    assert encoded(fresh) == encoded(await first.matches.load(match_id))


async def test_an_acknowledged_move_survives_a_crash(engine: Any) -> None:
    before_crash = make_services(engine)
    match_id = await two_player_match(before_crash)
    for _ in range(6):
        user, version, tokens = await actor(before_crash, match_id)
        await before_crash.matches.submit(match_id, user, version, tokens[0])
    live = await before_crash.matches.load(match_id)
    after_restart = make_services(engine)
    reloaded = await after_restart.matches.load(match_id)
    assert reloaded.version == live.version and encoded(reloaded) == encoded(live)


class FailingAppends(MatchRepository):
    """A repository whose next append fails, as a full disk would."""

    fail = True

    async def append_events(self, *args: Any, **kwargs: Any) -> int:
        if self.fail:
            self.fail = False
            raise OSError("disk full")
        return await super().append_events(*args, **kwargs)


async def test_a_failed_write_changes_nothing_and_the_move_can_be_retried(engine: Any) -> None:
    setup = make_services(engine)
    match_id = await two_player_match(setup)
    repo = FailingAppends(setup.repo._sessions)
    services = make_services(engine, repo=repo)
    user, version, _ = await actor(services, match_id)
    before = encoded(await services.matches.load(match_id))
    with pytest.raises(OSError):
        await services.matches.submit(match_id, user, version, "B")
    live = await services.matches.load(match_id)
    assert live.version == version and encoded(live) == before
    await services.matches.submit(match_id, user, version, "B")
    assert (await make_services(engine).matches.load(match_id)).version == version + 1


async def test_snapshots_load_to_the_same_state(engine: Any) -> None:
    services = make_services(engine, snapshot_every=4)
    match_id = await two_player_match(services)
    for _ in range(12):
        user, version, tokens = await actor(services, match_id)
        await services.matches.submit(match_id, user, version, tokens[-1])
        if (await services.matches.load(match_id)).row.status != "active":
            break
    live = await services.matches.load(match_id)
    snapshot = await services.repo.latest_snapshot(match_id)
    assert snapshot is not None and 0 < snapshot[0] <= live.version
    reloaded = await make_services(engine, snapshot_every=4).matches.load(match_id)
    assert encoded(reloaded) == encoded(live)


async def test_end_and_leave_rules(services: Services) -> None:
    match_id = await two_player_match(services)
    with pytest.raises(NotAllowed):
        await services.matches.end(match_id, 2, moderator=False)
    await services.matches.leave(match_id, 2)
    live = await services.matches.load(match_id)
    assert live.is_ai(1) and live.seat_of(2) is None
    with pytest.raises(NotSeated):
        await services.matches.leave(match_id, 2)
    await services.matches.end(match_id, 1, moderator=False)
    with pytest.raises(MatchOver):
        await services.matches.end(match_id, 1, moderator=True)
    # The table no longer waits for a move: it is "ended", with every secret face up.
    table = await services.matches.table(match_id)
    assert table.screen.title == "COVERTA (ended)" and table.turn_user_ids == []
    assert "ended before its finish" in table.screen.body and table.screen.image
    assert_revealed(table.screen.fields, (await services.matches.load(match_id)).state)
    # The host's own view no longer waits for anyone either.
    hand = await services.matches.private(match_id, 1)
    assert "The match is over." in hand.screen.body and "Waiting for" not in hand.screen.body
    assert hand.screen.choices == () and not hand.active


async def test_private_notes_follow_the_recent_moves_and_survive_a_restart(engine: Any) -> None:
    services = make_services(engine)
    match_id = await two_player_match(services)
    first = await services.matches.private(match_id, 1)
    assert any("instruction" in note.lower() for note in first.notes)  # the deal, for Alice only
    for _ in range(8):  # everyone draws: public lines push the deal off the table
        user, version, legal = await actor(services, match_id)
        await services.matches.submit(match_id, user, version, "B" if "B" in legal else legal[0])
    later = await services.matches.private(match_id, 1)
    restarted = await make_services(engine).matches.private(match_id, 1)
    assert not any("instruction" in note.lower() for note in later.notes)
    assert later.notes == restarted.notes
    assert any(note.startswith("You drew") for note in later.notes)  # newer ones stay


async def test_a_retired_never_over_player_reads_no_note_of_the_cards_set_aside(
    services: Services,
) -> None:
    lobby = await services.lobbies.open(
        guild_id=10, channel_id=20, game="never_over", options={}, host=(1, "Alice")
    )
    await services.lobbies.join(lobby.match_id, 2, "Bob")
    await services.lobbies.start(lobby.match_id, 1)
    user, version, legal = await actor(services, lobby.match_id)
    dealt = await services.matches.private(lobby.match_id, user)
    assert any(note.startswith("You were dealt") for note in dealt.notes)
    assert "X" in legal
    await services.matches.submit(lobby.match_id, user, version, "X")  # retire at once
    live = await services.matches.load(lobby.match_id)
    seat = live.seat_of(user)
    assert seat is not None and live.state.retired[seat] and live.match.outcome is None
    retired = await services.matches.private(lobby.match_id, user)
    assert "set aside face down" in retired.screen.body
    assert retired.notes == []  # the deal and the draws named the cards now face down
    other = await services.matches.private(lobby.match_id, 3 - user)
    assert any(note.startswith("You were dealt") for note in other.notes)


async def test_a_host_who_leaves_the_match_hands_hosting_to_a_member_still_playing(
    services: Services,
) -> None:
    """/match leave passes hosting on, as a kick of the host does: the member who left
    may no longer end the match, and those still playing may."""
    match_id = await two_player_match(services)
    await services.matches.leave(match_id, 1)
    live = await services.matches.load(match_id)
    assert live.row.host_user_id == 2
    assert (await services.matches.row(match_id)).host_user_id == 2  # stored, not only cached
    with pytest.raises(NotAllowed):
        await services.matches.end(match_id, 1, moderator=False)
    await services.matches.end(match_id, 2, moderator=False)
    assert (await services.matches.row(match_id)).status == "abandoned"


async def test_each_game_names_its_private_view_button(services: Services) -> None:
    coverta = await two_player_match(services)
    lobby = await services.lobbies.open(
        guild_id=10, channel_id=20, game="covert", options={}, host=(1, "Alice")
    )
    await services.lobbies.join(lobby.match_id, 2, "Bob")
    await services.lobbies.start(lobby.match_id, 1)
    assert (await services.matches.table(coverta)).hand_label == "My hand"
    assert (await services.matches.table(lobby.match_id)).hand_label == "🔒 My dossier"


class HeldDrawing:
    """Wraps a presenter method so each drawing waits, in its worker thread, until released:
    a move can then be applied while a screen is being drawn."""

    def __init__(self, draw: Any) -> None:
        self.draw = draw
        self.started = threading.Event()
        self.release = threading.Event()

    def __call__(self, *args: Any) -> Any:
        self.started.set()
        assert self.release.wait(10)
        return self.draw(*args)


@pytest.mark.parametrize("screen", ["private", "table"])
async def test_a_move_applied_while_a_screen_is_drawn_is_not_passed_off_as_drawn(
    services: Services, monkeypatch: pytest.MonkeyPatch, screen: str
) -> None:
    """The version a screen carries is the one it shows; open views are skipped when their
    version is current, so a newer version on an older screen would never be redrawn."""
    match_id = await two_player_match(services)
    user, version, _ = await actor(services, match_id)
    presenter = (await services.matches.load(match_id)).module.presenter
    held = HeldDrawing(getattr(presenter, screen))
    monkeypatch.setattr(presenter, screen, held)
    if screen == "private":
        drawing = asyncio.create_task(services.matches.private(match_id, user))
    else:
        drawing = asyncio.create_task(services.matches.table(match_id))
    await asyncio.to_thread(held.started.wait, 10)
    await services.matches.submit(match_id, user, version, "B")
    held.release.set()
    info = await drawing
    assert info.version == version
    assert (await services.matches.load(match_id)).version == version + 1


async def test_a_members_matches_here_are_found_in_one_read_of_the_seats(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/match hand and /match leave find the member's matches in this channel.

    Issue: every active match of every server was listed, then its seats read one match
    at a time: a read per stored match for each command, growing with the whole bot."""

    async def start(channel: int, host: int, other: int) -> int:
        lobby = await services.lobbies.open(
            guild_id=10, channel_id=channel, game="coverta", options={}, host=(host, "H")
        )
        await services.lobbies.join(lobby.match_id, other, "O")
        await services.lobbies.start(lobby.match_id, host)
        return lobby.match_id

    first = await start(20, 1, 2)
    elsewhere = await start(21, 1, 3)
    left = await start(20, 4, 1)
    await services.matches.leave(left, 1)
    newest = await start(20, 5, 1)
    ended = await start(20, 1, 6)
    await services.matches.end(ended, 1, moderator=False)

    async def one_by_one(*args: Any) -> Any:
        raise AssertionError("the seats were read one match at a time")

    monkeypatch.setattr(services.repo, "get_seats", one_by_one)
    assert await services.matches.user_matches(20, 1) == [newest, first]
    assert await services.matches.user_matches(21, 1) == [elsewhere]
    assert await services.matches.user_matches(20, 2) == [first]
    assert await services.matches.user_matches(22, 1) == []
