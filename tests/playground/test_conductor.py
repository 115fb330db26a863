"""The conductor: one SimCord call at a time, a clock in step with real time, pages on change."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.playground.conductor import Conductor


class FakeEnv:
    """Records clock steps; `http_requests` grows when the "bot" does something."""

    def __init__(self) -> None:
        self.http_requests: list[str] = []
        self.advanced: list[float] = []
        self.clock = datetime(2026, 11, 28, tzinfo=UTC)

    def now(self) -> datetime:
        return self.clock

    async def advance_time(self, seconds: float) -> None:
        self.advanced.append(seconds)
        self.clock += timedelta(seconds=seconds)


class FakePreview:
    """A Preview whose browser actions enter through `_action(context_id, body)`."""

    def __init__(self, env: FakeEnv, lock_seen: list[bool] | None = None) -> None:
        self.env = env
        self.refreshes = 0
        self.release = asyncio.Event()
        self.release.set()
        self.lock: asyncio.Lock | None = None
        self.lock_seen = lock_seen if lock_seen is not None else []

    async def refresh(self) -> None:
        self.refreshes += 1

    async def _action(self, context_id: Any, body: Any) -> dict[str, Any]:
        self.lock_seen.append(self.lock is not None and self.lock.locked())
        await self.release.wait()
        self.env.http_requests.append(f"answer to {body}")
        return {"settlement": "settled"}


def attached(env: FakeEnv, preview: Any, **kwargs: Any) -> Conductor:
    conductor = Conductor(env, **kwargs)
    conductor.attach(preview)
    if isinstance(preview, FakePreview):
        preview.lock = conductor.lock
    return conductor


async def test_pages_are_republished_only_when_the_bot_made_a_request() -> None:
    env = FakeEnv()
    preview = FakePreview(env)
    conductor = attached(env, preview)
    await conductor.step()
    await conductor.step()
    assert preview.refreshes == 0
    env.http_requests.append("PATCH /channels/1/messages/2")
    await conductor.step()
    await conductor.step()
    assert preview.refreshes == 1


async def test_the_clock_moves_by_the_real_time_that_passed() -> None:
    env = FakeEnv()
    conductor = attached(env, FakePreview(env))
    await asyncio.sleep(0.1)
    await conductor.step()
    await asyncio.sleep(0.05)
    await conductor.step()
    assert 0.09 <= env.advanced[0] < 0.5
    assert 0.04 <= env.advanced[1] < 0.5


async def test_a_browser_action_holds_the_lock_and_its_result_is_published_before_it_answers() -> (
    None
):
    env = FakeEnv()
    preview = FakePreview(env)
    attached(env, preview)
    answer = await preview._action("page", {"kind": "click"})
    assert answer == {"settlement": "settled"}
    assert preview.lock_seen == [True]
    assert preview.refreshes == 1  # every page shows the click's result by the time it answers


async def test_the_clock_waits_for_a_browser_action_in_progress() -> None:
    env = FakeEnv()
    preview = FakePreview(env)
    conductor = attached(env, preview)
    preview.release.clear()
    click = asyncio.create_task(preview._action("page", {"kind": "click"}))
    await asyncio.sleep(0.01)
    step = asyncio.create_task(conductor.step())
    await asyncio.sleep(0.05)
    assert env.advanced == [] and not step.done()
    preview.release.set()
    await asyncio.gather(click, step)
    assert len(env.advanced) == 1


async def test_an_unknown_simcord_leaves_clicks_alone_and_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class MovedPreview(FakePreview):
        async def _action(self, body: Any) -> dict[str, Any]:  # type: ignore[override]
            return {}

    env = FakeEnv()
    preview = MovedPreview(env)
    with caplog.at_level(logging.WARNING):
        conductor = attached(env, preview)
    assert not conductor.guarded
    assert "not serialized" in caplog.text
    env.http_requests.append("POST /channels/1/messages")
    await conductor.step()
    assert preview.refreshes == 1


class Busy:
    """A busy machine: the bot does not settle within SimCord's timeout the first `times`."""

    def __init__(self, times: int) -> None:
        self.times = times

    def check(self) -> None:
        if self.times:
            self.times -= 1
            raise TimeoutError("bot did not settle")


class SlowEnv(FakeEnv):
    """A clock step that times out while the machine is busy, half way (as SimCord does, it
    keeps the progress made)."""

    def __init__(self, slow: int) -> None:
        super().__init__()
        self.busy = Busy(slow)

    async def advance_time(self, seconds: float) -> None:
        if self.busy.times:
            await super().advance_time(seconds / 2)
        else:
            await super().advance_time(seconds)
        self.busy.check()


async def test_a_slow_bot_is_said_once_not_traced_every_tick(
    caplog: pytest.LogCaptureFixture,
) -> None:
    env = SlowEnv(slow=5)
    preview = FakePreview(env)
    conductor = attached(env, preview)
    with caplog.at_level(logging.INFO, logger="bot.playground.conductor"):
        for _ in range(7):
            await conductor.step()
    said = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert [r.getMessage() for r in said] == [
        "the bot is slower than real time; the playground clock catches up",
        "the playground clock caught up",
    ]
    assert not any(r.exc_info for r in said), "no traceback for a busy machine"
    assert len(env.advanced) == 7, "every tick tried again"


async def test_a_busy_spell_does_not_run_the_clock_ahead_of_real_time() -> None:
    """Each timed-out step kept half of what it was asked; the next asks only for the rest,
    so the bot's timers (turn timers, AI pauses) never fire early in real time."""
    env = SlowEnv(slow=4)
    conductor = attached(env, FakePreview(env))
    loop = asyncio.get_running_loop()
    start, began = loop.time(), env.now()
    for _ in range(6):
        await asyncio.sleep(0.02)
        stepped = loop.time() - start
        await conductor.step()
    real = loop.time() - start
    virtual = (env.now() - began).total_seconds()
    assert stepped <= virtual <= real + 0.01  # the conductor started a moment before `start`


class SlowPreview(FakePreview):
    """A republication that times out while the machine is busy."""

    def __init__(self, env: FakeEnv, slow: int) -> None:
        super().__init__(env)
        self.busy = Busy(slow)

    async def refresh(self) -> None:
        await super().refresh()
        self.busy.check()


async def test_pages_that_could_not_be_republished_are_tried_again_quietly(
    caplog: pytest.LogCaptureFixture,
) -> None:
    env = FakeEnv()
    preview = SlowPreview(env, slow=3)
    conductor = attached(env, preview)
    env.http_requests.append("the bot moved")
    with caplog.at_level(logging.INFO, logger="bot.playground.conductor"):
        for _ in range(5):
            await conductor.step()
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert said == [
        "the bot is slower than real time; the playground clock catches up",
        "the playground clock caught up",
    ]
    assert preview.refreshes == 4, "tried each tick until the pages showed the move"
