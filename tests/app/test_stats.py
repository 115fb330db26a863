"""Results and openskill ratings: once per match, AI levels rated, dropped members ranked last."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.app.stats import StatsService, final_ranks, shown_rating
from bot.engine import Outcome
from bot.store.rows import NewMatch, SeatRow
from bot.store.store import Store


async def finished(
    store: Store, seats: list[tuple[int | None, str]], guild: int = 10, game: str = "coverta"
) -> Any:
    """Store a match with these (user id or None for an AI, status) seats; return a stand-in."""
    match_id = await store.matches.create_match(
        NewMatch(guild, 20, game, 1, {}, 1, seats[0][0] or 1)
    )
    rows = [(i, u, None if u else "random", f"S{i}") for i, (u, _) in enumerate(seats)]
    await store.matches.set_seats(match_id, rows)
    for i, (_, status) in enumerate(seats):
        await store.matches.update_seat(match_id, i, status=status)
    live_seats = await store.matches.get_seats(match_id)
    return SimpleNamespace(id=match_id, seats=live_seats, row=SimpleNamespace(game=game))


def outcome(*ranks: int) -> Outcome:
    return Outcome(tuple(ranks), "went_out", "{p[0]} won.")


async def test_ratings_update_once_per_match(store: Store) -> None:
    stats = StatsService(store.stats)
    live = await finished(store, [(1, "playing"), (2, "playing")])
    assert await stats.record(live, outcome(1, 2))
    first = {r.player_key: r for r in await store.stats.leaderboard("coverta", 10)}
    assert not await stats.record(live, outcome(2, 1))  # replayed: nothing changes
    again = {r.player_key: r for r in await store.stats.leaderboard("coverta", 10)}
    assert again == first
    assert first["u:1"].matches == 1 and first["u:1"].wins == 1
    assert first["u:1"].mu > 25 > first["u:2"].mu


async def test_ratings_after_a_few_matches_order_the_leaderboard(store: Store) -> None:
    stats = StatsService(store.stats)
    for _ in range(3):
        live = await finished(store, [(1, "playing"), (2, "playing"), (None, "playing")])
        await stats.record(live, outcome(1, 3, 2))
    board = await stats.leaderboard("coverta", 10)
    assert [r.player_key for r in board] == ["u:1", "ai:random", "u:2"]
    assert [r.matches for r in board] == [3, 3, 3] and board[0].wins == 3
    assert await stats.leaderboard("coverta", 99) == []  # nobody played in that guild


async def test_members_who_drop_out_are_ranked_last(store: Store) -> None:
    stats = StatsService(store.stats)
    live = await finished(
        store, [(1, "forfeited"), (2, "autopilot"), (3, "kicked"), (4, "playing")]
    )
    await stats.record(live, outcome(1, 2, 3, 4))
    results = {r.player_key: r.rank for r in await store.stats.results_of(live.id)}
    assert results == {"u:1": 3, "u:2": 1, "u:3": 3, "u:4": 2}


def test_final_ranks_keep_the_outcome_for_seats_still_in() -> None:
    seats = [SeatRow(1, i, i, None, "x", s) for i, s in enumerate(["left", "playing", "playing"])]
    assert final_ranks(seats, [1, 1, 2]) == [3, 1, 2]
    assert final_ranks(seats, [1, 2, 3]) == [3, 1, 2], "the AI won the seat of who left"


def test_an_outcome_nobody_won_keeps_nobody_first() -> None:
    """COVERTA: when every player is eliminated, nobody wins (rules 5.1)."""
    playing = [SeatRow(1, i, i, None, "x", "playing") for i in range(3)]
    assert final_ranks(playing, [3, 3, 3]) == [2, 2, 2]
    seats = [SeatRow(1, i, i, None, "x", s) for i, s in enumerate(["left", "playing", "playing"])]
    assert final_ranks(seats, [3, 3, 3]) == [3, 2, 2]


async def test_nobody_is_counted_a_winner_of_a_match_nobody_won(store: Store) -> None:
    stats = StatsService(store.stats)
    await stats.record(await finished(store, [(1, "playing"), (2, "playing")]), outcome(2, 2))
    assert (await stats.profile(1)).won == 0 and (await stats.profile(2)).won == 0


async def test_a_profile_counts_games_wins_and_the_favourite(store: Store) -> None:
    stats = StatsService(store.stats)
    await stats.record(await finished(store, [(1, "playing"), (2, "playing")]), outcome(1, 2))
    await stats.record(await finished(store, [(1, "playing"), (2, "playing")]), outcome(2, 1))
    other = await finished(store, [(1, "playing"), (2, "playing")], game="never_over")
    await stats.record(other, outcome(1, 2))
    profile = await stats.profile(1)
    assert (profile.played, profile.won, profile.favourite) == (3, 2, "coverta")
    assert sorted(r.game for r in profile.ratings) == ["coverta", "never_over"]
    only = await stats.profile(1, "never_over")
    assert (only.played, only.won) == (1, 1)
    assert (await stats.profile(42)).played == 0


async def test_rating_changes_are_stored_and_read_back_by_another_process(store: Store) -> None:
    """Item 5: the end message's rating changes survive a restart or another process."""
    stats = StatsService(store.stats)
    live = await finished(store, [(1, "playing"), (2, "playing"), (None, "playing")])
    assert await stats.record(live, outcome(1, 3, 2))
    here = stats.changes(live.id)
    assert set(here) == {"u:1", "u:2", "ai:random"} and here["u:1"] > 0 > here["u:2"]
    assert await store.stats.rating_changes(live.id) == here
    elsewhere = StatsService(store.stats)  # a restarted or another process
    assert elsewhere.changes(live.id) == {}
    assert await elsewhere.wait_changes(live.id, timeout=0.1) == here
    board = {r.player_key: r for r in await store.stats.leaderboard("coverta", 10)}
    newcomer = shown_rating(25.0, 25.0 / 3)
    assert here["u:1"] == shown_rating(board["u:1"].mu, board["u:1"].sigma) - newcomer


async def test_a_second_match_stores_the_change_from_the_first(store: Store) -> None:
    stats = StatsService(store.stats)
    first = await finished(store, [(1, "playing"), (2, "playing")])
    await stats.record(first, outcome(1, 2))
    before = {r.player_key: r for r in await store.stats.leaderboard("coverta", 10)}
    second = await finished(store, [(1, "playing"), (2, "playing")])
    await stats.record(second, outcome(2, 1))
    after = {r.player_key: r for r in await store.stats.leaderboard("coverta", 10)}
    stored = await store.stats.rating_changes(second.id)
    for key in ("u:1", "u:2"):
        moved = shown_rating(after[key].mu, after[key].sigma)
        moved -= shown_rating(before[key].mu, before[key].sigma)
        assert stored[key] == moved
