"""Placing a Covert die through the real components: how many clicks it costs, what the
prompt says, which button is the primary one, and that a double click plays once."""

from __future__ import annotations

import copy
import re
from collections import deque
from typing import Any

from simcord.actors import _component_interaction

from tests.discord.covert_play import Option, choice_tree, options_of, target_of
from tests.discord.helpers import (
    answer,
    components,
    custom_ids,
    forged_click,
    match_id_of,
    private_message,
    stored,
)

FACES = "⚀⚁⚂⚃⚄⚅"
PRIMARY, SECONDARY = 1, 2
"""Discord's button styles."""


async def placement_turn(world: Any) -> tuple[Any, int, Any, int]:
    """Start Covert for Alice and Bob and answer the setup questions through the service
    until a member's first placement turn; return the table, match id, member and seat."""
    env = world.env
    lobby = (await world.alice.slash(world.channel, "covert start")).response
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    match_id = match_id_of(env, lobby)
    matches = env.bot.controller.matches
    members = {world.alice.id: world.alice, world.bob.id: world.bob}
    for _ in range(40):
        live = await matches.load(match_id)
        rules, state = live.module.rules, live.state
        seat = min(s for s in rules.to_act(state) if s >= 0)
        user = live.seats[seat].user_id
        turn = state.turn
        if turn is not None and turn.kind == "place" and turn.seat == seat and not state.prompts:
            return lobby, match_id, members[user], seat
        token = rules.legal_actions(state, seat)[0].token()
        await matches.submit(match_id, user, live.version, token)
    raise AssertionError("no placement turn came")


async def open_dossier(env: Any, table: Any, member: Any) -> Any:
    """Press the table's dossier button; return the private view."""
    (button,) = [c for c in custom_ids(env, table) if c.startswith("h:")]
    return private_message(await member.click(table, custom_id=button))


def shortest_to_place(tree: Any) -> list[str]:
    """Return the targets a member picks, one per click, to place a die: the fewest."""
    paths: deque[tuple[str, list[str]]] = deque([("", [])])
    seen = {""}
    while paths:
        step, path = paths.popleft()
        for target in sorted(tree.edges.get(step, ())):
            kind, _, rest = target.partition(".")
            if kind == "a" and rest.startswith("P."):
                return [*path, target]
            if kind == "p" and rest and rest not in seen:
                seen.add(rest)
                paths.append((rest, [*path, target]))
    raise AssertionError("no placement is reachable from the dossier")


async def click(member: Any, view: Any, option: Option) -> Any:
    """Press a button or pick a select option; return the view that answers."""
    kind, cid, value, _ = option
    if kind == "button":
        result = await member.click(view, custom_id=cid)
    else:
        result = await member.select(view, [value], custom_id=cid)
    return private_message(result) or view


def option_for(env: Any, view: Any, target: str) -> Option:
    """Return the component on a view that leads to a target."""
    found = [o for o in options_of(env, view) if target_of(o) == target]
    assert found, f"{target} is not on the view"
    return found[0]


async def test_a_plain_placement_takes_a_select_and_a_confirm(world) -> None:
    env = world.env
    table, match_id, member, seat = await placement_turn(world)
    matches = env.bot.controller.matches
    before = (await matches.load(match_id)).version
    view = await open_dossier(env, table, member)
    tree = await choice_tree(env, match_id, member.id)
    path = shortest_to_place(tree)
    for target in path:
        view = await click(member, view, option_for(env, view, target))
    after = await matches.load(match_id)
    placed = [d for d in after.state.players[seat].dice if d.place]
    assert after.version > before and len(placed) == 1
    assert len(path) <= 2, f"{len(path)} clicks to place a die: {path}"


async def test_the_first_step_offers_die_and_target_pairs_as_faces(world) -> None:
    env = world.env
    table, match_id, member, seat = await placement_turn(world)
    view = await open_dossier(env, table, member)
    live = await env.bot.controller.matches.load(match_id)
    dice = live.state.players[seat].dice
    labels = [o[3] for o in options_of(env, view) if o[0] == "select"]
    pairs = [x for x in labels if "→" in x]
    assert pairs and all(x[0] in FACES for x in pairs), labels
    # Every die face the seat rolled is offered, on every Action Circle it fits.
    assert {x[0] for x in pairs} == {FACES[d.face - 1] for d in dice}
    body = stored(env, view).embeds[0].get("description") or ""
    assert "".join(FACES[d.face - 1] for d in dice) in body.replace(" ", ""), body
    # No select value or custom_id names a card, mission or code.
    for _, cid, value, _ in options_of(env, view):
        assert not re.search(r"\b[MC]\d\d\b", f"{cid} {value}"), (cid, value)


async def test_the_confirm_says_what_happens_and_is_the_primary_button(world) -> None:
    env = world.env
    table, _, member, _ = await placement_turn(world)
    view = await open_dossier(env, table, member)
    pairs = [o for o in options_of(env, view) if o[0] == "select" and "Movement" in o[3]]
    assert pairs
    face = pairs[0][3][0]
    view = await click(member, view, pairs[0])
    body = stored(env, view).embeds[0].get("description") or ""
    space = FACES.index(face) + 1
    assert f"Place {face} on Movement (space {space}):" in body, body
    assert "move your agents" in body, body
    buttons = [c for c in components(env, view) if c.get("type") == 2]
    confirm = [c for c in buttons if re.match(r"a:\d+:\d+:P\.", c["custom_id"])]
    assert len(confirm) == 1 and confirm[0]["style"] == PRIMARY, confirm
    assert face in confirm[0]["label"] and "Movement" in confirm[0]["label"], confirm
    assert all(c["style"] != PRIMARY for c in buttons if c is not confirm[0]), buttons


async def test_pass_is_a_secondary_button(world) -> None:
    env = world.env
    table, _, member, _ = await placement_turn(world)
    view = await open_dossier(env, table, member)
    buttons = [c for c in components(env, view) if c.get("type") == 2]
    (passing,) = [c for c in buttons if str(c.get("label", "")).startswith("Pass")]
    assert passing["style"] == SECONDARY


async def test_a_double_clicked_confirm_places_one_die(world) -> None:
    """Two presses of one Confirm (the second from the view as it was before the first
    answered) play one placement; the second is told the table moved on."""
    env = world.env
    table, match_id, member, seat = await placement_turn(world)
    matches = env.bot.controller.matches
    view = await open_dossier(env, table, member)
    pairs = [o for o in options_of(env, view) if o[0] == "select" and "→" in o[3]]
    view = await click(member, view, pairs[0])
    (confirm,) = [
        o for o in options_of(env, view) if o[0] == "button" and target_of(o).startswith("a.P.")
    ]
    as_drawn = copy.deepcopy(stored(env, view))
    await member.click(view, custom_id=confirm[1])
    data = {"custom_id": confirm[1], "component_type": 2}
    again = await _component_interaction(member, as_drawn, data)
    live = await matches.load(match_id)
    assert sum(1 for d in live.state.players[seat].dice if d.place) == 1
    events = await matches.repo.load_events(match_id, after_seq=0)
    assert sum(1 for e in events if e.action.startswith("P.")) == 1
    shown = private_message(again) or stored(env, view)
    assert "moved on" in (shown.content or ""), shown.content


async def test_a_forged_confirm_is_refused_and_places_nothing(world) -> None:
    env = world.env
    table, match_id, member, seat = await placement_turn(world)
    matches = env.bot.controller.matches
    view = await open_dossier(env, table, member)
    live = await matches.load(match_id)
    version = live.version
    (pair, *_) = [o for o in options_of(env, view) if o[0] == "select" and "→" in o[3]]
    token = target_of(pair).removeprefix("p.do.")
    result = await forged_click(member, env, view, f"a:{match_id}:{version}:{token}")
    assert "not valid" in answer(result), answer(result)
    live = await matches.load(match_id)
    assert live.version == version and not any(d.place for d in live.state.players[seat].dice)


async def test_a_step_of_a_choice_still_opens_after_another_players_move(world) -> None:
    """ux: someone else's move does not make a view stale. The other member spends the
    Reroll (allowed on anyone's turn) while the member's dossier is drawn; the member's
    next click, a step of the placement choice on the view as drawn, opens that step."""
    env = world.env
    table, match_id, member, seat = await placement_turn(world)
    matches = env.bot.controller.matches
    view = await open_dossier(env, table, member)
    steps = [o for o in options_of(env, view) if target_of(o).startswith("p.") and o[3]]
    assert steps, "the dossier offers a step of the placement choice"
    as_drawn = copy.deepcopy(stored(env, view))
    live = await matches.load(match_id)
    other = 1 - seat
    reroll = next(a for a in live.match.rules.legal_actions(live.state, other) if a.TAG == "R")
    before = live.version
    await matches.submit(match_id, live.seats[other].user_id, before, reroll.token())
    assert (await matches.load(match_id)).version > before
    kind, cid, value, _ = steps[0]
    data: dict[str, Any] = {"custom_id": cid, "component_type": 2 if kind == "button" else 3}
    if kind != "button":
        data["values"] = [value]
    answer_ = await _component_interaction(member, as_drawn, data)
    shown = private_message(answer_) or stored(env, view)
    assert "moved on" not in (shown.content or ""), shown.content
    assert any(target_of(o).startswith(("a.", "p.")) for o in options_of(env, shown))
