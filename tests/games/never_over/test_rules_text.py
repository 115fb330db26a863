"""NEVER OVER against its rules text (shared/rules/never-over.md), statement by statement.

Each test names the section it pins; statements other test files already pin are left
to them (the worked example, the refusal reasons, sessions and rotating partnerships).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.engine import CHANCE, IllegalAction, Match
from bot.engine.phrase import words
from bot.games.never_over.actions import Deal, Play
from bot.games.never_over.state import NeverOverState

from .support import ABE, BEA, CAL, RULES, Table, arranged, finish_game, stock_id

REDS = "r4 r3 r2 r1"
"""Every red kind with a second copy in the standard pack (there is one ≤0 only)."""


def capped_table(caps: dict[int, str]) -> Table:
    """A three-player table, Abe to play holding +4 +3 +2 +1 ≤4 ≤3 ≤2 ≤1; each seat in
    `caps` gets a red pile of those kinds (bottom first) from cards nobody holds."""
    deal = arranged(CAL, (f"g4 g3 g2 g1 {REDS}", "g1 " * 8, "g2 " * 8))
    table = Table(deal)
    reds = list(table.state.reds)
    for seat, kinds in caps.items():
        pile: list[int] = []
        for kind in kinds.split():
            card = stock_id(table, kind)
            table.tweak(stock=tuple(c for c in table.state.stock if c != card))
            pile.append(card)
        reds[seat] = tuple(pile)
    table.tweak(reds=tuple(reds))
    return table


# §1 Overview -------------------------------------------------------------------------


def test_s1_two_to_six_players() -> None:
    """§1: "Players: 2 to 6"."""
    assert (RULES.spec.min_seats, RULES.spec.max_seats) == (2, 6)
    for seats in range(2, 7):
        assert RULES.initial_state(seats, {}).seats == seats
    for seats in (1, 7):
        with pytest.raises(ValueError):
            RULES.initial_state(seats, {})


# §2 Components: the cap ----------------------------------------------------------------


@pytest.mark.parametrize(("pile", "cap"), [("", 4), ("r0 r3", 3), ("r4 r1", 1), ("r2 r2", 2)])
def test_s2_only_the_top_red_card_sets_the_cap(pile: str, cap: int) -> None:
    """§2 Cap: "the pointage of the top card of their red pile, or 4 ... when that pile is
    empty. Only the top red card matters; cards under it have no effect"."""
    table = capped_table({ABE: pile} if pile else {})
    assert table.state.cap(ABE) == cap and table.public().players[ABE].cap == cap
    greens = {t for t in table.legal(ABE) if t.endswith(".0.g")}
    assert greens == {f"P.g{p}.0.g" for p in range(1, cap + 1)}


# §3 Setup ------------------------------------------------------------------------------


def test_s3_1_the_first_dealer_is_drawn_at_random() -> None:
    """§3.1: "First game: the bot picks the dealer uniformly at random (house rule)"."""
    state = RULES.initial_state(4, {})
    dealers = Counter(RULES.chance_outcome(state, random.Random(n)).dealer for n in range(400))
    assert set(dealers) == {0, 1, 2, 3}
    assert all(60 <= count <= 140 for count in dealers.values()), dealers


def test_s3_3_the_deal_goes_one_card_at_a_time_clockwise_from_sinistra() -> None:
    """§3.3-3.5: hand-size cards each, one at a time, clockwise, starting with sinistra;
    the undealt cards are the stock (top first); piles and discards start empty; sinistra
    plays first."""
    order = tuple(random.Random(7).sample(range(55), 55))
    table = Table(Deal(2, order), seats=4, hand_size="5")
    s = table.state
    sinistra = 3
    for seat in range(4):
        wanted = {order[i] for i in range(20) if (sinistra + i) % 4 == seat}
        assert set(s.hands[seat]) == wanted and len(s.hands[seat]) == 5, seat
    assert s.stock == order[20:]
    assert s.greens == s.reds == ((),) * 4 and s.discards == () and not any(s.retired)
    assert s.dealer == 2 and s.turn == sinistra and RULES.to_act(s) == {sinistra}
    kind = table.hand(sinistra)[0]
    table.play(sinistra, f"D.{kind}")
    assert order[20] in table.state.hands[sinistra], "the first draw is the stock's top card"


def test_s3_4_every_game_of_a_session_starts_from_empty_piles() -> None:
    """§3.4 with §5.5: each game deals anew; discards, green and red piles start empty and
    nobody is retired, whatever the last game left on the table."""
    table = Table(games="2")
    finish_game(table, {ABE: ["P.g4.0.g"], BEA: ["P.r0.0.r"], CAL: ["D.g1"]})
    assert table.state.phase == "deal"
    table.play(CHANCE, RULES.chance_outcome(table.state, random.Random(3)).token())
    s = table.state
    assert s.game == 2 and s.dealer == ABE and s.turn == BEA
    assert s.greens == s.reds == ((),) * 3 and s.discards == () and not any(s.retired)
    assert [len(h) for h in s.hands] == [8, 8, 8] and len(s.stock) == 55 - 24
    assert s.cap(ABE) == 4


# §4.1 Your turn ----------------------------------------------------------------------


def test_s4_1_discard_and_retire_are_always_offered() -> None:
    """§4.1: "Discard one card ... (always allowed)"; "Retire (always allowed, even with
    playable cards)"."""
    rng = random.Random(11)
    match = Match.new(RULES, 4, {})
    while match.outcome is None:
        if CHANCE in RULES.to_act(match.state):
            match.step(CHANCE, RULES.chance_outcome(match.state, rng).token())
            continue
        (seat,) = RULES.to_act(match.state)
        state: NeverOverState = match.state
        legal = [a.token() for a in RULES.legal_actions(state, seat)]
        assert "X" in legal
        held = {state.card(c).kind for c in state.hands[seat]}
        assert {f"D.{k}" for k in held} <= set(legal)
        match.step(seat, rng.choice(legal))


def test_s4_1_the_turn_skips_every_retired_player_clockwise() -> None:
    """§4.1: "The turn passes to the next player clockwise who has not retired"."""
    table = Table(arranged(0, ["g1 g1 g1 g2 g2 g3 g3 r4"] * 4), seats=4)
    assert table.state.turn == 1
    table.play(1, "X")
    assert table.state.turn == 2
    table.play(2, "X")
    assert table.state.turn == 3
    table.play(3, "D.g1")
    assert table.state.turn == 0
    table.play(0, "D.g1")
    assert table.state.turn == 3, "seats 1 and 2 are skipped"


def test_s4_1_a_play_draws_one_card_and_a_retirement_none() -> None:
    """§4.1: "Then, unless you retired, if the stock is not empty draw its top card"."""
    table = Table()
    top = table.state.stock[0]
    table.play(ABE, "P.r2.1.r")
    assert top in table.state.hands[ABE] and len(table.state.hands[ABE]) == 8
    stock = table.state.stock
    table.play(BEA, "X")
    assert table.state.stock == stock and len(table.state.hands[BEA]) == 8


# §4.2 Legal plays ----------------------------------------------------------------------


def applied_if(table: Table, play: Play, allowed: bool) -> NeverOverState | None:
    """Check that Abe is offered ``play`` and may make it exactly when ``allowed``; return
    the state after it, or None when it is refused."""
    assert (play.token() in table.legal(ABE)) is allowed
    if allowed:
        return RULES.apply(table.state, ABE, play).state
    with pytest.raises(IllegalAction):
        RULES.apply(table.state, ABE, play)
    return None


@pytest.mark.parametrize("cap", [0, 1, 2, 3, 4])
def test_s4_2_1_a_green_goes_on_your_own_pile_up_to_your_cap(cap: int) -> None:
    """§4.2 rule 1: "Green onto your own green pile: allowed only if c ≤ your cap. The card
    adds c to your score"."""
    table = capped_table({ABE: f"r{cap}"})
    for points in (1, 2, 3, 4):
        play = Play(f"g{points}", ABE, "green")
        after = applied_if(table, play, points <= cap)
        assert after is None or (after.score(ABE) == points and after.cap(ABE) == cap)


@pytest.mark.parametrize("pile", ["", "r0", "r1", "r2", "r3", "r4"])
def test_s4_2_2_a_red_on_your_own_pile_raises_or_keeps_your_cap(pile: str) -> None:
    """§4.2 rule 2: "Red onto your own red pile: allowed only if c ≥ your cap ... on an
    empty pile only a ≤4 qualifies. The card becomes the top of your red pile"."""
    table = capped_table({ABE: pile} if pile else {})
    cap = table.state.cap(ABE)
    for points in (1, 2, 3, 4):
        play = Play(f"r{points}", ABE, "red")
        after = applied_if(table, play, points >= cap)
        assert after is None or (
            after.cap(ABE) == points and after.card(after.reds[ABE][-1]).points == points
        )


@pytest.mark.parametrize("pile", ["", "r0", "r1", "r2", "r3", "r4"])
def test_s4_2_3_a_red_on_an_opponents_pile_lowers_or_keeps_their_cap(pile: str) -> None:
    """§4.2 rule 3: "Red onto an opponent's red pile: allowed only if c ≤ that opponent's
    cap ... (any red card may go on an empty pile)"; never "raising an opponent's cap"."""
    table = capped_table({BEA: pile} if pile else {})
    cap = table.state.cap(BEA)
    for points in (1, 2, 3, 4):
        play = Play(f"r{points}", BEA, "red")
        after = applied_if(table, play, points <= cap)
        assert after is None or (after.cap(BEA) == points and after.cap(ABE) == 4)


def test_s4_2_a_red_on_an_equal_red_is_redundant_but_legal() -> None:
    """§4.2: "A play that leaves a cap unchanged (red on an equal red ...) is redundant but
    legal"; within your own red pile or an opponent's."""
    table = capped_table({ABE: "r2", BEA: "r3"})
    table.play(ABE, "P.r3.1.r")
    assert table.state.cap(BEA) == 3 and table.pile(BEA, "red") == ["r3", "r3"]
    assert "redundant" in table.public_text()
    table = capped_table({ABE: "r2"})
    table.play(ABE, "P.r2.0.r")
    assert table.state.cap(ABE) == 2 and table.pile(ABE, "red") == ["r2", "r2"]


def test_s4_2_a_played_green_stays_when_the_cap_drops() -> None:
    """§4.2: "A green card once played stays for the rest of the game: a later lower cap
    does not remove it"; §8.4 and §5.2 (it still scores at the end)."""
    table = Table()
    table.play(ABE, "P.g4.0.g")
    table.play(BEA, "P.r0.0.r")
    finish_game(table, {})
    assert table.pile(ABE, "green") == ["g4"] and table.outcome().scores[ABE] == 4.0


# §4.3 Retiring -------------------------------------------------------------------------


def test_s4_3_a_retired_players_piles_stay_and_count() -> None:
    """§4.3: "Their piles stay on the table and still count"; §5.2 score is the green pile."""
    table = Table()
    for seat, token in ((ABE, "P.g4.0.g"), (BEA, "P.r3.0.r"), (CAL, "D.g1"), (ABE, "X")):
        table.play(seat, token)  # Abe scores 4, is capped at 3, and retires
    assert table.pile(ABE, "green") == ["g4"] and table.pile(ABE, "red") == ["r3"]
    finish_game(table, {BEA: ["P.g3.1.g"], CAL: ["P.g2.2.g"]})
    outcome = table.outcome()
    assert outcome.scores == (4.0, 3.0, 2.0) and outcome.ranks == (1, 2, 3)


def test_s4_3_a_red_on_a_retired_players_pile_still_may_not_raise_their_cap() -> None:
    """§4.3 (house rule): others may play red cards on a retired player's red pile "under
    §4.2 rule 3", so only at or below that player's cap."""
    table = Table()
    table.tweak(reds=((stock_id(table, "r2"),), (), ()))
    table.play(ABE, "X")
    assert "P.r3.0.r" not in table.legal(BEA) and "P.r0.0.r" in table.legal(BEA)
    with pytest.raises(IllegalAction):
        table.play(BEA, "P.r3.0.r")
    table.play(BEA, "P.r0.0.r")
    assert table.state.cap(ABE) == 0


# §5 End of game and scoring ------------------------------------------------------------


def test_s5_2_only_the_green_pile_scores() -> None:
    """§5.2: "A player's score is the sum of the pointages on their green pile. Red cards,
    discards and cards left in hand or set aside score nothing"."""
    table = Table()
    finish_game(
        table,
        {
            ABE: ["P.g2.0.g", "P.r4.0.r", "D.g4", "P.g1.0.g"],
            BEA: ["P.r3.2.r", "D.g4", "P.g3.1.g"],
            CAL: ["D.g4", "D.g3"],
        },
    )
    s = table.state
    greens = [sum(s.card(c).points for c in pile) for pile in s.greens]
    assert greens == [3, 3, 0]
    assert table.outcome().scores == tuple(float(g) for g in greens)
    assert table.outcome().ranks == (1, 1, 3)


def test_s5_4_tied_teams_share_the_rank_in_play() -> None:
    """§5.4: "teams are ranked by team score, ties sharing a rank"."""
    deal = arranged(3, ["g4 g3 g2 g1 r4 g2 g3 g1"] * 4)
    table = Table(deal, seats=4, partnerships="on", team="A,B,A,B")
    finish_game(table, {0: ["P.g4.0.g"], 1: ["P.g3.1.g"], 2: ["P.g1.2.g"], 3: ["P.g2.3.g"]})
    outcome = table.outcome()
    assert outcome.scores == (5.0, 5.0, 5.0, 5.0) and outcome.ranks == (1, 1, 1, 1)


def test_s5_5_a_tied_session_is_shared() -> None:
    """§5.5: "the highest total after N games wins the session, ties sharing (house rule)"."""
    table = Table(games="2")
    finish_game(table, {ABE: ["P.g4.0.g"]})
    table.play(CHANCE, arranged(ABE, ("g1 " * 8, "g4 " * 7 + "g3", "g2 " * 8)).token())
    finish_game(table, {BEA: ["P.g4.1.g"]})
    outcome = table.outcome()
    assert table.state.results == ((4, 0, 0), (0, 4, 0))
    assert outcome.ranks == (1, 1, 3) and outcome.scores == (4.0, 4.0, 0.0)
    assert outcome.winners == {ABE, BEA}
    assert "share the win of the session" in words(outcome.summary)


# §7 Options ----------------------------------------------------------------------------


def test_s7_defaults() -> None:
    """§7 table: pack standard, hand size 8, games 1, teams off."""
    state = RULES.initial_state(3, {})
    assert (state.pack, state.hand_size, state.games) == ("standard", 8, 1)
    assert state.teams == () and not state.rotating
    assert len(state.cards) == 55


def test_s7_a_partner_may_lower_but_never_raise_a_partners_cap() -> None:
    """§7: "a partner may play a red card on a partner's red pile under rule 3" (c ≤ cap)."""
    table = Table(partnerships="on", team="A,B,A")
    table.tweak(reds=((), (), (stock_id(table, "r2"),)))
    assert "P.r4.2.r" not in table.legal(ABE) and "P.r2.2.r" in table.legal(ABE)
    with pytest.raises(IllegalAction):
        table.play(ABE, "P.r4.2.r")


def test_s8_11_rotating_partners_play_greens_on_their_own_piles_only() -> None:
    """§8.11 and §7: "Partners may not play green cards on each other's piles" (rotating
    partnerships too)."""
    hands = ["g4 g3 r4 r3"] + ["g4 g3 g2 g1"] * 4
    table = Table(arranged(4, hands), seats=5, hand_size="4", partnerships="rotating")
    assert table.state.turn == 0 and table.state.partners(0, 3)  # sinistra and destra
    assert not any(t.endswith(".3.g") for t in table.legal(0))
    with pytest.raises(IllegalAction):
        table.play(0, "P.g4.3.g")
    table.play(0, "P.r3.3.r")
    assert table.state.cap(3) == 3
