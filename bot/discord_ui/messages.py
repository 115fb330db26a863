"""Every sentence the Discord layer says that does not come from a game."""

from __future__ import annotations

INTERNAL_ERROR = "Something went wrong on my side; nothing was changed. Please try again."
NO_MATCH_HERE = "You have no match in progress in this channel."
NO_ACTIVE_MATCH = "There is no match in progress in this channel."
DM_SENT = "I sent your hand to you by direct message; you can play from there."
DM_CLOSED = (
    "I can't send you a direct message (your DMs are closed for this server), "
    "so here is your hand instead."
)
LEFT = "You left the match; the AI plays your seat from now on."
ENDED = "The match was ended."
GUILD_ONLY = "Games are played in server channels."
NOT_A_CHANNEL = "I can't post in this channel."
TURN_PING = "{mentions}, it's your turn in **{title}** (match #{match_id})."
HAND_BUTTON = "My hand"
REMATCH_BUTTON = "Rematch"
REFRESH_BUTTON = "Refresh"


def stale_note() -> str:
    """Return the note shown above a refreshed view after a stale click."""
    return "The table moved on; here is the current view."
