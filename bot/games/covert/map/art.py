"""The Covert board picture: the map with its pieces and the shared play areas, as PNG.

The presenter describes what is public in a ``BoardPicture`` and calls
``board_png``. The map and the empty frames come from a cached base layer
(``base``); only the pieces, dice and labels are drawn per call.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from PIL import Image, ImageDraw

from bot.draw.canvas import INK, png
from bot.draw.text import draw_text, fit_names, font
from bot.draw.text import fit as fit_text
from bot.engine.i18n import _, pgettext
from bot.games.covert import data, text
from bot.games.covert.map import geometry as geo
from bot.games.covert.map import pieces as sprites
from bot.games.covert.map.base import FRAME, INK_DIM, SEA, base_image
from bot.games.covert.missions import Mission

CARD_TEXT, MISSION_TEXT = 19, 17


@dataclass(frozen=True)
class Piece:
    """An agent, or Intel cubes, of one colour standing in a city."""

    colour: str
    """A player colour key: ``black``, ``white``, ``brown`` or ``grey``."""
    kind: Literal["agent", "cubes"] = "agent"
    count: int = 1
    """How many cubes (agents are listed one Piece each)."""


@dataclass(frozen=True)
class Die:
    """A placed die: its face and its owner's colour."""

    value: int
    colour: str


@dataclass(frozen=True)
class BoardPicture:
    """Everything public that the board picture shows."""

    round: int = 1
    cities: Mapping[str, Sequence[Piece]] = field(default_factory=dict)
    """City key (``VCE``) to the pieces there; agents are drawn before cubes."""
    region_cards: Mapping[str, str] = field(default_factory=dict)
    """Region key to its face-up Agency card's label, up to three lines (``agency_label``)."""
    circles: Mapping[str, Mapping[int, Die]] = field(default_factory=dict)
    """Action Circle key (``MOVEMENT``) to the dice on its spaces 1–6."""
    spec_ops: Sequence[Die] = ()
    decoder: Sequence[Die] = ()
    cipher: Sequence[Sequence[str]] = ((), ())
    """The top and bottom cipher rows, six tile labels each."""
    overlays: Mapping[str, Die] = field(default_factory=dict)
    """Cipher position (``T3``) to the Decoder die laid on it during a Break Codes turn."""
    missions: Sequence[str] = ()
    """The face-up Missions' labels: name, needs and points on three lines (``mission_label``)."""
    scores: Mapping[str, int] = field(default_factory=dict)
    """Player colour key to visible score, in seat order."""
    names: Mapping[str, str] = field(default_factory=dict)
    """Player colour key to the name written beside the score (the colour's name if absent)."""


def agency_label(card: data.AgencyCard) -> str:
    """Return the three lines shown for a face-up Agency card."""
    equipment, ability = text.gear(card.equipment), text.ability(card.ability)
    return f"{card.id}  {equipment}\n{text.city(card.city)}\n{ability}"


def mission_label(mission: Mission) -> str:
    """Return the three parts shown for a face-up Mission: name, needs, points and bonus."""
    needs = [text.gear(e) for e in mission.equipment]
    needs += [text.city(mission.city) if mission.city else ""]
    needs += [text.region(mission.region) if mission.region else ""]
    needs += [_("any card") if mission.any_card else ""]
    if mission.benefit:
        points = _("{points} pts +{benefit}").format(
            points=mission.points, benefit=text.benefit(mission.benefit)
        )
    else:
        points = _("{points} pts").format(points=mission.points)
    return f"{mission.id} {mission.name}\n{' '.join(n for n in needs if n)}\n{points}"


def board_png(picture: BoardPicture) -> bytes:
    """Draw the board picture as PNG bytes."""
    image = base_image().copy()
    draw = ImageDraw.Draw(image)
    _draw_header(image, draw, picture)
    for city, pieces in picture.cities.items():
        _draw_pieces(image, city, pieces)
    _draw_cards(draw, picture.region_cards)
    _draw_circles(image, picture.circles)
    for index, dice in enumerate((picture.spec_ops, picture.decoder)):
        _draw_tray(image, draw, index, dice)
    _draw_cipher(image, picture.cipher, picture.overlays)
    _draw_missions(draw, picture.missions)
    return png(image)


def _paste(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste a sprite centred on a point."""
    x, y = round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


def piece_sprites(pieces: Sequence[Piece]) -> list[Image.Image]:
    """Return the sprites of a city's pieces, agents first; a crowd shows one agent per colour."""
    agents = [p.colour for p in pieces if p.kind == "agent"]
    cubes = [sprites.cube(p.colour, geo.CUBE, p.count) for p in pieces if p.kind == "cubes"]
    row = [sprites.agent(colour, geo.AGENT) for colour in agents] + cubes
    if sum(s.width for s in row) + geo.PIECE_GAP * (len(row) - 1) <= geo.ROW_MAX:
        return row
    counts = Counter(agents)
    return [sprites.agent(colour, geo.AGENT, n) for colour, n in counts.items()] + cubes


def _draw_pieces(image: Image.Image, city: str, pieces: Sequence[Piece]) -> None:
    """Draw a city's pieces in a row beside its marker, on a dark backing."""
    row = piece_sprites(pieces)
    if not row:
        return
    centres = geo.piece_centres(city, [s.width for s in row])
    left = centres[0][0] - row[0].width / 2
    right = centres[-1][0] + row[-1].width / 2
    backing = sprites.backing(round(right - left) + 8, geo.AGENT + 6)
    _paste(image, backing, ((left + right) / 2, centres[0][1]))
    for sprite, centre in zip(row, centres, strict=True):
        _paste(image, sprite, centre)


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, picture: BoardPicture) -> None:
    """Write the title and round, then each player's shape, name and score."""
    middle, face = geo.HEADER / 2, font(24)
    draw.text((16, middle), "COVERT", font=font(28), fill=INK, anchor="lm", stroke_width=1)
    draw.text((150, middle), round_label(picture.round), font=face, fill=INK_DIM, anchor="lm")
    x: float = geo.WIDTH - 16
    colours = list(picture.scores)
    said = [picture.names.get(c) or text.colour(c).capitalize() for c in colours]
    names = dict(zip(colours, fit_names(said, 24, 150), strict=True))
    for colour, score in reversed(list(picture.scores.items())):
        x -= draw_text(draw, (x, middle), f"{names[colour]} {score}", 24, INK, anchor="rm")
        x -= geo.AGENT + 6
        _paste(image, sprites.agent(colour, geo.AGENT), (x + geo.AGENT / 2, middle))
        x -= 26


def round_label(number: int) -> str:
    """Return the header's round, as the table text says it: from 1, "Setting up" before."""
    return _("Round {number}").format(number=number) if number > 0 else _("Setting up")


def fit(text: str, size: int, width: float) -> str:
    """Cut a line with an ellipsis so that it fits a width."""
    return fit_text(text, size, width)


def _write_lines(draw: ImageDraw.ImageDraw, box: tuple[float, ...], label: str, size: int) -> None:
    """Write a label's lines, each fitted to the box, from its top left."""
    x0, y0, x1, _y1 = box
    for line_no, line in enumerate(label.split("\n")[:3]):
        text = fit(line, size, x1 - x0 - 14)
        ink = INK if line_no == 0 else INK_DIM
        draw_text(draw, (x0 + 7, y0 + line_no * (size + 4)), text, size, ink, anchor="la")


def _draw_cards(draw: ImageDraw.ImageDraw, cards: Mapping[str, str]) -> None:
    """Write each Region Space's face-up card, or "empty"."""
    for index, region in enumerate(data.REGIONS):
        x0, y0, x1, y1 = geo.card_box(index)
        label = cards.get(region) or pgettext("region space", "empty")
        _write_lines(draw, (x0, y0 + 24, x1, y1), label, CARD_TEXT)


def _draw_circles(image: Image.Image, circles: Mapping[str, Mapping[int, Die]]) -> None:
    """Put each placed die on its Action Circle space."""
    for index, circle in enumerate(data.CIRCLES):
        for space, placed in circles.get(circle, {}).items():
            _paste(
                image,
                sprites.die(placed.colour, placed.value, geo.DIE),
                geo.space_point(index, space),
            )


def tray_slots(index: int, count: int) -> list[tuple[float, float]]:
    """Return where the dice sit in the folder (0) or the Decoder (1), two rows at most."""
    x0, y0, _x1, _y1 = geo.tray_box(index)
    step, row = geo.TRAY_DIE + 3, geo.TRAY_ROW
    return [
        (x0 + 10 + (i % row + 0.5) * step, y0 + 24 + (i // row + 0.5) * step)
        for i in range(min(count, 2 * row))
    ]


def _draw_tray(
    image: Image.Image, draw: ImageDraw.ImageDraw, index: int, dice: Sequence[Die]
) -> None:
    """Put the dice in the folder or the Decoder, with a count of any that do not fit."""
    for placed, centre in zip(dice, tray_slots(index, len(dice)), strict=False):
        _paste(image, sprites.die(placed.colour, placed.value, geo.TRAY_DIE), centre)
    hidden = len(dice) - 2 * geo.TRAY_ROW
    if hidden > 0:
        _x0, y0, x1, _y1 = geo.tray_box(index)
        draw.text((x1 - 8, y0 + 12), f"+{hidden}", font=font(16), fill=INK, anchor="rm")


def _draw_cipher(
    image: Image.Image, rows: Sequence[Sequence[str]], overlays: Mapping[str, Die]
) -> None:
    """Lay the cipher tiles in their two rows, and any Decoder dice on top of them."""
    for row, labels in enumerate(rows):
        for column, label in enumerate(labels):
            x0, y0, x1, y1 = geo.tile_box(row, column)
            centre = ((x0 + x1) / 2, (y0 + y1) / 2)
            _paste(image, sprites.tile(label, geo.TILE), centre)
            placed = overlays.get(data.POSITIONS[row * 6 + column])
            if placed:
                _paste(image, sprites.die(placed.colour, placed.value, geo.TILE - 6), centre)


def _draw_missions(draw: ImageDraw.ImageDraw, missions: Sequence[str]) -> None:
    """Write each face-up Mission on its row: name, then needs, then points at the right."""
    rows = [[*label.split("\n"), "", ""][:3] for label in missions[:3]]
    face = font(MISSION_TEXT)
    needs_x = 20 + max(
        (face.getlength(fit(name, MISSION_TEXT, 130)) for name, _, _ in rows), default=0
    )
    for index, (name, needs, points) in enumerate(rows):
        x0, y0, x1, y1 = geo.mission_box(index)
        draw.rounded_rectangle((x0, y0, x1, y1), radius=6, fill=SEA, outline=FRAME, width=1)
        middle, points = (y0 + y1) / 2, fit(points, MISSION_TEXT, 120)
        draw.text((x0 + 8, middle), fit(name, MISSION_TEXT, 130), font=face, fill=INK, anchor="lm")
        draw.text((x1 - 8, middle), points, font=face, fill=INK, anchor="rm")
        room = x1 - x0 - 20 - face.getlength(points) - needs_x
        needs = fit(needs, MISSION_TEXT, room)
        draw.text((x0 + needs_x, middle), needs, font=face, fill=INK_DIM, anchor="lm")
