"""Recorded matches that pin every game's action tokens, byte for byte.

Stored logs and buttons already posted in Discord carry action tokens, so a
token written once must read the same way for ever. ``record`` plays seeded
matches (random legal steps mixed with a game's own AI) and keeps what the
store keeps, the ``(seat, token, events)`` rows, plus the state and each
acting seat's legal tokens at checkpoints. ``tests/games/test_token_log.py``
replays the files and checks nothing moved.

Run ``python -m tests.support.token_log`` only to record a new game's file:
re-recording an existing game would hide the very changes the files catch.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import msgspec

from bot.engine import CHANCE, BadToken, GameModule, GameRules, Match, Seat, may_act
from bot.games import build_registry

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "action_tokens"
CHECK_EVERY = 7
"""Steps between two checkpoints (the state digest and every acting seat's legal tokens)."""


class Plan(msgspec.Struct, frozen=True):
    """One recorded match: its table, its seed, how far it goes and who plays."""

    seats: int
    options: dict[str, str]
    seed: int
    steps: int
    policy: str = "random"
    """The AI level that plays one step in two; the other steps are random legal actions."""


PLANS: dict[str, tuple[Plan, ...]] = {
    "coverta": (
        Plan(2, {"mode": "strict", "steal": "off"}, 1, 120, "deducer"),
        Plan(4, {"mode": "bluff", "steal": "on"}, 2, 160),
        Plan(6, {"mode": "strict", "steal": "on"}, 3, 200, "deducer"),
    ),
    "coins": (
        Plan(3, {"target": "10"}, 11, 150, "sampler"),
        Plan(3, {"target": "20"}, 12, 120),
    ),
    "cover_cover": (
        Plan(2, {"auto": "off"}, 21, 200),
        Plan(5, {"auto": "on", "auto_summary_every": "5"}, 22, 160, "flip"),
    ),
    "never_over": (
        Plan(3, {"pack": "offensive"}, 31, 160, "planner"),
        Plan(4, {"partnerships": "on", "team": "A,B,A,B", "hand_size": "5"}, 32, 160),
        Plan(5, {"pack": "defensive", "games": "2"}, 33, 160, "planner"),
    ),
    "covert": (
        Plan(2, {"round_limit": "20", "characters": "choose"}, 41, 500, "planner"),
        Plan(3, {"round_limit": "20", "conceal_reactions": "on"}, 42, 500, "planner"),
        Plan(4, {"round_limit": "20", "espionage": "ask,never,ask,ask"}, 43, 400),
    ),
}


def _perm(size: int, first: int = 0) -> str:
    """Return the identity order of ``size`` items as a token field."""
    return ",".join(str(n) for n in range(first, first + size))


BUILT: dict[str, tuple[str, ...]] = {
    "coverta": (
        "A.1", "A.40", "P.40.5", "S.1", "G.5", "G.40,1", "B", "C", "E",
        f"D.1.{_perm(40, 1)}.0,1.6,7", f"D.5.{_perm(40, 1)}.5,4,3,2,1,0.11,10,9,8,7,6",
    ),
    "coins": ("P.0", "P.47", f"D.2.{_perm(48)}"),
    "cover_cover": ("F", "C", "S.5.51", "S.0.0,51,7", f"D.5.{_perm(52)}", "G"),
    "never_over": (
        "P.g4.5.g", "P.r0.0.r", "P.r4.3.g", "D.r0", "D.g1", "X", "S.0.", f"S.5.{_perm(57)}",
    ),
    "covert": (
        "P.0.CM", "P.1.MC", "P.2.AC", "P.3.MV", "P.4.SO", "P.4.DE",
        "J.0.A01", "J.4.S16", "R.0", "R.01234", "R.4", "F.A48.2", "F.A01.0",
        "U.A01.A", "U.S16.M", "U.S01.-", "M.0.AMS", "M.2.ZRH", "W.0.11", "W.10.11",
        "O.0.0", "O.4.11", "C.A01", "C.M60", "C.S16", "C.C40", "C.red", "C.CH6", "C.deck",
        "C.A", "C.B", "A.S01.-", "A.A48.A01", "X.M01.-.-", "X.M60.B.-", "X.M02.B,C40.A48",
        "X.M03.A01,A02.-", "T.0", "T.3", "G.1.deck", "G.2.yellow", "V.1", "V.5",
        "D.CM", "D.MC", "D.AC", "D.MV", "D.all", "N", "E", "H", "Z", "Q",
        "HU", "RL.1", "RL.666666666666666666666666666666", "TK.", "TK.0,15", "TK.15",
        "SH.0", "SH.1,0", f"SH.{_perm(60)}",
        f"SU.{_perm(6)}.{_perm(48)}.{_perm(48)}.{_perm(60)}.{_perm(40)}.{_perm(12)}",
        "K.E.N", "K.E.A", "K.F.N", "K.F.A",  # dossier settings, first posted in rules v6
        "DS.CM,MV", "DS.AC,AC", "DS.CM,MC,AC,MV", "DS.MC,MC,AC,AC,MV",  # rules v7 forfeits
    ),
}  # fmt: skip
"""Hand-built tokens of every kind, edge values included, each with the value it reads as."""

REFUSED: dict[str, tuple[str, ...]] = {
    "coverta": (
        "", "A", "A.0", "A.41", "A.1.2", "A.x", "A.1234567", "B.1", "P.1", "P.1.6", "P.0.1",
        "S.0", "G.", "G.1,2,3", "G.1,1", "G.0", "Y", "b", "A.1;", "é",
        f"D.0.{_perm(39, 1)}.0,1.6,7", f"D.0.{_perm(40, 1)}.0,1.6",
        f"D.2.{_perm(40, 1)}.0,1.6,7", f"D.0.{_perm(40, 1)}.0,0.6,7", f"D.0.{_perm(40, 1)}.0.6",
        f"D.0.{_perm(40, 1)}.0,6.6,7", f"D.0.{_perm(40, 1)}.0,1.6,12",
    ),
    "coins": (
        "P.48", "P.-1", "P.", "P", "D.0", f"D.3.{_perm(48)}", f"D.0.{_perm(47)}",
        f"D.0.{_perm(47)},0", f"D.0.{_perm(48, 1)}",
    ),
    "cover_cover": (
        "F.1", "C.x", "F.", "S.0.", "S.0.1,1", "S.0.52", "S.6.1", "S.0", f"D.6.{_perm(52)}",
        f"D.0.{_perm(51)}",
    ),
    "never_over": (
        "P.g5.0.g", "P.g1.6.g", "P.g1.0.x", "P.g1.0.green", "P.g1.0", "D.x", "D.g0", "X.1",
        "S.6.1,2", "S.0.1,1", "S.0.57", "S.0",
    ),
    "covert": (
        "P.5.MV", "P.0.XX", "P.0.COMPLETE_MISSION", "J.0.A49", "J.0.X01", "J.0.C01", "R.",
        "R.10", "R.00", "R.5", "R.012345", "F.A49.0", "F.A01.3", "F.S01.0", "U.A01.B",
        "U.A01", "U.C01.-", "M.3.AMS", "M.0.XXX", "W.3.3", "W.4.3", "W.0.12", "O.5.0",
        "O.0.12", "C.zzz", "C.-", "A.A01.S01", "A.C01.-", "X.M61.-.-",
        "X.M01.A01,A02,A03.-", "X.M01.Z.-", "X.M01.-.C01", "X.M01..-", "X.M01.-", "T.4",
        "G.0.red", "G.3.red", "G.1.pink", "V.0", "V.6", "D.SO", "D.DE", "D.ALL", "D.",
        "N.1", "E.", "HU.1", "hu", "SU.x", f"SU.{_perm(6)}.{_perm(48)}.{_perm(48)}",
        "RL.", "RL.7", "RL.0", f"RL.{'1' * 31}", "SH.", "SH.0,0", "SH.1", f"SH.{_perm(61)}",
        "TK.0,0", "TK.16", "TK.0,1,2", "K", "S.1",
    ),
}  # fmt: skip
"""Tokens each game refuses today; they must stay refused."""


def digest(state: Any) -> str:
    """Return a stable digest of a state (sets and maps in sorted order)."""
    return hashlib.sha256(msgspec.json.encode(state, order="deterministic")).hexdigest()[:24]


def legal_tokens(rules: GameRules, state: Any) -> dict[str, list[str]]:
    """Return every acting seat's legal tokens, as posted buttons would carry them."""
    seats = sorted(may_act(rules, state) - {CHANCE})
    return {str(s): sorted(a.token() for a in rules.legal_actions(state, s)) for s in seats}


def next_step(module: GameModule, match: Match, rng: random.Random, plan: Plan) -> tuple[Seat, str]:
    """Pick a seat to act and its token: chance, the plan's AI, or a random legal action."""
    rules, state = module.rules, match.state
    seat: Seat = rng.choice(sorted(rules.to_act(state)))
    if seat == CHANCE:
        return seat, rules.chance_outcome(state, rng).token()
    legal = rules.legal_actions(state, seat)
    if plan.policy != "random" and rng.random() < 0.5:
        choice = module.policy(plan.policy).choose(
            rules.view(state, seat), legal, rng, must_act=True
        )
        if choice is not None:
            return seat, choice.token()
    return seat, legal[rng.randrange(len(legal))].token()


def record(module: GameModule, plan: Plan) -> dict[str, Any]:
    """Play one planned match and return its record."""
    rules = module.rules
    options = module.spec.resolve_options(plan.options, plan.seats)
    match = Match.new(rules, plan.seats, options)
    rng = random.Random(plan.seed)
    log: list[list[Any]] = []
    checkpoints: list[dict[str, Any]] = []
    while match.outcome is None and match.seq < plan.steps:
        if match.seq % CHECK_EVERY == 0:
            checkpoints.append(checkpoint(rules, match))
        seat, token = next_step(module, match, rng, plan)
        events = match.step(seat, token)
        log.append([seat, token, msgspec.to_builtins(events)])
    checkpoints.append(checkpoint(rules, match))
    return {
        "game": module.spec.key,
        "seats": plan.seats,
        "options": options,
        "seed": plan.seed,
        "policy": plan.policy,
        "log": log,
        "checkpoints": checkpoints,
        "state": msgspec.to_builtins(match.state, order="deterministic"),
    }


def checkpoint(rules: GameRules, match: Match) -> dict[str, Any]:
    """Return the digest and legal tokens after ``match.seq`` steps."""
    return {
        "seq": match.seq,
        "digest": digest(match.state),
        "legal": legal_tokens(rules, match.state),
    }


def sample(rules: GameRules, token: str) -> dict[str, Any]:
    """Return a token with the type and value it reads as."""
    action = rules.decode(token)
    return {"token": token, "type": type(action).__name__, "value": msgspec.to_builtins(action)}


def samples(rules: GameRules, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return a few played or offered tokens of each action type met, with their values."""
    seen: dict[str, dict[str, Any]] = {}
    for rec in records:
        tokens = [row[1] for row in rec["log"]]
        tokens += [t for cp in rec["checkpoints"] for ts in cp["legal"].values() for t in ts]
        for token in tokens:
            found = sample(rules, token)
            bucket = seen.setdefault(found["type"], {})
            if len(bucket) < 6:
                bucket.setdefault(token, found)
    return [s for kind in sorted(seen) for s in seen[kind].values()]


def refused(rules: GameRules, tokens: tuple[str, ...]) -> list[str]:
    """Return the tokens, checking that the game refuses every one."""
    for token in tokens:
        try:
            rules.decode(token)
        except BadToken:
            continue
        raise AssertionError(f"{token!r} is accepted")
    return list(tokens)


def write(key: str) -> Path:
    """Record a game's planned matches into its fixture file."""
    module = build_registry().get(key)
    records = [record(module, plan) for plan in PLANS[key]]
    path = FIXTURES / f"{key}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "matches": records,
        "samples": samples(module.rules, records),
        "built": [sample(module.rules, token) for token in BUILT[key]],
        "refused": refused(module.rules, REFUSED[key]),
    }
    path.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
    return path


def main(keys: list[str]) -> None:
    """Record the named games (every game when none is named)."""
    for key in keys or list(PLANS):
        print(write(key))


if __name__ == "__main__":
    main(sys.argv[1:])
