"""Reactions declined on timeout, the end of the game, scoring and tie-breaks, secrets in views."""

from __future__ import annotations

import random

import msgspec

from bot.games.covert.actions import DECLINE, END, Complete
from bot.games.covert.ai import POLICIES
from bot.games.covert.rules.scoring import ranks
from bot.games.covert.state import CovertState
from tests.games.covert.support import RULES, moves
from tests.games.covert.test_edges import edit, play, resolving, tokens
from tests.games.covert.test_example import ADA, BEN, example_setup, phase_one, phase_two


def test_timeout_declines_first_and_espionage() -> None:
    t = example_setup()
    phase_one(t)
    phase_two(t)
    s = t.state
    for name, factory in POLICIES.items():
        legal = moves(s, ADA)
        choice = factory().choose(RULES.view(s, ADA), legal, random.Random(0), must_act=True)
        assert choice == DECLINE, name
    s = play(s, ADA, DECLINE)
    s = edit(s, ADA, hand=("A07",), agents=("VCE", "GVA", "WAW"))
    s = edit(s, BEN, hand=("A19",))
    s = play(s, ADA, Complete("M44", ("A07",)))
    legal = moves(s, BEN)
    assert legal[0] == DECLINE
    for factory in POLICIES.values():
        assert (
            factory().choose(RULES.view(s, BEN), legal, random.Random(1), must_act=True) == DECLINE
        )


def test_sixth_mission_ends_after_the_round_and_final_missions() -> None:
    s = resolving()
    done = ("M01", "M02", "M03", "M04", "M05")
    s = edit(s, ADA, agents=("VCE", "GVA", "WAW"), hand=("A07", "A33"), done_missions=done)
    s = play(s, ADA, Complete("M44", ("A07",)))
    assert s.end_flag and s.phase == "resolution"
    s = edit(s, BEN, hand=())
    for _ in range(40):
        if s.phase != "resolution":
            break
        seat = min(RULES.to_act(s))
        s = play(s, seat, moves(s, seat)[0])
    assert s.phase == "final" and s.turn is not None and s.turn.seat == ADA
    s = play(s, ADA, END)
    assert s.turn is not None and s.turn.seat == BEN and s.turn.kind == "final"
    s = play(s, BEN, END)
    outcome = RULES.outcome(s)
    assert s.phase == "over" and outcome is not None and outcome.ranks == (1, 2)
    assert RULES.hidden_from(s, None) == []


def over(*players: tuple[tuple[str, ...], tuple[str, ...]]) -> CovertState:
    """Return a finished state with these (done missions, done codes) per seat."""
    s = example_setup().state
    for seat, (missions, codes) in enumerate(players):
        s = edit(s, seat, done_missions=missions, done_codes=codes)
    return msgspec.structs.replace(s, phase="over")


def test_tie_breaks() -> None:
    # 7 points each: more missions wins (M01 + M06 + M05 = 6 ... use plain numbers).
    s = over((("M58",), ()), (("M01", "M08"), ("C01",)))
    assert [p.score() for p in s.players] == [7, 7] and ranks(s) == (2, 1)
    s = over((("M58",), ()), (("M49", "M01"), ()))
    assert [p.score() for p in s.players] == [7, 7] and ranks(s) == (2, 1)
    s = over((("M47", "M01"), ()), (("M49", "M02"), ()))
    assert ranks(s) == (1, 1)
    s = over((("M60", "M01"), ()), (("M49", "M16", "M01"), ()))
    assert ranks(s) == (2, 1)
    s = over((("M59",), ("C01",)), (("M49", "M04"), ("C02",)))
    assert [p.score() for p in s.players] == [9, 9] and ranks(s) == (2, 1)
    s = over((("M59", "M04"), ()), (("M49", "M16"), ()))
    assert [p.score() for p in s.players] == [9, 8] and ranks(s) == (1, 2)
    s = over((("M58", "M01"), ()), (("M54", "M08"), ()))
    assert [p.score() for p in s.players] == [9, 9] and ranks(s) == (1, 2)


def test_views_hide_hands_codes_tokens_and_decks() -> None:
    t = example_setup()
    phase_one(t)
    s = t.state
    for seat in (None, ADA, BEN):
        view = msgspec.json.encode(RULES.view(s, seat)).decode()
        for other in (ADA, BEN):
            if other == seat:
                continue
            p = s.players[other]
            for secret in (*p.hand, *p.codes, *p.missions, *p.tokens):
                assert f'"{secret}"' not in view, (seat, secret)
        assert '"C19"' not in view or seat == ADA
        assert all(f'"{c}"' not in view for c in s.agency_deck[:5])
    mine = msgspec.json.encode(RULES.view(s, ADA)).decode()
    assert '"164"' in mine and '"S13"' in mine


def test_end_turn_is_offered_after_the_action() -> None:
    s = resolving()
    assert tokens(s, ADA)[0] == "D.all"


def test_the_final_table_reveals_every_dossier() -> None:
    """ux: at the end of a match all secret cards are revealed: each dossier's Agency
    cards, Missions, Codes with their numbers and tokens; none of it before the end."""
    from bot.games.covert.data import CODES
    from bot.games.covert.present import CovertPresenter

    s = edit(example_setup().state, ADA, hand=("A07",), missions=("M44",), tokens=("S09",))
    names = ["Ada", "Ben"]
    presenter = CovertPresenter(images=False)
    during = presenter.table(RULES.public_view(s), names, None)
    assert not [f for f in during.fields if "🔓" in f.name]
    s = msgspec.structs.replace(s, phase="over")
    fields = {f.name: f.value for f in presenter.table(RULES.public_view(s), names, None).fields}
    ada = fields["🔓 Ada's dossier"]
    assert "A07" in ada and "M44 Osprey" in ada and "S09" in ada
    for code in s.players[ADA].codes:
        assert CODES[code].code in ada
    assert all(CODES[c].code in fields["🔓 Ben's dossier"] for c in s.players[BEN].codes)
    assert list(fields)[:2] == ["🔓 Ada's dossier", "🔓 Ben's dossier"], "first, so they fit"
