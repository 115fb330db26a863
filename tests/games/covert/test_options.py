"""Host and lobby options: characters dealt or chosen, per-seat Espionage and First settings."""

from __future__ import annotations

import random

import msgspec
import pytest

from bot.engine import IllegalAction
from bot.games.covert.actions import DECLINE, FINISH, Choose, Complete, Overlay, Swap
from bot.games.covert.ai import POLICIES
from bot.games.covert.data import CHARACTERS
from bot.games.covert.present import CovertPresenter
from bot.games.covert.rules import SPEC
from bot.games.covert.state import CovertState
from tests.games.covert.support import RULES, arranged_setup, moves
from tests.games.covert.test_edges import edit, play, resolving
from tests.games.covert.test_example import ADA, BEN, example_setup, phase_one

ALL = tuple(c.id for c in CHARACTERS)
NAMES = ("Ada", "Ben", "Cy", "Dee")


def choosing(seats: int = 3, **options: str) -> CovertState:
    """Return a fresh match with characters chosen in seat order."""
    return RULES.initial_state(seats, {"characters": "choose", **options})


def test_options_are_declared() -> None:
    options = {o.name: o for o in SPEC.options}
    assert options["characters"].default == "deal" and not options["characters"].per_seat
    assert options["characters"].values() == {"deal", "choose"}
    for name, title in (("espionage", "Espionage"), ("first", "First")):
        option = options[name]
        assert option.per_seat and option.default == "ask"
        assert option.choices == (("ask", f"{title}: ask"), ("never", f"{title}: never"))


def test_deal_is_unchanged() -> None:
    s = RULES.initial_state(3, {})
    assert not s.prompts and [n.kind for n in s.needs] == ["setup"]
    s = RULES.apply(s, -1, arranged_setup(characters=["CH5", "CH2", "CH6"])).state
    assert [p.character for p in s.players] == ["CH5", "CH2", "CH6"]
    assert s.picked == ()


def test_choose_in_seat_order_without_duplicates() -> None:
    s = choosing()
    assert not s.needs and RULES.to_act(s) == {0}
    assert s.prompts[0].kind == "character" and s.prompts[0].items == ALL
    assert moves(s, 1) == []
    s = play(s, 0, Choose("CH4"))
    assert RULES.to_act(s) == {1}
    assert s.prompts[0].items == ("CH1", "CH2", "CH3", "CH5", "CH6")
    with pytest.raises(IllegalAction):
        play(s, 1, Choose("CH4"))
    s = play(s, 1, Choose("CH6"))
    assert s.prompts[0].seat == 2 and s.prompts[0].items == ("CH1", "CH2", "CH3", "CH5")
    s = play(s, 2, Choose("CH1"))
    assert not s.prompts and [n.kind for n in s.needs] == ["setup"]
    # The shuffle's character order no longer matters: the picks are kept.
    s = RULES.apply(s, -1, arranged_setup(characters=["CH2", "CH3", "CH5"])).state
    assert [p.character for p in s.players] == ["CH4", "CH6", "CH1"]
    assert [p.kind for p in s.prompts] == ["keep3"] * 3


def test_choose_timeout_takes_the_first_still_available() -> None:
    s = play(choosing(2), 0, Choose("CH1"))
    legal = moves(s, 1)
    assert legal[0] == Choose("CH2")
    for name, factory in POLICIES.items():
        view = RULES.view(s, 1)
        choice = factory().choose(view, legal, random.Random(0), must_act=True)
        assert choice in legal, name
    assert POLICIES["standin"]().choose(
        RULES.view(s, 1), legal, random.Random(0), must_act=True
    ) == Choose("CH2")


def test_choice_is_shown_in_the_dossier_and_on_the_table() -> None:
    s = play(choosing(2), 0, Choose("CH3"))
    presenter = CovertPresenter(images=False)
    view = RULES.view(s, 1)
    screen = presenter.private(view, moves(s, 1), NAMES, None)
    assert "choose your Character" in screen.body
    assert "Vera Lind" in screen.body and "any two tiles of a row" in screen.body
    assert "Nadia Vosk" not in screen.body
    labels = [o.label for c in screen.choices for o in getattr(c, "options", ())]
    assert labels[0] == "Play as: Vera Lind, the Cryptographer" and len(labels) == 5
    table = presenter.table(RULES.view(s, None), NAMES, None)
    assert "waiting for Ben" in table.body
    other = presenter.private(RULES.view(s, 0), moves(s, 0), NAMES, None)
    assert "Nothing to do" in other.body


def test_settings_read_from_the_lobby_picks() -> None:
    s = RULES.initial_state(3, {"espionage": "ask,never,ask", "first": "never,never"})
    assert s.spy_never == (1,) and s.first_never == (0, 1)
    s = RULES.initial_state(2, {})
    assert s.spy_never == () and s.first_never == ()


def espionage_event(never: tuple[int, ...]) -> CovertState:
    """Return the state after Ada completes a Mission while Ben holds Espionage."""
    s = resolving()
    s = edit(s, ADA, hand=("A07",), agents=("VCE", "GVA", "WAW"))
    s = edit(s, BEN, hand=("A19",))
    s = msgspec.structs.replace(s, spy_never=never)
    return play(s, ADA, Complete("M44", ("A07",)))


def test_espionage_ask_is_asked_never_is_not() -> None:
    s = espionage_event(())
    assert RULES.to_act(s) == {BEN} and moves(s, BEN)[0] == DECLINE
    s = espionage_event((BEN,))
    assert s.spy is None and BEN not in RULES.to_act(s)
    assert not RULES.view(s, None).waiting_hidden  # type: ignore[union-attr]
    assert "A07" in s.agency_discard and s.players[BEN].hand == ("A19",)


def first_window(never: tuple[int, ...]) -> CovertState:
    """Return the state once Phase II of the example ends, Ada holding First."""
    t = example_setup()
    phase_one(t)
    s = msgspec.structs.replace(t.state, first_never=never)
    steps = (Swap(3, 4), FINISH, Choose("B"))
    s = play(s, ADA, *steps)
    return play(s, BEN, Overlay(0, 8), FINISH, Choose("A"))


def test_first_ask_is_asked_never_is_not() -> None:
    s = first_window(())
    assert s.phase == "resolution" and s.turn is None
    assert RULES.to_act(s) == {ADA} and moves(s, ADA)[0] == DECLINE
    s = first_window((ADA,))
    assert s.phase == "resolution" and s.window is None
    assert s.turn is not None and s.turn.seat == ADA and s.turn.kind == "act"
    assert DECLINE not in moves(s, ADA)
