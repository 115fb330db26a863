"""Coins artwork: card faces tell the suits apart by colour and shape, ranks are readable."""

from __future__ import annotations

import itertools

from PIL import Image, ImageChops

from bot.draw.canvas import GOLD
from bot.draw.text import width
from bot.games.coins import art
from bot.games.coins.cards import CARDS, Suit, find
from bot.games.coins.symbols import FILL, LINE
from bot.games.coins.table import Slot, TablePicture
from bot.games.coins.table_art import CAPTION, TITLE, named, table_png
from tests.support.images import count_near, open_png

RGB = tuple[int, int, int]


def ink_mask(image: Image.Image) -> Image.Image:
    """Return where a card face is not paper (its printed shapes), as a 1-bit mask."""
    paper = Image.new("RGB", image.size, art.PAPER)
    diff = ImageChops.difference(image.convert("RGB"), paper).convert("L")
    return diff.point(lambda v: 255 if v > 60 else 0).convert("1")


def symbol_area(image: Image.Image) -> Image.Image:
    """Crop the middle of a card, where the large suit symbol is."""
    m = art.CARD_MARGIN
    return image.crop((m + 20, m + 40, m + 80, m + 100))


def test_a_card_has_its_box_size_at_any_scale() -> None:
    for scale in (0.8, 1.0, 1.15):
        assert art.card_image(CARDS[0], scale=scale).size == art.card_box(scale)


def palette_pixels(face: Image.Image, suit: Suit) -> int:
    """Count the pixels of a face in a suit's colours: fill, outline and printed ink."""
    return sum(count_near(face, c, 30) for c in (FILL[suit], LINE[suit], art.SUIT_INK[suit]))


def test_each_suit_is_drawn_in_its_own_colour() -> None:
    for suit in Suit:
        face = art.card_image(find("7", suit.word)).convert("RGB")
        assert count_near(face, FILL[suit], 30) > 250, suit
        own = palette_pixels(face, suit)
        for other in Suit:
            if other != suit:
                assert palette_pixels(face, other) < own / 20, (suit, other)


def test_each_suit_has_its_own_shape() -> None:
    masks = {suit: ink_mask(symbol_area(art.card_image(find("7", suit.word)))) for suit in Suit}
    for a, b in itertools.combinations(Suit, 2):
        differ = ImageChops.logical_xor(masks[a], masks[b]).histogram()[-1]
        assert differ > 600, (a, b, differ)


def test_every_rank_prints_a_different_index() -> None:
    corners = set()
    for c in CARDS[:12]:
        m = art.CARD_MARGIN
        corner = art.card_image(c).crop((m, m, m + 30, m + 40)).convert("RGB").tobytes()
        corners.add(corner)
    assert len(corners) == 12


def test_a_hand_fills_discords_box_in_even_rows_and_rings_the_marked_cards() -> None:
    width, height = art.card_box(1.0)
    full = open_png(art.hand_png(CARDS[:16], "Your hand"))
    assert full.size == (art.GAP + 6 * (width + art.GAP), art.HEADER + 3 * (height + art.GAP))
    assert 1.1 < full.width / full.height < 1.6  # about 4:3, not a strip
    few = open_png(art.hand_png(CARDS[:5], "Your hand"))
    assert few.size[1] == art.HEADER + 2 * (height + art.GAP)  # three over two
    marked = open_png(art.hand_png(CARDS[:5], "Your hand", [CARDS[2]]))
    assert count_near(marked, GOLD, 10) > count_near(few, GOLD, 10) + 200


def test_the_table_picture_shows_the_last_trick_under_the_current_one() -> None:
    """Both pictures have the 4:3 table size; the last trick fills the lower part."""
    current = (Slot(find("5", "Coins"), "Ana"), Slot(None, "Ben to play"), Slot(None, "Cy"))
    alone = open_png(table_png(TablePicture(current, "Hand 1 · trick 1")))
    last = tuple(Slot(find(r, s), name, name == "Cy") for r, s, name in (
        ("5", "Coins", "Ana"), ("King", "Swords", "Ben"), ("2", "Cups", "Cy"),
    ))  # fmt: skip
    both = open_png(
        table_png(TablePicture(current, "Hand 1 · trick 2", last, "Last trick: Cy +1", "why"))
    )
    assert both.size == alone.size == (800, 600)
    lower = (0, 340, 800, 600)
    assert (
        count_near(both.crop(lower), art.PAPER, 30)
        > count_near(alone.crop(lower), art.PAPER, 30) + 5000
    )
    assert count_near(both, GOLD, 10) > 200, "the winning card is ringed"
    assert count_near(alone, GOLD, 10) < 50


def test_long_alike_names_stay_apart_and_the_rest_of_the_caption_stays_whole() -> None:
    """A name is cut, not the words around it: "… to play" and the trick's "+3" stay, and
    two long names that begin alike still read differently."""
    slots = (
        Slot(find("5", "Coins"), "Bartholomew-Alexander", ring=True),
        Slot(None, "Bartholomew-Alexandra", caption="{player} to play"),
        Slot(None, "Cy"),
    )
    room = art.card_box(1.5)[0] + art.GAP
    captions = [named(s.caption, slots, CAPTION, room, s) for s in slots]
    assert captions[1].endswith(" to play") and "…" in captions[1]
    assert captions[0] != captions[1].removesuffix(" to play") and captions[2] == "Cy"
    assert all(width(c, CAPTION) <= room for c in captions)
    title = named("Last trick: {player} +3", slots, TITLE, 300, slots[0])
    assert title.startswith("Last trick: Barth") and title.endswith("der +3")
