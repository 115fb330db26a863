"""The Covert planner against random-legal seats: win rate, scores, decision time, games/s.

Run ``python -m bench.covert_ai [--games N] [--seed S] [--seats K]``. Games are
played as ``bench.duel`` describes, the planner in seat ``game % seats``; the other
seats play the random Covert policy (a uniformly random legal action, reactions
declined).
"""

from __future__ import annotations

from dataclasses import dataclass

from bench.duel import Duel, duel_arguments, play
from bot.engine import Match
from bot.games.covert.ai import RandomPolicy
from bot.games.covert.ai.planner import PlannerPolicy
from bot.games.covert.rules import CovertRules


@dataclass
class CovertDuel(Duel):
    """The duel's figures plus rounds played and the planner's Missions."""

    rounds: int = 0
    planner_missions: int = 0


def report(duel: CovertDuel, seats: int) -> None:
    """Print the figures."""
    print(f"Covert planner vs {seats - 1} random seats, {duel.games} games")
    print(duel.win_line("planner", seats))
    missions = duel.planner_missions / duel.games
    print(duel.score_line("planner", "random") + f"; planner missions {missions:.2f} per game")
    print(
        f"  endings {dict(duel.endings)}, {duel.rounds / duel.games:.1f} rounds and "
        f"{duel.steps / duel.games:.0f} steps per game"
    )
    print("\n".join(duel.timing_lines()))


def main() -> None:
    """Play the games and print the figures."""
    parser = duel_arguments(__doc__, games=240)
    args = parser.parse_args()
    duel = CovertDuel()

    def tally(match: Match, me: int) -> None:
        duel.rounds += match.state.round
        duel.planner_missions += len(match.state.players[me].done_missions)

    play(CovertRules(), {}, PlannerPolicy, RandomPolicy, duel, args, tally)
    report(duel, args.seats)


if __name__ == "__main__":
    main()
