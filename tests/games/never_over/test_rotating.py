"""Rotating partnerships, `partnerships: rotating` (rules §7, the source's partnership play)."""

from __future__ import annotations

import random

import pytest

from bot.engine import CHANCE, Match
from bot.engine.phrase import words
from bot.games.never_over.partners import around_dealer, rotating_teams
from bot.games.never_over.present import NeverOverPresenter
from bot.games.never_over.rules import SPEC
from bot.games.never_over.state import NeverOverState

from .support import RULES, Table, arranged

ROTATING = {"partnerships": "rotating"}
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
TEXT = NeverOverPresenter(images=False)


def test_a_lobby_can_choose_rotating_partnerships() -> None:
    """§7: `teams` takes the value `rotating` (the lobby's `partnerships` option)."""
    option = next(o for o in SPEC.options if o.name == "partnerships")
    assert "rotating" in option.values()
    team = next(o for o in SPEC.options if o.name == "team")
    assert not team.applies(ROTATING), "rotating partners are set by the deal, not picked"
    state = RULES.initial_state(5, ROTATING)
    assert state.rotating and not state.teams


def retire_session(games: int, seed: int) -> list[NeverOverState]:
    """Play a five-player rotating session where everyone retires at once; return each deal."""
    match = Match.new(RULES, 5, {**ROTATING, "games": str(games)})
    rng, dealt = random.Random(seed), []
    while match.outcome is None:
        if CHANCE in RULES.to_act(match.state):
            match.step(CHANCE, RULES.chance_outcome(match.state, rng).token())
            dealt.append(match.state)
        else:
            match.step(match.state.turn, "X")
    return dealt


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_partners_rotate_with_the_deal_over_ten_games(seed: int) -> None:
    """§7: in the first five games sinistra and destra are partners against the other three;
    in the next five, sinistra, dealer and destra play against the other two."""
    dealt = retire_session(10, seed)
    assert [s.game for s in dealt] == list(range(1, 11))
    dealers = [s.dealer for s in dealt]
    assert sorted(dealers[:5]) == list(range(5)) == sorted(dealers[5:]), "everyone deals once"
    for s in dealt:
        sinistra, destra = (s.dealer + 1) % 5, (s.dealer - 1) % 5
        wanted = {sinistra, destra} if s.game <= 5 else {sinistra, s.dealer, destra}
        partners = {x for x in range(5) if s.teams[x] == s.teams[sinistra]}
        assert partners == wanted, (s.game, s.dealer)
        assert len({s.teams[x] for x in range(5)}) == 2


def test_the_seat_geometry_by_hand() -> None:
    """§7 with dealer seat 0: sinistra is seat 1, destra seat 4."""
    assert around_dealer(5, 0, 1) == (1, 4) and around_dealer(5, 0, 5) == (1, 4)
    assert around_dealer(5, 0, 6) == (0, 1, 4) and around_dealer(5, 0, 10) == (0, 1, 4)
    assert rotating_teams(5, 2, 1) == ("B", "A", "B", "A", "B")
    assert rotating_teams(5, 2, 7) == ("B", "A", "A", "A", "B")


def five_player_game(**options: str) -> Table:
    """Game 1 with dealer Ann (seat 0): Ben (sinistra) and Eve (destra) are partners."""
    hands = ["g4 g3 g2 g1"] * 5
    return Table(arranged(0, hands), seats=5, hand_size="4", **ROTATING, **options)


def play_one_green_each(table: Table) -> None:
    """Ben +1, Cat +2, Dan +3, Eve +4, Ann +4, then everyone retires."""
    for seat, kind in ((1, "g1"), (2, "g2"), (3, "g3"), (4, "g4"), (0, "g4")):
        table.play(seat, f"P.{kind}.{seat}.g")
    for seat in (1, 2, 3, 4, 0):
        table.play(seat, "X")


def test_every_player_scores_their_partnerships_total() -> None:
    """§7: "In each game every player scores their partnership's total green pointage for
    that game; running totals are per player" (§5.5: totals add up over the session)."""
    table = five_player_game(games="2")
    assert table.state.teams == ("B", "A", "B", "B", "A")
    play_one_green_each(table)
    s = table.state
    # Ben 1 + Eve 4 = 5 for each of them; Ann 4 + Cat 2 + Dan 3 = 9 for each of them.
    assert s.results == ((9, 5, 9, 9, 5),)
    assert s.phase == "deal" and s.totals() == (9, 5, 9, 9, 5)
    assert "scored by each partner: {p[0]} 9, {p[1]} 5" in table.public_text()


def test_running_totals_and_the_standings_are_per_player() -> None:
    """§7: running totals per player; partners change, so players are ranked one by one."""
    table = five_player_game(games="1")
    play_one_green_each(table)
    outcome = RULES.outcome(table.state)
    assert outcome is not None
    assert outcome.ranks == (1, 4, 1, 1, 4)
    assert outcome.scores == (9.0, 5.0, 9.0, 9.0, 5.0)


def test_the_table_shows_who_partners_whom_this_game() -> None:
    """§7: "The bot shows the current partnership on the table at the start of each game"."""
    table = five_player_game()
    assert "Game 1 partners: {p[1]} and {p[4]} against {p[0]}, {p[2]} and {p[3]}" in (
        table.public_text()
    )
    screen = TEXT.table(table.public(), NAMES, None)
    assert "Partners in game 1: Team A (Ben, Eve): 0 · Team B (Ann, Cat, Dan): 0" in screen.body
    fields = {f.name.split(" (")[0]: f.name for f in screen.fields}
    assert "team A" in fields["Ben"] and "team B" in fields["Ann"]


@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_other_player_counts_are_refused_at_start(seats: int) -> None:
    """§7: "Offered for five players; with other counts the option is refused with a message
    that says why"."""
    refusal = RULES.start_refusal(seats, ROTATING)
    assert refusal is not None
    reason = words(refusal)
    assert "five players" in reason and f"has {seats}" in reason
    assert RULES.start_refusal(5, ROTATING) is None
    assert RULES.start_refusal(seats, {"partnerships": "off"}) is None


def test_without_five_players_the_engine_plays_without_partnerships() -> None:
    """§7: the refusal happens at the lobby's start; a table built anyway (a test, an old
    log) plays with no partnerships and says so."""
    table = Table(arranged(0, ["g4 g3 g2 g1"] * 3), seats=3, hand_size="4", **ROTATING)
    assert not table.state.rotating and table.state.teams == ()
    assert "need five players, not 3" in table.public_text()
