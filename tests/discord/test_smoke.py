"""Smoke: a lobby opens, fills and starts into a table."""

from __future__ import annotations

from tests.discord.helpers import custom_ids, match_id_of, private_message, stored, text_of


async def test_lobby_to_table(world) -> None:
    env, ch = world.env, world.channel
    result = await world.alice.slash(ch, "coverta start")
    lobby = result.response
    print(result, lobby)
    mid = match_id_of(env, lobby)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Add AI")
    await world.alice.click(lobby, label="Start")
    print(text_of(env, lobby))
    print([m.content for m in ch.history()])
    hand = await world.alice.click(lobby, label="My hand")
    print(hand, hand.followups, hand.response)
    msg = private_message(hand)
    print(text_of(env, msg))
    assert mid
