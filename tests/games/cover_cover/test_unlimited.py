"""No round limit by default (rules §7, §5.1), and the round numbers players read (§6)."""

from __future__ import annotations

import random
import re

import msgspec
import pytest

from bot.engine import CHANCE, BadOption
from bot.engine.phrase import words
from bot.games.cover_cover import guide
from bot.games.cover_cover.present import CoverCoverPresenter
from bot.games.cover_cover.rules import SPEC
from bot.games.cover_cover.table import scene

from .support import RULES, Table, cards, constructed

TEXT = CoverCoverPresenter(images=False)
ROUND_RE = re.compile(r"\bRound (\d+)", re.IGNORECASE)


def test_the_default_is_no_round_limit() -> None:
    """§7: `round_limit` defaults to 0, "unlimited, as the source plays"."""
    option = next(o for o in SPEC.options if o.name == "round_limit")
    assert option.default == "0"
    assert RULES.initial_state(3, {}).round_limit == 0


def test_any_whole_number_of_rounds_may_be_the_limit() -> None:
    """§7: "0 ... or a whole number of rounds": not only a list of presets."""
    for given, limit in (("25", 25), ("37", 37), ("1", 1), ("010", 10), ("10000", 10_000)):
        chosen = SPEC.resolve_options({"round_limit": given})
        assert RULES.initial_state(2, chosen).round_limit == limit
    for bad in ("-3", "2.5", "ten", "10001"):
        with pytest.raises(BadOption, match="whole number from 0 to 10000"):
            SPEC.resolve_options({"round_limit": bad})


def test_a_one_round_limit_reads_one_round() -> None:
    """§5.3 with a limit of 1: the end is told in the singular."""
    hands = [cards("K♠", "2♠", "3♠"), cards("4♥", "5♥")]
    table = Table(msgspec.structs.replace(constructed(hands), round_limit=1))
    table.flip_all()
    outcome = RULES.outcome(table.state)
    assert outcome is not None and table.state.termination == "round_limit"
    summary = words(outcome.summary)
    assert "after 1 round:" in summary and "1 rounds" not in summary


def test_by_default_the_game_goes_past_three_hundred_rounds() -> None:
    """§5.1, §7: with the default options only a player holding every card ends the game."""
    hands = [cards("A♠", "2♠", "3♠"), cards("2♥", "4♥"), cards("3♥", "5♥", "6♥", "7♥")]
    table = Table(msgspec.structs.replace(constructed(hands), round=300))
    table.flip_all()
    assert table.state.phase == "flip" and table.state.round == 301
    assert RULES.outcome(table.state) is None


def test_an_unlimited_game_ends_when_one_player_holds_every_card() -> None:
    """§5.1: the last player holding cards wins; they then hold all 52 cards."""
    state = RULES.initial_state(2, {})
    table = Table(state)
    rng = random.Random(5)
    while RULES.outcome(table.state) is None:
        if CHANCE in RULES.to_act(table.state):
            table.play(CHANCE, RULES.chance_outcome(table.state, rng).token())
        else:
            table.flip_all()
    s = table.state
    assert s.termination == "last_player" and s.count(s.winners[0]) == 52


def round_numbers(table: Table, names: list[str]) -> tuple[int, set[int]]:
    """Return the round number of the table's title, and every other one it shows now."""
    view = table.public()
    screen = TEXT.table(view, names, RULES.outcome(table.state))
    title = ROUND_RE.search(screen.title)
    assert title is not None or view.over, screen.title
    shown = {int(n) for n in ROUND_RE.findall(screen.body + " " + screen.image_alt)}
    shown.add(int(ROUND_RE.findall(scene(view, names).heading)[0]))
    for seat in range(view.seats):
        legal = RULES.legal_actions(table.state, seat)
        hand = TEXT.private(table.private(seat), legal, names, None)
        shown |= {int(n) for n in ROUND_RE.findall(hand.body)}
    return (int(title.group(1)) if title else 0), shown


@pytest.mark.parametrize("auto", ["off", "on"])
def test_rounds_are_numbered_from_one_everywhere(auto: str) -> None:
    """§6.1: the table shows the round number; §4.2.1: the first round is round 1. Before
    and after the deal the table speaks of round 1 alike, never of a round 0."""
    names = ["Ana", "Ben", "Cy"]
    table = Table(RULES.initial_state(3, {"auto": auto, "auto_summary_every": "5"}))
    rng = random.Random(3)
    before, shown = round_numbers(table, names)
    assert before == 1 and 0 not in shown
    for _ in range(60):
        if RULES.outcome(table.state) is not None:
            break
        if CHANCE in RULES.to_act(table.state):
            table.play(CHANCE, RULES.chance_outcome(table.state, rng).token())
        else:
            seat = min(RULES.to_act(table.state))  # in auto mode one press plays a block
            table.play(seat, RULES.legal_actions(table.state, seat)[0].token())
        title, shown = round_numbers(table, names)
        assert 0 not in shown
        if not table.public().over:
            assert title == max(1, table.state.round)
            assert shown <= {title, title - 1}, "the round played now, or the one just decided"


def test_the_rules_pages_say_there_is_no_limit_by_default() -> None:
    """§7: the `/cover-cover rules` text agrees with the option's default."""
    ending = dict(guide.GUIDE.pages)["How it ends"]
    assert "No round limit** by default" in ending and "300 by default" not in ending
