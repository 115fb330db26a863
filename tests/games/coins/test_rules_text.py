"""Coins rules text (shared/rules/coins.md) statement by statement: the rules that decide
play and that no other Coins test pins yet. Each test names the section it checks."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bot.engine import CHANCE, NotYourTurn
from bot.games.coins.actions import Deal, Play
from bot.games.coins.cards import CARDS, DECK_SIZE, Suit, find, judge

from .support import ANA, BEN, CY, RULES, Table, arranged, n, play_hand

SUITS = ["Cups", "Coins", "Swords", "Clubs"]
RANKS_HIGH_TO_LOW = [
    "Ace",
    "King",
    "Knight",
    "Knave",
    "9",
    "8",
    "7",
    "6",
    "5",
    "4",
    "3",
    "2",
]
"""§2 "Ranks, high to low", copied from the rules text."""


def deal_by_chance(table: Table, rng: random.Random) -> Deal:
    """Let chance shuffle and deal the pending hand; return the deal."""
    deal = RULES.chance_outcome(table.state, rng)
    assert isinstance(deal, Deal)
    table.play(CHANCE, deal.token())
    return deal


# §2 Components


def test_s2_the_deck_is_48_cards_four_suits_of_twelve_ranks() -> None:
    """§2: "A Spanish deck of 48 cards: 4 suits of 12 ranks." Every suit/rank pair of the
    text names exactly one card."""
    assert len(CARDS) == DECK_SIZE == 48
    named = {find(rank, suit).number for suit in SUITS for rank in RANKS_HIGH_TO_LOW}
    assert named == set(range(48))
    assert Counter(c.suit for c in CARDS) == dict.fromkeys(Suit, 12)


@pytest.mark.parametrize("suit", SUITS)
def test_s2_ranks_high_to_low_ace_is_highest_not_the_printed_1(suit: str) -> None:
    """§2: "Ranks, high to low: Ace, King (Rey), Knight (Caballo), Knave (Sota), 9, 8, ...
    2" and "The numbers printed on real Spanish cards (1 for the Ace, 10/11/12 for
    Knave/Knight/King) must not be used for comparison." Each rank beats every lower one,
    both in an all-same-suit trick and in a pair."""
    other = "Coins" if suit != "Coins" else "Cups"
    for hi, lo in itertools.combinations(RANKS_HIGH_TO_LOW, 2):
        low_third = next(r for r in reversed(RANKS_HIGH_TO_LOW) if r not in (hi, lo))
        for order in itertools.permutations([(hi, suit), (lo, suit), (low_third, suit)]):
            cards = [find(r, s).number for r, s in order]
            winner = judge(cards).winner
            assert order[winner][0] == max(
                (r for r, _ in order), key=lambda r: -RANKS_HIGH_TO_LOW.index(r)
            )
        pair = [find(lo, suit).number, find("Ace", other).number, find(hi, suit).number]
        for trick in itertools.permutations(pair):
            assert trick[judge(list(trick)).winner] == find(hi, suit).number, (hi, lo, suit)


def test_s2_each_coins_card_is_worth_one_point_others_none() -> None:
    """§2 "Points: each Coins card is worth 1 point; other cards are worth 0. A hand holds
    12 points in all." A trick won by a Swords card with one Coins card in it scores 1."""
    assert sum(c.points for c in CARDS) == 12
    assert {c.suit for c in CARDS if c.points == 1} == {Suit.COINS}
    table = Table(arranged(CY, [["2 Swords"], ["Ace Coins"], ["3 Swords"]]))
    table.trick((ANA, "2 Swords"), (BEN, "Ace Coins"), (CY, "3 Swords"))
    assert table.state.scores == (0, 0, 1), "the Swords pair wins and scores the Coins card"


# §3 Setup


def test_s3_1_the_first_dealer_is_drawn_uniformly_at_random() -> None:
    """§3.1 (house rule): "First hand: the bot picks the dealer uniformly at random"."""
    state = Table().state
    deals = [RULES.chance_outcome(state, random.Random(seed)) for seed in range(600)]
    counts = Counter(d.dealer for d in deals if isinstance(d, Deal))
    assert sum(counts.values()) == 600
    assert set(counts) == {0, 1, 2}
    assert all(150 <= c <= 250 for c in counts.values()), counts


def test_s3_2_every_hand_is_a_fresh_logged_shuffle_of_all_48_cards() -> None:
    """§3.2 (house rule): "The bot shuffles the 48 cards", and §1 "Every shuffle is an
    explicit, logged chance step": the deal of each hand is a chance action holding a
    permutation of the whole deck, and different draws give different orders."""
    rng = random.Random(3)
    table = Table(target="20")
    decks = []
    for hand in (1, 2):
        assert RULES.to_act(table.state) == frozenset({CHANCE})
        deal = deal_by_chance(table, rng)
        assert sorted(deal.deck) == list(range(48))
        assert table.state.hand == hand
        decks.append(deal.deck)
        play_hand(table, rng)
    assert decks[0] != decks[1]
    assert decks[0] != tuple(range(48))


@pytest.mark.parametrize("dealer", [ANA, BEN, CY])
def test_s3_3_deal_one_at_a_time_clockwise_from_the_dealers_left(dealer: int) -> None:
    """§3.3: "Deal all 48 cards face down, one at a time, clockwise, starting with the
    player to the left of the dealer: 16 cards each." and §3.5: "The player to the left
    of the dealer leads the first trick." Checked for every dealer."""
    deck = tuple(random.Random(dealer).sample(range(48), 48))
    table = Table(Deal(dealer, deck))
    s = table.state
    order = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
    for k, card in enumerate(deck):
        seat = order[k % 3]
        assert s.hands[seat][k // 3] == card, (k, seat)
    assert [len(h) for h in s.hands] == [16, 16, 16]
    assert s.leader == s.turn == (dealer + 1) % 3 and s.dealer == dealer
    assert RULES.to_act(s) == frozenset({(dealer + 1) % 3})


def test_s3_4_scores_start_at_zero() -> None:
    """§3.4: "Scores start at 0 and carry over from hand to hand until the game ends."
    (The carrying over is pinned in test_hands.)"""
    table = Table(arranged(ANA, [[], [], []]))
    assert table.state.scores == (0, 0, 0)
    assert [p.score for p in table.public().players] == [0, 0, 0]


# §4.1 A trick


def test_s4_1_only_the_seat_to_play_has_moves_and_they_are_its_whole_hand() -> None:
    """§4.1: "Legal action: play one card from your own hand, when it is your turn in the
    trick. There is no duty to follow suit and no other restriction: every card in your
    hand is always legal." Checked at every step of a whole random hand."""
    rng = random.Random(7)
    table = Table(target="20")
    deal_by_chance(table, rng)
    while table.state.phase == "play":
        s = table.state
        (seat,) = RULES.to_act(s)
        for other in range(3):
            legal = RULES.legal_actions(s, other)
            if other == seat:
                assert sorted(a.card for a in legal if isinstance(a, Play)) == sorted(s.hands[seat])
                assert len(legal) == len(s.hands[seat])
            else:
                assert legal == ()
        table.play(seat, legal_token(table, seat, rng))


def legal_token(table: Table, seat: int, rng: random.Random) -> str:
    """Return a random legal token for the seat."""
    legal = RULES.legal_actions(table.state, seat)
    token: str = legal[rng.randrange(len(legal))].token()
    return token


def test_s4_1_play_goes_leader_then_left_then_right() -> None:
    """§4.1: "The leader plays ... The player to the leader's left plays ... The third
    player (the leader's right) plays", with Ben leading (not the first trick's leader)."""
    table = Table(arranged(CY, [["2 Cups", "3 Cups"], ["Ace Cups", "4 Cups"], ["5 Cups"]]))
    table.trick((ANA, "2 Cups"), (BEN, "Ace Cups"), (CY, "5 Cups"))
    assert table.state.leader == BEN
    with pytest.raises(NotYourTurn):
        table.card(ANA, "3 Cups")
    table.card(BEN, "4 Cups")
    assert RULES.to_act(table.state) == frozenset({CY})
    with pytest.raises(NotYourTurn):
        table.card(ANA, "3 Cups")


def test_s4_1_nobody_plays_during_the_deal() -> None:
    """§4.1 "when it is your turn": before the deal (and between hands) only chance acts."""
    table = Table()
    assert RULES.to_act(table.state) == frozenset({CHANCE})
    for seat in range(3):
        assert RULES.legal_actions(table.state, seat) == ()
        with pytest.raises(NotYourTurn):
            table.play(seat, Play(n("Ace Coins")).token())


# §4.3 After the trick, §5 End of game


@pytest.mark.parametrize("target", ["10", "15", "20"])
def test_s4_3_2_one_point_short_of_the_target_plays_on(target: str) -> None:
    """§4.3.2: "If that score is now at or above the target, the game ends at once", for
    each target of §7: reaching target - 1 plays on, reaching the target exactly ends it."""
    goal = int(target)
    for before, reached in ((goal - 2, False), (goal - 1, True)):
        table = Table(arranged(CY, [["Ace Coins"], ["2 Swords"], ["3 Clubs"]]), target=target)
        table.tweak(scores=(before, 0, 0))
        # Cups missing: Coins win, so Ana scores 1 point.
        table.trick((ANA, "Ace Coins"), (BEN, "2 Swords"), (CY, "3 Clubs"))
        s = table.state
        assert s.scores == (before + 1, 0, 0)
        assert (s.phase == "over") == reached, (before, s.phase)
        assert RULES.to_act(s) == (frozenset() if reached else frozenset({ANA}))


@pytest.mark.parametrize("last_winner", [ANA, BEN, CY])
def test_s4_3_4_the_new_dealer_sits_right_of_the_last_winner(last_winner: int) -> None:
    """§4.3.4: "the new dealer is the player to the right of the winner of the 16th trick,
    so that winner sits to the dealer's left, receives the first card and leads. Repeat §3
    steps 2, 3 and 5 with the new dealer; scores are kept." Checked for every winner."""
    table = Table(arranged(ANA, [[], [], []]))
    cards = ["2 Cups", "3 Cups", "4 Cups"]
    cards[last_winner] = "Ace Cups"
    table.give(*[[c] for c in cards])
    table.tweak(scores=(1, 2, 3))
    leader = BEN  # Ana dealt, so Ben leads; the trick is Ben, Cy, Ana.
    table.trick(*[((leader + k) % 3, cards[(leader + k) % 3]) for k in range(3)])
    s = table.state
    assert s.phase == "deal" and s.dealer == (last_winner - 1) % 3
    assert table.public().turn is None, "between hands only chance acts"
    deal = deal_by_chance(table, random.Random(last_winner))
    s = table.state
    assert deal.dealer == (last_winner - 1) % 3
    assert s.hand == 2 and s.hands[last_winner][0] == deal.deck[0]
    assert s.leader == s.turn == last_winner
    assert s.scores == (1, 2, 3) and [len(h) for h in s.hands] == [16, 16, 16]
    view = table.public()
    assert [p.tricks for p in view.players] == [0, 0, 0], "tricks taken count per hand"
    assert view.last is None and view.coins_unseen == 12


@pytest.mark.parametrize("seed", range(4))
def test_s5_one_winner_and_one_hand_cannot_reach_15(seed: int) -> None:
    """§5.1-5.2: "That player wins." / "Only the trick winner scores, so two players can
    never reach the target together: there are no ties for the win." §5.4: "With target 15
    or 20 at least two hands are needed, since one hand holds only 12 points." Random
    matches to 15: hand 1 always ends in a redeal; at the end exactly one seat (the
    winner) is at the target, ranked alone in first place."""
    rng = random.Random(seed)
    table = Table(target="15")
    deal_by_chance(table, rng)
    play_hand(table, rng)
    assert table.state.phase == "deal" and sum(table.state.scores) == 12
    while RULES.outcome(table.state) is None:
        if table.state.phase == "deal":
            deal_by_chance(table, rng)
        play_hand(table, rng)
    s = table.state
    winner = s.winner
    assert winner is not None
    at_target = [seat for seat in range(3) if s.scores[seat] >= 15]
    assert at_target == [winner]
    assert s.scores[winner] <= 14 + 3
    outcome = table.outcome()
    assert outcome.winners == frozenset({winner})
    assert sorted(outcome.ranks).count(1) == 1


# §6 Information


def test_s6_coins_unseen_counts_coins_in_the_current_trick_too() -> None:
    """§6 (house rule): "the number of Coins cards still unseen in this hand, that is, 12
    minus the Coins cards already played in this hand (in completed tricks and in the
    current trick)"."""
    table = Table(arranged(CY, [["5 Coins", "2 Cups"], ["King Coins"], ["3 Coins", "4 Coins"]]))
    assert table.public().coins_unseen == 12
    table.card(ANA, "5 Coins")
    assert table.public().coins_unseen == 11
    table.card(BEN, "King Coins")
    assert table.public().coins_unseen == 10
    table.card(CY, "3 Coins")
    assert table.public().coins_unseen == 9
    # Cy does not win (all Coins: the King wins), Ben leads; a non-Coins card changes nothing.
    assert table.state.leader == BEN
    view = table.private(CY)
    assert view.coins_elsewhere == 9 - view.coins_in_hand


def test_s6_public_view_shows_the_last_trick_its_winner_and_case_but_no_hand() -> None:
    """§6 Public: "the last completed trick, its winner and which case of §4.2 decided it;
    each player's score ...; the dealer, the leader and whose turn it is"; Hidden: "other
    players' hands" (the hands appear only at the end)."""
    table = Table(arranged(CY, [["5 Coins"], ["King Swords"], ["2 Cups"]]))
    view = table.public()
    assert view.last is None and view.final_hands == ()
    assert (view.dealer, view.leader, view.turn, view.hand) == (CY, ANA, ANA, 1)
    table.trick((ANA, "5 Coins"), (BEN, "King Swords"), (CY, "2 Cups"))
    view = table.public()
    assert view.last is not None
    assert [(p.seat, p.card.number) for p in view.last.plays] == [
        (ANA, n("5 Coins")),
        (BEN, n("King Swords")),
        (CY, n("2 Cups")),
    ]
    assert (view.last.winner, view.last.case, view.last.missing) == (CY, "three", Suit.CLUBS)
    assert view.last.points == 1 and view.final_hands == ()
    assert (view.leader, view.turn) == (CY, CY)
    hidden = RULES.hidden_from(table.state, ANA)
    assert len(hidden) == 30 and all(c.number not in table.state.hands[ANA] for c in hidden)
