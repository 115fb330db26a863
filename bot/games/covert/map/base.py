"""The unchanging layer of the Covert board picture, drawn once per language and cached.

It holds the map (region territories, routes, city markers and names) and the
empty frames of the side panel: Region Spaces, Action Circles, the Special
Operations folder, the Decoder, the cipher grid and the Mission row.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from bot.draw.canvas import INK, RGB
from bot.draw.text import font
from bot.engine.i18n import _, current_language
from bot.games.covert import data, text
from bot.games.covert.map import geometry as geo
from bot.games.covert.map.pieces import mix

SUPERSAMPLE: Final = 2
SEA: RGB = (27, 36, 54)
PANEL: RGB = (36, 45, 66)
FRAME: RGB = (74, 88, 118)
INK_DIM: RGB = (160, 172, 196)
SHADOW: RGB = (12, 16, 26)
ROUTE: RGB = (150, 162, 188)


def region_colour(city: str) -> RGB:
    """Return the colour of a city's region."""
    r, g, b = data.REGION_RGB[data.CITY[city].region]
    return r, g, b


def base_image() -> Image.Image:
    """Return the empty board in the current language (a cached image; copy it before drawing)."""
    return _base_image(current_language())


@lru_cache(maxsize=4)
def _base_image(language: str) -> Image.Image:
    """Draw the empty board; ``language`` keys the cache (the labels are drawn in it)."""
    k = SUPERSAMPLE
    big = Image.new("RGB", (geo.WIDTH * k, geo.HEIGHT * k), SEA)
    draw = ImageDraw.Draw(big)
    draw.rectangle(_k((geo.MAP_RIGHT, 0, geo.WIDTH, geo.HEIGHT)), fill=PANEL)
    draw.rectangle(_k((0, 0, geo.WIDTH, geo.HEADER)), fill=SHADOW)
    _draw_territories(big)
    _draw_routes(draw)
    _veil_labels(big)
    _draw_cities(draw)
    _draw_panel(draw)
    return big.resize((geo.WIDTH, geo.HEIGHT), Image.Resampling.LANCZOS)


def _k(box: tuple[float, ...]) -> tuple[float, ...]:
    """Scale a box or line to the supersampled canvas."""
    return tuple(v * SUPERSAMPLE for v in box)


def _at(x: float, y: float) -> tuple[float, float]:
    """Scale a point to the supersampled canvas."""
    return x * SUPERSAMPLE, y * SUPERSAMPLE


def _draw_territories(big: Image.Image) -> None:
    """Shade each region as broad bands along its own routes."""
    draw = ImageDraw.Draw(big)
    for a, b in data.ROUTES:
        if data.CITY[a].region == data.CITY[b].region:
            fill = mix(SEA, region_colour(a), 0.28)
            draw.line(
                _k((*geo.city_point(a), *geo.city_point(b))), fill=fill, width=60 * SUPERSAMPLE
            )
    for city in geo.CITY_SPOTS:
        x, y = geo.city_point(city)
        fill = mix(SEA, region_colour(city), 0.28)
        draw.ellipse(_k((x - 38, y - 38, x + 38, y + 38)), fill=fill)


def _draw_routes(draw: ImageDraw.ImageDraw) -> None:
    """Draw every route as a line between its two cities."""
    for a, b in data.ROUTES:
        draw.line(_k((*geo.city_point(a), *geo.city_point(b))), fill=ROUTE, width=4 * SUPERSAMPLE)


def _veil_labels(big: Image.Image) -> None:
    """Lay a translucent dark pill under each city name, so routes pass behind it."""
    veil = Image.new("RGBA", big.size, (0, 0, 0, 0))
    draw, pad = ImageDraw.Draw(veil), 4
    for city in geo.CITY_SPOTS:
        left, top, right, bottom = geo.label_box(city)
        box = _k((left - pad, top - pad, right + pad, bottom + pad))
        draw.rounded_rectangle(box, radius=(bottom - top) * SUPERSAMPLE, fill=(*SHADOW, 150))
    big.paste(veil, (0, 0), veil)


def _draw_cities(draw: ImageDraw.ImageDraw) -> None:
    """Draw each city's marker (region colour and initial) and its name."""
    k, r = SUPERSAMPLE, geo.MARKER_R
    for city in geo.CITY_SPOTS:
        x, y = geo.city_point(city)
        marker = _k((x - r, y - r, x + r, y + r))
        draw.ellipse(marker, fill=region_colour(city), outline=INK, width=2 * k)
        initial = text.region(data.CITY[city].region)[:1].upper()
        draw.text(_at(x, y), initial, font=font(15 * k), fill=SHADOW, anchor="mm")
        left, top, right, bottom = geo.label_box(city)
        centre = _at((left + right) / 2, (top + bottom) / 2)
        draw.text(
            centre,
            text.city(city),
            font=font(geo.LABEL_SIZE * k),
            fill=INK,
            anchor="mm",
            stroke_width=2 * k,
            stroke_fill=SHADOW,
        )


def _draw_panel(draw: ImageDraw.ImageDraw) -> None:
    """Draw the empty frames of the side panel."""
    _title(draw, geo.CARDS_TOP - 22, _("REGION SPACES"))
    for index, region in enumerate(data.REGIONS):
        _draw_region_space(draw, geo.card_box(index), region)
    for index, circle in enumerate(data.CIRCLES):
        _draw_circle(draw, index, text.circle(circle))
    for index, title in enumerate((_("SPECIAL OPERATIONS"), _("DECODER"))):
        _draw_frame(draw, geo.tray_box(index), FRAME, title, INK_DIM)
    _draw_cipher_frame(draw)
    _title(draw, geo.MISSIONS_TOP, _("FACE-UP MISSIONS"))


def _draw_frame(draw: ImageDraw.ImageDraw, box: geo.Box, edge: RGB, title: str, ink: RGB) -> None:
    """Draw a rounded frame with a small title in its top left corner."""
    k = SUPERSAMPLE
    draw.rounded_rectangle(_k(box), radius=8 * k, fill=SEA, outline=edge, width=2 * k)
    draw.text(_at(box[0] + 8, box[1] + 11), title, font=font(15 * k), fill=ink, anchor="lm")


def _draw_region_space(draw: ImageDraw.ImageDraw, box: geo.Box, region: str) -> None:
    """Draw a Region Space: a frame in the region's colour with its name on a strip."""
    colour, k = data.REGION_RGB[region], SUPERSAMPLE
    strip = _k((box[0], box[1], box[2], box[1] + 21))
    _draw_frame(draw, box, colour, "", INK)
    draw.rounded_rectangle(strip, radius=8 * k, fill=colour, corners=(True, True, False, False))
    draw.text(
        _at(box[0] + 8, box[1] + 11),
        text.region(region).upper(),
        font=font(15 * k),
        fill=SHADOW,
        anchor="lm",
    )


def _title(draw: ImageDraw.ImageDraw, y: float, text: str) -> None:
    """Write a section title at the left of the side panel."""
    draw.text(
        _at(geo.PANEL_X, y + 10), text, font=font(16 * SUPERSAMPLE), fill=INK_DIM, anchor="lm"
    )


def _draw_circle(draw: ImageDraw.ImageDraw, index: int, title: str) -> None:
    """Draw an Action Circle: its title, ring and six numbered spaces."""
    k, (cx, cy), ring = SUPERSAMPLE, geo.circle_centre(index), geo.RING_R
    draw.text(
        _at(cx, cy - ring - geo.SPACE_R - 14), title, font=font(18 * k), fill=INK, anchor="mm"
    )
    draw.ellipse(_k((cx - ring, cy - ring, cx + ring, cy + ring)), outline=FRAME, width=3 * k)
    for space in range(1, 7):
        x, y = geo.space_point(index, space)
        r = geo.SPACE_R
        draw.ellipse(_k((x - r, y - r, x + r, y + r)), fill=SEA, outline=FRAME, width=2 * k)
        draw.text(_at(x, y), str(space), font=font(20 * k), fill=FRAME, anchor="mm")


def _draw_cipher_frame(draw: ImageDraw.ImageDraw) -> None:
    """Write the cipher title, column numbers and row letters (T top, B bottom)."""
    _title(draw, geo.CIPHER_TOP, _("CIPHER"))
    small = font(16 * SUPERSAMPLE)
    for column in range(6):
        x0, _top, x1, _bottom = geo.tile_box(0, column)
        draw.text(
            _at((x0 + x1) / 2, geo.CIPHER_TOP + 10),
            str(column + 1),
            font=small,
            fill=INK_DIM,
            anchor="mm",
        )
    for row, letter in enumerate(text.cipher_rows()):
        x0, y0, _right, y1 = geo.tile_box(row, 0)
        draw.text(_at(x0 - 12, (y0 + y1) / 2), letter, font=small, fill=INK_DIM, anchor="rm")
