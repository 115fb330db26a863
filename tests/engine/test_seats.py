"""Dealing one card at a time from the dealer's left, and the deck that deals given hands."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.engine.seats import deal_order, deal_out, stacked


def test_the_deal_starts_left_of_the_dealer_and_ends_with_the_dealer() -> None:
    assert deal_order(0, 3) == (1, 2, 0)
    assert deal_order(2, 4) == (3, 0, 1, 2)


def test_cards_go_round_one_at_a_time_and_the_first_seats_get_the_spare_ones() -> None:
    assert deal_out(range(8), 1, 3) == ((1, 4, 7), (2, 5), (0, 3, 6))


@given(
    st.integers(2, 6).flatmap(
        lambda seats: st.tuples(st.integers(0, seats - 1), st.integers(0, 60), st.just(seats))
    )
)
def test_stacking_the_hands_gives_back_the_deck_they_were_dealt_from(
    deal: tuple[int, int, int],
) -> None:
    dealer, size, seats = deal
    deck = list(range(size))
    assert stacked(dealer, deal_out(deck, dealer, seats)) == deck
