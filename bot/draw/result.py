"""The result under a finished match's table picture: who won, in the picture itself.

A final table otherwise looks like any other round (Coins even shows an empty trick),
so the picture of a match that is over is shrunk a little and the outcome's sentence
is written on a gold band under it, the picture keeping its size and proportions.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Final

from PIL import Image, ImageDraw

from bot.draw.canvas import GOLD, canvas, png
from bot.draw.text import draw_lines, line_height, wrap
from bot.engine.rules import Outcome

BAND_SHARE: Final = 0.13
"""The band's share of the picture's height."""
BAND_INK: Final = (30, 24, 8)
TROPHY: Final = "★"


def with_result(
    picture: Callable[[], bytes] | None, outcome: Outcome | None, names: Sequence[str]
) -> Callable[[], bytes] | None:
    """Return the picture drawer, writing the result under the picture once there is one."""
    if picture is None or outcome is None:
        return picture
    drawn, said = picture, outcome.render(names)
    return lambda: result_band(drawn(), said)


def result_band(picture: bytes, said: str) -> bytes:
    """Return the picture shrunk above a gold band that says the result, same size."""
    image = Image.open(io.BytesIO(picture)).convert("RGBA")
    width, height = image.size
    band = max(48, round(height * BAND_SHARE))
    room = height - band
    shown = image.resize((round(width * room / height), room), Image.Resampling.LANCZOS)
    corner = image.convert("RGB").getpixel((0, 0))
    felt = corner if isinstance(corner, tuple) else GOLD
    out = canvas((width, height), (felt[0], felt[1], felt[2]))
    out.alpha_composite(shown, ((width - shown.width) // 2, 0))
    draw = ImageDraw.Draw(out)
    draw.rectangle((0, room, width, height), fill=GOLD)
    size = round(band * 0.34)
    lines = wrap(f"{TROPHY} {said}", size, width - size * 2, lines=2)
    if len(lines) > 1:
        size = round(size * 0.82)
        lines = wrap(f"{TROPHY} {said}", size, width - size * 2, lines=2)
    top = room + (band - line_height(size) * len(lines)) / 2
    draw_lines(draw, (width / 2, top), lines, size, BAND_INK, align="m")
    return png(out)
