"""Forfeit (4.4, [Ruling]): return one or more of your Action-Circle dice in one Action."""

from __future__ import annotations

import msgspec
import pytest

from bot.engine import BadToken, IllegalAction
from bot.engine.phrase import words
from bot.engine.screen import Button, Select
from bot.games.covert.actions import Forfeit, ForfeitSome
from bot.games.covert.rules import CovertRules
from bot.games.covert.state import CovertState, Die, Turn
from tests.games.covert.support import RULES, moves
from tests.games.covert.test_dossier import NAMES, PRESENTER, resolving, walk

BEFORE = CovertRules(6)
"""A match begun before any-subset forfeits: one die or all of them."""

DICE = (
    Die(1, "AGENCY_CARDS", 1),
    Die(2, "AGENCY_CARDS", 2),
    Die(3, "MOVEMENT", 3),
    Die(4, "MISSION_CARDS", 4),
    Die(5, "DECODER"),
)
"""Two Agency Cards dice, one Movement, one Mission Cards; the Decoder die is not forfeitable."""


def acting() -> tuple[CovertState, int]:
    """Return a Phase III turn whose player holds `DICE`."""
    state = resolving()
    seat = state.turn.seat if state.turn else 0
    player = msgspec.structs.replace(state.players[seat], dice=DICE)
    players = tuple(player if s == seat else p for s, p in enumerate(state.players))
    return msgspec.structs.replace(state, players=players, turn=Turn(seat, "act")), seat


def forfeits(rules: CovertRules, state: CovertState, seat: int) -> set[str]:
    legal = rules.legal_actions(state, seat)
    return {a.token() for a in legal if isinstance(a, Forfeit | ForfeitSome)}


def test_any_two_or_more_dice_may_be_forfeited_in_one_action() -> None:
    state, seat = acting()
    assert forfeits(RULES, state, seat) == {
        "D.all",
        "D.MC",
        "D.AC",
        "D.MV",
        "DS.MC,AC",
        "DS.MC,MV",
        "DS.AC,AC",
        "DS.AC,MV",
        "DS.MC,AC,AC",
        "DS.MC,AC,MV",
        "DS.AC,AC,MV",
    }, "every pick of two or more, short of all four (that one is D.all)"
    done = RULES.apply(state, seat, ForfeitSome(("AGENCY_CARDS", "AGENCY_CARDS", "MOVEMENT")))
    left = [d.place for d in done.state.players[seat].dice]
    assert left == ["spent", "spent", "spent", "MISSION_CARDS", "DECODER"]
    assert [words(e.text) for e in done.events][-1:] == [f"{{p[{seat}]}} forfeits 3 dice."]
    turn = done.state.turn
    assert turn is not None and turn.seat != seat, "one Action: the turn passes on"


def test_a_forfeit_needs_the_dice_it_names_and_is_never_all_of_them() -> None:
    state, seat = acting()
    with pytest.raises(IllegalAction, match="no die left on Complete Mission"):
        RULES.apply(state, seat, ForfeitSome(("COMPLETE_MISSION", "MOVEMENT")))
    with pytest.raises(IllegalAction, match="no die left on Movement"):
        RULES.apply(state, seat, ForfeitSome(("MOVEMENT", "MOVEMENT")))
    every = ("MISSION_CARDS", "AGENCY_CARDS", "AGENCY_CARDS", "MOVEMENT")
    with pytest.raises(IllegalAction):  # all of them is D.all, one way to write one action
        RULES.apply(state, seat, ForfeitSome(every))
    for token in ("DS.AC", "DS.MV,AC", "DS.AC,SO", "DS.all,AC", "DS.", "DS.AC,AC,AC,AC,AC,AC"):
        with pytest.raises(BadToken):
            RULES.decode(token)


def test_matches_begun_before_version_7_forfeit_one_die_or_all() -> None:
    state, seat = acting()
    assert forfeits(BEFORE, state, seat) == {"D.all", "D.MC", "D.AC", "D.MV"}
    with pytest.raises(IllegalAction):
        BEFORE.apply(state, seat, ForfeitSome(("AGENCY_CARDS", "AGENCY_CARDS")))
    done = BEFORE.apply(state, seat, Forfeit("AGENCY_CARDS")).state
    assert [d.place for d in done.players[seat].dice].count("spent") == 1


def test_the_dossier_offers_every_forfeit_behind_one_button() -> None:
    state, seat = acting()
    first = PRESENTER.private(RULES.view(state, seat), list(moves(state, seat)), NAMES, None)
    labels = [c.label for c in first.choices if isinstance(c, Button)]
    assert labels.count("Forfeit") == 1
    step = PRESENTER.private(RULES.view(state, seat), list(moves(state, seat)), NAMES, "forfeit")
    (menu,) = [c for c in step.choices if isinstance(c, Select)]
    options = [o.label for o in menu.options]
    assert options[0] == "Forfeit all dice" and len(options) == 11
    assert "Forfeit 3 dice: Agency Cards ×2, Movement" in options
    assert "Forfeit 2 dice: Mission Cards, Agency Cards" in options
    tokens, sizes, _text = walk(state, seat)
    assert forfeits(RULES, state, seat) <= tokens and max(sizes) <= 25
