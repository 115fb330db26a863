"""The playground in a real browser: Debian's Chromium through Playwright, and the helpers
the browser tests share (start and stop `python -m bot playground`, wait for a page to
settle, type a command, click a button).

Outside CI a test is skipped, with the reason, when Playwright or the browser is
missing; in CI (`CI=true`) that is a failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import re
import signal
import sys
import time
import weakref
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
URL = re.compile(r"http://127\.0\.0\.1:\d+/#\S+")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
AI_MOVE_DELAY = "1.5"
"""Seconds an AI seat waits: the default, long enough that the clock, not a click, paces it."""


def require_browser() -> None:
    """Skip (fail in CI) unless Playwright and Debian's Chromium are installed."""
    missing = []
    if importlib.util.find_spec("playwright") is None:
        missing.append('the playwright package (pip install -e ".[dev]")')
    if not CHROMIUM.exists():
        missing.append(f"{CHROMIUM} (apt-get install chromium)")
    if not missing:
        return
    reason = "the real-browser playground test needs " + " and ".join(missing)
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; .ci/run installs them", pytrace=False)
    pytest.skip(reason)


async def start_playground(
    tmp_path: Path, ai_move_delay: str = AI_MOVE_DELAY
) -> tuple[asyncio.subprocess.Process, str]:
    """Run `python -m bot playground` and return the process and the URL it prints.

    Its AI seats wait `ai_move_delay` seconds before each move.
    """
    env = {**os.environ, "AI_MOVE_DELAY": ai_move_delay, "LOG_LEVEL": "WARNING"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    log = tmp_path / "playground.log"
    with log.open("wb") as stderr:
        process = await asyncio.create_subprocess_exec(
            *[sys.executable, "-m", "bot", "playground", "--members", "alice,bob"],
            *["--db", str(tmp_path / "playground.db")],
            cwd=tmp_path,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
        )
    assert process.stdout is not None
    seen = b""
    while line := await asyncio.wait_for(process.stdout.readline(), timeout=30):
        seen += line
        found = URL.search(line.decode())
        if found:
            return process, found.group(0)
    raise AssertionError(f"no URL printed:\n{seen.decode()}\n{log.read_text()}")


async def stop_playground(process: asyncio.subprocess.Process) -> int:
    """Stop the playground as a person would, with Ctrl-C; return its exit code."""
    if process.returncode is None:
        process.send_signal(signal.SIGINT)
    return await asyncio.wait_for(process.wait(), timeout=20)


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """Headless Debian Chromium driven by Playwright (no browser download)."""
    require_browser()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            await browser.close()


_SEEN: weakref.WeakKeyDictionary[Any, tuple[Any, float]] = weakref.WeakKeyDictionary()
"""Per page, the last (ready, revision) state `settled` saw and since when it has shown it."""


async def settled(
    page: Any, quiet: float = 0.8, timeout: float = 20.0, *, resume: bool = False
) -> None:
    """Wait until the page is ready and no new publication arrived for `quiet` seconds.

    A click is checked against the version of the page it was made on; clicking
    just after another tab's move republished the pages would be refused as stale.
    With `resume` (nothing was clicked since the last call) the quiet time counts
    from when that call first saw the page's current state, so waiting twice in a
    row does not wait twice.
    """
    read = "() => [window.simcordPreview?.ready, window.simcordPreview?.publishedRevision]"
    deadline = time.monotonic() + timeout
    last, since = _SEEN.get(page, (None, 0.0)) if resume else (None, 0.0)
    while time.monotonic() < deadline:
        state = await page.evaluate(read)
        if state != last:
            last, since = state, time.monotonic()
            _SEEN[page] = (last, since)
        elif state[0] and time.monotonic() - since >= quiet:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the page never settled (ready, revision) = {last}")


async def open_page(browser: Any, url: str, viewer: str) -> Any:
    """Open the playground in a new tab and pick the member it views as."""
    # Playwright evaluates its checks as scripts, which the page's strict CSP forbids.
    context = await browser.new_context(viewport={"width": 1280, "height": 1000}, bypass_csp=True)
    page = await context.new_page()
    await page.goto(url)
    await settled(page)
    await page.get_by_label("Viewing as").select_option(label=viewer)
    await settled(page)
    return page


def message(page: Any, text: str | re.Pattern[str]) -> Any:
    """The newest message with an embed (itself an article) on the page that contains `text`."""
    articles = page.get_by_role("article")
    return articles.filter(has_text=text).filter(has=page.get_by_role("article")).last


async def run_command(page: Any, command: str) -> None:
    """Type a slash command in the message box, pick it, and send it."""
    box = page.get_by_placeholder("Message #games")
    await box.click()
    await box.type(command)
    await page.get_by_role("option", name=command).click()
    await page.get_by_role("button", name="Send").click()


async def click(page: Any, target: Any, label: str) -> None:
    """Click a button on a message once the page shows the latest publication."""
    await settled(page)
    await target.get_by_role("button", name=label).click()
