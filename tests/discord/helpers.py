"""Helpers to read what members see and to click through private views."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from simcord.components import walk_components

MATCH_ID = re.compile(r"^[lh]:(\d+)")


def stored(env: Any, message: Any) -> Any:
    """Return SimCord's stored copy of a message (latest edits included)."""
    channel_id = getattr(message, "channel_id", None) or message.channel.id
    return env.backend.get_message(channel_id, message.id)


def components(env: Any, message: Any) -> list[dict[str, Any]]:
    """Return every component of a message as raw dicts, nested ones included."""
    return list(walk_components(stored(env, message).components))


def custom_ids(env: Any, message: Any) -> list[str]:
    """Return the custom_ids of a message's buttons and selects."""
    return [c["custom_id"] for c in components(env, message) if c.get("custom_id")]


def match_id_of(env: Any, message: Any) -> int:
    """Read the match id from a lobby or table message's buttons."""
    for cid in custom_ids(env, message):
        found = MATCH_ID.match(cid)
        if found:
            return int(found.group(1))
    raise AssertionError("no lobby or table button on that message")


def private_message(result: Any) -> Any:
    """Return the message an interaction answered with (response or last follow-up).

    "My hand" pressed while the member's view is still open redraws that view in
    place and answers with nothing new: then the view is the member's newest
    private view in the channel (the ephemeral message with a Refresh button).
    """
    followups = result.followups
    if followups:
        return followups[-1]
    response = result.response
    if response is None or response.ephemeral:
        return response
    return open_view(result) or response


def open_view(result: Any) -> Any:
    """Return the newest private view the clicking member can see in the channel, if any."""
    from simcord.results import ResponseMessage

    env, interaction = result._env, result._interaction
    mine = [
        m
        for m in env.backend.messages.get(interaction.channel_id, {}).values()
        if m.is_ephemeral
        and m.visible_to(interaction.user_id)
        and any(str(c.get("custom_id", "")).startswith("v:") for c in walk_components(m.components))
    ]
    return ResponseMessage(env, max(mine, key=lambda m: m.id)) if mine else None


def text_of(env: Any, message: Any) -> str:
    """Return everything a message shows as text: content, embeds, labels and ids."""
    raw = stored(env, message)
    parts = [raw.content or ""]
    for embed in raw.embeds:
        parts.append(repr(embed))
    for c in walk_components(raw.components):
        parts.append(str(c.get("label", "")))
        parts.append(str(c.get("custom_id", "")))
        parts.extend(f"{o.get('label')} {o.get('value')}" for o in c.get("options", []))
    for a in raw.attachments:
        parts.append(str(a))
    return "\n".join(parts)


def choices(env: Any, message: Any) -> list[tuple[str, str, str | None]]:
    """List what can be chosen on a private view: (kind, custom_id, select value)."""
    found: list[tuple[str, str, str | None]] = []
    for c in components(env, message):
        cid = c.get("custom_id", "")
        if c.get("type") == 2 and cid[:2] in ("a:", "p:") and not c.get("disabled"):
            found.append(("button", cid, None))
        for option in c.get("options", []) if c.get("type") == 3 else []:
            found.append(("select", cid, option["value"]))
    return found


async def choose(member: Any, env: Any, message: Any, pick: tuple[str, str, str | None]) -> Any:
    """Click a button or select a value on a private view."""
    kind, cid, value = pick
    if kind == "button":
        return await member.click(message, custom_id=cid)
    return await member.select(message, [value], custom_id=cid)


async def play_one_turn(member: Any, env: Any, view: Any, rng: random.Random) -> bool:
    """Make random choices on a private view until an action was submitted."""
    for _ in range(6):
        options = choices(env, view)
        if not options:
            return False
        actions = [o for o in options if o[1].startswith("a:") or (o[2] or "").startswith("a.")]
        pick = rng.choice(actions or options)
        result = await choose(member, env, view, pick)
        if result.followups and not result.response:
            view = private_message(result)
        if pick in actions:
            return True
    return False


def hand_views(world: Any, user_id: int) -> list[Any]:
    """Return the private views (ephemeral messages with Refresh) a member can see, oldest
    first."""
    found = world.env.backend.messages.get(world.channel.id, {}).values()
    return [
        m
        for m in found
        if m.is_ephemeral
        and m.visible_to(user_id)
        and any(c.get("custom_id", "").startswith("v:") for c in walk_components(m.components))
    ]


def member_by_id(world: Any) -> dict[int, Any]:
    """Map user ids to the world's member actors."""
    members = (world.alice, world.bob, world.carol, world.dave, world.mod)
    return {m.id: m for m in members}


def to_act(env: Any, table: Any) -> list[int]:
    """Read the members to act from the table message's first line."""
    content = stored(env, table).content or ""
    if "to act:" not in content:
        return []
    return [int(u) for u in re.findall(r"<@(\d+)>", content.split("to act:", 1)[1])]


async def open_table(
    world: Any,
    *,
    game: str = "coverta",
    ai: int = 0,
    players: tuple[str, ...] = ("alice", "bob", "carol"),
    **options: str,
) -> tuple[Any, int]:
    """Start a match through /<game> start and the lobby buttons: the first player hosts,
    the others join, then the host adds ``ai`` AI seats and starts."""
    host = getattr(world, players[0])
    result = await host.slash(world.channel, f"{game} start", **options)
    table = result.response
    for name in players[1:]:
        await getattr(world, name).click(table, label="Join")
    for _ in range(ai):
        await host.click(table, label="Add AI")
    await host.click(table, label="Start")
    return table, match_id_of(world.env, table)


PLAYOUT_SETTLE = 60.0
"""Seconds SimCord may wait for the bot to go idle after a member leaves a match of AI
seats: the AI then plays it to its end within that one command. Under a second on an
idle machine; more than SimCord's default 5 s once on a loaded CI machine against
PostgreSQL. Only for that command: SimCord also waits, in real time, for any bot sleep
that ends within its settle time, which other steps of a test advance virtually."""


async def leave_to_the_ai(world: Any, member: Any) -> Any:
    """Run /match leave for a member whose leaving lets the AI seats finish the match."""
    env = world.env
    usual, env.settle_timeout = env.settle_timeout, PLAYOUT_SETTLE
    try:
        return await member.slash(world.channel, "match leave")
    finally:
        env.settle_timeout = usual


async def my_hand(member: Any, table: Any) -> Any:
    """Press "My hand" on a table as a member: their private view."""
    return private_message(await member.click(table, label="My hand"))


@dataclass(frozen=True)
class TwoSeats:
    """A started two-member table (alice and bob): who acts first and who waits."""

    table: Any
    match_id: int
    members: dict[int, Any]
    """The member actors by user id."""
    first: int
    """The user id of the member to act."""
    other: int
    """The user id of the member who waits."""


async def two_seat_table(world: Any, **options: str) -> TwoSeats:
    """Start a two-member COVERTA table (see :func:`open_table`) and tell who acts first."""
    table, match_id = await open_table(world, players=("alice", "bob"), **options)
    live = await world.env.bot.controller.matches.load(match_id)
    first = live.seats[live.state.turn].user_id
    other = next(u for u in (world.alice.id, world.bob.id) if u != first)
    return TwoSeats(table, match_id, member_by_id(world), first, other)


async def forged_click(member: Any, env: Any, message: Any, custom_id: str) -> Any:
    """Send a button interaction whose custom_id is not on the message (a forged click).

    SimCord's public ``click`` only presses buttons that exist, as a real client
    does; a forged custom_id needs its interaction builder one layer down.
    """
    from simcord.actors import _component_interaction

    data = {"custom_id": custom_id, "component_type": 2}
    return await _component_interaction(member, stored(env, message), data)


def answer(result: Any, env: Any = None, clicked: Any = None) -> str:
    """Return what an interaction answered: its reply, or the clicked message edited in place."""
    message = private_message(result)
    if message is None and clicked is not None:
        return text_of(env, clicked)
    return "" if message is None else text_of_message(message)


def text_of_message(message: Any) -> str:
    """Return the content and embed text of a response message."""
    parts = [message.content or ""]
    parts += [repr(e.to_dict()) for e in message.embeds]
    return "\n".join(parts)


def close_dms(world: Any, member: Any) -> None:
    """Make every DM to this member fail from now on, as Discord answers a member whose
    DMs are closed."""
    world.env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
