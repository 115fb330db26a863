"""NEVER OVER partnerships and sessions (rules §5.4, §5.5, §7)."""

from __future__ import annotations

import random
import re

from wcwidth import width

from bot.engine import CHANCE
from bot.engine.phrase import words
from bot.games.never_over.present import NeverOverPresenter
from bot.games.never_over.scoring import ranks, sides

from .support import ABE, BEA, CAL, RULES, Table, arranged, finish_game

NAMES = ["Abe", "Bea", "Cal"]


def test_team_scores_rank_the_teams() -> None:
    table = Table(partnerships="on", team="A,B,A")
    finish_game(table, {ABE: ["P.g4.0.g"], BEA: ["P.g4.1.g", "P.g4.1.g"], CAL: ["P.g1.2.g"]})
    outcome = RULES.outcome(table.state)
    assert outcome is not None
    # Team A: Abe 4 + Cal 1 = 5; Team B: Bea 8.
    assert outcome.ranks == (2, 1, 2) and outcome.scores == (5.0, 8.0, 5.0)
    assert words(outcome.summary) == "Team B ({p[1]}) wins with 8 points."
    text = NeverOverPresenter(images=False).table(RULES.view(table.state, None), NAMES, outcome)
    assert "Team A (Abe, Cal): 5 · Team B (Bea): 8" in text.body
    assert "Abe (team A" in text.fields[0].name


def test_tied_teams_share_the_rank() -> None:
    assert ranks([3, 4, 1, 0], ["A", "B", "A", "B"]) == (1, 1, 1, 1)
    assert ranks([3, 4, 2, 0], ["A", "B", "A", "B"]) == (1, 2, 1, 2)
    assert ranks([5, 5, 1], []) == (1, 1, 3)
    assert [s.points for s in sides([1, 2, 3, 4, 5, 6], ["C", "A", "B", "A", "B", "C"])] == [
        6,
        8,
        7,
    ]


def test_teams_need_two_teams_and_the_option_on() -> None:
    table = Table(partnerships="on", team="A,A,A")
    assert table.state.teams == () and table.state.teams_dropped
    assert "every seat picked the same team" in table.public_text()
    assert Table(partnerships="off", team="A,B,A").state.teams == ()


def test_every_table_size_can_choose_a_session_where_everyone_deals_equally() -> None:
    """§7: any number of games; the rules page advises a multiple of the player count."""
    option = next(o for o in RULES.spec.options if o.name == "games")
    for seats in range(2, 7):
        for games in range(seats, 61, seats):
            assert option.accepts(str(games)) == str(games), (seats, games)
    assert RULES.spec.resolve_options({"games": "8"}, 4)["games"] == "8"
    assert option.accepts("0") is None and option.accepts("61") is None
    assert Table(seats=3, games="9").state.games == 9


def test_a_session_rotates_the_deal_and_adds_up_the_scores() -> None:
    table = Table(games="3")
    assert table.public_text().startswith("Game 1 of 3: {p[2]} dealt")
    finish_game(table, {ABE: ["P.g4.0.g"], BEA: ["P.g4.1.g", "P.g4.1.g"]})
    assert table.state.phase == "deal" and RULES.to_act(table.state) == {CHANCE}
    assert table.state.results == ((4, 8, 0),) and RULES.outcome(table.state) is None
    assert "Game 1 is over: {p[0]} 4, {p[1]} 8, {p[2]} 0." in table.public_text()
    deal = RULES.chance_outcome(table.state, random.Random(1))
    assert deal.dealer == ABE  # the deal passes to the left
    table.play(CHANCE, deal.token())
    assert table.state.game == 2 and table.state.turn == BEA
    assert table.state.greens == ((), (), ()) and table.state.discards == ()
    finish_game(table, {})
    table.play(CHANCE, RULES.chance_outcome(table.state, random.Random(2)).token())
    assert table.state.dealer == BEA and table.state.turn == CAL
    cal_plays = [t for t in table.legal(CAL) if t.endswith(".2.g")][:1]
    finish_game(table, {CAL: cal_plays})
    outcome = RULES.outcome(table.state)
    assert outcome is not None and outcome.termination == "session"
    totals = [sum(r[s] for r in table.state.results) for s in range(3)]
    assert outcome.scores == tuple(float(t) for t in totals)
    assert totals[:2] == [4, 8] and 0 < totals[2] <= 4  # Cal scored one green in game 3
    assert words(outcome.summary) == "{p[1]} wins the session with 8 points over 3 games."
    assert outcome.ranks == (2, 1, 3) or outcome.ranks == (2, 1, 2)


def test_the_session_table_shows_each_game_and_the_totals() -> None:
    table = Table(games="2", partnerships="on", team="A,B,B")
    finish_game(table, {ABE: ["P.g4.0.g"], BEA: ["P.g4.1.g"], CAL: ["P.g4.2.g"]})
    table.play(CHANCE, arranged(ABE, ("g4 g3 g2", "g1 g1 g1", "r4 r3 r2")).token())
    finish_game(table, {BEA: ["P.g1.1.g"]})
    view = RULES.view(table.state, None)
    screen = NeverOverPresenter(images=False).table(view, NAMES, RULES.outcome(table.state))
    session = next(f for f in screen.fields if f.name == "Session").value
    rows = [line.split() for line in session.strip("`\n").splitlines()]
    assert rows[0] == ["Game", "Abe", "Bea", "Cal"]
    assert rows[1:] == [["1", "4", "4", "4"], ["2", "0", "1", "0"], ["Total", "4", "5", "4"]]
    assert "Team B (Bea, Cal): 1 (session 9)" in screen.body
    assert screen.title == "NEVER OVER - session over"
    assert RULES.outcome(table.state).ranks == (2, 1, 1)  # type: ignore[union-attr]


def test_the_session_table_stays_aligned_with_wide_names() -> None:
    table = Table(games="2")
    finish_game(table, {ABE: ["P.g4.0.g"], BEA: ["P.g4.1.g"], CAL: ["P.g4.2.g"]})
    view = RULES.view(table.state, None)
    names = ["李雷李雷李雷", "🤖 Blaise", "Zoë"]
    screen = NeverOverPresenter(images=False).table(view, names, None)
    session = next(f for f in screen.fields if f.name == "Session").value
    lines = session.strip("`\n").splitlines()
    assert lines[0].split() == ["Game", "李雷李", "🤖", "Bla", "Zoë"]
    assert [line.split()[0] for line in lines[1:]] == ["1", "Total"]
    ends = [[width(line[: m.end()]) for m in re.finditer(r"\S+", line)] for line in lines]
    assert [ends[0][i] for i in (1, 3, 4)] == [13, 20, 27]  # 李雷李, (🤖) Bla, Zoë
    assert {tuple(row[-3:]) for row in ends[1:]} == {(13, 20, 27)}
