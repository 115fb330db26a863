"""The four suit symbols drawn as shapes: a chalice, a coin, a sword and a knotted club."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from bot.games.coins.cards import Suit

RGB = tuple[int, int, int]
Point = tuple[float, float]

FILL: dict[Suit, RGB] = {
    Suit.CUPS: (214, 35, 50),
    Suit.COINS: (246, 184, 20),
    Suit.SWORDS: (40, 105, 225),
    Suit.CLUBS: (40, 150, 70),
}
LINE: dict[Suit, RGB] = {
    Suit.CUPS: (110, 10, 20),
    Suit.COINS: (130, 80, 0),
    Suit.SWORDS: (10, 40, 110),
    Suit.CLUBS: (15, 70, 30),
}


def draw_symbol(draw: ImageDraw.ImageDraw, suit: Suit, centre: Point, r: float) -> None:
    """Draw a suit's symbol filling a square of half-side r around the centre."""
    DRAWERS[suit](draw, centre, r, FILL[suit], LINE[suit])


def _width(r: float) -> int:
    """Return an outline width in proportion to the symbol."""
    return max(1, round(r / 9))


def _cup(draw: ImageDraw.ImageDraw, c: Point, r: float, fill: RGB, line: RGB) -> None:
    """Draw a chalice: a wide bowl, a stem and a foot."""
    x, y = c
    w = _width(r)
    bowl = [(x - 0.85 * r, y - 0.9 * r), (x + 0.85 * r, y - 0.9 * r), (x + 0.5 * r, y - 0.05 * r)]
    bowl += [
        (x + 0.18 * r, y + 0.15 * r),
        (x - 0.18 * r, y + 0.15 * r),
        (x - 0.5 * r, y - 0.05 * r),
    ]
    draw.polygon(bowl, fill=fill, outline=line, width=w)
    draw.rectangle(
        (x - 0.12 * r, y + 0.15 * r, x + 0.12 * r, y + 0.65 * r), fill=fill, outline=line, width=w
    )
    draw.ellipse(
        (x - 0.3 * r, y + 0.25 * r, x + 0.3 * r, y + 0.45 * r), fill=fill, outline=line, width=w
    )
    foot = [(x - 0.2 * r, y + 0.62 * r), (x + 0.2 * r, y + 0.62 * r), (x + 0.6 * r, y + 0.95 * r)]
    foot += [(x - 0.6 * r, y + 0.95 * r)]
    draw.polygon(foot, fill=fill, outline=line, width=w)
    draw.line((x - 0.85 * r, y - 0.9 * r, x + 0.85 * r, y - 0.9 * r), fill=line, width=2 * w)


def _coin(draw: ImageDraw.ImageDraw, c: Point, r: float, fill: RGB, line: RGB) -> None:
    """Draw a coin: a gold disc with a rim and a raised centre."""
    x, y = c
    w = _width(r)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=line, width=w)
    draw.ellipse((x - 0.72 * r, y - 0.72 * r, x + 0.72 * r, y + 0.72 * r), outline=line, width=w)
    draw.ellipse((x - 0.25 * r, y - 0.25 * r, x + 0.25 * r, y + 0.25 * r), fill=line)


def _sword(draw: ImageDraw.ImageDraw, c: Point, r: float, fill: RGB, line: RGB) -> None:
    """Draw an upright sword: a broad pointed blade, a cross-guard, a grip and a pommel."""
    x, y = c
    w = _width(r)
    blade = [(x, y - r), (x + 0.34 * r, y - 0.6 * r), (x + 0.3 * r, y + 0.42 * r)]
    blade += [(x - 0.3 * r, y + 0.42 * r), (x - 0.34 * r, y - 0.6 * r)]
    draw.polygon(blade, fill=fill, outline=line, width=w)
    draw.line((x, y - 0.72 * r, x, y + 0.34 * r), fill=line, width=max(1, w // 2))
    guard = (x - 0.72 * r, y + 0.4 * r, x + 0.72 * r, y + 0.58 * r)
    draw.rounded_rectangle(guard, radius=0.08 * r, fill=fill, outline=line, width=w)
    draw.rectangle((x - 0.1 * r, y + 0.58 * r, x + 0.1 * r, y + 0.82 * r), fill=line)
    pommel = (x - 0.18 * r, y + 0.78 * r, x + 0.18 * r, y + r)
    draw.ellipse(pommel, fill=fill, outline=line, width=w)


def _club(draw: ImageDraw.ImageDraw, c: Point, r: float, fill: RGB, line: RGB) -> None:
    """Draw a knotted wooden club leaning right: a rounded head, bumps, a narrow grip."""
    x, y = c
    w = _width(r)
    top, bottom = (x + 0.35 * r, y - 0.6 * r), (x - 0.35 * r, y + 0.9 * r)
    knots = ((0.15, 1), (0.38, -1), (0.6, 1))
    for at, side in knots:
        kx, ky = _along(top, bottom, at)
        half = 0.34 - 0.16 * at
        draw.ellipse(
            _square((kx + side * half * r, ky), 0.14 * r), fill=fill, outline=line, width=w
        )
    body = [(top[0] - 0.36 * r, top[1]), (top[0] + 0.36 * r, top[1])]
    body += [(bottom[0] + 0.15 * r, bottom[1]), (bottom[0] - 0.15 * r, bottom[1])]
    draw.polygon(body, fill=fill, outline=line, width=w)
    draw.ellipse(_square(top, 0.36 * r), fill=fill, outline=line, width=w)
    draw.polygon([*body[:2], (top[0], top[1] + 0.3 * r)], fill=fill)
    draw.ellipse(_square(top, 0.14 * r), fill=line)
    for at, side in knots:
        kx, ky = _along(top, bottom, at)
        half = 0.34 - 0.16 * at
        draw.ellipse(_square((kx + side * half * r, ky), 0.05 * r), fill=line)


def _along(a: Point, b: Point, t: float) -> Point:
    """Return the point a fraction t of the way from a to b."""
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _square(c: Point, half: float) -> tuple[float, float, float, float]:
    """Return the box of half-side ``half`` around a point."""
    return c[0] - half, c[1] - half, c[0] + half, c[1] + half


DRAWERS: dict[Suit, Callable[[ImageDraw.ImageDraw, Point, float, RGB, RGB], None]] = {
    Suit.CUPS: _cup,
    Suit.COINS: _coin,
    Suit.SWORDS: _sword,
    Suit.CLUBS: _club,
}
