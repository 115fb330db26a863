"""NEVER OVER presenter: the public table and a seat's private hand as Discord-free screens."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.draw.result import with_result
from bot.engine.guide import GamePresenter
from bot.engine.i18n import _
from bot.engine.rules import Action, Outcome
from bot.engine.screen import Screen
from bot.games.never_over.cards import labels
from bot.games.never_over.guide import GUIDE
from bot.games.never_over.hand import hand_body, hand_choices
from bot.games.never_over.table import table_alt, table_body, table_fields
from bot.games.never_over.views import PrivateView, PublicView


class NeverOverPresenter(GamePresenter):
    """Turns NEVER OVER views into screens; ``images`` can be switched off for fast tests."""

    colour = 0x2E8B57
    guide = GUIDE

    def table(self, view: PublicView, names: Sequence[str], outcome: Outcome | None) -> Screen:
        """Render the public table message: the table is drawn once a game is dealt."""
        view = self.nobody_to_play(view, outcome)
        if not view.over:
            title = _("NEVER OVER - game {game} of {games}")
        elif view.games > 1:
            title = _("NEVER OVER - session over")
        else:
            title = _("NEVER OVER - game over")
        return self.screen(
            title.format(game=view.game, games=view.games),
            table_body(view, names, outcome),
            with_result(partial(table_image, view, names) if view.game else None, outcome, names),
            table_alt(view, names) if view.game else "",
            fields=table_fields(view, names),
        )

    def private(
        self, view: PrivateView, legal: Sequence[Action], names: Sequence[str], step: str | None
    ) -> Screen:
        """Render one seat's hand and the actions open to it."""
        note, choices = hand_choices(view, legal, names, step)
        cap = view.public.players[view.seat].cap
        return self.screen(
            _("NEVER OVER - {player}'s hand").format(player=names[view.seat]),
            hand_body(view, legal, names, note),
            partial(hand_image, view) if view.hand else None,
            _("Your hand: {cards}. Your cap: {cap}.").format(
                cards=labels(list(view.hand)), cap=cap
            ),
            choices=choices,
        )


def table_image(view: PublicView, names: Sequence[str]) -> bytes:
    """Draw the table with the art module, imported only when an image is wanted."""
    from bot.games.never_over.table_art import table_png

    return table_png(view, names)


def hand_image(view: PrivateView) -> bytes:
    """Draw the seat's hand, the greens it may score now ringed in gold."""
    from bot.games.never_over.art import hand_png

    cap = view.public.players[view.seat].cap
    title = _("Your hand · cap {cap} · gold ring = can score now").format(cap=cap)
    return hand_png(view.hand, cap, title)
