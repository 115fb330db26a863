"""Helpers for tests that look at rendered pictures: decode PNGs, compare colours."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

Colour = tuple[int, ...]


def open_png(data: bytes) -> Image.Image:
    """Decode PNG bytes as RGB, checking the signature and the format first."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def near(pixel: object, colour: Colour, tolerance: int = 40) -> bool:
    """Return whether a pixel's RGB is within tolerance of a colour on every channel."""
    assert isinstance(pixel, tuple)
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour[:3], strict=True))


def colour_mask(image: Image.Image, colour: Colour, tolerance: int = 40) -> Image.Image:
    """Return a mask of the pixels whose every channel is within tolerance of a colour."""
    solid = Image.new("RGB", image.size, colour[:3])
    red, green, blue = ImageChops.difference(image.convert("RGB"), solid).split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return worst.point(lambda value: 255 if value <= tolerance else 0)


def count_near(image: Image.Image, colour: Colour, tolerance: int = 40) -> int:
    """Count the pixels of an image close to a colour."""
    return colour_mask(image, colour, tolerance).histogram()[255]
