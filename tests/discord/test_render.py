"""Screen attachments carry a description (alt text) for screen readers."""

from __future__ import annotations

from bot.discord_ui.render import ALT_LIMIT, files_of
from bot.engine import Screen

PNG = b"\x89PNG\r\n\x1a\nfake"


def test_the_image_is_described_by_its_alt_text() -> None:
    screen = Screen(title="Table", body="x", image=PNG, image_alt="Trick 3: Zoë leads the 7♠.")
    (file,) = files_of(screen)
    assert file.description == "Trick 3: Zoë leads the 7♠."


def test_without_alt_text_the_title_and_text_describe_it_trimmed() -> None:
    screen = Screen(title="Round 2", body="**Ana** plays.\n" * 200, image=PNG)
    (file,) = files_of(screen)
    assert file.description is not None
    assert file.description.startswith("Round 2. Ana plays. Ana plays.")
    assert len(file.description) <= ALT_LIMIT and file.description.endswith("…")


def test_no_image_no_attachment() -> None:
    assert files_of(Screen(title="Rules", body="text")) == []
