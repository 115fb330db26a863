"""Every sentence the Discord layer says that does not come from a game."""

from __future__ import annotations

from bot.draw.markers import ROBOT

INTERNAL_ERROR = "Something went wrong on my side; nothing was changed. Please try again."
VIEW_FAILED = (
    "Done: your move is recorded. I couldn't show your updated view just now; "
    "press My hand to see it."
)
NO_MATCH_HERE = "You have no match in progress in this channel."
NO_ACTIVE_MATCH = "There is no match in progress in this channel."
DM_SENT = "I sent your hand to you by direct message; you can play from there."
DM_CLOSED = (
    "I can't send you a direct message (your DMs are closed for this server), "
    "so here is your hand instead."
)
LEFT = "You left the match; the AI plays your seat from now on."
ENDED = "The match was ended."
ENDED_EARLY = "**This match was ended before its finish.** It counts for nobody's stats."
GUILD_ONLY = "Games are played in server channels."
NOT_A_CHANNEL = "I can't post in this channel."
TIME_LEFT = " · ⏰ times out {when}"
TURN_PING = "{mentions}, it's your turn in **{title}** (match #{match_id})."
REMATCH_BUTTON = "Rematch"
MOVED_BELOW = "The table of match #{match_id} moved to the bottom of the channel."
REFRESH_BUTTON = "Refresh"
PRIVATE_NEWS = "Only you saw (latest last)"
VIEW_FOOTER = (
    "This view follows the table for 14 minutes after you open it; "
    "then it says it is out of date: press Refresh."
)
VIEW_OUT_OF_DATE = (
    "⚠️ **This view of match #{match_id} is out of date** and no longer follows the table. "
    "Press Refresh to see your hand as it is now."
)


def stale_note() -> str:
    """Return the note shown above a refreshed view after a stale click."""
    return "The table moved on; here is the current view."


# ---------------------------------------------------------------- moderators
NOT_MODERATOR = (
    "Only members with Manage Server, or the moderator role set with /config, can do that."
)
CONFIG_TITLE = "Covert Table settings"
CONFIG_FOOTER = "Change one with /config set, /config channel, /config game or /config modrole."
CONFIG_CHANGED = "`{name}` is now **{value}**."
CONFIG_RESET = "`{name}` is back to its default, **{value}**."
CONFIG_HISTORY_EMPTY = "No setting has been changed in this server yet."
CONFIG_HISTORY_LINE = "<t:{when}:f> <@{user}>: `{name}` {old} → {new}"
CHANNEL_ALLOWED = "Games may be started in {channel}. Allowed channels: {channels}."
CHANNEL_REFUSED = "Games may no longer be started in {channel}. Allowed channels: {channels}."
GAME_ENABLED = "{title} is enabled."
GAME_DISABLED = "{title} is turned off: new lobbies of it are refused."
UNKNOWN_GAME = "I don't know that game."
MODROLE_SET = "Members with {role} may now use /config and moderate matches."
MODROLE_CLEARED = "There is no moderator role now: only members with Manage Server moderate."

# ---------------------------------------------------------------- threads
THREAD_STARTER = "{host} opened a **{title}** lobby (match #{match_id}): join in the thread."
THREAD_FAILED = "I couldn't open a thread here (check my Create Public Threads permission)."

# ---------------------------------------------------------------- match management
MATCH_LIST_TITLE = "Open lobbies and matches"
MATCH_LIST_EMPTY = "There are no open lobbies or matches in this server."
MATCH_LIST_LINE = "**#{match_id}** {title} · {status} · host {host} · {where}"
PAUSED_LINE = " · ⏸ paused (/match resume)"
PAUSE_DONE = "Match #{match_id} is paused: no moves and no timers until /match resume."
RESUME_DONE = "Match #{match_id} goes on; turn timers start again."
SKIPPED = "Skipped: the waiting turn of match #{match_id} was played as if its timer ran out."
KICKED = "{member} no longer plays in match #{match_id}."
NEW_HOST = "{member} now hosts match #{match_id}."
LOG_TITLE = "Match #{match_id}: log"
LOG_EMPTY = "Nothing has happened in this match yet."
NO_MATCH_NUMBER = "There is no match #{match_id} in this server."

# ---------------------------------------------------------------- timers and DMs
REMINDER = "⏰ {mentions}, your turn in **{title}** (match #{match_id}) times out {when}."
REMINDER_DM = "⏰ Your turn in **{title}** (match #{match_id}) times out {when}: {link}"
GRACE = (
    "I was offline when the turn timer of {mentions} ran out in **{title}** "
    "(match #{match_id}): you have until {when} to act."
)
TURN_DM = "It's your turn in **{title}** (match #{match_id}): {link}"
SECRET_DM = "🔒 A decision is waiting for you in **{title}** (match #{match_id}): {link}"
GRACE_HIDDEN = (
    "I was offline when the timer of a hidden decision ran out in **{title}** "
    "(match #{match_id}): it now ends at {when}."
)
DM_FALLBACK = (
    "{mentions}: I can't send you direct messages, so I'll mention you here instead "
    "(change /prefs to make me try again)."
)

# ---------------------------------------------------------------- stats and prefs
STATS_TITLE = "Stats of {name}"
STATS_NONE = "{name} has not finished a match yet."
STATS_SUMMARY = "Matches played: **{played}** · won: **{won}** · favourite game: **{favourite}**"
RATING_LINE = "{title}: rating **{rating}** ({played} played, {won} won)"
RATING_NOTE = (
    "A rating is a cautious estimate of skill: everyone starts at 1000, wins against "
    "strong players raise it most, and it settles as you play more."
)
LEADERBOARD_TITLE = "{title} leaderboard"
LEADERBOARD_EMPTY = "Nobody has finished a {title} match in this server yet."
LEADERBOARD_LINE = "{place}. {who} · **{rating}** ({played} played, {won} won)"
AI_PLAYER = ROBOT + " AI ({level})"
MATCH_OVER_TITLE = "{title} · match #{match_id} is over"
MATCH_OVER_LINE = "{place}. {who}{change}"
RATING_CHANGE = " · rating {change}"
PREFS_TITLE = "Your preferences"
PREFS_LINES = "DM me when it is my turn: **{dm_turn}**\nDM me my hand at every turn: **{dm_hand}**"
PREFS_CLOSED = "\nYour DMs were closed last time I tried, so I mention you in the channel."
