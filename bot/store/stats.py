"""Results per seat and skill ratings per game, written once per finished match."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Select, case, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from bot.store.models import Match, MatchResult, Rating, utcnow
from bot.store.sql import Sessions, dialect_insert, upsert_on, writing

Skill = tuple[float, float]
"""(mu, sigma) of a rating."""
RateFn = Callable[[dict[str, Skill | None], Sequence[tuple[str, int]]], dict[str, Skill]]
"""Given current skills by player key (None: unrated) and (player key, rank) per seat,
return the new skill of every player key."""
ChangeFn = Callable[[Skill | None, Skill], int]
"""Given a player's skill before a match (None: unrated) and after it, return how the
rating players read moved (stored with each result row)."""


@dataclass(frozen=True, slots=True)
class ResultRow:
    """How one seat finished: who sat there ("u:<id>" or "ai:<level>"), rank, score."""

    seat: int
    player_key: str
    rank: int
    score: float | None = None


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A player's rating in one game."""

    game: str
    player_key: str
    mu: float
    sigma: float
    matches: int
    wins: int

    @property
    def ordinal(self) -> float:
        """Return the conservative skill estimate used to rank players."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A player's finished matches of one game."""

    game: str
    played: int
    won: int


@dataclass(frozen=True, slots=True)
class Finish:
    """What finishing a match stores with its last step: outcome, results and ratings."""

    result: dict[str, Any]
    """The outcome, as stored in `matches.result`."""
    game: str
    results: Sequence[ResultRow] = ()
    """One row per seat; empty when nobody keeps stats (scripts, benchmarks)."""
    rate: RateFn | None = None
    change: ChangeFn | None = None
    """How to turn a skill before and after into the stored rating change (None: store none)."""


def record_results_on(
    connection: Connection,
    match_id: int,
    game: str,
    results: Sequence[ResultRow],
    rate: RateFn,
    change: ChangeFn | None = None,
) -> bool:
    """Insert a match's results and update its players' ratings in `connection`'s transaction.

    With `change`, each result row also keeps how its player's shown rating moved.
    Returns False (writing nothing) if the match already has results. Ratings are
    read under a row lock (FOR UPDATE, a no-op on SQLite, whose write transactions
    hold the database lock), so matches finishing at once never lose an update.
    """
    done = connection.scalar(select(func.count()).where(MatchResult.match_id == match_id))
    if done or not results:
        return False
    connection.execute(
        insert(MatchResult),
        [
            {
                "match_id": match_id,
                "seat": r.seat,
                "player_key": r.player_key,
                "rank": r.rank,
                "score": r.score,
            }
            for r in results
        ],
    )
    moved = _rate(connection, game, results, rate)
    if change is not None:
        for key, (before, after) in moved.items():
            connection.execute(
                update(MatchResult)
                .where(MatchResult.match_id == match_id, MatchResult.player_key == key)
                .values(rating_change=change(before, after))
            )
    return True


def _rate(
    connection: Connection, game: str, results: Sequence[ResultRow], rate: RateFn
) -> dict[str, tuple[Skill | None, Skill]]:
    """Update the ratings of a match's players; return each player's skill before and after."""
    keys = sorted({r.player_key for r in results})
    # Make sure every row exists, then lock them in key order: two finishing matches
    # that share a player (an AI level, say) queue here instead of overwriting each other.
    dialect = connection.dialect.name
    blank = [{"game": game, "player_key": k, "mu": 0.0, "sigma": -1.0} for k in keys]
    connection.execute(dialect_insert(dialect, Rating).on_conflict_do_nothing(), blank)
    query = (
        select(Rating.player_key, Rating.mu, Rating.sigma, Rating.matches, Rating.wins)
        .where(Rating.game == game, Rating.player_key.in_(keys))
        .order_by(Rating.player_key)
        .with_for_update()
    )
    current = {r.player_key: r for r in connection.execute(query).all()}
    rated = {k: r for k, r in current.items() if r.sigma >= 0}
    skills = {k: (rated[k].mu, rated[k].sigma) if k in rated else None for k in keys}
    new = rate(skills, [(r.player_key, r.rank) for r in results])
    for key in keys:
        old = rated.get(key)
        won = any(r.rank == 1 for r in results if r.player_key == key)
        mu, sigma = new[key]
        values = {
            "game": game,
            "player_key": key,
            "mu": mu,
            "sigma": sigma,
            "matches": (old.matches if old else 0) + 1,
            "wins": (old.wins if old else 0) + int(won),
            "updated_at": utcnow(),
        }
        upsert_on(connection, Rating, values, keys=("game", "player_key"))
    return {key: (skills[key], new[key]) for key in keys}


class StatsRepository:
    """Match results and ratings."""

    def __init__(self, sessions: Sessions) -> None:
        self._sessions = sessions

    async def record_match(self, match_id: int, finish: Finish) -> bool:
        """Store a match's results and update ratings, once; False if already recorded."""
        rate = finish.rate
        if rate is None:
            return False

        def work(sync_session: Any) -> bool:
            connection = sync_session.connection()
            game, results, change = finish.game, finish.results, finish.change
            return record_results_on(connection, match_id, game, results, rate, change)

        try:
            async with writing(self._sessions) as session:
                return bool(await session.run_sync(work))
        except IntegrityError:
            return False  # another process recorded it first

    async def rating_changes(self, match_id: int) -> dict[str, int]:
        """Return how each player's shown rating moved with a match, as stored with its results."""
        query = select(MatchResult.player_key, MatchResult.rating_change).where(
            MatchResult.match_id == match_id, MatchResult.rating_change.is_not(None)
        )
        async with self._sessions() as session:
            rows = (await session.execute(query)).all()
        return {key: int(moved) for key, moved in rows if moved is not None}

    async def results_of(self, match_id: int) -> list[ResultRow]:
        """Return the recorded results of a match, in seat order."""
        query = (
            select(MatchResult).where(MatchResult.match_id == match_id).order_by(MatchResult.seat)
        )
        async with self._sessions() as session:
            found = (await session.scalars(query)).all()
        return [ResultRow(r.seat, r.player_key, r.rank, r.score) for r in found]

    async def ratings(self, player_key: str) -> list[RatingRow]:
        """Return a player's ratings in every game they played."""
        query = select(Rating).where(Rating.player_key == player_key).order_by(Rating.game)
        return await self._ratings(query)

    async def leaderboard(
        self, game: str, guild_id: int | None, limit: int = 10
    ) -> list[RatingRow]:
        """Return the best-rated players of a game (who finished a match in this guild)."""
        query = select(Rating).where(Rating.game == game)
        if guild_id is not None:
            here = (
                select(MatchResult.player_key)
                .join(Match, Match.id == MatchResult.match_id)
                .where(Match.guild_id == guild_id, Match.game == game)
            )
            query = query.where(Rating.player_key.in_(here))
        query = query.order_by((Rating.mu - 3 * Rating.sigma).desc()).limit(limit)
        return await self._ratings(query)

    async def records(self, player_key: str) -> list[GameRecord]:
        """Return a player's matches played and won, per game, most played first."""
        won = func.sum(case((MatchResult.rank == 1, 1), else_=0))
        query = (
            select(Match.game, func.count(), won)
            .join(Match, Match.id == MatchResult.match_id)
            .where(MatchResult.player_key == player_key)
            .group_by(Match.game)
            .order_by(func.count().desc(), Match.game)
        )
        async with self._sessions() as session:
            rows = (await session.execute(query)).all()
        return [GameRecord(game, int(played), int(wins or 0)) for game, played, wins in rows]

    async def _ratings(self, query: Select[Any]) -> list[RatingRow]:
        async with self._sessions() as session:
            found = (await session.scalars(query)).all()
        return [RatingRow(r.game, r.player_key, r.mu, r.sigma, r.matches, r.wins) for r in found]
