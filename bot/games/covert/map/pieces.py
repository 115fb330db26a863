"""Small cached sprites of the Covert board picture: agents, Intel cubes, dice and tiles.

Each player colour also has its own shape (black circle, white square, brown
triangle, grey diamond), drawn as the agent and as a corner mark on the dice,
so nothing depends on telling the colours apart.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from PIL import Image, ImageDraw

from bot.draw.canvas import RGB
from bot.draw.text import font

SUPERSAMPLE: Final = 4
TILE_FACE: RGB = (236, 226, 200)


class PlayerStyle(NamedTuple):
    """How one player colour is drawn."""

    fill: RGB
    ink: RGB
    """Text and marks drawn on the fill."""
    edge: RGB
    shape: str


STYLES: Final = {
    "black": PlayerStyle((26, 26, 30), (250, 250, 250), (236, 236, 236), "circle"),
    "white": PlayerStyle((250, 250, 250), (18, 18, 22), (18, 18, 22), "square"),
    "brown": PlayerStyle((134, 78, 38), (255, 255, 255), (250, 226, 200), "square"),
    "grey": PlayerStyle((160, 162, 168), (14, 14, 18), (14, 14, 18), "button"),
}
"""Player colour key to style; the fills differ in lightness as well as hue. The shapes
are those of the players' markers in text (``data.PLAYER_EMOJI``: ⚫ ⬜ 🟫 🔘), so a
player looks the same in messages and in pictures."""


def style(colour: str) -> PlayerStyle:
    """Return the style of a player colour."""
    return STYLES[colour]


def mix(colour: RGB, other: RGB, amount: float) -> RGB:
    """Return a colour moved towards another by an amount (0 = unchanged)."""
    r, g, b = (round(c + (o - c) * amount) for c, o in zip(colour, other, strict=True))
    return r, g, b


def _canvas(w: float, h: float) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """Return a transparent supersampled canvas and its drawing context."""
    image = Image.new("RGBA", (round(w * SUPERSAMPLE), round(h * SUPERSAMPLE)), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image)


def _shrink(image: Image.Image) -> Image.Image:
    """Bring a supersampled sprite down to its final size."""
    size = (image.width // SUPERSAMPLE, image.height // SUPERSAMPLE)
    return image.resize(size, Image.Resampling.LANCZOS)


def shape_points(shape: str, box: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    """Return the outline of a square, triangle or diamond filling a box."""
    x0, y0, x1, y1 = box
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if shape == "triangle":
        return [(mx, y0), (x1, y1), (x0, y1)]
    if shape == "diamond":
        return [(mx, y0), (x1, my), (mx, y1), (x0, my)]
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def draw_shape(
    draw: ImageDraw.ImageDraw, shape: str, box: tuple[float, ...], fill: RGB, edge: RGB, width: int
) -> None:
    """Draw a player's shape filling a box."""
    x0, y0, x1, y1 = box
    if shape == "circle":
        draw.ellipse((x0, y0, x1, y1), fill=fill, outline=edge, width=width)
    elif shape == "button":  # a disc with a thick rim, like the 🔘 emoji
        rim = max(width, round((x1 - x0) * 0.14))
        draw.ellipse((x0, y0, x1, y1), fill=edge)
        draw.ellipse((x0 + rim, y0 + rim, x1 - rim, y1 - rim), fill=fill)
    else:
        draw.polygon(shape_points(shape, (x0, y0, x1, y1)), fill=fill, outline=edge, width=width)


@lru_cache(maxsize=16)
def agent(colour: str, size: int, count: int = 1) -> Image.Image:
    """Return an agent (the player's shape in their colour), with a count if above one."""
    s, k = style(colour), SUPERSAMPLE
    image, draw = _canvas(size, size)
    w = size * k
    draw_shape(draw, s.shape, (k, k, w - k, w - k), s.fill, s.edge, 2 * k)
    if count > 1:
        low = 0.64 if s.shape == "triangle" else 0.52
        digit = font(round(w * (0.42 if s.shape == "triangle" else 0.56)))
        draw.text((w / 2, w * low), str(count), font=digit, fill=s.ink, anchor="mm")
    return _shrink(image)


@lru_cache(maxsize=32)
def cube(colour: str, size: int, count: int = 1) -> Image.Image:
    """Return an Intel cube drawn in perspective, with a count if above one."""
    s, k = style(colour), SUPERSAMPLE
    image, draw = _canvas(size, size)
    w, q = size * k, size * k / 4
    top = [(w / 2, k), (w - k, q), (w / 2, 2 * q), (k, q)]
    left = [(k, q), (w / 2, 2 * q), (w / 2, w - k), (k, w - q)]
    right = [(w - k, q), (w / 2, 2 * q), (w / 2, w - k), (w - k, w - q)]
    for face, shade in ((top, 0.0), (left, 0.12), (right, 0.24)):
        draw.polygon(face, fill=mix(s.fill, s.edge, shade), outline=s.edge, width=k)
    if count > 1:
        digit = font(round(w * 0.6))
        draw.text((w / 2, w * 0.6), str(count), font=digit, fill=s.ink, anchor="mm", stroke_width=k)
    return _shrink(image)


@lru_cache(maxsize=64)
def die(colour: str, value: int, size: int) -> Image.Image:
    """Return a die: the value on the player's colour, with their shape in a corner."""
    s, k = style(colour), SUPERSAMPLE
    image, draw = _canvas(size, size)
    w = size * k
    draw.rounded_rectangle(
        (k, k, w - k, w - k), radius=w * 0.2, fill=s.fill, outline=s.edge, width=2 * k
    )
    mark = w * 0.2
    draw_shape(draw, s.shape, (w * 0.1, w * 0.1, w * 0.1 + mark, w * 0.1 + mark), s.ink, s.ink, 1)
    draw.text((w * 0.55, w * 0.55), str(value), font=font(round(w * 0.66)), fill=s.ink, anchor="mm")
    return _shrink(image)


@lru_cache(maxsize=32)
def tile(label: str, size: int) -> Image.Image:
    """Return a cipher tile showing its label."""
    k = SUPERSAMPLE
    image, draw = _canvas(size, size)
    w = size * k
    draw.rounded_rectangle(
        (k, k, w - k, w - k),
        radius=w * 0.14,
        fill=(236, 226, 200),
        outline=(120, 104, 74),
        width=2 * k,
    )
    draw.text((w / 2, w / 2), label, font=font(round(w * 0.62)), fill=(30, 26, 20), anchor="mm")
    return _shrink(image)


@lru_cache(maxsize=32)
def backing(width: int, height: int) -> Image.Image:
    """Return a dark translucent pill that lifts a row of pieces off the map."""
    k = SUPERSAMPLE
    image, draw = _canvas(width, height)
    draw.rounded_rectangle(
        (0, 0, width * k - 1, height * k - 1), radius=height * k / 2, fill=(12, 16, 26, 170)
    )
    return _shrink(image)
