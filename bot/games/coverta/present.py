"""COVERTA presenter: the public table and a seat's private hand as Discord-free screens."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.draw.result import with_result
from bot.engine.guide import GamePresenter
from bot.engine.i18n import _
from bot.engine.rules import Action, Outcome
from bot.engine.screen import Screen
from bot.games.coverta.guide import GUIDE
from bot.games.coverta.hand import hand_body, hand_choices
from bot.games.coverta.messages import card_text
from bot.games.coverta.table import (
    layout_alt,
    row_names,
    table_body,
    table_fields,
)
from bot.games.coverta.views import PrivateView, PublicView


class CovertaPresenter(GamePresenter):
    """Turns COVERTA views into screens; ``images`` can be switched off for fast tests."""

    colour = 0x7B3FA0
    guide = GUIDE

    def table(self, view: PublicView, names: Sequence[str], outcome: Outcome | None) -> Screen:
        """Render the public table message: the layout is drawn once it holds a card."""
        return self.screen(
            _("COVERTA - match over")
            if view.over
            else _("COVERTA - round {round}").format(round=view.round)
            if view.round
            else "COVERTA",
            table_body(view, names, outcome),
            with_result(
                partial(layout_image, view, names) if view.layout else None, outcome, names
            ),
            layout_alt(view, names) if view.layout else "",
            fields=table_fields(view, names),
        )

    def private(
        self, view: PrivateView, legal: Sequence[Action], names: Sequence[str], step: str | None
    ) -> Screen:
        """Render one seat's hand, secrets and choices."""
        note, choices = hand_choices(view, legal, names, step)
        cards = ", ".join(card_text(c) for c in view.hand)
        return self.screen(
            _("COVERTA - {player}'s hand").format(player=names[view.seat]),
            hand_body(view, names, note),
            partial(hand_image, view) if view.hand else None,
            _("Your hand: {cards}").format(cards=cards),
            choices=choices,
        )


def layout_image(view: PublicView, names: Sequence[str]) -> bytes:
    """Draw the layout with the art module, imported only when an image is wanted."""
    from bot.games.coverta import art

    cells = tuple(
        art.LayoutCell(
            card=c.card,
            row=0 if c.row is None else c.row + 1,
            column=c.column,
            placement=c.placement,
            by=names[c.placed_by] if c.placed_by is not None and c.placed_by != c.row else None,
            token=c.token,
            last=c.placement == len(view.layout) - 1,
        )
        for c in view.layout
    )
    columns = 1 + max(c.column for c in view.layout)
    if not view.over:
        columns = max(columns, view.round + 1)  # the round under way is drawn, even if empty
    return art.layout_png(art.LayoutGrid(row_names(view, names), columns, cells))


def hand_image(view: PrivateView) -> bytes:
    """Draw the seat's hand with the cards that fit its rules marked."""
    from bot.games.coverta import art

    return art.card_strip_png(view.hand, marked=view.satisfying)
