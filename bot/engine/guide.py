"""A game's paged rules summary: its pages written once, in English, and shown as screens.

A game declares its name, its goal (the text of the first page, whose title every game
shares), its other pages as ``(title, text)`` pairs marked with ``N_`` and a credit line that
a page may quote as ``{credit}``; every page is headed the same way ("<game> rules 2/5:
<title>"). The game's text stays in its own catalogue: it is translated here in the domain
of the module that declared the guide.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, TypeVar

import msgspec

from bot.engine.i18n import N_, _, translate_in
from bot.engine.rules import Outcome
from bot.engine.screen import Button, Field, Screen, Select

ViewT = TypeVar("ViewT", bound=msgspec.Struct)

HEADING = N_("{game} rules {page}/{total}: {title}")
"""The heading of every rules page."""

GOAL = N_("What you are trying to do")
"""The title of every game's first rules page."""


class Guide:
    """The rules pages of one game, translated in the catalogue of ``module``: first the goal,
    under the title every game's first page shares, then the game's own pages."""

    def __init__(
        self, module: str, game: str, *, credit: str, goal: str, pages: Sequence[tuple[str, str]]
    ) -> None:
        self.module = module
        self.game = game
        """The game's name, as its pages are headed (``COVERTA``)."""
        self.credit = credit
        self.goal = goal
        """What the players are trying to do: the text of the first page."""
        self.pages = tuple(pages)
        """(title, text) of each page after the first."""

    def translated(self) -> list[tuple[str, str]]:
        """Return (title, text) of each page in the current language, the credit filled in."""
        credit = translate_in(self.module, self.credit)

        def filled(text: str) -> str:
            return translate_in(self.module, text).replace("{credit}", credit)

        pages = [(translate_in(self.module, title), filled(text)) for title, text in self.pages]
        return [(_(GOAL), filled(self.goal)), *pages]

    def screens(self, colour: int) -> list[Screen]:
        """Return one screen a page, headed "<game> rules 2/5: <title>"."""
        heading, total = _(HEADING), 1 + len(self.pages)
        return [
            Screen(
                title=heading.format(game=self.game, page=i, total=total, title=title),
                body=text,
                colour=colour,
            )
            for i, (title, text) in enumerate(self.translated(), start=1)
        ]


class GamePresenter:
    """What every game's presenter shares: the switch for images, its colour, its rules,
    and the making of its screens."""

    colour: ClassVar[int]
    guide: ClassVar[Guide]

    def __init__(self, images: bool = True) -> None:
        self.images = images
        """Off in fast tests: screens then carry no picture."""

    def screen(
        self,
        title: str,
        body: str,
        picture: Callable[[], bytes] | None = None,
        alt: str = "",
        *,
        fields: Sequence[Field] = (),
        choices: Sequence[Button | Select] = (),
        colour: int | None = None,
    ) -> Screen:
        """Return a screen in the game's colour (unless another is given): ``picture`` draws
        its image, called only while images are on; ``alt`` describes what it shows."""
        return Screen(
            title=title,
            body=body,
            fields=tuple(fields),
            image=picture() if picture is not None and self.images else None,
            image_alt=alt,
            choices=tuple(choices),
            colour=self.colour if colour is None else colour,
        )

    def rules_pages(self) -> list[Screen]:
        """Return the paged rules summary."""
        return self.guide.screens(self.colour)

    @staticmethod
    def nobody_to_play(view: ViewT, outcome: Outcome | None) -> ViewT:
        """Return a public view whose ``turn`` names nobody once the match has an outcome:
        a match decided by forfeits stops in the middle of someone's turn."""
        return view if outcome is None else msgspec.structs.replace(view, turn=None)
