"""Coins screens: the table, each seat's private view, no leaks, and the rules pages."""

from __future__ import annotations

from bot.engine import Screen, Select
from bot.games.coins import GAME
from bot.games.coins.cards import CARDS
from bot.games.coins.present import CoinsPresenter
from bot.games.coins.table import picture

from .support import ANA, BEN, CY, NAMES, RULES, Table, arranged
from .test_example import TRICKS, play_to

TEXT = CoinsPresenter(images=False)


def table_screen(table: Table) -> Screen:
    """Render the public table without its picture."""
    return TEXT.table(table.public(), NAMES, RULES.outcome(table.state))


def private_screen(table: Table, seat: int, presenter: CoinsPresenter = TEXT) -> Screen:
    """Render a seat's private view with the actions open to it."""
    legal = RULES.legal_actions(table.state, seat) if seat in RULES.to_act(table.state) else ()
    return presenter.private(table.private(seat), legal, NAMES, None)


def everything(screen: Screen) -> str:
    """Return every word a screen shows."""
    parts = [screen.title, screen.body, screen.image_alt]
    parts += [f"{f.name} {f.value}" for f in screen.fields]
    for choice in screen.choices:
        if isinstance(choice, Select):
            parts += [f"{o.label} {o.description} {o.target}" for o in choice.options]
        else:
            parts += [choice.label, choice.target]
    return "\n".join(parts)


def mid_trick_five() -> Table:
    """Return the example after trick 4 and Ben's lead of trick 5."""
    table = play_to(4)
    table.card(BEN, "2 Swords")
    return table


def test_the_table_shows_the_trick_the_last_trick_scores_and_unseen_coins() -> None:
    screen = table_screen(mid_trick_five())
    assert screen.title == "Coins - hand 1"
    body = screen.body
    assert "**Hand 1** · dealer: Cy · first to **15** points wins" in body
    assert "Turn: **Cy** to play" in body
    assert "**Current trick:** Ben: 2 of Swords · Cy: … · Ana: …" in body
    assert "**Last trick:** Ana: 8 of Swords · Ben: **Knave of Coins** · Cy: 6 of Clubs" in body
    assert "Ben takes it (three suits, Cups missing: Coins win) and scores 1 point" in body
    assert "Coins not yet seen this hand: **8** of 12" in body
    fields = {f.name: f.value for f in screen.fields}
    assert set(fields) == {"Ana", "Ben", "Cy (dealer, to play)"}
    assert fields["Ben"] == "Score: **1** of 15\nTricks this hand: 1\nCards in hand: 11"
    assert fields["Cy (dealer, to play)"].startswith("Score: **3** of 15\nTricks this hand: 2")


def test_the_seat_to_play_gets_one_select_of_its_whole_hand() -> None:
    table = mid_trick_five()
    screen = private_screen(table, CY)
    (select,) = screen.choices
    assert isinstance(select, Select) and len(select.options) == 12
    labels = [o.label for o in select.options]
    assert labels == [c.name() for c in table.private(CY).hand]
    order = [(c.suit, -c.strength) for c in table.private(CY).hand]
    assert order == sorted(order) and len({suit for suit, _ in order}) > 1, "cycle order"
    assert {o.target for o in select.options} == {
        "a." + a.token() for a in RULES.legal_actions(table.state, CY)
    }
    assert "Your turn: play any card. Nobody has to follow suit." in screen.body


def test_the_hand_lists_suits_in_cycle_order_and_counts_coins() -> None:
    table = play_to(5)
    body = private_screen(table, ANA).body
    assert body.index("Cups:") < body.index("Coins:") < body.index("Swords:") < body.index("Clubs:")
    view = table.private(ANA)
    assert f"Coins in your hand: **{view.coins_in_hand}**" in body
    assert view.coins_in_hand + view.coins_elsewhere == 7
    assert f"together: **{view.coins_elsewhere}** (of 7 not yet seen)" in body
    assert "Waiting for Cy." in body and not private_screen(table, ANA).choices


def test_playing_last_each_option_says_who_takes_the_trick() -> None:
    cy = ["2 Cups", "Ace Coins", "3 Coins", "Ace Swords", "2 Swords", "9 Clubs"]
    table = Table(arranged(CY, [["5 Coins"], ["King Swords"], cy]))
    table.trick((ANA, "5 Coins"), (BEN, "King Swords"))
    screen = private_screen(table, CY)
    (select,) = screen.choices
    assert isinstance(select, Select)
    notes = {o.label: o.description for o in select.options}
    assert notes["2 of Cups"] == "you take the trick: 1 point"
    assert notes["Ace of Coins"] == "you take the trick: 2 points"
    assert notes["3 of Coins"] == "Ana takes the trick: 2 points"
    assert notes["Ace of Swords"] == "you take the trick: 1 point"
    assert notes["2 of Swords"] == "Ben takes the trick: 1 point"
    assert notes["9 of Clubs"] == "Ana takes the trick: 1 point"
    assert "you play last" in screen.body


def test_before_the_last_card_only_coins_carry_a_note() -> None:
    table = Table(arranged(CY, [["5 Coins"], ["King Swords", "2 Coins"], []]))
    table.card(ANA, "5 Coins")
    (select,) = private_screen(table, BEN).choices
    assert isinstance(select, Select)
    notes = {o.label: o.description for o in select.options}
    assert notes["2 of Coins"] == "Coins: 1 point to whoever takes the trick"
    assert notes["King of Swords"] == ""


def test_no_screen_shows_a_hand_to_anyone_else() -> None:
    for trick in range(6):
        table = play_to(trick)
        hidden = {seat: [CARDS[c].name() for c in table.state.hands[seat]] for seat in range(3)}
        public = everything(table_screen(table))
        for seat, cards in hidden.items():
            assert not [c for c in cards if c in public]
            for other in range(3):
                if other != seat:
                    shown = everything(private_screen(table, other))
                    assert not [c for c in cards if c in shown], (seat, other)
        drawn = picture(table.public(), NAMES)
        on_picture = {s.card.number for s in (*drawn.current, *drawn.last) if s.card}
        assert not on_picture & {c for h in table.state.hands for c in h}


def test_the_end_reveals_the_hands_and_the_standings() -> None:
    table = play_to(1)
    table.tweak(scores=(0, 0, 14))
    table.trick(*TRICKS[1])
    screen = table_screen(table)
    assert screen.title == "Coins - match over"
    assert screen.body.startswith("**Cy reaches 16 of 15 points and wins.**")
    assert "Standings: 1. Cy, 2. Ana, 2. Ben" in screen.body
    fields = {f.name: f.value for f in screen.fields}
    assert "Still held (14): " in fields["Ana"] and "Knight of Clubs" in fields["Ana"]
    # Said once: the cards left, not also their count (issue item 10).
    assert fields["Ana"].count("Still held") == 1 and "Cards in hand" not in fields["Ana"]
    assert "The match is over." in private_screen(table, CY).body


def test_pictures_of_the_table_and_the_hand() -> None:
    table = mid_trick_five()
    screen = GAME.presenter.table(table.public(), NAMES, None)
    assert screen.image is not None and screen.image.startswith(b"\x89PNG")
    assert "Current trick: Ben 2 of Swords." in screen.image_alt
    assert "won by Ben" in screen.image_alt
    private = private_screen(table, CY, GAME.presenter)
    assert private.image is not None and private.image.startswith(b"\x89PNG")
    assert private.image_alt.startswith("Your hand: ")


def test_the_rules_pages_credit_mark_steere_and_mark_the_house_rules() -> None:
    pages = GAME.presenter.rules_pages()
    assert len(pages) == 5 and pages[0].title.startswith("Coins rules 1/5")
    text = "\n".join(p.body for p in pages)
    assert "Mark Steere" in pages[0].body and "name and rules stay unchanged" in pages[0].body
    assert "Cups > Coins > Swords > Clubs > Cups" in text
    assert "Clubs missing: Cups win" in text and "house rule" in text.lower()
    assert "A hand holds 12 points" in text
