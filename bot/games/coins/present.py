"""Coins presenter: the public table and a seat's private hand as Discord-free screens."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.draw.result import with_result
from bot.engine.guide import GamePresenter
from bot.engine.i18n import _, ngettext
from bot.engine.rules import Action, Outcome
from bot.engine.screen import Screen
from bot.games.coins.guide import GUIDE
from bot.games.coins.hand import hand_body, hand_choices, takers
from bot.games.coins.table import cards_text, picture, table_alt, table_body, table_fields
from bot.games.coins.views import PrivateView, PublicView


class CoinsPresenter(GamePresenter):
    """Turns Coins views into screens; ``images`` can be switched off for fast tests."""

    colour = 0xC8961E
    guide = GUIDE

    def table(self, view: PublicView, names: Sequence[str], outcome: Outcome | None) -> Screen:
        """Render the public table message: the trick table is drawn once a hand is dealt."""
        dealt = view.hand > 0
        view = self.nobody_to_play(view, outcome)
        return self.screen(
            _("Coins - match over")
            if view.over
            else _("Coins - hand {hand}").format(hand=view.hand),
            table_body(view, names, outcome),
            with_result(partial(table_image, view, names) if dealt else None, outcome, names),
            table_alt(view, names) if dealt else "",
            fields=table_fields(view, names),
        )

    def private(
        self, view: PrivateView, legal: Sequence[Action], names: Sequence[str], step: str | None
    ) -> Screen:
        """Render one seat's hand and the card select when it is their turn."""
        note, choices = hand_choices(view, legal, names)
        return self.screen(
            _("Coins - {player}'s hand").format(player=names[view.seat]),
            hand_body(view, names, note),
            partial(hand_image, view) if view.hand else None,
            _("Your hand: {cards}.").format(cards=cards_text(view.hand)),
            choices=choices,
        )


def table_image(view: PublicView, names: Sequence[str]) -> bytes:
    """Draw the trick table, importing the art only when an image is wanted."""
    from bot.games.coins.table_art import table_png

    return table_png(picture(view, names))


def hand_image(view: PrivateView) -> bytes:
    """Draw the seat's hand; when it plays last, the cards that take the trick are ringed."""
    from bot.games.coins.art import hand_png

    winners = [c for c, seat in takers(view).items() if seat == view.seat]
    count = len(view.hand)
    title = ngettext(
        "Your hand · {n} card · {coins} Coins", "Your hand · {n} cards · {coins} Coins", count
    ).format(n=count, coins=view.coins_in_hand)
    if takers(view):
        title = _("{title} · gold ring = takes the trick").format(title=title)
    return hand_png(view.hand, title, winners)
