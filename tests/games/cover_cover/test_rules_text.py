"""Cover-cover against its rules text (shared/rules/cover-cover.md), statement by statement.

Each test names the section it pins; the rules already pinned elsewhere (the worked
examples, §8's edge cases in test_rules.py) are not repeated here.
"""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from bot.engine import CHANCE, BadOption
from bot.games.cover_cover.actions import Deal, Shuffle
from bot.games.cover_cover.cards import CARDS, RANKS, Card
from bot.games.cover_cover.rules import SPEC
from bot.games.cover_cover.state import NO_CARD, Play, Tie

from .support import RULES, Table, cards, chance_pending, constructed

A, B, C, D, E = 0, 1, 2, 3, 4


def press_all(table: Table) -> None:
    """Every seat expected to press Flip or Cover does so (no chance step may be due)."""
    assert not chance_pending(table.state)
    table.flip_all()


# §1 Overview


def test_s1_two_to_six_players() -> None:
    """§1: "Players: 2 to 6"."""
    for seats in range(2, 7):
        assert RULES.initial_state(seats, {}).seats == seats
    for seats in (1, 7):
        with pytest.raises(ValueError):
            RULES.initial_state(seats, {})


# §2 Components


@pytest.mark.parametrize("low", RANKS[:-1])
@pytest.mark.parametrize("high_seat", [A, B])
def test_s2_rank_order_each_rank_beats_the_one_below(low: int, high_seat: int) -> None:
    """§2: rank order 2 < 3 < ... < 10 < J < Q < K < A; the higher flip takes the round,
    whichever seat holds it."""
    high = Card(low + 1, 0).id
    lower = Card(low, 1).id
    spare = (Card(low, 2).id, Card(low + 1, 3).id)
    hands = [[lower, spare[0]], [lower, spare[1]]]
    hands[high_seat][0] = high
    table = Table(constructed(hands))
    press_all(table)
    last = table.state.last
    assert last is not None and last.winner == high_seat and last.ties == ()
    assert table.state.winnings[high_seat] and not table.state.winnings[1 - high_seat]


@pytest.mark.parametrize("suits", [(x, y) for x in range(4) for y in range(4) if x != y])
def test_s2_suits_have_no_effect_equal_ranks_always_tie(suits: tuple[int, int]) -> None:
    """§2: "Suits have no effect on play": two cards of one rank tie, whatever the suits."""
    x, y = suits
    hands = [[Card(2, x).id, Card(3, x).id, Card(4, x).id], [Card(2, y).id, Card(3, y).id]]
    table = Table(constructed(hands))
    press_all(table)
    s = table.state
    assert s.phase == "cover" and s.covering == (A, B)
    assert s.current is not None and s.current.ties == (Tie(1, 2, (A, B)),)


# §3 Setup


def test_s3_1_the_dealer_is_picked_uniformly_at_random() -> None:
    """§3.1 (house rule): "The bot picks the dealer uniformly at random"."""
    seats, draws = 4, 800
    state = RULES.initial_state(seats, {})
    dealers: Counter[int] = Counter()
    decks = set()
    for seed in range(draws):
        deal = RULES.chance_outcome(state, random.Random(seed))
        assert isinstance(deal, Deal)
        dealers[deal.dealer] += 1
        decks.add(deal.deck)
    assert set(dealers) == set(range(seats))
    assert all(150 <= dealers[seat] <= 250 for seat in range(seats)), dealers
    assert len(decks) == draws, "the 52 cards are shuffled anew for every deal"


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_s3_2_cards_are_dealt_one_at_a_time_clockwise_from_the_dealers_left(seats: int) -> None:
    """§3.2: deal all 52 "one at a time, clockwise, starting with the player to the left
    of the dealer": the k-th card dealt goes to seat dealer+1+k (mod n)."""
    rng = random.Random(seats)
    for dealer in range(seats):
        deck = list(range(52))
        rng.shuffle(deck)
        after = RULES.apply(RULES.initial_state(seats, {}), CHANCE, Deal(dealer, tuple(deck)))
        hands = after.state.hands
        for k in range(seats):
            seat = (dealer + 1 + k) % seats
            assert sorted(hands[seat]) == sorted(deck[k::seats]), (dealer, seat)
        assert after.state.dealer == dealer


def test_s3_3_winnings_start_empty_and_the_round_counter_at_zero() -> None:
    """§3.3: "Every winnings pile starts empty. The round counter starts at 0"; §4.2.1: the
    counter goes up by 1 as the first round begins."""
    state = RULES.initial_state(3, {})
    assert state.round == 0 and state.winnings == ((), (), ())
    after = RULES.apply(state, CHANCE, RULES.chance_outcome(state, random.Random(1))).state
    assert after.round == 1 and after.winnings == ((), (), ())
    assert sum(len(h) for h in after.hands) == 52


# §4.1 Taking a card


def test_s4_1_an_empty_hand_takes_the_winnings_truly_shuffled() -> None:
    """§4.1.2 (house rule): the winnings pile "is shuffled (a chance step) and becomes their
    hand" — a real shuffle, not the pile in the order it was won."""
    won = tuple(range(20, 32))
    table = Table(constructed([(), cards("2♥", "3♥")], [won, ()]))
    assert chance_pending(table.state) and table.state.shuffle_due() == A
    orders = set()
    for seed in range(20):
        shuffle = RULES.chance_outcome(table.state, random.Random(seed))
        assert isinstance(shuffle, Shuffle) and shuffle.seat == A
        assert sorted(shuffle.order) == sorted(won)
        orders.add(shuffle.order)
    assert len(orders) > 1
    table.play(CHANCE, Shuffle(A, tuple(reversed(won))).token())
    assert table.hand(A) == tuple(reversed(won)) and table.state.winnings[A] == ()
    press_all(table)
    last = table.state.last
    assert last is not None and last.flips[0] == Play(A, won[-1]), "the new top card is flipped"


# §4.2 A round


def test_s4_2_2_only_players_still_in_the_game_flip() -> None:
    """§4.2.2: "Every player still in the game takes a card": an out player flips no more."""
    table = Table(constructed([cards("A♠", "K♠"), cards("2♥"), cards("3♥", "4♥", "5♥")]))
    press_all(table)
    assert table.state.out == (0, 1, 0)
    assert RULES.to_act(table.state) == {A, C}
    press_all(table)
    last = table.state.last
    assert last is not None and last.number == 2
    assert [p.seat for p in last.flips] == [A, C]


def test_s4_2_5_a_drop_out_and_a_knock_out_in_one_round_share_a_place() -> None:
    """§4.2.5: players who dropped out of a Cover-cover are already out, and "players knocked
    out in the same round share their place" (§5.4)."""
    table = Table(constructed([cards("K♠"), cards("K♥", "2♣"), cards("4♣"), cards("3♦")]))
    press_all(table)
    s = table.state
    assert s.last is not None and s.last.ties == (Tie(1, 13, (A, B), dropped=(A,)),)
    assert s.out == (1, 0, 1, 1) and s.phase == "over" and s.winners == (B,)
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.ranks == (2, 1, 2, 2)


# §4.3 Resolving a round


def cover_cover_with_a_higher_bystander() -> Table:
    """A and B tie with kings; C's queen is higher than both of their new face-up cards."""
    hands = [
        cards("K♠", "5♠", "3♠", "8♠"),
        cards("K♥", "6♥", "2♥", "8♥"),
        cards("Q♦", "4♦"),
    ]
    table = Table(constructed(hands))
    press_all(table)
    assert table.state.phase == "cover" and table.state.covering == (A, B)
    return table


def test_s4_3_3_3_new_face_up_cards_are_revealed_together() -> None:
    """§4.3.3.3: "All new face-up cards are revealed together": one press shows nothing."""
    table = cover_cover_with_a_higher_bystander()
    before = table.state.hands
    table.play(A, "C")
    s = table.state
    assert s.current is not None and s.current.ties[-1].plays == ()
    assert s.hands == before and s.table_size() == 3
    assert RULES.to_act(s) == {B}
    table.play(B, "C")
    last = table.state.last
    assert last is not None and len(last.ties[0].plays) == 2


def test_s4_3_3_3_only_the_tied_players_contest_the_cover_cover() -> None:
    """§4.3.3.3: "resolve again from step 1 with S = the remaining players of T": C's higher
    flip no longer counts, A's 3 beats B's 2 and takes the whole pot."""
    table = cover_cover_with_a_higher_bystander()
    press_all(table)
    s = table.state
    assert s.last is not None and s.last.winner == A and s.last.pot == 7
    assert sorted(s.winnings[A]) == sorted(cards("K♠", "5♠", "3♠", "K♥", "6♥", "2♥", "Q♦"))


def test_s4_3_3_2_a_lone_tied_survivor_wins_without_playing_more_cards() -> None:
    """§4.3.3.1-2 (house rules) on the flips: the tied player with no cards drops out at
    once, and "if exactly one player of T remains, they win the round without playing
    more cards"."""
    table = Table(constructed([cards("K♠"), cards("K♥", "2♣", "3♣"), cards("Q♦", "4♦")]))
    press_all(table)
    s = table.state
    assert s.last is not None and s.last.ties == (Tie(1, 13, (A, B), dropped=(A,)),)
    assert s.last.winner == B and s.last.pot == 3
    assert s.hands[B] == cards("2♣", "3♣"), "B laid no card for the Cover-cover"
    assert s.out == (1, 0, 0) and s.phase == "flip" and s.round == 2


def test_s4_3_3_1_a_tied_player_without_cards_drops_out_the_others_cover() -> None:
    """§4.3.3.1, §8.6: a tied player with card count 0 is out at once, "even if they would
    have won the round"; the two others still in the tie cover."""
    hands = [cards("K♠"), cards("K♥", "2♣", "9♣"), cards("K♦", "3♣", "8♣"), cards("Q♦", "4♦")]
    table = Table(constructed(hands))
    press_all(table)
    s = table.state
    assert s.phase == "cover" and s.covering == (B, C) and s.out[A] == 1
    assert s.current is not None and s.current.ties == (Tie(1, 13, (A, B, C), dropped=(A,)),)
    assert RULES.to_act(s) == {B, C}
    press_all(table)
    s = table.state
    assert s.last is not None and s.last.winner == B and s.last.pot == 8


def test_s4_3_3_3_a_single_card_in_the_winnings_goes_face_up_alone() -> None:
    """§4.3.3.3, §8.5 with §4.1: a tied player whose one card is in the winnings shuffles
    it into the hand and plays it face up, laying nothing face down."""
    a_won = cards("5♦")
    table = Table(constructed([cards("K♠"), cards("K♥", "2♥", "7♥")], [a_won, ()]))
    press_all(table)
    s = table.state
    assert s.phase == "cover" and s.covering == (A, B) and s.count(A) == 1
    assert chance_pending(s) and s.shuffle_due() == A
    table.play(CHANCE, Shuffle(A, a_won).token())
    press_all(table)
    s = table.state
    assert s.last is not None
    assert s.last.ties[0].plays == (Play(A, a_won[0], NO_CARD), Play(B, *cards("7♥", "2♥")))
    assert s.last.winner == B and s.last.pot == 5


# §5 End of game and scoring


def test_s5_3_the_game_goes_on_until_the_round_counter_reaches_the_limit() -> None:
    """§5.3: the game ends after the round in which the counter reaches the limit, not
    before."""
    hands = [cards("A♠", "K♠", "2♠"), cards("3♥", "4♥", "5♥", "6♥")]
    state = constructed(hands, options={"round_limit": "3"})
    table = Table(msgspec.structs.replace(state, round=2))
    press_all(table)
    assert table.state.phase == "flip" and table.state.round == 3
    assert RULES.outcome(table.state) is None
    press_all(table)
    s = table.state
    assert s.phase == "over" and s.termination == "round_limit" and s.round == 3


def test_s5_3_a_cover_cover_in_the_last_round_is_played_out() -> None:
    """§5.3: "it ends after that round": a Cover-cover in the last round is resolved first."""
    hands = [cards("K♠", "2♠", "9♠"), cards("K♥", "3♥", "8♥", "4♥")]
    table = Table(constructed(hands, options={"round_limit": "1"}))
    press_all(table)
    assert table.state.phase == "cover" and RULES.outcome(table.state) is None
    press_all(table)
    s = table.state
    assert s.phase == "over" and s.termination == "round_limit" and s.winners == (A,)
    assert [s.count(p) for p in (A, B)] == [6, 1]


def test_s5_4_round_limit_standings_count_then_how_long_the_others_lasted() -> None:
    """§5.4: at the round limit, remaining players are ordered by card count, then
    knocked-out players by how long they lasted (later ranks higher)."""
    hands = [
        cards("A♠", "K♠"),
        cards("3♥", "4♥", "9♥"),
        cards("4♣", "5♣", "6♣", "7♣", "8♣"),
        cards("2♦"),
        cards("3♦", "2♣"),
    ]
    table = Table(constructed(hands, options={"round_limit": "2"}))
    press_all(table)
    press_all(table)
    s = table.state
    assert s.termination == "round_limit" and s.winners == (A,)
    assert s.out == (0, 0, 0, 1, 2)
    assert [s.count(p) for p in range(5)] == [9, 1, 3, 0, 0]
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.ranks == (1, 3, 2, 5, 4)


def test_s5_2_a_draw_is_shared_by_that_rounds_players_only() -> None:
    """§4.3.4, §5.2, §5.4: when everyone drops out the round's players share the win; a
    player knocked out in an earlier round ranks below them."""
    table = Table(constructed([cards("A♠"), cards("5♦", "5♥", "J♥", "2♥"), cards("2♣")]))
    press_all(table)
    s = table.state
    assert s.out == (0, 0, 1) and s.last is not None and s.last.winner == A
    assert chance_pending(s) and s.shuffle_due() == A
    table.play(CHANCE, Shuffle(A, cards("5♦", "A♠", "2♣")).token())
    press_all(table)
    assert table.state.phase == "cover"
    press_all(table)
    s = table.state
    assert s.phase == "over" and s.termination == "draw" and s.winners == (A, B)
    assert s.out == (2, 2, 1)
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.ranks == (1, 1, 3)


# §6 Information


def test_s6_face_down_cards_of_a_drawn_last_round_stay_unseen() -> None:
    """§6: "Never seen by anyone: the identity of face-down cards" — also those left on the
    table when the game ends in a draw."""
    table = Table(constructed([cards("9♣", "J♣", "4♦"), cards("9♥", "Q♥", "4♠")]))
    press_all(table)
    press_all(table)
    s = table.state
    assert s.termination == "draw"
    face_down = [CARDS[c] for c in cards("J♣", "Q♥")]
    for seat in (None, A, B):
        hidden = RULES.hidden_from(s, seat)
        assert all(c in hidden for c in face_down)
        assert all(repr(c) not in str(RULES.view(s, seat)) for c in face_down)


def test_s6_a_private_view_adds_nothing_secret() -> None:
    """§6: "There is no private information": a seat's private counts are public too, and
    the private view shows the button only to those expected to press."""
    table = cover_cover_with_a_higher_bystander()
    for seat in (A, B, C):
        private = table.private(seat)
        public = private.public.players[seat]
        assert (private.hand, private.winnings, private.count) == (
            public.hand,
            public.winnings,
            public.count,
        )
        assert private.expected == ("cover" if seat in (A, B) else "")


# §7 Options


def test_s7_option_defaults_and_ranges() -> None:
    """§7: `auto` defaults to off, `auto_summary_every` to 10 (house rule) and takes a
    whole number "1 or more"."""
    state = RULES.initial_state(2, {})
    assert state.auto is False and state.summary_every == 10
    assert RULES.initial_state(2, {"auto": "on", "auto_summary_every": "1"}).summary_every == 1
    with pytest.raises(BadOption):
        SPEC.resolve_options({"auto_summary_every": "0"})
