"""Playing matches through MatchService with random legal moves, as members would."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.app.lobbies import LobbyService
from bot.app.matches import MatchService
from bot.engine import Match

GAMES = ("coverta", "covert", "coins", "cover_cover", "never_over")
SEATS = {"coins": 3}
"""Seats per game in these tests (2 unless named)."""


async def open_game(
    lobbies: LobbyService,
    game: str,
    users: Sequence[int] | None = None,
    *,
    guild_id: int = 10,
    channel_id: int = 20,
    options: dict[str, str | None] | None = None,
    start: bool = True,
) -> int:
    """Open a lobby of `game` seated by these members (1, 2, ... by default) and start it."""
    users = list(users or range(1, SEATS.get(game, 2) + 1))
    lobby = await lobbies.open(
        guild_id=guild_id,
        channel_id=channel_id,
        game=game,
        options=options or {},
        host=(users[0], f"User {users[0]}"),
    )
    for user in users[1:]:
        await lobbies.join(lobby.match_id, user, f"User {user}")
    if start:
        await lobbies.start(lobby.match_id, users[0])
    return lobby.match_id


@dataclass(frozen=True)
class Move:
    """A click a member could make now."""

    user_id: int
    version: int
    token: str
    finishes: bool
    """Whether this move (with the chance steps after it) decides the match."""


async def random_move(matches: MatchService, match_id: int, rng: random.Random) -> Move | None:
    """Pick a random legal move of a member to act; None if nobody can act."""
    live = await matches.load(match_id)
    if live.row.status != "active":
        return None
    rules = live.match.rules  # the rules of the match's version
    seats = sorted(s for s in rules.to_act(live.state) if s >= 0 and not live.is_ai(s))
    if not seats:
        return None
    seat = rng.choice(seats)
    token = rng.choice(list(rules.legal_actions(live.state, seat))).token()
    trial = Match(rules, live.state, live.version)
    trial.step(seat, token)
    steps = matches.chance_steps(live, trial)
    del steps
    user = live.seats[seat].user_id
    assert user is not None
    return Move(user, live.version, token, trial.outcome is not None)


async def play_until_last_move(
    matches: MatchService, match_id: int, rng: random.Random, limit: int = 5000
) -> Move:
    """Play random moves until the next one would decide the match; return that one."""
    for _ in range(limit):
        move = await random_move(matches, match_id, rng)
        assert move is not None, "nobody can act in an undecided match"
        if move.finishes:
            return move
        await matches.submit(match_id, move.user_id, move.version, move.token)
    raise AssertionError(f"match {match_id} did not come near its end in {limit} moves")


async def play_out(matches: MatchService, match_id: int, rng: random.Random) -> Any:
    """Play random moves to the end; return the live match."""
    move = await play_until_last_move(matches, match_id, rng)
    return await matches.submit(match_id, move.user_id, move.version, move.token)
