"""Random playouts of COVERTA, Cover-cover and NEVER OVER under rule checks (pure engine).

Run ``python -m bench.card_rules_playouts [--games N] [--seed S] [--only GAME]``. Each
game plays N seeded matches with uniformly random legal actions, cycling through
player counts and option values. At every state it checks that the match is not
stuck (someone is to act and every seat to act has a legal action), that every
listed action is accepted by the rules (each one is tried on the same state), and
that the match ends within a step budget; any exception counts as a crash. It also
checks the rules these playouts exercise:

- COVERTA (rules §4.2 C, §5.2): a pass is listed only when the draw pile is empty
  and no card in the hand fits the player's own instructions; a blocked end leaves
  nobody in play who could place a card.
- Cover-cover (§5, §8.10): 52 cards at all times; with no round limit a game ends
  only with one player holding every card, or a draw.
- NEVER OVER (§7): with rotating partnerships the partners of every game are the
  dealer's neighbours (games 1-5) or the neighbours and the dealer (games 6-10),
  and each game's result is the partnership's green total for each partner.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.engine import CHANCE, GameError, GameSpec
from bot.games import build_registry
from bot.games.coverta import flow as coverta_flow
from bot.games.coverta.actions import Pass
from bot.games.never_over.partners import around_dealer

STEP_BUDGET = 60_000
Check = Callable[[Any, Any, Any], None]


class Fault(Exception):
    """A broken rule found during a playout."""


def coverta_check(rules: Any, before: Any, after: Any) -> None:
    """§4.2 C and §5.2 on COVERTA states."""
    for seat in rules.to_act(after) - {CHANCE}:
        listed = Pass() in rules.legal_actions(after, seat)
        if listed and (after.draw_pile or coverta_flow.can_place(after, rules.cards, seat)):
            raise Fault(f"pass listed for seat {seat} who can draw or place")
    if after.phase == "over" and after.termination == "blocked":
        for seat in range(after.seats):
            if after.active(seat) and coverta_flow.can_place(after, rules.cards, seat):
                raise Fault(f"blocked end while seat {seat} could place")


def cover_cover_check(rules: Any, before: Any, after: Any) -> None:
    """Card conservation and the unlimited ending on Cover-cover states."""
    if after.phase == "deal":
        return
    on_table = len(after.current.cards()) if after.current else 0
    total = sum(map(len, after.hands)) + sum(map(len, after.winnings)) + on_table
    if total != 52 and after.termination != "draw":
        raise Fault(f"{total} cards instead of 52")
    if after.phase == "over" and after.round_limit == 0:
        if after.termination == "round_limit":
            raise Fault("a game without a limit ended by the round limit")
        if after.termination == "last_player" and after.count(after.winners[0]) != 52:
            raise Fault("the last player does not hold every card")


def never_over_check(rules: Any, before: Any, after: Any) -> None:
    """Rotating partnerships (§7) on NEVER OVER states."""
    if not after.rotating:
        return
    if after.phase == "play" and before.phase == "deal":
        members = {s for s in range(5) if after.teams[s] == after.teams[(after.dealer + 1) % 5]}
        if tuple(sorted(members)) != around_dealer(5, after.dealer, after.game):
            raise Fault(f"game {after.game}: partners {members} with dealer {after.dealer}")
    if len(after.results) > len(before.results):
        scores = [after.score(s) for s in range(5)]  # the piles stay until the next deal
        result = after.results[-1]
        for seat in range(5):
            team = after.teams[seat]
            wanted = sum(scores[o] for o in range(5) if after.teams[o] == team)
            if result[seat] != wanted:
                raise Fault(f"seat {seat} scored {result[seat]}, partnership total {wanted}")


CHECKS: dict[str, Check] = {
    "coverta": coverta_check,
    "cover_cover": cover_cover_check,
    "never_over": never_over_check,
}
LIGHT: dict[str, dict[str, tuple[str, ...]]] = {
    "never_over": {"games": ("1", "2", "5", "10"), "hand_size": ("4", "8", "12")},
}
"""Option values to cycle through instead of every choice, to keep sessions short."""


def option_cycle(module: Any) -> list[dict[str, str]]:
    """Return every combination of the game's match options (some narrowed by LIGHT)."""
    narrowed = LIGHT.get(module.spec.key, {})
    shared = module.spec.match_options
    values = [narrowed.get(o.name, tuple(v for v, _ in o.choices)) for o in shared]
    combos = [
        dict(zip((o.name for o in shared), combo, strict=True))
        for combo in itertools.product(*values)
    ]
    random.Random(0).shuffle(combos)  # mixed, so a short run still sees every kind of option
    return combos


def seats_for(module: Any, options: dict[str, str], index: int) -> int:
    """Return a player count; rotating partnerships get five players most of the time."""
    spec: GameSpec = module.spec
    if options.get("partnerships") == "rotating" and index % 4:
        return 5
    return spec.min_seats + index % (spec.max_seats - spec.min_seats + 1)


def playout(
    module: Any, seats: int, options: dict[str, str], rng: random.Random
) -> tuple[int, str]:
    """Play one random match under every check; return its steps and how it ended."""
    rules, check = module.rules, CHECKS[module.spec.key]
    state = rules.initial_state(seats, options)
    steps = 0
    while rules.outcome(state) is None:
        if steps >= STEP_BUDGET:
            raise Fault("the match did not end within the step budget")
        to_act = rules.to_act(state)
        if not to_act:
            raise Fault("stuck: a live match with nobody to act")
        for seat in to_act - {CHANCE}:
            legal = rules.legal_actions(state, seat)
            if not legal:
                raise Fault(f"stuck: seat {seat} is to act with no legal action")
            for action in legal:
                try:
                    rules.apply(state, seat, rules.decode(action.token()))
                except GameError as refused:
                    raise Fault(f"listed action {action.token()} refused: {refused}") from None
        seat = rng.choice(sorted(to_act))
        if seat == CHANCE:
            action = rules.chance_outcome(state, rng)
        else:
            legal = rules.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        after = rules.apply(state, seat, action).state
        check(rules, state, after)
        state, steps = after, steps + 1
    outcome = rules.outcome(state)
    nobody_won = set(outcome.ranks) == {seats}  # every COVERTA player eliminated (5.1)
    if (min(outcome.ranks) != 1 and not nobody_won) or len(outcome.ranks) != seats:
        raise Fault(f"bad standings {outcome.ranks}")
    return steps, outcome.termination


def main() -> None:
    """Play the playouts and print the numbers per game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="matches per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=tuple(CHECKS), default=None)
    args = parser.parse_args()
    registry = build_registry()
    failed = 0
    for key in CHECKS:
        if args.only and key != args.only:
            continue
        module = registry.get(key)
        combos = option_cycle(module)
        began = time.perf_counter()
        endings: Counter[str] = Counter()
        faults: Counter[str] = Counter()
        steps = 0
        for index in range(args.games):
            options = combos[index % len(combos)]
            seats = seats_for(module, options, index)
            rng = random.Random(f"{args.seed}:{key}:{index}")
            try:
                taken, ending = playout(module, seats, options, rng)
            except Fault as fault:
                faults[str(fault)[:90]] += 1
                print(f"  FAULT {key} #{index} {seats} seats {options}: {fault}")
                continue
            except Exception as crash:  # a crash is what this bench counts
                faults[f"crash {type(crash).__name__}"] += 1
                print(f"  CRASH {key} #{index} {seats} seats {options}: {crash!r}")
                continue
            endings[ending] += 1
            steps += taken
        elapsed = time.perf_counter() - began
        failed += sum(faults.values())
        print(
            f"{module.spec.title}: {args.games} matches over {len(combos)} option sets, "
            f"{steps} steps, endings {dict(endings)}, faults {sum(faults.values())} "
            f"({elapsed:.1f} s)"
        )
    print("all clean" if not failed else f"{failed} faulty matches")


if __name__ == "__main__":
    main()
