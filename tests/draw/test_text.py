"""The drawing kit's text: real glyphs for every name, readable stand-ins, fitting."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.draw import text
from bot.draw.markers import ROBOT, ROBOT_TEXT, robot_name

FONTS = Path(text.__file__).parent / "fonts"
NAMES = [
    "Zoë",
    "Ωμέγα",
    "Niccolò",
    "李雷",
    "🤖 AI",
    "♠♣♥♦",
    "Жанна",
    "김민준",
    "さくら",
    "Zoe\u0308",
    "🎲 Dado",
    "Ana 👍🏽",
    "😀🌟🐉",
    "สมชาย",
    "नमस्ते",
    "আমার",
    "தமிழ்",
    "محمد",
    "שרה",
    "សុខា",
]


def _pixels(font: text.Font, ch: str) -> tuple[tuple[int, int], bytes]:
    mask = font.getmask(ch)
    return mask.size, bytes(mask)


@pytest.mark.parametrize("name", NAMES)
def test_every_character_of_a_name_is_a_real_glyph(name: str) -> None:
    """Each drawn character's bitmap differs from the .notdef box of the font that draws it."""
    drawn = text.clean(name)
    assert drawn.strip()
    for index, part in text.runs(drawn):
        font = text.chain(24)[index]
        notdef = _pixels(font, "\uffff")
        for ch in part.replace(" ", ""):
            assert _pixels(font, ch) != notdef, f"{ch!r} of {name!r} would draw as a box"


def test_every_size_opens_the_font_files_instead_of_copying_them() -> None:
    """Each size of the chain reads the shipped files (FreeType reads what it needs), so a
    bot that drew at sixty sizes does not hold sixty copies of every font
    (``python -m bench.picture_memory`` measures it)."""
    for size in (12, 31):
        for name, font in zip(text.FONT_FILES, text.chain(size), strict=True):
            assert Path(str(font.path)) == FONTS / name
            assert getattr(font, "font_bytes", None) is None


def test_a_size_opens_only_the_fonts_its_text_needs() -> None:
    """Latin text at a new size opens the first font only; a Chinese name opens the
    Chinese font too, and nothing else."""
    image = ImageDraw.Draw(Image.new("L", (700, 120)))
    text.draw_text(image, (5, 5), "Ada to play", 97, 255)
    assert text.chain(97).opened() == {0}
    text.draw_text(image, (5, 5), "李雷 to play", 97, 255)
    assert text.chain(97).opened() == {0, text.font_index("李")}


def test_a_name_draws_the_same_pixels_as_its_glyphs() -> None:
    """draw_text puts the chosen font's glyphs down, not boxes: compare with a direct draw."""
    for name in ("李雷", "Zoë"):
        ours = Image.new("L", (200, 60))
        text.draw_text(ImageDraw.Draw(ours), (5, 5), name, 24, 255)
        index, part = next(iter(text.runs(name)))
        direct = Image.new("L", (200, 60))
        ImageDraw.Draw(direct).text((5, 5), part, font=text.chain(24)[index], fill=255)
        a, b = ours.crop(ours.getbbox()), direct.crop(direct.getbbox())
        assert a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def _drawn(line: str, engine: ImageFont.Layout | None = None) -> Image.Image:
    """Draw one line with the kit (or with one layout engine, for comparison), cropped."""
    image = Image.new("L", (300, 70))
    if engine is None:
        text.draw_text(ImageDraw.Draw(image), (5, 5), line, 40, 255)
    else:
        font = ImageFont.truetype(str(FONTS / "DejaVuSans.ttf"), 40, layout_engine=engine)
        ImageDraw.Draw(image).text((5, 5), line, font=font, fill=255)
    return image.crop(image.getbbox())


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def test_arabic_names_read_right_to_left_with_joined_letters() -> None:
    """An Arabic name is shaped: its first letter stands on the right, and lam and alef
    join into their one ligature, as a reader expects (letter by letter, left to right,
    it would read backwards in broken letters)."""
    assert text.LAYOUT is ImageFont.Layout.RAQM, "Pillow's complex-text layout is missing"
    letter_by_letter = ImageFont.Layout.BASIC
    assert _same(_drawn("دا"), _drawn("اد", letter_by_letter))  # dal, then alef, on its left
    assert not _same(_drawn("دا"), _drawn("دا", letter_by_letter))
    assert _same(_drawn("لا"), _drawn("\ufefb", letter_by_letter))  # the lam-alef ligature


def test_a_line_with_an_arabic_name_still_reads_left_to_right() -> None:
    """In "<name> to play" the name stays first, on the left: the line's direction is the
    sentence's, not the name's (left alone, the name's direction would put it last)."""
    line = "دا to play"
    drawn = _drawn(line)
    name = _drawn("اد", ImageFont.Layout.BASIC)
    head = drawn.crop((0, 0, name.width, drawn.height))
    assert _same(head.crop(head.getbbox()), name)
    assert text.width(line, 40) == pytest.approx(drawn.width, abs=4)


@pytest.mark.parametrize("room", [90, 110, 130])
def test_a_cut_arabic_name_shows_its_ellipsis_where_it_was_cut(room: int) -> None:
    """A right-to-left name cut to fit ends, for its reader, on its left: the ellipsis
    stands there, between "by" and the name, not on the right where the name begins. (The
    letters chosen join no neighbour, so a letter-by-letter drawing is the expected one.)"""
    name = "دارا زاد وارد"
    cut = text.fit(name, 40, room)
    (line,) = text.fit_named("by {player}", [name], 40, text.width("by ", 40) + room)
    for drawn in (f"by {cut}", line):
        kept = drawn.removeprefix("by ").rstrip("…" + text.RIGHT_TO_LEFT_MARK)
        assert kept and kept in name and len(kept) < len(name)
        expected = _drawn("by …" + kept[::-1], ImageFont.Layout.BASIC)
        assert _same(_drawn(drawn), expected)
    latin = text.fit("Bartholomew", 40, room)
    assert latin.endswith("…"), "a left-to-right name keeps its ellipsis on its right"


def test_the_robot_marker_reads_ai_in_pictures() -> None:
    """Pictures write AI where messages show the robot emoji: the marker reads as a word."""
    assert text.clean(robot_name("Ada")) == f"{ROBOT_TEXT} Ada"
    assert ROBOT not in text.clean(f"{ROBOT}{ROBOT}")


def test_emoji_draw_as_glyphs_and_what_no_font_has_is_left_out() -> None:
    """An emoji in a name is drawn by the emoji font; a character no font has is dropped,
    variation selectors too."""
    assert text.clean("👍\ufe0f Bo") == "👍 Bo"
    assert list(text.runs("👍 Bo 李 雷")) == [(2, "👍"), (0, " Bo "), (1, "李 雷")]
    emoji, latin = text.chain(24)[2], text.chain(24)[0]
    assert text.width("👍 Bo", 24) == emoji.getlength("👍") + latin.getlength(" Bo")
    assert text.clean("❤\ufe0f Bo") == "♥ Bo"
    assert text.clean("\ue000 Bo") == "Bo"  # a private-use character: no font maps it


def test_fit_and_wrap_keep_within_the_room() -> None:
    """Fitted text ends in an ellipsis within its width; wrapped lines each fit."""
    long = "Bartholomew-Christopher of the Long Names " * 3
    fitted = text.fit(long, 18, 150)
    assert fitted.endswith("…") and text.width(fitted, 18) <= 150
    lines = text.wrap(long, 18, 200, lines=3)
    assert len(lines) == 3 and all(text.width(line, 18) <= 200 for line in lines)
    assert text.fit("Zoë", 18, 150) == "Zoë"


def test_fitted_names_that_begin_alike_are_told_apart_each_in_its_room() -> None:
    names = ["Bartholomew-Alexander", "Bartholomew-Alexandra", "🤖 Zoë"]
    shown = text.fit_names(names, 16, [110, 110, 110])
    assert shown[0] != shown[1] and shown[0].endswith("der") and shown[1].endswith("dra")
    assert shown[2] == "AI Zoë"
    assert all(text.width(name, 16) <= 110 for name in shown)
    narrow = text.fit_names(names[:2], 16, [110, 60])
    assert text.width(narrow[1], 16) <= 60 and narrow[0] != narrow[1]


@pytest.mark.parametrize("template", ["by {player}", "{player} to play", "« {player} » +3"])
def test_only_the_names_are_cut_in_a_sentence_that_holds_them(template: str) -> None:
    """The words around a name stay whole; the names are cut to fit and told apart."""
    names = ["Bartholomew-Alexander", "Bartholomew-Alexandra", "Bo"]
    head, tail = template.split("{player}")
    for room in (90, 120, 160):
        shown = text.fit_named(template, names, 14, room)
        assert all(t.startswith(head) and t.endswith(tail) for t in shown)
        assert all(text.width(t, 14) <= room for t in shown)
        assert len(set(shown)) == 3 and shown[2] == template.replace("{player}", "Bo")
    tiny = text.fit_named(template, names, 14, text.width(template, 14))
    assert tiny[0] != tiny[1], "too little room for the words: the whole texts are told apart"


def test_thai_and_indic_names_draw_in_their_own_script_shaped_with_their_vowel_signs() -> None:
    """Thai, Devanagari, Bengali and Tamil names draw in their own letters. Each vowel sign
    and virama stays in its letter's run, so the two are shaped together: नमस्ते's conjunct
    and vowel sign sit on their letters, never as a lone sign on a dotted circle."""
    for name in ("สมชาย", "नमस्ते", "আমার", "தமிழ்"):
        assert text.clean(name) == name
        (run,) = text.runs(name)
        assert run[1] == name and run[0] not in (0, text.EMOJI_FONT)
    line = "नमस्ते to play"
    assert [part for _, part in text.runs(line)] == ["नमस्ते ", "to play"]
    shaped = _drawn("नमस्ते")
    signs = Image.new("L", (400, 70))
    font = text.chain(40)[text.font_index("न") or 0]
    ImageDraw.Draw(signs).text((5, 5), "नमस्ते", font=font, fill=255)
    assert _same(shaped, signs.crop(signs.getbbox()))
    letter_by_letter = Image.new("L", (400, 70))
    x = 5.0
    for ch in "नमस्ते":
        index = text.font_index(ch) or 0
        plain = text.chain(40)[index]
        ImageDraw.Draw(letter_by_letter).text((x, 5), ch, font=plain, fill=255)
        x += plain.getlength(ch)
    assert not _same(shaped, letter_by_letter.crop(letter_by_letter.getbbox()))


def test_a_letter_no_font_has_is_spelled_in_latin_and_never_leaves_a_lone_mark() -> None:
    """Khmer and Sinhala have no font in the chain: the name is spelled, not lost, and a
    vowel sign is never drawn on its own (no dotted circle, no box)."""
    assert text.clean("សុខា") == "sokha"
    assert text.clean("නිමල්") == "niml"
    assert text.clean("\u0301x") == "x"  # a mark with no letter before it
    assert text.clean("Zoe\u0308") == "Zoë"
