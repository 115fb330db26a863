"""The COVERTA deducer against random seats: win rate, decision time and games per second.

Run ``python -m bench.coverta_ai [--games N] [--seed S] [--mode bluff] [--steal on]``.
Games are played as ``bench.duel`` describes, the deducer in seat ``game % seats``.
"""

from __future__ import annotations

from bench.duel import Duel, duel_arguments, play
from bot.engine import RandomPolicy
from bot.games.coverta.ai import DeducingPolicy
from bot.games.coverta.rules import CovertaRules


def report(duel: Duel, options: dict[str, str], seats: int) -> None:
    """Print the figures."""
    print(
        f"COVERTA deducer vs {seats - 1} random seats, mode {options['mode']}, "
        f"steal {options['steal']}, {duel.games} games"
    )
    print(duel.win_line("deducer", seats))
    print(f"  endings {dict(duel.endings)}, {duel.steps / duel.games:.1f} steps per game")
    print("\n".join(duel.timing_lines()))


def main() -> None:
    """Play the games and print the figures."""
    parser = duel_arguments(__doc__)
    parser.add_argument("--mode", choices=("strict", "bluff"), default="strict")
    parser.add_argument("--steal", choices=("off", "on"), default="off")
    args = parser.parse_args()
    options = {"mode": args.mode, "steal": args.steal}
    duel = Duel()
    play(CovertaRules(), options, DeducingPolicy, RandomPolicy, duel, args)
    report(duel, options, args.seats)


if __name__ == "__main__":
    main()
