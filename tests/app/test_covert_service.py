"""Covert through the match service: the out-of-turn Reroll and the concealed fixed wait."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

import pytest

from bot.engine import CHANCE, NotYourTurn, StaleVersion
from bot.games.covert.actions import DECLINE, Setting
from tests.app.conftest import Services


async def open_covert(services: Services, **options: str) -> int:
    """Open, fill and start a Covert match between users 1 and 2."""
    lobby = await services.lobbies.open(
        guild_id=10, channel_id=20, game="covert", options=dict(options), host=(1, "Alice")
    )
    await services.lobbies.join(lobby.match_id, 2, "Bob")
    await services.lobbies.start(lobby.match_id, 1)
    return lobby.match_id


async def to_placement(services: Services, match_id: int) -> None:
    """Answer the set-up Mission choices with each member's first option."""
    for _ in range(4):
        live = await services.matches.load(match_id)
        if live.state.phase == "placement":
            return
        rules = live.module.rules
        seat = min(s for s in rules.to_act(live.state) if s >= 0)
        token = rules.legal_actions(live.state, seat)[0].token()
        await services.matches.submit(match_id, seat + 1, live.version, token)
    live = await services.matches.load(match_id)
    assert live.state.phase == "placement"


async def placing_turn(services: Services) -> tuple[int, Any, int]:
    """Start a two-member match and play to its first placement turn: the match, as
    loaded, and the seat to place."""
    match_id = await open_covert(services)
    await to_placement(services, match_id)
    live = await services.matches.load(match_id)
    (active,) = live.module.rules.to_act(live.state)
    return match_id, live, active


async def test_4_1_a_member_rerolls_on_the_other_members_turn(services: Services) -> None:
    """4.1 step 2: the Reroll token is usable on another player's turn: the service accepts
    it and the dossier offers it, while the turn (and its timer) stays with the other seat."""
    match_id, live, active = await placing_turn(services)
    rules, other = live.module.rules, 1 - active
    private = await services.matches.private(match_id, other + 1)
    assert "Reroll" in [getattr(c, "label", "") for c in private.screen.choices]
    with pytest.raises(NotYourTurn):
        await services.matches.submit(match_id, other + 1, live.version, "N")
    await services.matches.submit(match_id, other + 1, live.version, "R.01")
    live = await services.matches.load(match_id)
    assert not live.state.players[other].reroll and rules.to_act(live.state) == {active}


async def test_7_5_the_concealed_wait_is_held_for_its_seconds(
    services: Services, monkeypatch: Any
) -> None:
    """7.5: with ``conceal_reactions`` on, the First window at the start of Phase II shows the
    waiting line for a fixed 8 s even though nobody may react; the service draws the
    logged wait step only after that pause."""
    slept: list[float] = []

    match_id = await open_covert(services, conceal_reactions="on")
    await to_placement(services, match_id)
    held, real_sleep = asyncio.Event(), asyncio.sleep

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        if seconds:
            await held.wait()  # the wait runs until the test lets it end

    monkeypatch.setattr("bot.app.matches.asyncio.sleep", sleep)
    for _ in range(2):
        live = await services.matches.load(match_id)
        (seat,) = live.module.rules.to_act(live.state)
        await services.matches.submit(match_id, seat + 1, live.version, "N")
    live = await services.matches.load(match_id)
    assert live.state.phase == "codes" and live.module.rules.to_act(live.state) == {CHANCE}
    assert live.module.rules.view(live.state, None).waiting_hidden
    table = await services.matches.table(match_id)
    assert not table.turn_user_ids and "waiting for hidden decisions" in table.screen.body
    for _ in range(5):
        await real_sleep(0)  # let the driver reach its wait
    assert slept == [8.0]  # the driver is waiting; nothing was drawn yet
    live = await services.matches.load(match_id)
    assert live.module.rules.to_act(live.state) == {CHANCE}
    held.set()
    for _ in range(100):
        task = services.matches._drivers.get(match_id)
        if task is None or task.done():
            break
        await task
    live = await services.matches.load(match_id)
    assert CHANCE not in live.module.rules.to_act(live.state)
    assert live.state.turn is not None and live.state.turn.kind == "codes"


async def test_a_reaction_answer_clicked_before_another_step_is_stale(services: Services) -> None:
    """4.7 and 7.4: an answer to an Espionage or First question answers that one event or
    window. A step by someone else meanwhile (here a setting changed out of turn) may have
    moved the question on, so the older answer is stale; the member sees the question now."""
    match_id = await open_covert(services)
    rng = random.Random(3)
    for _ in range(600):
        live = await services.matches.load(match_id)
        rules, state = live.module.rules, live.state
        asked = [
            s for s in rules.to_act(state) if s >= 0 and DECLINE in rules.legal_actions(state, s)
        ]
        free = [
            o
            for o in rules.also_act(state)
            if any(isinstance(a, Setting) for a in rules.legal_actions(state, o))
        ]
        if asked and free:
            break
        seat = rng.choice(sorted(s for s in rules.to_act(state) if s >= 0))
        action = rng.choice(
            [a for a in rules.legal_actions(state, seat) if a != DECLINE] or [DECLINE]
        )
        await services.matches.submit(match_id, seat + 1, live.version, action.token())
    else:
        pytest.fail("no reaction question with another member free to act")
    (seat,), other = asked, free[0]
    setting = next(a for a in rules.legal_actions(state, other) if isinstance(a, Setting))
    version = live.version
    await services.matches.submit(match_id, other + 1, version, setting.token())
    live = await services.matches.load(match_id)
    assert DECLINE in live.module.rules.legal_actions(live.state, seat), "still legal"
    with pytest.raises(StaleVersion):
        await services.matches.submit(match_id, seat + 1, version, DECLINE.token())
    await services.matches.submit(match_id, seat + 1, live.version, DECLINE.token())


async def test_a_dossier_setting_told_to_its_player_alone_stays_out_of_the_info_log(
    services: Services, caplog: Any
) -> None:
    """7.5: a change of the Espionage or First setting is told to its player only, so no
    INFO line tells that the seat acted; a placement, which the table tells, has one."""
    match_id, live, active = await placing_turn(services)
    rules, other = live.module.rules, 1 - active
    setting = next(a for a in rules.legal_actions(live.state, other) if isinstance(a, Setting))
    caplog.set_level(logging.INFO, logger="bot")
    await services.matches.submit(match_id, other + 1, live.version, setting.token())
    live = await services.matches.load(match_id)
    assert all(e.audience == (other,) for _, e in list(live.recent)[-1:])
    info = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert not any("acted" in line for line in info), info
    place = next(a for a in rules.legal_actions(live.state, active) if a.token()[0] == "P")
    played = await services.matches.submit(match_id, active + 1, live.version, place.token())
    version = played.version
    info = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert [line for line in info if "acted" in line] == [
        f"match {match_id}: seat {active} acted (version {version})"
    ]
