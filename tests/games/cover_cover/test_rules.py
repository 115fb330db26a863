"""Cover-cover rules: the deal, the edge cases of §8, the endings and every refusal."""

from __future__ import annotations

import random

import msgspec
import pytest

from bot.engine import CHANCE, IllegalAction, MatchOver, NotYourTurn
from bot.engine.errors import WRONG_SEATS_DEAL
from bot.engine.phrase import words
from bot.games.cover_cover import messages as say
from bot.games.cover_cover.actions import Cover, Deal, Flip, Shuffle
from bot.games.cover_cover.cards import hand_sizes, parse
from bot.games.cover_cover.guide import GUIDE
from bot.games.cover_cover.state import Tie

from .support import RULES, Table, cards, chance_pending, constructed, others

A, B, C, D = 0, 1, 2, 3


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_deal_gives_the_extra_cards_left_of_the_dealer(seats: int) -> None:
    state = RULES.initial_state(seats, {})
    assert RULES.to_act(state) == {CHANCE}
    deal = RULES.chance_outcome(state, random.Random(seats))
    assert isinstance(deal, Deal)
    after = RULES.apply(state, CHANCE, deal).state
    left = [(deal.dealer + k) % seats for k in range(1, seats + 1)]
    assert tuple(len(after.hands[s]) for s in left) == hand_sizes(seats)
    assert sorted(c for h in after.hands for c in h) == list(range(52))
    assert after.round == 1 and after.phase == "flip" and RULES.to_act(after) == set(range(seats))


def test_hand_sizes_follow_the_table() -> None:
    assert hand_sizes(3) == (18, 17, 17)
    assert hand_sizes(5) == (11, 11, 10, 10, 10)
    assert hand_sizes(6) == (9, 9, 9, 9, 8, 8)


def test_arranged_deal_gives_these_hands_top_first() -> None:
    hands = (tuple(range(0, 18)), tuple(range(18, 35)), tuple(range(35, 52)))
    deal = Deal.arrange(2, hands)
    after = RULES.apply(RULES.initial_state(3, {}), CHANCE, deal).state
    assert after.hands == hands and after.dealer == 2


def test_ties_below_the_highest_card_mean_nothing() -> None:
    table = Table(constructed([cards("9♠", "2♣"), cards("9♥", "3♣"), cards("K♦", "4♣")]))
    table.flip_all()
    s = table.state
    assert s.last is not None and s.last.winner == C and s.last.pot == 3 and not s.last.ties


def test_everyone_tied_is_in_the_cover_cover() -> None:
    hands = [cards("7♠", "2♣", "8♣"), cards("7♥", "3♣", "9♣"), cards("7♦", "4♣", "10♣")]
    table = Table(constructed(hands))
    table.flip_all()
    assert table.state.covering == (A, B, C)
    table.flip_all()
    s = table.state
    assert s.last is not None and s.last.winner == C and s.last.pot == 9
    assert len(s.winnings[C]) == 9, "the winner's own cards come back through the winnings"


def test_a_nested_winner_takes_every_card_face_down_and_lower() -> None:
    hands = [
        cards("Q♠", "2♣", "5♠", "3♦", "A♠", "6♦"),
        cards("Q♥", "3♣", "5♥", "4♦", "K♠", "7♦"),
        cards("4♣", "8♣"),
    ]
    table = Table(constructed(hands))
    table.flip_all()
    table.flip_all()
    assert table.state.phase == "cover" and table.state.covering == (A, B)
    assert table.state.current is not None and len(table.state.current.ties) == 2
    table.flip_all()
    s = table.state
    assert s.last is not None and s.last.winner == A and s.last.pot == 11
    assert [t.depth for t in s.last.ties] == [1, 2] and s.deepest == 2
    pot = hands[0][:5] + hands[1][:5] + hands[2][:1]
    assert sorted(s.winnings[A]) == sorted(pot), "face-down cards and the lower 4♣ included"


def test_a_hand_running_out_mid_cover_cover_takes_the_shuffled_winnings() -> None:
    a_hand, b_hand = cards("K♠", "2♣"), cards("K♥", "5♦", "6♦")
    a_won = others(a_hand + b_hand, 3)
    table = Table(constructed([a_hand, b_hand], [a_won, ()]))
    table.flip_all()
    assert chance_pending(table.state) and table.state.shuffle_due() == A
    order = (a_won[2], a_won[0], a_won[1])
    table.play(CHANCE, Shuffle(A, order).token())
    assert table.hand(A) == (*cards("2♣"), *order), "the card in hand is taken first"
    table.flip_all()
    last = table.state.last or table.state.current
    assert last is not None
    assert last.ties[0].plays[0].down == parse("2♣") and last.ties[0].plays[0].up == order[0]


def test_an_empty_hand_with_winnings_is_still_in() -> None:
    table = Table(constructed([cards("A♠"), cards("2♠", "3♠")], [(), ()]))
    table.flip_all()
    s = table.state
    assert s.out == (0, 0) and s.hands[A] == () and len(s.winnings[A]) == 2
    assert chance_pending(s) and s.shuffle_due() == A


def test_when_every_tied_player_drops_out_a_lower_card_takes_the_pot() -> None:
    hands = [cards("K♠"), cards("K♥"), cards("5♣"), cards("3♦", "9♦")]
    table = Table(constructed(hands))
    table.flip_all()
    s = table.state
    assert s.last is not None and s.last.ties == (Tie(1, 13, (A, B), dropped=(A, B)),)
    assert s.last.winner == C and s.last.pot == 4, "C had no cards left and still wins"
    assert s.out == (1, 1, 0, 0) and s.count(C) == 4


def test_in_a_nested_tie_the_enclosing_contest_decides_not_every_card_on_the_table() -> None:
    """§4.3 step 3.4, §8.7: when the players of an inner Cover-cover all drop out, the best
    showing card of the contest they tied in takes the pot: D's 5 was flipped but D never
    tied, so C's 3 wins; the rules page says so."""
    hands = [
        cards("K♠", "2♠", "9♠"),
        cards("K♥", "3♥", "9♥"),
        cards("K♦", "4♦", "3♦", "8♦"),
        cards("5♣", "6♣"),
    ]
    table = Table(constructed(hands))
    table.flip_all()
    table.flip_all()
    s = table.state
    assert s.last is not None and s.last.winner == C and s.last.pot == 10
    page = dict(GUIDE.pages)["Cover-cover!"]
    assert "decided again without them" in page and "best of the other cards on the" not in page


def test_a_tie_in_the_enclosing_contest_starts_a_new_cover_cover() -> None:
    hands = [cards("K♠"), cards("K♥"), cards("5♣", "2♦", "9♦"), cards("5♦", "3♦", "8♦")]
    table = Table(constructed(hands))
    table.flip_all()
    s = table.state
    assert s.phase == "cover" and s.covering == (C, D)
    assert s.current is not None and s.current.ties[-1] == Tie(1, 5, (C, D))
    table.flip_all()
    assert table.state.last is not None and table.state.last.winner == C


def test_everyone_dropping_out_is_a_draw_among_them() -> None:
    table = Table(constructed([cards("9♣", "4♦"), cards("9♥", "4♠")]))
    table.flip_all()
    table.flip_all()
    s = table.state
    assert s.phase == "over" and s.termination == "draw" and s.winners == (A, B)
    assert s.last is not None and s.last.winner is None
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.ranks == (1, 1)
    assert "share the win" in words(outcome.summary)


def test_a_draw_through_two_cover_covers_in_one_round_is_told_as_one_round() -> None:
    """5.2: everyone knocked out in the same round shares the win, here through two
    separate Cover-covers (K-K and 5-5), which the summary does not call one."""
    table = Table(constructed([cards("K♥"), cards("K♠"), cards("5♦"), cards("5♣")]))
    table.flip_all()
    s = table.state
    assert s.last is not None and len(s.last.ties) == 2
    assert s.termination == "draw" and s.winners == (A, B, C, D)
    outcome = RULES.outcome(s)
    assert outcome is not None
    summary = words(outcome.summary)
    assert "ran out of cards in the same round" in summary and "same Cover-cover" not in summary


def test_winnings_shuffled_under_a_last_card_are_not_told_as_a_new_hand() -> None:
    """4.1: a tied player holding one card takes it first, then their shuffled winnings:
    the hand did not run out, and the card held stays on top."""
    a, b = cards("K♠", "7♣"), cards("K♥", "3♠", "Q♣")
    ana_won = others(a + b, 5)
    ben_won = others(a + b, 52 - 5 - 5, skip=5)
    s = constructed((a, b), (ana_won, ben_won))
    for seat in (A, B):
        s = RULES.apply(s, seat, RULES.legal_actions(s, seat)[0]).state
    assert s.phase == "cover" and len(s.hands[A]) == 1 and RULES.to_act(s) == {CHANCE}
    shuffle = RULES.apply(s, CHANCE, RULES.chance_outcome(s, random.Random(0)))
    told = [words(event.text) for event in shuffle.events]
    assert told == [
        "{p[0]} holds one card and must lay two: their 5 won cards are shuffled in under it."
    ]
    assert shuffle.state.hands[A][0] == cards("7♣")[0] and len(shuffle.state.hands[A]) == 6


def test_the_round_limit_ends_the_game_with_the_most_cards() -> None:
    hands = [cards("A♠", "2♠", "3♠"), cards("2♥", "4♥"), cards("3♥", "5♥", "6♥", "7♥")]
    state = constructed(hands, options={"round_limit": "25"})
    table = Table(msgspec.structs.replace(state, round=25))
    table.flip_all()
    s = table.state
    assert s.phase == "over" and s.termination == "round_limit"
    assert [s.count(p) for p in (A, B, C)] == [5, 1, 3] and s.winners == (A,)
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.ranks == (1, 3, 2)
    assert "Round limit reached after 25 rounds" in words(outcome.summary)


def test_equal_counts_share_the_win_at_the_round_limit() -> None:
    hands = [cards("A♠", "2♠"), cards("2♥", "4♥", "5♥", "6♥"), cards("3♥", "5♠")]
    state = constructed(hands, options={"round_limit": "50"})
    table = Table(msgspec.structs.replace(state, round=50))
    table.flip_all()
    s = table.state
    assert [s.count(p) for p in (A, B, C)] == [4, 3, 1]
    hands = [cards("A♠", "2♠"), cards("2♥", "4♥", "5♥", "6♥", "7♥"), cards("3♥")]
    limited = constructed(hands, options={"round_limit": "300"})
    table = Table(msgspec.structs.replace(limited, round=300))
    table.flip_all()
    s = table.state
    assert [s.count(p) for p in (A, B, C)] == [4, 4, 0] and s.winners == (A, B)
    assert RULES.outcome(s).ranks == (1, 1, 3)  # type: ignore[union-attr]


def test_standings_order_knocked_out_players_by_how_long_they_lasted() -> None:
    hands = [cards("A♠", "K♠"), cards("2♥"), cards("3♥", "4♥"), cards("5♥", "6♥")]
    table = Table(constructed(hands))
    table.flip_all()
    assert table.state.out == (0, 1, 0, 0)
    table.flip_all()
    s = table.state
    assert s.phase == "over" and s.winners == (A,) and s.out == (0, 1, 2, 2)
    assert RULES.outcome(s).ranks == (1, 4, 2, 2)  # type: ignore[union-attr]


def test_refusals_say_why() -> None:
    hands = [cards("K♠", "2♣", "3♣"), cards("K♥", "3♦", "4♦"), cards("5♣", "6♣")]
    table = Table(constructed(hands))
    s = table.state
    with pytest.raises(IllegalAction, match=words(say.FLIP_NOT_COVER)):
        RULES.apply(s, A, Cover())
    with pytest.raises(IllegalAction, match=words(say.BOT_ONLY)):
        RULES.apply(s, A, Shuffle(A, (1, 2)))
    with pytest.raises(NotYourTurn, match=words(say.NO_CHANCE)):
        RULES.apply(s, CHANCE, Flip())
    table.play(A, "F")
    with pytest.raises(NotYourTurn, match=words(say.ALREADY_FLIPPED)):
        RULES.apply(table.state, A, Flip())
    table.play(B, "F")
    table.play(C, "F")
    s = table.state
    with pytest.raises(NotYourTurn, match=words(say.NOT_TIED)):
        RULES.apply(s, C, Cover())
    with pytest.raises(IllegalAction, match="press Cover-cover!"):
        RULES.apply(s, A, Flip())
    table.play(A, "C")
    with pytest.raises(NotYourTurn, match=words(say.ALREADY_COVERED)):
        RULES.apply(table.state, A, Cover())
    with pytest.raises(NotYourTurn, match=words(say.NOT_YOUR_TURN)):
        RULES.apply(s, 5, Flip())


def test_out_players_and_finished_matches_refuse_presses() -> None:
    table = Table(constructed([cards("A♠", "K♠"), cards("2♥"), cards("3♥", "4♥")]))
    table.flip_all()
    with pytest.raises(NotYourTurn, match=words(say.YOU_ARE_OUT)):
        RULES.apply(table.state, B, Flip())
    table.flip_all()
    assert table.state.phase == "over"
    with pytest.raises(MatchOver):
        RULES.apply(table.state, A, Flip())
    assert RULES.to_act(table.state) == frozenset()


def test_chance_refuses_a_deal_for_too_many_seats_and_a_foreign_shuffle() -> None:
    state = RULES.initial_state(2, {})
    with pytest.raises(IllegalAction, match=words(WRONG_SEATS_DEAL)):
        RULES.apply(state, CHANCE, Deal(4, tuple(range(52))))
    table = Table(constructed([cards("A♠"), cards("2♠", "3♠")]))
    table.flip_all()
    with pytest.raises(IllegalAction, match=words(say.WRONG_SHUFFLE)):
        RULES.apply(table.state, CHANCE, Shuffle(B, table.state.winnings[A]))
    with pytest.raises(IllegalAction, match=words(say.NO_CHANCE)):
        RULES.apply(table.state, CHANCE, Deal(0, tuple(range(52))))


@pytest.mark.parametrize("seed", range(12))
def test_cards_are_conserved_in_random_matches(seed: int) -> None:
    seats = 2 + seed % 5
    state = RULES.initial_state(seats, {"round_limit": "100"})
    table = Table(state)
    rng = random.Random(seed)
    while RULES.outcome(table.state) is None:
        if chance_pending(table.state) or table.state.phase == "deal":
            table.play(CHANCE, RULES.chance_outcome(table.state, rng).token())
        else:
            table.flip_all()
        assert table.total() == 52 or table.state.termination == "draw"
