"""A seat's dossier as a picture: its Agency cards, Missions, Codes and tokens as cards.

Imported only when an image is wanted; the words on each card are the ones the
table picture and the dossier text use.
"""

from __future__ import annotations

from bot.engine.i18n import _, pgettext
from bot.games.covert.data import REGION_RGB
from bot.games.covert.map.art import agency_label, mission_label
from bot.games.covert.map.sheets import Sheet, sheets_png
from bot.games.covert.present.dossier import cipher, holdings, readable
from bot.games.covert.rules.payments import missing
from bot.games.covert.text import ability, gear
from bot.games.covert.views import PrivateView

MISSION_GOLD = (214, 170, 58)
CODE_TEAL = (38, 160, 156)
TOKEN_VIOLET = (128, 98, 186)
READY_MARK = "✅"
"""Beside a Mission's points or a Code's digits: usable now (the card is ringed too; the
dossier's text says what a Mission still needs)."""


def dossier_sheets(view: PrivateView) -> list[Sheet]:
    """Return the cards the seat holds, in the dossier text's order."""
    me = holdings(view) if view.public.players else None
    sheets = []
    for card in view.hand:
        face, flight, use = agency_label(card).split("\n")
        sheets.append(
            Sheet(
                pgettext("dossier picture", "Agency card"),
                REGION_RGB[card.region],
                (face, f"✈ {flight}", use),
            )
        )
    for m in view.missions:
        name, needs, points = mission_label(m).split("\n")
        ready = me is not None and not missing(me, m)
        sheets.append(
            Sheet(
                pgettext("dossier picture", "Mission"),
                MISSION_GOLD,
                (name, needs, f"{points}  {READY_MARK}" if ready else points),
                ready=ready,
            )
        )
    grid = cipher(view)
    for code in view.codes:
        now = readable(grid, code.code)
        digits = " ".join(code.code)
        sheets.append(
            Sheet(
                pgettext("dossier picture", "Code"),
                CODE_TEAL,
                (
                    f"{digits}  {READY_MARK}" if now else digits,
                    _("back {equipment}").format(equipment=gear(code.back)),
                ),
                ready=now,
            )
        )
    sheets += [
        Sheet(
            pgettext("dossier picture", "Token"),
            TOKEN_VIOLET,
            (ability(t.ability), _("usable next turn"))
            if t.id in view.fresh
            else (ability(t.ability),),
        )
        for t in view.tokens
    ]
    return sheets


def dossier_png(view: PrivateView, name: str) -> bytes:
    """Draw the seat's dossier under a title with its name and score."""
    score = view.public.players[view.seat].score if view.public.players else 0
    title = _("🔒 {name}'s dossier · {score} points").format(name=name, score=score)
    return sheets_png(title, dossier_sheets(view))
