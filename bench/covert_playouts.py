"""Random Covert playouts across every option: no illegal listed action, no stuck turn, no crash.

Run ``python -m bench.covert_playouts [--games N] [--seed S] [--check P]``. Each game
draws its options at random (characters, per-seat Espionage/First, round limit,
concealed reactions) and 2-4 seats. Seats play uniformly random legal actions; a
seat that may only Reroll out of turn (``also_act``) is asked too, and sometimes
rerolls. With probability ``--check`` per decision, every listed action is applied
to a copy of the state and must be accepted. Games without a round limit give one
seat to the planner so they end; a game still going after ``--max-steps`` steps
counts as stuck. The replay of every finished game's log must reach the same state.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from bot.engine import CHANCE, GameError, Match, may_act
from bot.games.covert.ai import RandomPolicy
from bot.games.covert.ai.planner import PlannerPolicy
from bot.games.covert.rules import CovertRules
from bot.games.covert.state import CovertState


def options(rng: random.Random, seats: int) -> dict[str, str]:
    """Draw a random set of match and seat options."""
    return {
        "characters": rng.choice(("deal", "choose")),
        "round_limit": rng.choice(("off", "20")),
        "conceal_reactions": rng.choice(("off", "on")),
        "espionage": ",".join(rng.choice(("ask", "never")) for _ in range(seats)),
        "first": ",".join(rng.choice(("ask", "never")) for _ in range(seats)),
    }


def check_all(rules: CovertRules, state: CovertState, seat: int, figures: Counter[str]) -> None:
    """Apply every listed action of a seat to the state; each must be accepted."""
    for action in rules.legal_actions(state, seat):
        try:
            rules.apply(state, seat, rules.decode(action.token()))
        except GameError as error:
            figures["illegal listed"] += 1
            print(f"illegal listed action {action.token()} for seat {seat}: {error.message}")
        figures["listed checked"] += 1


def playout(
    rules: CovertRules,
    rng: random.Random,
    check: float,
    max_steps: int,
    figures: Counter[str],
) -> None:
    """Play one random game and count what happened."""
    seats = rng.randrange(2, 5)
    chosen = options(rng, seats)
    planner_seat = rng.randrange(seats) if chosen["round_limit"] == "off" else -1
    match = Match.new(rules, seats, chosen)
    log: list[tuple[int, str]] = []
    policy, planner = RandomPolicy(), PlannerPolicy()
    while match.outcome is None:
        if match.seq >= max_steps:
            figures["stuck"] += 1
            print(f"stuck after {match.seq} steps with options {chosen}")
            return
        state = match.state
        to_act = rules.to_act(state)
        if not to_act:
            figures["stuck"] += 1
            print("nobody to act in a game that is not over")
            return
        if CHANCE in to_act:
            seat, action = CHANCE, rules.chance_outcome(state, rng)
        else:
            extra = sorted(may_act(rules, state) - to_act)
            if extra and rng.random() < 0.02:
                seat = rng.choice(extra)
                figures["out-of-turn rerolls"] += 1
            else:
                seat = rng.choice(sorted(to_act))
            legal = rules.legal_actions(state, seat)
            if not legal:
                figures["stuck"] += 1
                print(f"seat {seat} to act has no legal action; options {chosen}")
                return
            if check and rng.random() < check:
                check_all(rules, state, seat, figures)
            who = planner if seat == planner_seat else policy
            chosen_action = who.choose(rules.view(state, seat), legal, rng, must_act=True)
            assert chosen_action is not None
            action = chosen_action
        token = action.token()
        match.step(seat, token)
        log.append((seat, token))
    replayed = Match.replay(rules, seats, chosen, log)
    if replayed.state != match.state:
        figures["replay mismatch"] += 1
    figures["games"] += 1
    figures["steps"] += match.seq
    figures[f"ended {match.outcome.termination}"] += 1
    figures["rounds"] += match.state.round


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", type=float, default=0.05)
    parser.add_argument("--max-steps", type=int, default=20000)
    args = parser.parse_args()
    rules, rng, figures = CovertRules(), random.Random(args.seed), Counter[str]()
    began = time.perf_counter()
    for number in range(1, args.games + 1):
        try:
            playout(rules, rng, args.check, args.max_steps, figures)
        except Exception as error:  # a crash is a finding, not the end of the run
            figures["crashes"] += 1
            print(f"crash: {type(error).__name__}: {error}")
        if number % 100 == 0:
            print(f"... {number} games: {dict(sorted(figures.items()))}", flush=True)
    elapsed = time.perf_counter() - began
    games = max(1, figures["games"])
    print(f"Covert random playouts: {args.games} games in {elapsed:.1f} s")
    for key in sorted(figures):
        print(f"  {key}: {figures[key]}")
    print(f"  mean {figures['steps'] / games:.0f} steps, {figures['rounds'] / games:.1f} rounds")


if __name__ == "__main__":
    main()
