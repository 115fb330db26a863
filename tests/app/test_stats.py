"""Results and openskill ratings: once per match, AI levels rated, dropped members ranked last."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.app.stats import StatsService, final_ranks
from bot.engine import Outcome
from bot.store.rows import SeatRow
from bot.store.store import Store


async def finished(
    store: Store, seats: list[tuple[int | None, str]], guild: int = 10, game: str = "coverta"
) -> Any:
    """Store a match with these (user id or None for an AI, status) seats; return a stand-in."""
    match_id = await store.matches.create_match(guild, 20, game, 1, {}, 1, seats[0][0] or 1)
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
