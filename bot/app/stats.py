"""StatsService: results per seat and openskill ratings, once per finished match.

Who is rated: a member under "u:<id>", an AI seat under "ai:<level>", so the
leaderboard shows how people compare with each AI level. A member who left,
was removed or forfeited is ranked below every seat still in the match; a
member whose seat the AI took over after repeated timeouts keeps the seat's
result (the moderators chose "ai" over "forfeit").
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass

import msgspec
from openskill.models import PlackettLuce, PlackettLuceRating

from bot.app.live import LiveMatch
from bot.engine import Outcome
from bot.store.rows import SeatRow
from bot.store.stats import Finish, GameRecord, RatingRow, ResultRow, Skill, StatsRepository

log = logging.getLogger(__name__)

RATING_BASE = 1000
RATING_SCALE = 25
"""The rating players read: ``1000 + 25 × (mu − 3·sigma)``, rounded to a whole number.

``mu − 3·sigma`` (openskill's "ordinal") is a conservative estimate of skill: the
model is about 99% sure the player is at least that good. A newcomer starts at
1000 (mu 25, sigma 25/3); it rises with wins and as the model grows surer."""
DROPPED = ("left", "kicked", "forfeited")
"""Seat statuses whose member is ranked last."""
MODEL = PlackettLuce()


def player_key(seat: SeatRow) -> str:
    """Return who is rated for a seat: "u:<id>" for a member, "ai:<level>" for an AI."""
    return f"u:{seat.user_id}" if seat.user_id is not None else f"ai:{seat.ai_level or 'ai'}"


def shown_rating(mu: float, sigma: float) -> int:
    """Return the whole-number rating players read (see ``RATING_BASE``)."""
    return round(RATING_BASE + RATING_SCALE * (mu - 3 * sigma))


def rating_change(before: Skill | None, after: Skill) -> int:
    """Return how the shown rating moved from one skill to another (None: a newcomer)."""
    start = before or (MODEL.mu, MODEL.sigma)
    return shown_rating(*after) - shown_rating(*start)


def final_ranks(seats: Sequence[SeatRow], ranks: Sequence[int]) -> list[int]:
    """Rank seats still in by the outcome (1, 2, ...); put dropped members after all of them.

    An outcome with nobody first (every player eliminated: nobody wins) keeps nobody first:
    the seats still in share place 2 and on.
    """
    kept = sorted({r for s, r in zip(seats, ranks, strict=True) if s.status not in DROPPED})
    start = 1 if 1 in ranks else 2
    place = {rank: i for i, rank in enumerate(kept, start=start)}
    last = len(kept) + start
    return [last if s.status in DROPPED else place[r] for s, r in zip(seats, ranks, strict=True)]


def rate(skills: dict[str, Skill | None], seats: Sequence[tuple[str, int]]) -> dict[str, Skill]:
    """Update skills with one match (Plackett-Luce); a key in several seats gets their mean."""
    teams = [[_rating(skills[key], key)] for key, _ in seats]
    rated = MODEL.rate(teams, ranks=[float(rank) for _, rank in seats])
    sums: dict[str, list[Skill]] = {}
    for (key, _), team in zip(seats, rated, strict=True):
        sums.setdefault(key, []).append((team[0].mu, team[0].sigma))
    return {
        key: (sum(m for m, _ in got) / len(got), sum(s for _, s in got) / len(got))
        for key, got in sums.items()
    }


def _rating(skill: Skill | None, key: str) -> PlackettLuceRating:
    if skill is None:
        return MODEL.rating(name=key)
    return MODEL.rating(mu=skill[0], sigma=skill[1], name=key)


@dataclass(frozen=True)
class Profile:
    """What /stats shows about a player."""

    records: list[GameRecord]
    ratings: list[RatingRow]

    @property
    def played(self) -> int:
        """Return the number of finished matches."""
        return sum(r.played for r in self.records)

    @property
    def won(self) -> int:
        """Return the number of matches won (ranked first)."""
        return sum(r.won for r in self.records)

    @property
    def favourite(self) -> str | None:
        """Return the game played most."""
        return self.records[0].game if self.records else None


class StatsService:
    """Writes results and ratings; reads profiles and leaderboards."""

    def __init__(self, repo: StatsRepository) -> None:
        self.repo = repo
        self._changes: dict[int, dict[str, int]] = {}
        self._pending: dict[int, dict[str, int]] = {}
        self._recorded: dict[int, asyncio.Event] = {}

    def changes(self, match_id: int) -> dict[str, int]:
        """Return how each player's shown rating moved with this match (this process only)."""
        return dict(self._changes.get(match_id, {}))

    async def stored_changes(self, match_id: int) -> dict[str, int]:
        """Return the rating changes stored with a match's results (any process, any time)."""
        return await self.repo.rating_changes(match_id)

    async def wait_changes(self, match_id: int, timeout: float = 5.0) -> dict[str, int]:
        """Return the rating changes of a finished match.

        Known here when this process stored the finish (waited for up to `timeout`
        while that commit is under way); otherwise read back from the results rows,
        where they were stored with the ratings (another process, a restart).
        """
        if match_id in self._pending or match_id in self._changes:
            event = self._recorded.setdefault(match_id, asyncio.Event())
            try:
                await asyncio.wait_for(event.wait(), timeout)
            except TimeoutError:
                log.debug("match %s: its finish is not committed yet", match_id)
        return self.changes(match_id) or await self.stored_changes(match_id)

    def finish_of(self, live: LiveMatch, outcome: Outcome) -> Finish:
        """Return what finishing a match stores: its outcome, a result per seat, the ratings."""
        ranks = final_ranks(live.seats, outcome.ranks)
        scores = outcome.scores or (None,) * len(ranks)
        results = [
            ResultRow(seat.seat, player_key(seat), rank, score)
            for seat, rank, score in zip(live.seats, ranks, scores, strict=True)
        ]
        moved: dict[str, int] = {}

        def rate_and_remember(
            skills: dict[str, Skill | None], seats: Sequence[tuple[str, int]]
        ) -> dict[str, Skill]:
            new = rate(skills, seats)
            for key, after in new.items():
                moved[key] = rating_change(skills.get(key), after)
            return new

        # Kept aside until the transaction that stores the finish has committed.
        self._pending[live.id] = moved
        result = msgspec.to_builtins(outcome)
        return Finish(
            result=result,
            game=live.row.game,
            results=results,
            rate=rate_and_remember,
            change=rating_change,
        )

    def committed(self, match_id: int, done: bool = True) -> None:
        """Learn that a match's finish was stored (done) or not: its rating changes are known."""
        moved = self._pending.pop(match_id, {})
        if done:
            self._changes[match_id] = moved
            while len(self._changes) > 200:
                self._changes.pop(next(iter(self._changes)))
        self._recorded.setdefault(match_id, asyncio.Event()).set()
        while len(self._recorded) > 200:
            self._recorded.pop(next(iter(self._recorded)))

    async def record(self, live: LiveMatch, outcome: Outcome) -> bool:
        """Record a finished match's results and ratings; False if it was already recorded."""
        finish = self.finish_of(live, outcome)
        assert finish.rate is not None
        done = False
        try:
            done = await self.repo.record_match(live.id, finish)
        finally:
            self.committed(live.id, done=done)
        if done:
            log.info("match %s: results and ratings recorded", live.id)
        return done

    async def profile(self, user_id: int, game: str | None = None) -> Profile:
        """Return a member's matches and ratings (in one game, or all)."""
        key = f"u:{user_id}"
        records = [r for r in await self.repo.records(key) if game in (None, r.game)]
        ratings = [r for r in await self.repo.ratings(key) if game in (None, r.game)]
        return Profile(records, ratings)

    async def leaderboard(
        self, game: str, guild_id: int | None, limit: int = 10
    ) -> list[RatingRow]:
        """Return the best-rated players of a game who finished a match in this guild."""
        return await self.repo.leaderboard(game, guild_id, limit)
