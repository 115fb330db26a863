"""The placement prompt: one select of die and target pairs, a Confirm that says what the
placement does, die faces, Pass secondary, +1/−1 as an extra step only when held."""

from __future__ import annotations

import re

import pytest

from bot.engine.i18n import use_locale
from bot.engine.screen import Button, Screen, Select
from bot.games.covert.actions import PASS, Adjust, Place
from bot.games.covert.present import CovertPresenter
from bot.games.covert.state import CovertState, Die
from tests.games.covert.support import RULES, moves
from tests.games.covert.test_edges import edit, placing, play
from tests.games.covert.test_example import ADA
from tests.games.covert.test_italian import DOMAINS
from tests.support.i18n import leftover_source, screen_texts

NAMES = ("Ada", "Ben")
PRESENTER = CovertPresenter(images=False)
FACES = "⚀⚁⚂⚃⚄⚅"


def screen(state: CovertState, step: str | None = None, seat: int = ADA) -> Screen:
    """Render a seat's dossier at a step, as the bot does."""
    legal = moves(state, seat)
    return PRESENTER.private(RULES.view(state, seat), legal, NAMES, step)


def selects(shown: Screen) -> list[Select]:
    """Return the selects of a screen."""
    return [c for c in shown.choices if isinstance(c, Select)]


def buttons(shown: Screen) -> list[Button]:
    """Return the buttons of a screen."""
    return [c for c in shown.choices if isinstance(c, Button)]


def plain() -> CovertState:
    """Ada's first placement with no +1/−1 in hand (dice 1 3 3 5 6)."""
    return edit(placing(), ADA, hand=("A33",))


def test_every_placement_is_one_pick_away_in_a_select() -> None:
    s = plain()
    places = {a.token() for a in moves(s, ADA) if isinstance(a, Place)}
    (select,) = selects(screen(s))
    assert {o.target for o in select.options} == {f"p.do.{t}" for t in places}
    assert len(select.options) <= 25
    assert "⚀ 1 → Movement (space 1)" in [o.label for o in select.options]
    assert "⚅ 6 → the Decoder" in [o.label for o in select.options]
    for option in select.options:
        assert option.label[0] in FACES and option.description, option
    hints = {o.label: o.description for o in select.options}
    assert hints["⚅ 6 → the Decoder"].startswith("In Phase II you may lay this die on a Cipher")
    assert hints["⚂ 3 → Mission Cards (space 3)"].startswith("In Phase III you take a face-up")
    assert not any(b.label == "Place a die" for b in buttons(screen(s)))


CONFIRM_WORDS = {
    "en": (
        "**Place ⚄ on Movement (space 5): in Phase III you move your agents",
        "✅ Confirm: place ⚄ on Movement (space 5)",
        "◀ Back",
        "Place ⚀ on the Special Operations folder: you draw a Special Operations token",
    ),
    "it": (
        "**Piazza ⚄ su Movimento (spazio 5): nella Fase III muovi i tuoi agenti",
        "✅ Conferma: piazza ⚄ su Movimento (spazio 5)",
        "◀ Indietro",
        "Piazza ⚀ sulla cartella Operazioni Speciali: peschi subito",
    ),
}
"""Per language: what the confirm step of ⚄ on Movement says first, its Confirm and Back
labels, and what the step of ⚀ on Special Operations says."""


@pytest.mark.parametrize("language", sorted(CONFIRM_WORDS))
def test_the_confirm_step_says_what_happens_and_confirms_with_the_primary_button(
    language: str,
) -> None:
    effect, confirm_label, back_label, spec_ops_effect = CONFIRM_WORDS[language]
    s = plain()
    with use_locale(language):
        shown = screen(s, "do.P.3.MV")
        spec_ops = screen(s, "do.P.0.SO").body
    assert shown.body.startswith(effect), shown.body[:200]
    confirm, back = buttons(shown)
    assert confirm.target == "a.P.3.MV" and confirm.style == "primary"
    assert confirm.label == confirm_label
    assert back.label == back_label and back.style == "secondary" and back.target == "p."
    assert spec_ops_effect in spec_ops


def test_the_confirm_step_says_what_each_target_does() -> None:
    s = plain()
    assert "in Phase II you may lay this die on a Cipher tile" in screen(s, "do.P.0.DE").body
    assert "complete a Mission from your hand" in screen(s, "do.P.0.CM").body


def test_the_confirm_says_so_when_the_token_bag_is_empty() -> None:
    s = plain()
    empty = type(s)(**{**{f: getattr(s, f) for f in s.__struct_fields__}, "bag": ()})
    assert "the token bag is empty, so you draw nothing" in screen(empty, "do.P.0.SO").body


def test_a_choice_no_longer_legal_is_refused_on_the_confirm_step() -> None:
    s = play(plain(), ADA, Place(3, "MOVEMENT"))
    shown = screen(s, "do.P.3.MV")
    assert "no longer open" in shown.body
    assert not any(b.target.startswith("a.P.") for b in buttons(shown))


def test_pass_is_secondary_and_nothing_on_the_first_step_is_primary() -> None:
    shown = screen(plain())
    (passing,) = [b for b in buttons(shown) if b.target == f"a.{PASS.token()}"]
    assert passing.style == "secondary" and passing.label.startswith("Pass")
    assert all(b.style != "primary" for b in buttons(shown))
    assert "pick a die and where it goes, then confirm" in shown.body


def test_the_dossier_shows_the_dice_as_faces() -> None:
    s = play(plain(), ADA, Place(3, "MOVEMENT"))
    body = screen(s).body
    assert "**Your dice**: ⚀ ⚂ ⚂ ⚅" in body
    assert "- ⚄ on Movement (space 5)" in body
    assert not re.search(r"\*\*Your dice\*\*: .*\d", body.split("\n")[0])


def test_five_different_faces_on_an_empty_board_split_into_two_selects() -> None:
    s = edit(plain(), ADA, dice=tuple(Die(f) for f in (1, 2, 3, 4, 5)))
    places = {a.token() for a in moves(s, ADA) if isinstance(a, Place)}
    assert len(places) == 30
    shown = screen(s)
    found = [o.target for x in selects(shown) for o in x.options]
    assert sorted(found) == sorted(f"p.do.{t}" for t in places)
    assert all(len(x.options) <= 25 for x in selects(shown))


def test_a_held_modifier_adds_one_step_a_select_saying_what_it_does() -> None:
    s = placing()  # Ada holds A07, a −1 card
    _, modify = selects(screen(s))
    adjusts = {a.token() for a in moves(s, ADA) if isinstance(a, Adjust)}
    assert {o.target for o in modify.options} == {f"a.{t}" for t in adjusts}
    hints = {o.label: o.description for o in modify.options}
    assert hints["⚄ 5 → ⚃ 4 with A07 −1 (REC, Helsinki)"].startswith("Spent at once; place")
    # After the −1, the select offers that die only, never the Special Operations folder,
    # and the placement is confirmed as usual: three clicks in all.
    s = play(s, ADA, Adjust(3, "A07"))
    (after,) = selects(screen(s))
    assert all(o.label.startswith("⚃ 4 → ") for o in after.options)
    assert not any(o.target.endswith(".SO") for o in after.options)
    (confirm, _) = buttons(screen(s, "do.P.3.MC"))
    assert confirm.target == "a.P.3.MC" and confirm.style == "primary"


def test_the_table_shows_placed_dice_as_faces() -> None:
    s = play(plain(), ADA, Place(3, "MOVEMENT"))
    shown = PRESENTER.table(RULES.view(s, None), NAMES, None)
    text = shown.body + "".join(f.value for f in shown.fields)
    assert "dice ⚀ ⚂ ⚂ ⚄@Move ⚅ ·" in text, text


def test_the_placement_prompt_reads_in_italian() -> None:
    """Under an Italian locale the select, its hints, the confirm step, the +1/−1 and the
    dice lines come from the catalogue: no English piece is left, the dice stay faces."""
    placed = play(plain(), ADA, Place(3, "MOVEMENT"))
    split = edit(plain(), ADA, dice=tuple(Die(f) for f in (1, 2, 3, 4, 5)))
    with use_locale("it"):
        first = screen(placing())  # Ada holds A07, a −1 card
        confirm = screen(plain(), "do.P.3.MV")
        spec_ops = screen(plain(), "do.P.0.SO")
        after = screen(placed)
        halves = screen(split)
    shown = [first, confirm, spec_ops, after, halves]
    texts = [t for s in shown for t in screen_texts(s)]
    assert leftover_source(texts, DOMAINS) == []
    pairs, modify = selects(first)
    assert pairs.placeholder == "Piazza un dado: scegli un dado e dove va"
    hints = {o.label: o.description for o in pairs.options}
    assert hints["⚄ 5 → Movimento (spazio 5)"].startswith("Nella Fase III muovi i tuoi agenti")
    assert hints["⚅ 6 → il Decodificatore"].startswith("Nella Fase II puoi mettere questo dado")
    assert all(o.label[0] in FACES for o in (*pairs.options, *modify.options))
    assert "⚄ 5 → ⚃ 4 con A07 −1 (REG, Helsinki)" in [o.label for o in modify.options]
    assert all(o.description.startswith("Si consuma subito") for o in modify.options)
    assert "scegli un dado e dove va, poi conferma; oppure Passa" in first.body
    assert any(b.label.startswith("Passa") and b.style == "secondary" for b in buttons(first))
    assert "**I tuoi dadi**: ⚀ ⚂ ⚂ ⚅" in after.body and "- ⚄ su Movimento (spazio 5)" in after.body
    assert "poi Fine turno" in after.body
    assert [s.placeholder for s in selects(halves)] == [
        "Piazza un dado su un Cerchio Azione",
        "…oppure su Operazioni Speciali o sul Decodificatore",
    ]
