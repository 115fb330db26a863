"""Cover-cover presenter: the public table and a seat's private view as Discord-free screens."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Final

from bot.draw.result import with_result
from bot.engine.guide import GamePresenter
from bot.engine.i18n import _
from bot.engine.rules import Action, Outcome
from bot.engine.screen import Screen
from bot.games.cover_cover.guide import GUIDE
from bot.games.cover_cover.hand import hand_body, hand_choices
from bot.games.cover_cover.table import (
    alt_text,
    pending_tie,
    round_label,
    scene,
    table_body,
    table_fields,
)
from bot.games.cover_cover.views import PrivateView, PublicView

LOUD: Final = 0xE0402F
"""The colour of a table in the middle of a Cover-cover."""


class CoverCoverPresenter(GamePresenter):
    """Turns Cover-cover views into screens; ``images`` can be switched off for fast tests."""

    colour = 0x1F7A4D
    guide = GUIDE

    def table(self, view: PublicView, names: Sequence[str], outcome: Outcome | None) -> Screen:
        """Render the public table message: the table is drawn once the cards are dealt."""
        dealt = view.phase != "deal"
        return self.screen(
            title(view),
            table_body(view, names, outcome),
            with_result(partial(table_image, view, names) if dealt else None, outcome, names),
            alt_text(view, names) if dealt else "",
            fields=table_fields(view, names),
            colour=LOUD if pending_tie(view) is not None else None,
        )

    def private(
        self, view: PrivateView, legal: Sequence[Action], names: Sequence[str], step: str | None
    ) -> Screen:
        """Render one seat's counts and its Flip or Cover-cover! button."""
        dealt = view.public.phase != "deal"
        return self.screen(
            _("Cover-cover - {player}'s cards").format(player=names[view.seat]),
            hand_body(view, names, legal),
            partial(piles_image, view.hand, view.winnings) if dealt else None,
            _("Your hand: {hand} cards face down; your winnings: {won}.").format(
                hand=view.hand, won=view.winnings
            ),
            choices=hand_choices(view, legal),
            colour=LOUD if view.expected == "cover" else None,
        )


def title(view: PublicView) -> str:
    """Return the table title: loud during a Cover-cover."""
    if view.over:
        return _("Cover-cover - match over")
    if pending_tie(view) is not None:
        return _("COVER-COVER! - {round}").format(round=round_label(view))
    return _("Cover-cover - {round}").format(round=round_label(view))


def table_image(view: PublicView, names: Sequence[str]) -> bytes:
    """Draw the table with the art module, imported only when an image is wanted."""
    from bot.games.cover_cover import art

    return art.table_png(scene(view, names))


def piles_image(hand: int, winnings: int) -> bytes:
    """Draw the seat's two face-down piles."""
    from bot.games.cover_cover import art

    return art.piles_png(hand, winnings)
