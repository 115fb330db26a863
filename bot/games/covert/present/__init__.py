"""Covert presenter: the public table and a seat's private dossier as Discord-free screens.

Text first. When the board-art module ``map.art`` is available, the table also
carries a picture of the map drawn from a plain description of the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.draw.result import with_result
from bot.engine.guide import GamePresenter
from bot.engine.i18n import _
from bot.engine.rules import Action, Outcome
from bot.engine.screen import Field, Screen
from bot.games.covert.present.dossier import (
    CONFIRM,
    DISCARD_STEP,
    discard_body,
    dossier_body,
    dossier_choices,
)
from bot.games.covert.present.guide import GUIDE
from bot.games.covert.present.table import board_text, table_body
from bot.games.covert.views import PrivateView, PublicView


class CovertPresenter(GamePresenter):
    """Turns Covert views into screens; ``images`` can be switched off for fast tests."""

    colour = 0x34495E
    guide = GUIDE

    def table(self, view: PublicView, names: Sequence[str], outcome: Outcome | None) -> Screen:
        """Render the public table message: the map is drawn once the players are seated."""
        seated = bool(view.players)
        return self.screen(
            _("Covert · round {number}").format(number=view.round) if view.round else "Covert",
            table_body(view, names, outcome),
            with_result(partial(board_image, view, names) if seated else None, outcome, names),
            board_alt(view) if seated else "",
            fields=tuple(Field(t, v) for t, v in board_text(view, names)) if seated else (),
        )

    def private(
        self, view: PrivateView, legal: Sequence[Action], names: Sequence[str], step: str | None
    ) -> Screen:
        """Render one seat's dossier and the actions open to it."""
        note, choices = dossier_choices(view, legal, names, step)
        if step == DISCARD_STEP:
            body = discard_body(view)
        else:
            body = dossier_body(view, note, lead=(step or "").startswith(f"{CONFIRM}."))
        held = (view.hand, view.missions, view.codes, view.tokens)
        return self.screen(
            _("🔒 {name}'s dossier").format(name=names[view.seat]),
            body,
            partial(dossier_image, view, names[view.seat]) if any(held) else None,
            dossier_alt(view) if any(held) else "",
            choices=choices,
        )


def board_image(view: PublicView, names: Sequence[str]) -> bytes:
    """Draw the map with the board-art module, imported only when an image is wanted."""
    from bot.games.covert.map.picture import board_png

    return board_png(view, names)


def dossier_image(view: PrivateView, name: str) -> bytes:
    """Draw the seat's cards with the picture module, imported only when an image is wanted."""
    from bot.games.covert.present.pictures import dossier_png

    return dossier_png(view, name)


def dossier_alt(view: PrivateView) -> str:
    """Describe the dossier picture: what it holds; the details are in the text."""
    return _(
        "Your cards (Agency {hand}, Missions {missions}, Codes {codes}, tokens {tokens}); "
        "details in the text."
    ).format(
        hand=len(view.hand),
        missions=len(view.missions),
        codes=len(view.codes),
        tokens=len(view.tokens),
    )


def board_alt(view: PublicView) -> str:
    """Describe the map picture: its details are in the text."""
    if view.round:
        alt = _("Map of Europe with agents and Intel cubes, round {number}; details in the text.")
    else:
        alt = _("Map of Europe with agents and Intel cubes, setting up; details in the text.")
    return alt.format(number=view.round)
