"""The dossier's steps: every legal action reachable, no select over 25 options, clear words."""

from __future__ import annotations

import random

import msgspec

from bot.engine import CHANCE, Match
from bot.engine.screen import Select
from bot.games.covert.present import CovertPresenter
from bot.games.covert.state import CovertState, Die, Turn
from tests.games.covert.support import RULES, moves

NAMES = ("Ada", "Ben")
PRESENTER = CovertPresenter(images=False)


def resolving() -> CovertState:
    """Play random legal moves until a Phase III turn opens."""
    match, rng = Match.new(RULES, 2, {}), random.Random(3)
    while True:
        state: CovertState = match.state
        if state.turn is not None and state.turn.kind == "act" and not state.prompts:
            return state
        to_act = RULES.to_act(state)
        if CHANCE in to_act:
            match.step(CHANCE, RULES.chance_outcome(state, random.Random(match.seq)).token())
            continue
        seat = min(to_act)
        match.step(seat, rng.choice(list(moves(state, seat))).token())


def walk(state: CovertState, seat: int) -> tuple[set[str], list[int], str]:
    """Render every step of a seat's dossier; return the tokens reached, select sizes, text."""
    view = RULES.view(state, seat)
    legal = moves(state, seat)
    tokens: set[str] = set()
    sizes: list[int] = []
    text = ""
    todo, seen = [""], set()
    while todo:
        step = todo.pop()
        if step in seen:
            continue
        seen.add(step)
        screen = PRESENTER.private(view, legal, NAMES, step or None)
        text += screen.body
        for choice in screen.choices:
            targets = [o.target for o in choice.options] if isinstance(choice, Select) else []
            sizes += [len(targets)] if isinstance(choice, Select) else []
            targets += [] if isinstance(choice, Select) else [choice.target]
            for target in targets:
                kind, _, rest = target.partition(".")
                if kind == "a":
                    tokens.add(rest)
                elif rest:
                    todo.append(rest)
    return tokens, sizes, text


def test_many_ways_to_pay_one_mission_are_paged() -> None:
    state = resolving()
    seat = state.turn.seat if state.turn else 0
    player = msgspec.structs.replace(
        state.players[seat],
        hand=("A01", "A07", "A05", "A11", "A03", "A04", "A06"),
        missions=("M38",),
        done_codes=("C01",),
        agents=("VCE", "MIL", "ZRH"),
        dice=(Die(1, "COMPLETE_MISSION", 1), *(Die(2, "spent") for _ in range(4))),
    )
    players = tuple(player if s == seat else p for s, p in enumerate(state.players))
    state = msgspec.structs.replace(state, players=players, turn=Turn(seat, "act"))
    legal = {a.token() for a in moves(state, seat)}
    assert sum(t.startswith("X.M38.") for t in legal) > 25
    tokens, sizes, text = walk(state, seat)
    assert tokens == legal and max(sizes) <= 25
    assert "More choices (25–" in str(
        PRESENTER.private(
            RULES.view(state, seat), list(moves(state, seat)), NAMES, "complete.M38"
        ).choices
    )
    assert "M38 Mistral: REC + DSG + 🟧 + any card · **5** · ✅ completable now" in text


def test_a_mission_says_what_it_still_needs() -> None:
    state = resolving()
    seat = state.turn.seat if state.turn else 0
    player = msgspec.structs.replace(
        state.players[seat], hand=("A01",), missions=("M44",), agents=("VCE", "LON", "WAW")
    )
    players = tuple(player if s == seat else p for s, p in enumerate(state.players))
    state = msgspec.structs.replace(state, players=players)
    body = PRESENTER.private(RULES.view(state, seat), [], NAMES, None).body
    assert "M44 Osprey" in body and "needs one more agent in orange region" in body

    def needs(**changes: object) -> str:
        changed = msgspec.structs.replace(player, **changes)
        players = tuple(changed if s == seat else p for s, p in enumerate(state.players))
        shown = msgspec.structs.replace(state, players=players)
        return PRESENTER.private(RULES.view(shown, seat), [], NAMES, None).body

    far = ("PAR", "LON", "WAW")
    assert "needs an agent in Venice and another in orange region" in needs(agents=far)
    # 8.15: an orange region benefit (M05 Bishop done) pays one icon: one agent more will do.
    with_benefit = needs(agents=far, done_missions=("M05",))
    assert "needs one more agent in orange region" in with_benefit
    assert "and another" not in with_benefit
