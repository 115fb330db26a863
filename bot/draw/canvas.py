"""Canvases, colours and encoding shared by every game's pictures.

Discord shows an embed image inside a box of about 400×300 px, so every table
picture is drawn on a ``TABLE_SIZE`` (4:3) canvas: fitted into that box it keeps
its whole width and height.
"""

from __future__ import annotations

import io
from typing import Final

from PIL import Image

RGB = tuple[int, int, int]

TABLE_SIZE: Final = (800, 600)
"""Every table picture's size: 4:3, twice Discord's embed box."""
SUPERSAMPLE: Final = 3
"""Cards, badges and sprites are drawn this much larger, then reduced, to smooth edges."""

GOLD: RGB = (255, 196, 0)
GREEN: RGB = (46, 232, 106)
RED: RGB = (220, 30, 40)
WHITE: RGB = (255, 255, 255)
INK: RGB = (238, 242, 238)
"""Light text on the dark felt of every table."""
INK_DIM: RGB = (168, 192, 178)


def png(image: Image.Image) -> bytes:
    """Encode an image as PNG bytes (RGB, quick compression)."""
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def canvas(size: tuple[int, int], colour: RGB) -> Image.Image:
    """Return an opaque RGBA canvas of one colour."""
    return Image.new("RGBA", size, (*colour, 255))


def clear(size: tuple[int, int]) -> Image.Image:
    """Return a transparent RGBA canvas."""
    return Image.new("RGBA", size, (0, 0, 0, 0))


def smooth(big: Image.Image, size: tuple[int, int]) -> Image.Image:
    """Reduce a supersampled drawing to its final size."""
    return big.resize(size, Image.Resampling.LANCZOS)


def fit_scale(size: tuple[float, float], room: tuple[float, float]) -> float:
    """Return the scale that fits a size inside a room, keeping its proportions."""
    return min(room[0] / max(size[0], 1), room[1] / max(size[1], 1))


def grid_shape(
    count: int, cell: tuple[int, int], gap: int, header: int = 0, least_width: int = 0
) -> tuple[int, int]:
    """Return (columns, rows) for ``count`` cells in even rows under a ``header``: the
    arrangement whose picture, fitted into Discord's 4:3 box, shows the cells largest
    (fewer rows on a tie). ``least_width`` is the width the header's own text needs."""
    count = max(count, 1)
    best, best_scale = (count, 1), 0.0
    for columns in range(count, 0, -1):  # the fewest rows first, so a tie keeps them
        rows = -(-count // columns)
        size = (
            max(gap + columns * (cell[0] + gap), least_width),
            header + gap + rows * (cell[1] + gap),
        )
        scale = fit_scale(size, TABLE_SIZE)
        if scale > best_scale * 1.0001:
            best, best_scale = (columns, rows), scale
    rows = best[1]
    return -(-count // rows), rows  # rows as even as they go


def framed(
    image: Image.Image, colour: RGB, size: tuple[int, int] = TABLE_SIZE, grow: float = 1.25
) -> Image.Image:
    """Return the picture centred on a canvas of ``size``, scaled to fit.

    A picture larger than the canvas shrinks; a smaller one grows by at most
    ``grow`` (more would blur its text); the rest is filled with ``colour``.
    """
    scale = min(fit_scale(image.size, size), grow)
    if abs(scale - 1) > 0.01:
        shown = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(shown, Image.Resampling.LANCZOS)
    out = canvas(size, colour)
    at = ((size[0] - image.width) // 2, (size[1] - image.height) // 2)
    out.alpha_composite(image.convert("RGBA"), at)
    return out
