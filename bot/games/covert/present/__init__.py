"""Covert presenter: the public table and a seat's private dossier as Discord-free screens.

Text first. When the board-art module ``map.art`` is available, the table also
carries a picture of the map drawn from a plain description of the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

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

COLOUR: Final = 0x34495E


class CovertPresenter(GamePresenter):
    """Turns Covert views into screens; ``images`` can be switched off for fast tests."""

    colour = COLOUR
    guide = GUIDE

    def table(self, view: PublicView, names: Sequence[str], outcome: Outcome | None) -> Screen:
        """Render the public table message."""
        image, alt = board_image(view, names) if self.images and view.players else (None, "")
        return Screen(
            title=_("Covert · round {number}").format(number=view.round)
            if view.round
            else "Covert",
            body=table_body(view, names, outcome),
            fields=tuple(Field(t, v) for t, v in board_text(view, names)) if view.players else (),
            image=image,
            image_alt=alt,
            colour=COLOUR,
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
        return Screen(
            title=_("🔒 {name}'s dossier").format(name=names[view.seat]),
            body=body,
            choices=choices,
            colour=COLOUR,
        )


def board_image(view: PublicView, names: Sequence[str]) -> tuple[bytes | None, str]:
    """Draw the map with the board-art module, imported only when an image is wanted."""
    from bot.games.covert.map.picture import board_png

    if view.round:
        alt = _("Map of Europe with agents and Intel cubes, round {number}; details in the text.")
    else:
        alt = _("Map of Europe with agents and Intel cubes, setting up; details in the text.")
    alt = alt.format(number=view.round)
    return board_png(view, names), alt
