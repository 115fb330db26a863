"""Scores, team scores and ranks (rules §5): who is ahead in a game and in the session."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from bot.engine.phrase import Phrase, seat
from bot.games.never_over import messages as say
from bot.games.never_over.state import NeverOverState


class Side(msgspec.Struct, frozen=True):
    """What is ranked: one player, or a team when partnerships are on."""

    team: str
    """The team letter, or empty for a player on their own."""
    members: tuple[int, ...]
    points: int

    def name(self) -> Phrase | str:
        """Return the side's name with ``{p[i]}`` placeholders (a team's is worded when read)."""
        return say.team_name(self.team, self.members) if self.team else seat(self.members[0])


def sides(values: Sequence[int], teams: Sequence[str]) -> list[Side]:
    """Group per-seat points into the sides that are ranked, teams in letter order."""
    if not teams:
        return [Side("", (s,), v) for s, v in enumerate(values)]
    return [
        Side(team, members, sum(values[s] for s in members))
        for team in sorted(set(teams))
        for members in [tuple(s for s, t in enumerate(teams) if t == team)]
    ]


def ranks(values: Sequence[int], teams: Sequence[str]) -> tuple[int, ...]:
    """Rank each seat by its side's points: 1 is best, equal points share a rank."""
    ranked = sides(values, teams)
    by_seat = {s: side.points for side in ranked for s in side.members}
    return tuple(
        1 + sum(side.points > by_seat[seat] for side in ranked) for seat in range(len(values))
    )


def side_points(values: Sequence[int], teams: Sequence[str]) -> tuple[int, ...]:
    """Return, for each seat, the points of its side (its own, or its team's)."""
    by_seat = {s: side.points for side in sides(values, teams) for s in side.members}
    return tuple(by_seat[s] for s in range(len(values)))


def summary(state: NeverOverState) -> Phrase:
    """Return who won the game or the session, in one sentence."""
    ranked = sides(state.totals(), state.ranked_teams)
    best = max(side.points for side in ranked)
    names = [side.name() for side in ranked if side.points == best]
    return say.winners_text(names, best, state.games)
