"""Fonts and text for every game's pictures: a font chain, measuring, fitting, wrapping.

The fonts ship with the package (``bot/draw/fonts``, licences beside them): DejaVu
Sans draws Latin with accents, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic,
card suits, arrows and maths signs; Droid Sans Fallback draws Chinese, Japanese and
Korean; Noto Emoji draws emoji, in the text's own colour (Pillow draws no colour-emoji
outlines); Noto Sans Thai, Devanagari, Bengali and Tamil draw those scripts. Text is
drawn in runs, each from the first font of the chain that has its characters (a
combining mark stays with its letter), so a name never comes out as missing-glyph
boxes. A few markers read as words or signs (``SUBSTITUTES``: 🤖 becomes ``AI``); a
letter no font has is spelled in Latin letters (``anyascii``: Khmer "សុខា" draws as
"sokha"), so a name is never lost, and a combining mark whose letter was not drawn as
itself is left out.

Where Pillow has its complex-text layout (libraqm with FriBiDi, as on the project's
machines), each run is shaped: Arabic letters join and read right to left, as do
Hebrew's, and Indic vowel signs and conjuncts take their places. Without it, text is
laid out letter by letter, left to right.

Whether a font has a glyph is decided by drawing the character and comparing its
bitmap with the font's ``.notdef`` glyph (what FreeType draws for an unmapped code
point), so no font table is parsed.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterator, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Final, Literal

from anyascii import anyascii
from PIL import ImageDraw, ImageFont, features

from bot.draw.markers import ROBOT, ROBOT_TEXT
from bot.engine.names import distinct, middle_cut

Font = ImageFont.FreeTypeFont
RGB = tuple[int, int, int]
Ink = RGB | tuple[int, int, int, int]

FONT_FILES: tuple[str, ...] = (
    "DejaVuSans.ttf",
    "DroidSansFallback.ttf",
    "NotoEmoji.ttf",
    "NotoSansThai-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansBengali-Regular.ttf",
    "NotoSansTamil-Regular.ttf",
)
"""The font chain, first choice first."""
EMOJI_FONT = FONT_FILES.index("NotoEmoji.ttf")
"""The emoji font's place in the chain: its space is an emoji's width, so none is drawn in it."""
NOTDEF_PROBE = "\uffff"
"""A noncharacter: no font maps it, so it draws the font's ``.notdef`` glyph."""
SUBSTITUTES: dict[str, str] = {
    ROBOT: ROBOT_TEXT,
    "\U0001f464": "•",  # bust in silhouette
    "\u2b50": "★",  # star emoji
    "\u2764": "♥",  # heavy heart
    "\u2705": "✓",  # check mark button
    "\u274c": "✗",  # cross mark
    "\U0001f3c6": "★",  # trophy
    "\U0001f451": "★",  # crown
}
"""Markers drawn as words or plain signs, the same at any size and in any picture."""
INVISIBLE = {"\ufe0e", "\ufe0f", "\u200d", "\u200b", "\u2060"}
"""Variation selectors and joiners: they shape emoji and draw nothing on their own."""
RIGHT_TO_LEFT_MARK: Final = "\u200f"
"""Kept by ``clean`` (it draws nothing): after the ellipsis of a cut right-to-left name it
keeps the ellipsis on the name's cut end, its left."""


LAYOUT: ImageFont.Layout = (
    ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
)
"""How runs are laid out: shaped and in reading order where Pillow can, else letter by letter."""
LINE: Final = "ltr" if LAYOUT is ImageFont.Layout.RAQM else None
"""A line reads left to right, as English and Italian do, even when a name in it does not:
"محمد to play" keeps the name first, on the left, its letters right to left."""


@lru_cache(maxsize=16)
def _font_source(name: str) -> str | bytes:
    """Return a shipped font's path, or its bytes when the package is not on disk (a zip).

    By path, FreeType reads the file as it needs it, and the fonts of every size share
    the operating system's cache of it; from bytes, each size would hold a copy of every
    font (about 7 MB a size for the whole chain).
    """
    resource = resources.files("bot.draw") / "fonts" / name
    if isinstance(resource, Path) and resource.is_file():
        return str(resource)
    return resource.read_bytes()


def _load(name: str, size: int) -> Font:
    """Open one shipped font at a pixel size."""
    source = _font_source(name)
    where = io.BytesIO(source) if isinstance(source, bytes) else source
    return ImageFont.truetype(where, size, layout_engine=LAYOUT)


class Chain:
    """The chain's fonts at one pixel size, each opened the first time a run needs it:
    most text needs only the first, and an open font costs memory (up to 0.2 MB) at
    every size fitting has tried."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._open: dict[int, Font] = {}

    def __getitem__(self, index: int) -> Font:
        """Return the index-th font of the chain at this size, opening it if need be."""
        font = self._open.get(index)
        if font is None:
            font = self._open[index] = _load(FONT_FILES[index], self.size)
        return font

    def __iter__(self) -> Iterator[Font]:
        return (self[index] for index in range(len(FONT_FILES)))

    def opened(self) -> frozenset[int]:
        """Return which fonts of the chain are open at this size."""
        return frozenset(self._open)


@lru_cache(maxsize=256)
def chain(size: int) -> Chain:
    """Return the fonts of the chain at a pixel size."""
    return Chain(max(size, 6))


def font(size: int) -> Font:
    """Return the first font of the chain (Latin, Greek, Cyrillic, symbols) at a pixel size."""
    return chain(size)[0]


@lru_cache(maxsize=8)
def _notdef(index: int) -> bytes:
    """Return the bitmap of a chain font's ``.notdef`` glyph at the probe size."""
    return _bitmap(index, NOTDEF_PROBE)


def _bitmap(index: int, ch: str) -> bytes:
    """Return a character's size and pixels in one chain font at the probe size."""
    mask = chain(24)[index].getmask(ch)
    return bytes(f"{mask.size}", "ascii") + bytes(mask)


@lru_cache(maxsize=8192)
def has_glyph(index: int, ch: str) -> bool:
    """Tell whether chain font ``index`` draws ``ch`` as itself, not as its ``.notdef`` box."""
    return _bitmap(index, ch) != _notdef(index)


@lru_cache(maxsize=8192)
def font_index(ch: str) -> int | None:
    """Return the first chain font that draws a character, or None when none does."""
    if ch.isspace():
        return 0
    for index in range(len(FONT_FILES)):
        if has_glyph(index, ch):
            return index
    return None


@lru_cache(maxsize=4096)
def clean(text: str) -> str:
    """Return text that the chain draws in full: stand-ins in, undrawable characters out.

    Accents are composed (NFC) first, so ``e`` plus a combining diaeresis draws as ``ë``.
    """
    out: list[str] = []
    base: bool | None = False  # the last letter: drawn as itself, spelled (None), or none
    for ch in unicodedata.normalize("NFC", text):
        if ch in SUBSTITUTES:
            out.append(SUBSTITUTES[ch])
            base = True
        elif ch == RIGHT_TO_LEFT_MARK:
            out.append(ch)
        elif ch in INVISIBLE or unicodedata.category(ch) in ("Cc", "Cf"):
            continue
        elif unicodedata.category(ch).startswith("M"):
            if base and font_index(ch) is not None:
                out.append(ch)
            elif base is None:
                out.extend(anyascii(ch))  # a spelled letter's vowel sign is spelled too
        elif font_index(ch) is not None:
            out.append(ch)
            base = True
        else:
            plain = unicodedata.normalize("NFKD", ch)
            kept = [c for c in plain if font_index(c) is not None and not unicodedata.combining(c)]
            out.extend(kept or anyascii(ch))
            base = None
    return "\n".join(" ".join(line.split()) for line in "".join(out).split("\n"))


def runs(text: str) -> Iterator[tuple[int, str]]:
    """Split cleaned text into runs drawn by one chain font each (a space joins the run
    before it, unless that is emoji; a combining mark, its letter's, where that font has
    it, so that the two are shaped together)."""
    current, start = 0, 0
    for i, ch in enumerate(text):
        if i > start and unicodedata.category(ch).startswith("M") and has_glyph(current, ch):
            continue
        if i > start and ch == RIGHT_TO_LEFT_MARK:
            continue  # the mark orders the run it ends
        index = font_index(ch) or 0
        if (ch != " " or current == EMOJI_FONT) and index != current:
            if i > start:
                yield current, text[start:i]
            current, start = index, i
    if start < len(text):
        yield current, text[start:]


def width(text: str, size: int) -> float:
    """Return the drawn width of a text at a pixel size (after ``clean``)."""
    fonts = chain(size)
    return sum(fonts[i].getlength(part, direction=LINE) for i, part in runs(clean(text)))


def line_height(size: int) -> int:
    """Return the distance between two lines of text at a size."""
    ascent, descent = font(size).getmetrics()
    return round((ascent + descent) * 1.05)


def fit(text: str, size: int, room: float) -> str:
    """Return the cleaned text, shortened with an ellipsis if wider than ``room``."""
    text = clean(text)
    if width(text, size) <= room:
        return text
    while text and width(text + "…", size) > room:
        text = text[:-1]
    return cut_end(text.rstrip() + "…")


def cut_end(text: str) -> str:
    """Return a cut text whose ellipsis stays on its cut end when that end reads right to
    left: in a line read left to right, "شهرزاد…" would draw the ellipsis on the name's
    right, where an Arabic or Hebrew name begins; a right-to-left mark after it moves it
    to the name's left, where the name was cut. Text that is not cut there is unchanged."""
    if not text.endswith("…"):
        return text
    for ch in reversed(text[:-1]):
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            return text + RIGHT_TO_LEFT_MARK
        if kind == "L":
            break
    return text


def fit_names(names: Sequence[str], size: int, room: float | Sequence[float]) -> list[str]:
    """Return names fitted to ``room`` (one for all, or one each) like ``fit``, told apart:
    where two different names would come out alike, each keeps its end after the ellipsis
    (``Bartho…ander``)."""
    cleaned = [clean(name) for name in names]
    rooms = [room] * len(names) if isinstance(room, int | float) else list(room)

    def shorten(i: int, tail: int) -> str:
        return cut_end(middle_cut(cleaned[i], tail, lambda text: width(text, size) <= rooms[i]))

    return distinct(cleaned, shorten)


def fit_named(
    template: str, names: Sequence[str], size: int, room: float, slot: str = "{player}"
) -> list[str]:
    """Return the template with each name in its ``slot``, fitted to ``room``: only the
    names are cut, so the rest of the text stays whole (``by Barth…dra``, ``… to play``),
    and they are told apart like ``fit_names``. Where the rest leaves too little room to
    tell names apart (a letter, the ellipsis and two more), the whole texts are fitted
    and told apart instead."""
    left = room - width(template.replace(slot, ""), size)
    if left < width("W…WW", size):
        return fit_names([template.replace(slot, name) for name in names], size, room)
    while True:  # a joined text may measure a pixel wider than its parts
        texts = [template.replace(slot, name) for name in fit_names(names, size, left)]
        if all(width(text, size) <= room for text in texts) or left < 1:
            return texts
        left -= 1


def fit_size(text: str, size: int, room: float, smallest: int = 10) -> int:
    """Return the largest size not above ``size`` (down to ``smallest``) at which text fits."""
    while size > smallest and width(text, size) > room:
        size -= 1
    return size


def wrap(text: str, size: int, room: float, lines: int = 99) -> list[str]:
    """Break text into lines no wider than ``room`` (at most ``lines``; the last fitted)."""
    out: list[str] = []
    for paragraph in clean(text).split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if line and width(trial, size) > room:
                out.append(line)
                line = word
            else:
                line = trial
        out.append(line)
    if len(out) > lines:
        out = [*out[: lines - 1], " ".join(out[lines - 1 :])]
    return [fit(line, size, room) for line in out]


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Ink,
    anchor: str = "la",
    stroke_width: int = 0,
    stroke_fill: Ink | None = None,
) -> float:
    """Draw one line of text with the font chain, anchored like Pillow's ``text``.

    Returns the drawn width. Text that the first font covers is drawn in one call;
    otherwise each run is drawn on the first font's baseline.
    """
    text = clean(text).replace("\n", " ")
    fonts = chain(size)
    parts = list(runs(text))
    if all(i == 0 for i, _ in parts):
        draw.text(
            xy,
            text,
            font=fonts[0],
            fill=fill,
            anchor=anchor,
            stroke_width=stroke_width,
            stroke_fill=stroke_fill,
            direction=LINE,
        )
        return fonts[0].getlength(text, direction=LINE)
    total = sum(fonts[i].getlength(part, direction=LINE) for i, part in parts)
    x = xy[0] - {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
    first = fonts[0]
    shift = first.getbbox("Hg", anchor="l" + anchor[1])[1] - first.getbbox("Hg", anchor="ls")[1]
    baseline = xy[1] + shift
    for i, part in parts:
        draw.text(
            (x, baseline),
            part,
            font=fonts[i],
            fill=fill,
            anchor="ls",
            stroke_width=stroke_width,
            stroke_fill=stroke_fill,
            direction=LINE,
        )
        x += fonts[i].getlength(part, direction=LINE)
    return total


def draw_lines(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    lines: list[str],
    size: int,
    fill: Ink,
    align: Literal["l", "m", "r"] = "l",
    spacing: float = 1.0,
) -> float:
    """Draw lines top down from ``xy`` (their top), aligned left, centre or right.

    Returns the y just below the last line.
    """
    step = line_height(size) * spacing
    y = xy[1]
    for line in lines:
        draw_text(draw, (xy[0], y), line, size, fill, anchor=align + "a")
        y += step
    return y
