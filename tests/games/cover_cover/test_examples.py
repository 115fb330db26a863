"""Cover-cover worked examples (rules §9) step by step."""

from __future__ import annotations

import pytest

from bot.engine import CHANCE
from bot.games.cover_cover.actions import Shuffle
from bot.games.cover_cover.cards import card, parse
from bot.games.cover_cover.present import CoverCoverPresenter
from bot.games.cover_cover.state import NO_CARD, Play, Tie

from .support import RULES, Table, cards, chance_pending, constructed, others

ANA, BEN, CY = 0, 1, 2
DEE, ELI = 0, 1


def example_one() -> Table:
    """Return the constructed state of §9.1."""
    ana = cards("K♠", "7♣", "9♦", "2♥")
    ben = cards("K♥", "3♠", "Q♣", "5♦")
    cy = cards("4♣", "A♠", "8♦")
    taken = ana + ben + cy
    ben_won, cy_won = others(taken, 11), others(taken, 30, skip=11)
    table = Table(constructed((ana, ben, cy), ((), ben_won, cy_won)))
    assert [table.state.count(s) for s in (ANA, BEN, CY)] == [4, 15, 33]
    assert table.total() == 52
    return table


def test_example_one_round_one_flips_start_a_cover_cover() -> None:
    table = example_one()
    assert RULES.to_act(table.state) == {ANA, BEN, CY}
    table.play(ANA, "F")
    table.play(CY, "F")
    assert RULES.to_act(table.state) == {BEN}, "flips are shown together once all have pressed"
    assert table.state.current is None and table.events == ()
    table.play(BEN, "F")
    s = table.state
    assert s.phase == "cover" and s.covering == (ANA, BEN)
    assert RULES.to_act(s) == {ANA, BEN}, "Cy's 4♣ stays in the pot; he plays no more"
    assert s.current is not None
    assert s.current.flips == (
        Play(ANA, *cards("K♠")),
        Play(BEN, *cards("K♥")),
        Play(CY, *cards("4♣")),
    )
    assert s.current.ties == (Tie(1, 13, (ANA, BEN)),)
    assert "COVER-COVER!" in table.text() and "tie with kings" in table.text()


def test_example_one_round_one_queen_beats_nine() -> None:
    table = example_one()
    table.flip_all()
    table.play(ANA, "C")
    assert "{p[0]}: “COVER-COVER!”" in table.text()
    table.play(BEN, "C")
    s = table.state
    assert s.last is not None and s.last.winner == BEN and s.last.pot == 7
    ana_down, ana_up, ben_down, ben_up = cards("7♣", "9♦", "3♠", "Q♣")
    assert s.last.ties[0].plays == (Play(ANA, ana_up, ana_down), Play(BEN, ben_up, ben_down))
    assert table.hand(ANA) == cards("2♥") and s.count(ANA) == 1
    assert table.hand(BEN) == cards("5♦") and len(s.winnings[BEN]) == 18 and s.count(BEN) == 19
    assert table.hand(CY) == cards("A♠", "8♦") and len(s.winnings[CY]) == 30 and s.count(CY) == 32
    assert s.round == 2 and s.phase == "flip" and table.total() == 52
    assert "{p[1]} wins the round and takes 7 cards." in table.text()


def test_example_one_round_two_ace_wins_and_ana_is_out() -> None:
    table = example_one()
    table.flip_all()
    table.flip_all()
    table.flip_all()
    s = table.state
    assert s.last is not None and s.last.number == 2 and s.last.winner == CY and s.last.pot == 3
    assert s.out == (2, 0, 0), "Ana flipped her last card and lost: out in round 2"
    assert table.hand(BEN) == () and len(s.winnings[BEN]) == 18
    assert table.hand(CY) == cards("8♦") and len(s.winnings[CY]) == 33
    assert table.total() == 52 and RULES.outcome(s) is None
    assert "{p[0]} has no cards left and is out (round 2)." in table.text()


def test_example_one_round_three_ben_shuffles_his_winnings() -> None:
    table = example_one()
    for _ in range(3):
        table.flip_all()
    s = table.state
    assert s.round == 3 and chance_pending(s)
    assert s.shuffle_due() == BEN
    won = s.winnings[BEN]
    order = tuple(reversed(won))
    with pytest.raises(Exception, match="pending shuffle"):
        table.play(CHANCE, Shuffle(BEN, order[1:]).token())
    table.play(CHANCE, Shuffle(BEN, order).token())
    assert table.hand(BEN) == order and table.state.winnings[BEN] == ()
    assert RULES.to_act(table.state) == {BEN, CY}


def example_two() -> Table:
    """Return the constructed state of §9.2."""
    dee = cards("9♣", "4♦")
    eli = cards("9♥", "J♠", "4♠", "8♥")
    table = Table(constructed((dee, eli), ((), others(dee + eli, 46))))
    assert table.total() == 52
    return table


def test_example_two_a_last_card_goes_face_up_alone() -> None:
    table = example_two()
    table.flip_all()
    assert table.state.phase == "cover" and table.state.covering == (DEE, ELI)
    assert not chance_pending(table.state), "Dee's hand holds her last card; Eli holds enough"
    table.play(DEE, "C")
    table.play(ELI, "C")
    last = table.state.last
    assert last is not None
    assert last.ties[0].plays == (
        Play(DEE, parse("4♦"), NO_CARD),
        Play(ELI, parse("4♠"), parse("J♠")),
    )


def test_example_two_nested_cover_cover_dee_drops_out_and_eli_takes_all() -> None:
    table = example_two()
    table.flip_all()
    table.play(DEE, "C")
    table.play(ELI, "C")
    s = table.state
    assert s.last is not None
    nested = s.last.ties[1]
    assert nested == Tie(2, 4, (DEE, ELI), dropped=(DEE,)), "Eli plays no more cards"
    assert sorted(s.last.cards()) == sorted(cards("9♣", "9♥", "4♦", "J♠", "4♠"))
    assert s.last.winner == ELI and s.last.pot == 5
    assert table.hand(ELI) == cards("8♥") and len(s.winnings[ELI]) == 51
    assert s.out == (1, 0) and s.deepest == 2
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.ranks == (2, 1) and outcome.termination == "last_player"
    assert "COVER-COVER INSIDE A COVER-COVER!" in "\n".join(table.log)
    assert "{p[0]} has no cards left for the Cover-cover and is out." in table.log


def test_example_two_dee_is_told_her_last_card_goes_face_up_alone() -> None:
    table = example_two()
    table.flip_all()
    presenter = CoverCoverPresenter(images=False)
    names = ["Dee", "Eli"]
    dee = presenter.private(table.private(DEE), RULES.legal_actions(table.state, DEE), names, None)
    eli = presenter.private(table.private(ELI), RULES.legal_actions(table.state, ELI), names, None)
    assert "lay your last card face up, with nothing face down" in dee.body
    assert "face down and 1 face up" not in dee.body
    assert "to lay 1 card face down and 1 face up." in eli.body


def test_example_two_the_jack_is_never_shown_not_even_at_the_end() -> None:
    table = example_two()
    table.flip_all()
    table.play(DEE, "C")
    table.play(ELI, "C")
    view = table.public()
    assert view.over and view.last is not None
    assert [p.down for p in view.last.ties[0].plays] == [False, True]
    jack = card(cards("J♠")[0])
    for seat in (None, DEE, ELI):
        assert jack in RULES.hidden_from(table.state, seat)
        assert repr(jack) not in str(RULES.view(table.state, seat))
    screen = CoverCoverPresenter(images=False).table(view, ["Dee", "Eli"], None)
    assert "Eli 1 face down, shows 4♤" in screen.body and "J♤" not in screen.body


def test_example_one_face_down_cards_stay_unseen_in_the_winnings() -> None:
    table = example_one()
    table.flip_all()
    table.play(ANA, "C")
    table.play(BEN, "C")
    seven, three, queen = (card(c) for c in cards("7♣", "3♠", "Q♣"))
    for seat in (None, ANA, BEN, CY):
        hidden = RULES.hidden_from(table.state, seat)
        assert seven in hidden and three in hidden and queen not in hidden
        view = str(RULES.view(table.state, seat))
        assert "Card(rank=7, suit=3)" not in view and "Card(rank=12, suit=3)" in view
    plays = table.public().last.ties[0].plays  # type: ignore[union-attr]
    assert [p.down for p in plays] == [True, True]
