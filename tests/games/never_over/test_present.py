"""NEVER OVER screens: the private view's groups and steps, the table, the pictures."""

from __future__ import annotations

import io
import time

from PIL import Image

from bot.engine import Button, Select
from bot.games.never_over import GAME
from bot.games.never_over.present import NeverOverPresenter

from .support import ABE, BEA, CAL, RULES, Table
from .test_example import play_to

NAMES = ["Abe", "Bea", "Cal"]
TEXT = NeverOverPresenter(images=False)


def private(table: Table, seat: int, step: str | None = None) -> tuple[str, list[Button | Select]]:
    """Render a seat's private view; return its text and choices."""
    legal = RULES.legal_actions(table.state, seat) if seat in RULES.to_act(table.state) else ()
    screen = TEXT.private(table.private(seat), legal, NAMES, step)
    return screen.body, list(screen.choices)


def labels(choices: list[Button | Select]) -> list[str]:
    """Return the labels of the buttons, and of each select's options."""
    out = []
    for choice in choices:
        if isinstance(choice, Button):
            out.append(choice.label)
        else:
            out += [f"{choice.placeholder}: {o.label}" for o in choice.options]
    return out


def test_the_first_step_groups_actions_the_way_a_person_thinks() -> None:
    body, choices = private(Table(), ABE)
    assert labels(choices) == [
        "Score +4",
        "Score +3",
        "Score +2",
        "Score +1",
        "Raise my cap (now 4): ≤4 on my red pile",
        "Cap an opponent: choose a red card: ≤4",
        "Cap an opponent: choose a red card: ≤2",
        "Discard…",
        "Retire…",
    ]
    raise_select = next(c for c in choices if isinstance(c, Select))
    assert raise_select.options[0].description == "redundant: cap stays 4"
    assert "**Your hand** (8): +4 +3 +2 +2 +1 +1 ≤4 ≤2" in body
    assert "≤2 → Cal's red pile (cap 4 → 2)" in body


def test_capping_offers_only_the_opponents_it_is_legal_on() -> None:
    table = play_to(6)  # Bea's cap is 1, Cal's pile is empty
    table.give({ABE: "r2 g1"})
    note, choices = (
        TEXT.private(table.private(ABE), RULES.legal_actions(table.state, ABE), NAMES, "C.r2").body,
        None,
    )
    _, choices = private(table, ABE, "C.r2")
    assert labels(choices) == ["Cal: cap 4 → 2", "Back"]
    assert "Put ≤2 on whose red pile?" in note


def test_the_discard_and_retire_steps() -> None:
    _, discards = private(Table(), ABE, "D")
    kinds = ["+4", "+3", "+2", "+1", "≤4", "≤2"]
    assert labels(discards) == [*(f"Discard {k}" for k in kinds), "Back"]
    body, retire = private(Table(), ABE, "X")
    assert labels(retire) == ["Confirm: retire", "Back"]
    assert "Your 8 cards are set aside face down" in body and "still have plays" in body


def test_a_stale_or_unknown_step_falls_back_to_the_first_step() -> None:
    _, choices = private(Table(), ABE, "C.r0")  # Abe holds no ≤0
    assert "Discard…" in labels(choices)


def test_the_discard_step_promises_a_draw_only_while_the_stock_lasts() -> None:  # §8.7
    table = Table()
    note, _ = private(table, ABE, "D")
    assert "and you draw." in note
    table.tweak(stock=())
    note, _ = private(table, ABE, "D")
    assert "the stock is empty: no draw" in note and "you draw" not in note


def test_waiting_retired_and_finished_views() -> None:
    table = play_to(10)
    body, choices = private(table, CAL)
    assert "Waiting for Bea." in body and not choices
    body, _ = private(table, ABE)
    assert "You have retired from this game." in body
    set_aside = table.state.hands[ABE]
    assert set_aside and not table.private(ABE).hand, "set aside: hidden from everyone (§6)"
    assert f"your {len(set_aside)} cards are set aside face down until the game ends" in body
    hidden = RULES.hidden_from(table.state, ABE)
    assert all(table.state.card(c) in hidden for c in set_aside)
    table.play(BEA, "X")
    table.play(CAL, "X")
    body, _ = private(table, ABE)
    assert "The game is over." in body


def test_step_targets_fit_in_a_custom_id() -> None:
    _, choices = private(Table(), ABE)
    for choice in choices:
        targets = (
            [choice.target] if isinstance(choice, Button) else [o.target for o in choice.options]
        )
        assert all(len(t) <= 40 for t in targets)


def test_table_and_hand_pictures() -> None:
    table = play_to(10)
    began = time.perf_counter()
    screen = GAME.presenter.table(table.public(), NAMES, None)
    assert time.perf_counter() - began < 1.0
    assert (
        screen.image is not None
        and "Abe: green 6, cap ≤2, retired, 8 set aside" in screen.image_alt
    )
    image = Image.open(io.BytesIO(screen.image))
    assert 800 <= image.width <= 1000 and image.height < 800
    hand = GAME.presenter.private(
        table.private(BEA), RULES.legal_actions(table.state, BEA), NAMES, None
    )
    assert hand.image is not None and Image.open(io.BytesIO(hand.image)).format == "PNG"
    assert hand.image_alt.startswith("Your hand: +4 +4 +3")


def test_rules_pages_mark_the_house_rules() -> None:
    pages = GAME.presenter.rules_pages()
    text = "\n".join(p.body for p in pages)
    assert len(pages) == 6 and text.count("house rule") >= 6
    assert "your cap is 2: a +3 cannot go on your green pile" in text


def test_the_session_total_and_the_game_title_keep_to_their_columns() -> None:
    """The session total never runs under the red pile, and shows its number even when
    the word does not fit (Italian "sessione"); the title stays left of the first heading."""
    from bot.draw.text import width
    from bot.engine.i18n import use_locale
    from bot.games.never_over import table_art as art

    room = art.RED_X - art.TOTAL_X - 6
    for language in ("en", "it"):
        with use_locale(language):
            for total in (7, 37, 1234):
                for size in (13, 11):
                    text, drawn = art.session_label(total, size)
                    assert str(total) in text and width(text, drawn) <= room, (language, text)
    assert art.NAME_ROOM < art.GREEN_X - art.NAME_X


def test_a_win_with_one_point_says_point() -> None:
    from bot.engine.i18n import use_locale
    from bot.engine.phrase import words
    from bot.games.never_over.messages import winners_text

    assert words(winners_text(["Ada"], 1, 1)) == "Ada wins with 1 point."
    assert words(winners_text(["Ada"], 7, 1)) == "Ada wins with 7 points."
    with use_locale("it"):
        assert words(winners_text(["Ada"], 1, 1)) == "Ada vince con 1 punto."
