"""The Cover-cover table message, private views, rules pages and pictures."""

from __future__ import annotations

import time
from typing import Any

from bot.engine import Button
from bot.games.cover_cover.cards import card, parse
from bot.games.cover_cover.present import LOUD, CoverCoverPresenter
from bot.games.cover_cover.table import scene

from .support import RULES, Table, cards, constructed, others

NAMES = ["Ana", "Ben", "Cy"]
TEXT = CoverCoverPresenter(images=False)


def tied_table() -> Table:
    """Return §9.1 after the round-1 flips: Ana and Ben are in a Cover-cover."""
    ana, ben, cy = cards("K♠", "7♣", "9♦", "2♥"), cards("K♥", "3♠", "Q♣", "5♦"), cards("4♣", "A♠")
    taken = ana + ben + cy
    won = (), others(taken, 12), others(taken, 30, skip=12)
    table = Table(constructed((ana, ben, cy), won))
    table.flip_all()
    return table


def private(table: Table, seat: int) -> object:
    """Render a seat's private screen with its legal actions."""
    legal = RULES.legal_actions(table.state, seat)
    return TEXT.private(table.private(seat), legal, NAMES, None)


def test_the_table_shouts_during_a_cover_cover() -> None:
    table = tied_table()
    screen = TEXT.table(table.public(), NAMES, None)
    assert screen.title.startswith("COVER-COVER!") and screen.colour == LOUD
    assert "**COVER-COVER!** Ana and Ben tie with kings." in screen.body
    assert "Still to shout **Cover-cover!**: Ana and Ben" in screen.body
    assert "Round 1 flips: Ana K♤, Ben K♥, Cy 4♧" in screen.body
    assert "On the table: 3 cards." in screen.body
    statuses = [f.value.splitlines()[-1] for f in screen.fields]
    assert statuses == ["TO SHOUT!", "TO SHOUT!", "**31** cards (hand 1, won 30)"]


def test_only_the_tied_players_get_the_cover_cover_button() -> None:
    table = tied_table()
    ana = private(table, 0)
    assert ana.choices == (Button("Cover-cover!", "a.C", "danger"),)  # type: ignore[attr-defined]
    assert "You are tied for the highest card" in ana.body  # type: ignore[attr-defined]
    cy = private(table, 2)
    assert cy.choices == ()  # type: ignore[attr-defined]
    assert "A Cover-cover is on: waiting for Ana and Ben." in cy.body  # type: ignore[attr-defined]


def test_the_decided_round_names_the_winner_and_every_level() -> None:
    table = tied_table()
    table.play(0, "C")
    table.play(1, "C")
    screen = TEXT.table(table.public(), NAMES, None)
    assert screen.title == "Cover-cover - Round 2"
    assert (
        "Cover-cover (Ana and Ben tied with kings): Ana 1 face down, shows 9♦; Ben" in screen.body
    )
    assert "**Ben takes 7 cards.**" in screen.body
    assert "Still to press **Flip**: Ana, Ben and Cy" in screen.body
    assert screen.fields[1].value.startswith("**20** cards (hand 1, won 19)")
    assert "7♧" not in screen.body and "3♤" not in screen.body, "face-down cards stay unseen"
    ana = private(table, 0)
    assert ana.choices == (Button("Flip", "a.F", "primary"),)  # type: ignore[attr-defined]
    assert "**Your cards: 1** (hand 1, winnings 0)." in ana.body  # type: ignore[attr-defined]


def test_the_picture_rings_the_tied_and_winning_cards() -> None:
    table = tied_table()
    table.play(0, "C")
    table.play(1, "C")
    plan = scene(table.public(), NAMES)
    assert plan.columns == ("Flip", "Cover-cover!") and plan.banner == ""
    ana, ben, cy = plan.rows
    assert [c.ring if c else None for c in ana.cells] == ["tie", ""]
    assert [c.ring if c else None for c in ben.cells] == ["tie", "win"]
    assert ben.cells[1] is not None and ben.cells[1].down
    assert cy.cells[1] is None and ben.status == "TAKES 7 CARDS"
    assert plan.footer == "Ben takes 7 cards"


def test_out_players_and_the_end_of_the_match() -> None:
    table = tied_table()
    for seat in (0, 1):
        table.play(seat, "C")
    table.flip_all()
    screen = TEXT.table(table.public(), NAMES, None)
    assert screen.fields[0].value == "Out (round 2)"
    assert scene(table.public(), NAMES).rows[0].slim is False, "Ana's 2♥ is still shown"
    assert "You are out (round 2)" in private(table, 0).body  # type: ignore[attr-defined]


def test_auto_tables_show_the_summary_and_the_play_on_button() -> None:
    hands = [cards("K♠", "2♣", "9♣", "3♠", "5♦"), cards("K♥", "3♣", "8♣", "4♠", "6♦")]
    table = Table(constructed(hands, options={"auto": "on", "auto_summary_every": "1"}))
    screen: Any = private(table, 1)
    assert screen.choices == (Button("Play the next 1 round", "a.F", "success"),)
    table.play(1, "F")
    body = TEXT.table(table.public(), ["Ana", "Ben"], None).body
    assert (
        "Auto: the bot plays on in 10 seconds, or at once when a player presses "
        "**Play the next 1 round** in My hand." in body
    )
    assert "Round 1: 1 Cover-cover, deepest: a Cover-cover." in body
    assert "Round 1 flips" not in body, "a summary instead of every round"


def test_images_are_png_and_quick() -> None:
    table = tied_table()
    presenter = CoverCoverPresenter()
    began = time.perf_counter()
    screen = presenter.table(table.public(), NAMES, None)
    assert time.perf_counter() - began < 1.0
    assert screen.image is not None and screen.image.startswith(b"\x89PNG")
    assert "Ana K♤" in screen.image_alt
    hand = presenter.private(table.private(0), RULES.legal_actions(table.state, 0), NAMES, None)
    assert hand.image is not None and "hand: 3 cards" in hand.image_alt


def test_rules_pages_mark_the_house_rules() -> None:
    pages = TEXT.rules_pages()
    assert len(pages) >= 5 and all(p.title.startswith("Cover-cover rules") for p in pages)
    text = "\n".join(p.body for p in pages)
    assert text.count("house rule") >= 6 and "Cover-cover!" in text and "auto" in text


def test_spades_and_clubs_are_written_in_the_themes_own_colour() -> None:
    """♠ and ♣ become black emoji in Discord, unreadable on the dark theme: text uses ♤ ♧."""
    shown = {card(n).text()[-1] for n in range(52)}
    assert shown == {"♤", "♥", "♦", "♧"}
    assert parse("K♠") == parse("K♤") and parse("4♣") == parse("4♧") == parse("4♧\ufe0e")


def test_the_players_panel_text_grows_with_the_cards_and_stays_in_its_row() -> None:
    """With few players the cards grow, and the panel's text with them (readable on a
    phone); at every card scale, the smallest included, the four lines fit inside the row."""
    from bot.games.cover_cover import art

    row = art.Row("Ada", "13 cards", "hand 7 · won 6", "TAKES 2 CARDS")
    small = [size for _, size, _ in art._panel_lines(row, 1.0)]
    large = [size for _, size, _ in art._panel_lines(row, art.TEXT_GROWTH)]
    assert all(b > a for a, b in zip(small, large, strict=True))
    for scale in (art.MIN_SCALE, 1.0, 1.2, art.MAX_SCALE):
        grow = art.text_growth(scale)
        lines = art._panel_lines(row, grow)
        bottom = 8 + (len(lines) - 1) * 24 * grow + lines[-1][1] * 1.2
        assert bottom <= art._row_height(scale), scale
