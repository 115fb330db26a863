"""A click made on an older table counts when it still means what the member meant.

It does when the member's seat has not acted since that version and the action
is still legal for it now; every other click from an older table is stale. In
COVERTA another player's step also reframes a click (a steal names no target, a bluff
placement is warned against L): see the tests at the end.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.engine import CHANCE, IllegalAction, StaleVersion
from bot.games.cover_cover import rules as cover_rules
from bot.games.coverta.actions import Draw, EndTurn, Steal
from bot.games.coverta.cards import CARDS
from tests.app.fakes import World, build_world
from tests.app.play import open_game


async def flip_state(world: World) -> tuple[int, int, str]:
    """Start a two-member Cover-cover match; return its id, version and the Flip token."""
    match_id = await open_game(world.lobbies, "cover_cover")
    live = await world.matches.load(match_id)
    assert world.matches.human_to_act(live) == {0, 1}
    token = live.module.rules.legal_actions(live.state, 0)[0].token()
    return match_id, live.version, token


async def test_a_flip_clicked_after_the_other_player_flipped_is_played(world: World) -> None:
    match_id, version, flip = await flip_state(world)
    await world.matches.submit(match_id, 1, version, flip)
    live = await world.matches.submit(match_id, 2, version, flip)  # the older table
    events = await world.store.matches.load_events(match_id, after_seq=version)
    assert [e.seat for e in events[:2]] == [0, 1]
    assert live.version == len(await world.store.matches.load_events(match_id))


async def test_a_double_click_plays_once(world: World) -> None:
    match_id, version, flip = await flip_state(world)
    await world.matches.submit(match_id, 1, version, flip)
    await world.matches.submit(match_id, 2, version, flip)  # the round is resolved
    live = await world.matches.load(match_id)
    assert 0 in world.matches.human_to_act(live)  # Flip is legal again, for the next round
    with pytest.raises(StaleVersion):  # but this click was already played
        await world.matches.submit(match_id, 1, version, flip)
    events = await world.store.matches.load_events(match_id, after_seq=version)
    assert [e.seat for e in events].count(0) == 1


async def test_an_older_click_still_counts_after_a_restart(world: World) -> None:
    match_id, version, flip = await flip_state(world)
    await world.matches.submit(match_id, 1, version, flip)
    restarted = build_world(world.store)
    live = await restarted.matches.submit(match_id, 2, version, flip)
    assert live.version > version + 1
    again = build_world(world.store)
    with pytest.raises(StaleVersion):
        await again.matches.submit(match_id, 2, version, flip)


async def test_a_forged_future_version_is_stale(world: World) -> None:
    match_id, version, flip = await flip_state(world)
    with pytest.raises(StaleVersion):
        await world.matches.submit(match_id, 1, version + 5, flip)


async def test_an_older_click_whose_action_is_no_longer_legal_is_stale(world: World) -> None:
    """COVERTA with steal on: another player's move can take an action away from a seat."""
    rng = random.Random(4)
    for attempt in range(20):
        match_id = await open_game(
            world.lobbies, "coverta", [1, 2, 3], options={"steal": "on"}, channel_id=attempt
        )
        case = await _find_lost_action(world, match_id, rng)
        if case is None:
            continue
        user, version, token = case
        with pytest.raises(StaleVersion):
            await world.matches.submit(match_id, user, version, token)
        return
    pytest.fail("no COVERTA position where a move took an action away from another seat")


async def _find_lost_action(
    world: World, match_id: int, rng: random.Random
) -> tuple[int, int, str] | None:
    """Play random moves until one leaves another seat to act without an action it had."""
    for _ in range(300):
        live = await world.matches.load(match_id)
        if live.row.status != "active":
            return None
        rules = live.module.rules
        to_act = sorted(s for s in live.match.to_act if s >= 0)  # stealers included
        before = {s: {a.token() for a in rules.legal_actions(live.state, s)} for s in to_act}
        seat = rng.choice(to_act)
        token = rng.choice(sorted(before[seat]))
        user = live.seats[seat].user_id
        assert user is not None
        version = live.version
        await world.matches.submit(match_id, user, version, token)
        live = await world.matches.load(match_id)
        for other in to_act:
            if other == seat or other not in live.match.to_act:
                continue
            lost = before[other] - {a.token() for a in rules.legal_actions(live.state, other)}
            if lost:
                other_user = live.seats[other].user_id
                assert other_user is not None
                return other_user, version, sorted(lost)[0]
    return None


async def test_the_next_step_of_a_choice_is_not_stale_after_another_players_move(
    world: World,
) -> None:
    """ux: someone else's move does not make a view stale, for a step of a choice as for
    an action; the member's own move since does."""
    match_id, version, flip = await flip_state(world)
    assert await world.matches.step_is_current(match_id, 1, version)
    await world.matches.submit(match_id, 2, version, flip)  # the other player moved
    assert await world.matches.step_is_current(match_id, 1, version)
    await world.matches.submit(match_id, 1, version, flip)  # now this member moved too
    assert not await world.matches.step_is_current(match_id, 1, version)
    live = await world.matches.load(match_id)
    assert await world.matches.step_is_current(match_id, 1, live.version)
    assert not await world.matches.step_is_current(match_id, 1, live.version + 5), "forged"


# ---------------------------------------------------------------- COVERTA: steals (4.6.3)
async def steal_window(world: World, mode: str = "strict", *, seats: int = 3, at: int = 0):
    """Start a COVERTA match with steals on; return it, the turn's player and a stealer."""
    users = list(range(1, seats + 1))
    options = {"steal": "on", "mode": mode}
    match_id = await open_game(world.lobbies, "coverta", users, options=options, channel_id=at)
    live = await world.matches.load(match_id)
    turn = live.state.turn
    assert turn is not None and live.state.window
    after = (turn + 1) % seats  # with three, a stealer who is not the next player
    stealer = max(live.state.stealers(), key=lambda s: (s != after, s))
    return match_id, live, turn, stealer


def fits(live, seat: int, card: int, last: int | None = None) -> bool:
    """Tell whether a card follows both of a seat's rules after `last` (L by default)."""
    reference = CARDS[(live.state.last if last is None else last) - 1]
    return all(rule.check(CARDS[card - 1], reference) for rule in live.state.instructions[seat])


async def test_a_steal_clicked_in_a_window_that_has_closed_is_refused_and_its_card_stays(
    world: World,
) -> None:
    """rules 4.6.3 and 8.14: a steal clicked while T1 could be stolen from, arriving after
    T1's action, is refused with a reason; it is not played against the next player."""
    match_id, live, turn, stealer = await steal_window(world)
    version, card = live.version, live.state.hands[stealer][0]
    user = live.seats[turn].user_id
    await world.matches.submit(match_id, user, version, Draw().token())
    live = await world.matches.load(match_id)
    await world.matches.submit(match_id, user, live.version, EndTurn().token())
    live = await world.matches.load(match_id)
    assert live.state.turn != turn and stealer in live.state.stealers()  # a new window
    assert Steal(card) in live.module.rules.legal_actions(live.state, stealer)

    with pytest.raises(IllegalAction) as refused:
        await world.matches.submit(match_id, live.seats[stealer].user_id, version, f"S.{card}")
    assert "Too late" in refused.value.message
    after = await world.matches.load(match_id)
    assert after.version == live.version and card in after.state.hands[stealer]
    assert after.state.attempts == live.state.attempts


async def bluff_case(world: World, *, still_fits: bool):
    """Find a COVERTA bluff match where T's card fits now and a steal by the other player
    would make L a card after which it breaks T's rules (or, `still_fits`, still fits)."""
    for at in range(100):
        match_id, live, turn, stealer = await steal_window(world, "bluff", seats=2, at=at)
        hands = live.state.hands
        for stolen in (c for c in hands[stealer] if fits(live, turn, c)):
            for card in (c for c in hands[turn] if fits(live, turn, c)):
                if fits(live, turn, card, last=stolen) == still_fits:
                    return match_id, live, turn, stealer, stolen, card
    pytest.fail("no COVERTA deal with such a steal")


async def test_a_bluff_placement_clicked_before_a_steal_changed_l_is_asked_again(
    world: World,
) -> None:
    """4.5.1 and 4.6.3: T's card fitted their rules when clicked (so no warning); after the
    steal it breaks one, so the click is stale and nothing is placed unwarned."""
    match_id, live, turn, stealer, stolen, card = await bluff_case(world, still_fits=False)
    version = live.version
    await world.matches.submit(match_id, live.seats[stealer].user_id, version, f"S.{stolen}")
    live = await world.matches.load(match_id)
    assert live.state.last == stolen
    with pytest.raises(StaleVersion):
        await world.matches.submit(match_id, live.seats[turn].user_id, version, f"A.{card}")
    assert card in (await world.matches.load(match_id)).state.hands[turn]


async def test_t_s_placement_after_a_steal_is_judged_against_the_new_state(world: World) -> None:
    """4.6.3: an action of T's that arrives after the steal is judged against the new
    state: a card that still fits both rules after the new L is placed."""
    match_id, live, turn, stealer, stolen, card = await bluff_case(world, still_fits=True)
    version = live.version
    await world.matches.submit(match_id, live.seats[stealer].user_id, version, f"S.{stolen}")
    live = await world.matches.submit(match_id, live.seats[turn].user_id, version, f"A.{card}")
    placed = live.state.layout[-1]
    assert (placed.card, placed.meets) == (card, (True, True))


# ---------------------------------------------------------------- Cover-cover: auto summaries
async def test_a_press_on_an_older_auto_summary_does_not_skip_the_new_one(world: World) -> None:
    """Auto: a press to play on answers the summary it was clicked on. Once another player
    pressed, the older press is stale: the new summary is not skipped unread."""
    match_id = await open_game(world.lobbies, "cover_cover", options={"auto": "on"})
    live = await world.matches.load(match_id)
    assert live.state.reading()
    version, shown = live.version, live.state.summary
    live = await world.matches.submit(match_id, 2, version, "F")  # the other player pressed
    assert live.state.reading() and live.state.summary != shown
    with pytest.raises(StaleVersion):
        await world.matches.submit(match_id, 1, version, "F")
    assert (await world.matches.load(match_id)).version == live.version


async def test_a_press_after_the_read_ran_out_does_not_skip_the_new_summary(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same when only the bot played on, at the end of the read (a chance step)."""
    monkeypatch.setattr(cover_rules, "READ_SECONDS", 0.05)
    match_id = await open_game(world.lobbies, "cover_cover", options={"auto": "on"})
    version = (await world.matches.load(match_id)).version
    for _ in range(200):
        await asyncio.sleep(0.01)
        if (await world.matches.load(match_id)).version > version:
            break
    for driver in world.matches._drivers.values():
        driver.cancel()
    await asyncio.sleep(0)
    live = await world.matches.load(match_id)
    events = await world.store.matches.load_events(match_id, after_seq=version)
    assert events and {e.seat for e in events} == {CHANCE}, "only the bot played on"
    assert live.row.status == "active" and live.state.reading()
    with pytest.raises(StaleVersion):
        await world.matches.submit(match_id, 1, version, "F")
    assert (await world.matches.load(match_id)).version == live.version
