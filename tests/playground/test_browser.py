"""A real browser plays in `python -m bot playground`: lobby, AI seats, My hand, one move.

Runs headless Chromium (Debian's `chromium`, installed by `.ci/run`) through
Playwright (see `tests.playground.browser`). The last screenshot is saved
to artifacts/playground.png.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.playground.browser import (
    ROOT,
    chromium,
    click,
    message,
    open_page,
    require_browser,
    run_command,
    settled,
    start_playground,
    stop_playground,
)

SCREENSHOT = ROOT / "artifacts" / "playground.png"


@pytest.fixture
async def playground_url(tmp_path: Path) -> AsyncIterator[str]:
    """The URL of a playground running in its own process, stopped with Ctrl-C afterwards."""
    require_browser()
    process, url = await start_playground(tmp_path)
    try:
        yield url
    finally:
        assert await stop_playground(process) == 0


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    """Headless Debian Chromium driven by Playwright (no browser download)."""
    async with chromium() as launched:
        yield launched


async def test_a_member_starts_coverta_with_ai_seats_and_plays_from_their_hand(
    playground_url: str, browser: Any
) -> None:
    alice = await open_page(browser, playground_url, "alice")
    bob = await open_page(browser, playground_url, "bob")

    await run_command(alice, "/coverta start")
    lobby = message(alice, "COVERTA: lobby #1")
    await lobby.get_by_text("Seats (1/6)").wait_for()
    for seats in (2, 3):
        await click(alice, lobby, "Add AI")
        await lobby.get_by_text(f"Seats ({seats}/6)").wait_for()
    await click(alice, lobby, "Start")

    # The AI seats move first, one by one, as the clock runs; then it is alice's turn.
    table = message(alice, re.compile(r"Match #1"))
    await table.get_by_text(re.compile(r"to act: @alice")).wait_for(timeout=30_000)
    await click(alice, table, "My hand")
    hand = message(alice, "COVERTA - alice's hand")
    await hand.get_by_text("Only you can see this").wait_for()
    await hand.get_by_text("Your instructions", exact=True).wait_for()

    await click(alice, hand, "Draw a card")
    await hand.get_by_text(re.compile(r"You drew \d+")).wait_for()
    await table.get_by_text("alice drew a card.").wait_for()
    # Bob's tab follows without a reload, and never shows alice's hand.
    await (
        message(bob, re.compile(r"Match #1"))
        .get_by_text("alice drew a card.")
        .wait_for(timeout=5_000)
    )
    assert await bob.get_by_text("alice's hand").count() == 0

    SCREENSHOT.parent.mkdir(exist_ok=True)
    await settled(alice)
    await alice.screenshot(path=str(SCREENSHOT))
