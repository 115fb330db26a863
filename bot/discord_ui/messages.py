"""Every sentence the Discord layer says that does not come from a game.

Each text is an English msgid of the ``bot`` catalogue. Reading ``messages.NAME``
translates it into the language of the moment (:func:`bot.engine.i18n.use_locale`),
so a sentence is always read where the message is rendered, never at import.
"""

from __future__ import annotations

from typing import Final

from bot.engine.i18n import N_, _

_TEXTS: Final[dict[str, str]] = {
    "INTERNAL_ERROR": N_("Something went wrong on my side; nothing was changed. Please try again."),
    "NOT_STARTED": N_("Match #{match_id} has not started yet: it is still a lobby."),
    "LOBBY_DONE": N_(
        "Done. I couldn't redraw the lobby just now; it will show the change when next updated."
    ),
    "VIEW_FAILED": N_(
        "Done: your move is recorded. I couldn't show your updated view just now; "
        "press My hand to see it."
    ),
    "NO_MATCH_HERE": N_("You have no match in progress in this channel."),
    "NO_ACTIVE_MATCH": N_("There is no match in progress in this channel."),
    "DM_SENT": N_("I sent your hand to you by direct message; you can play from there."),
    "DM_CLOSED": N_(
        "I can't send you a direct message (your DMs are closed for this server), "
        "so here is your hand instead."
    ),
    "LEFT": N_("You left the match; the AI plays your seat from now on."),
    "ENDED": N_("The match was ended."),
    "GUILD_ONLY": N_("Games are played in server channels."),
    "NOT_A_CHANNEL": N_("I can't post in this channel."),
    "TIME_LEFT": N_(" · ⏰ times out {when}"),
    "TURN_PING": N_("{mentions}, it's your turn in **{title}** (match #{match_id})."),
    "REMATCH_BUTTON": N_("Rematch"),
    "REMATCH_OPEN": N_("A rematch of this match is already open: lobby #{match_id} {where}"),
    "MOVED_BELOW": N_("The table of match #{match_id} moved to the bottom of the channel."),
    "REFRESH_BUTTON": N_("Refresh"),
    "PRIVATE_NEWS": N_("Only you saw (latest last)"),
    "VIEW_FOOTER": N_(
        "This view follows the table for 14 minutes after you open it; "
        "then it says it is out of date: press Refresh."
    ),
    "VIEW_OUT_OF_DATE": N_(
        "⚠️ **This view of match #{match_id} is out of date** and no longer follows the table. "
        "Press Refresh to see your hand as it is now."
    ),
    "VIEW_SEAT_GONE": N_(
        "You no longer play in match #{match_id}: the AI plays your seat, so this view "
        "stopped following the table."
    ),
    # ---------------------------------------------------------------- moderators
    "NOT_MODERATOR": N_(
        "Only members with Manage Server, or the moderator role set with /config, can do that."
    ),
    "CONFIG_TITLE": N_("Covert Table settings"),
    "CONFIG_FOOTER": N_(
        "Change one with /config set, /config channel, /config game or /config modrole."
    ),
    "CONFIG_CHANGED": N_("`{name}` is now **{value}**."),
    "CONFIG_RESET": N_("`{name}` is back to its default, **{value}**."),
    "CONFIG_HISTORY_EMPTY": N_("No setting has been changed in this server yet."),
    "CONFIG_HISTORY_LINE": N_("<t:{when}:f> <@{user}>: `{name}` {old} → {new}"),
    "CHANNEL_ALLOWED": N_("Games may be started in {channel}. Allowed channels: {channels}."),
    "CHANNEL_REFUSED": N_(
        "Games may no longer be started in {channel}. Allowed channels: {channels}."
    ),
    "GAME_ENABLED": N_("{title} is enabled."),
    "GAME_DISABLED": N_("{title} is turned off: new lobbies of it are refused."),
    "UNKNOWN_GAME": N_("I don't know that game."),
    "MODROLE_SET": N_("Members with {role} may now use /config and moderate matches."),
    "MODROLE_CLEARED": N_(
        "There is no moderator role now: only members with Manage Server moderate."
    ),
    # ---------------------------------------------------------------- threads
    "THREAD_STARTER": N_(
        "{host} opened a **{title}** lobby (match #{match_id}): join in the thread."
    ),
    "THREAD_FAILED": N_(
        "I couldn't open a thread here (check my Create Public Threads permission)."
    ),
    # ---------------------------------------------------------------- match management
    "MATCH_LIST_TITLE": N_("Open lobbies and matches"),
    "MATCH_LIST_EMPTY": N_("There are no open lobbies or matches in this server."),
    "MATCH_LIST_LINE": N_("**#{match_id}** {title} · {status} · host {host} · {where}"),
    "PAUSED_LINE": N_(" · ⏸ paused (/match resume)"),
    "PAUSE_DONE": N_("Match #{match_id} is paused: no moves and no timers until /match resume."),
    "RESUME_DONE": N_("Match #{match_id} goes on; turn timers start again."),
    "SKIPPED": N_(
        "Skipped: the waiting turn of match #{match_id} was played as if its timer ran out."
    ),
    "KICKED": N_("{member} no longer plays in match #{match_id}."),
    "NEW_HOST": N_("{member} now hosts match #{match_id}."),
    "LOG_TITLE": N_("Match #{match_id}: log"),
    "LOG_EMPTY": N_("Nothing has happened in this match yet."),
    "NO_MATCH_NUMBER": N_("There is no match #{match_id} in this server."),
    # ---------------------------------------------------------------- timers and DMs
    "REMINDER": N_("⏰ {mentions}, your turn in **{title}** (match #{match_id}) times out {when}."),
    "REMINDER_DM": N_("⏰ Your turn in **{title}** (match #{match_id}) times out {when}: {link}"),
    "GRACE": N_(
        "I was offline when the turn timer of {mentions} ran out in **{title}** "
        "(match #{match_id}): you have until {when} to act."
    ),
    "TURN_DM": N_("It's your turn in **{title}** (match #{match_id}): {link}"),
    "HAND_DM": N_("Your hand in **{title}** (match #{match_id}): {link}"),
    "SECRET_DM": N_("🔒 A decision is waiting for you in **{title}** (match #{match_id}): {link}"),
    "GRACE_HIDDEN": N_(
        "I was offline when the timer of a hidden decision ran out in **{title}** "
        "(match #{match_id}): it now ends at {when}."
    ),
    "DM_FALLBACK": N_(
        "{mentions}: I can't send you direct messages, so I'll mention you here instead "
        "(change /prefs to make me try again)."
    ),
    # ---------------------------------------------------------------- stats and prefs
    "STATS_TITLE": N_("Stats of {name}"),
    "STATS_NONE": N_("{name} has not finished a match yet."),
    "STATS_SUMMARY": N_(
        "Matches played: **{played}** · won: **{won}** · favourite game: **{favourite}**"
    ),
    "RATING_LINE": N_("{title}: rating **{rating}** ({played} played, {won} won)"),
    "RATING_NOTE": N_(
        "A rating is a cautious estimate of skill: everyone starts at 1000, wins against "
        "strong players raise it most, and it settles as you play more."
    ),
    "LEADERBOARD_TITLE": N_("{title} leaderboard"),
    "LEADERBOARD_EMPTY": N_("Nobody has finished a {title} match in this server yet."),
    "LEADERBOARD_LINE": N_("{place}. {who} · **{rating}** ({played} played, {won} won)"),
    "AI_PLAYER": N_("🤖 AI ({level})"),
    "MATCH_OVER_TITLE": N_("{title} · match #{match_id} is over"),
    "MATCH_OVER_LINE": N_("{place}. {who}{change}"),
    "LOG_PAGE": N_("Page {page} of {pages}{older}"),
    "LOG_OLDER": N_(" · older moves: /match log page:{page}"),
    "MATCH_OVER_LEFT": N_(" (left the match: ranked last)"),
    "MATCH_OVER_KICKED": N_(" (removed from the match: ranked last)"),
    "MATCH_OVER_FORFEITED": N_(" (forfeited: ranked last)"),
    "RATING_CHANGE": N_(" · rating {change}"),
    "PREFS_TITLE": N_("Your preferences"),
    "PREFS_LINES": N_(
        "DM me when it is my turn: **{dm_turn}**\nDM me my hand at every turn: **{dm_hand}**"
    ),
    "PREFS_CLOSED": N_("Your DMs were closed last time I tried, so I mention you in the channel."),
    # ---------------------------------------------------------------- lobbies and tables
    "LOBBY_TITLE": N_("{title}: lobby #{match_id}"),
    "LOBBY_WAITING": N_("Waiting for players. {seats}."),
    "LOBBY_CANCELLED": N_("Cancelled. {seats}."),
    "LOBBY_STARTED": N_("Started. {seats}."),
    "LOBBY_OPTIONS": N_("Options"),
    "LOBBY_NO_OPTIONS": N_("none"),
    "NO_TURN_TIMER": N_("no turn timer"),
    "LOBBY_SEATS": N_("Seats ({taken}/{most})"),
    "LOBBY_EMPTY": N_("empty"),
    "LOBBY_HOST": N_("{name} (host)"),
    "LOBBY_FOOTER": N_("The host starts the match once {count} seats are filled."),
    "LOBBY_JOIN": N_("Join"),
    "LOBBY_LEAVE": N_("Leave"),
    "LOBBY_ADD_AI": N_("Add AI"),
    "LOBBY_START": N_("Start"),
    "LOBBY_CANCEL": N_("Cancel"),
    "SEATS_RANGE": N_("{low}-{high} seats"),
    "RECENT_MOVES": N_("Recent moves"),
    "TABLE_MATCH": N_("Match #{match_id}"),
    "TABLE_TO_ACT": N_("Match #{match_id} · to act: {mentions}"),
    "RULES_PREVIOUS": N_("Previous"),
    "RULES_NEXT": N_("Next"),
    "RULES_PAGE": N_("Page {page} of {pages}"),
    "THREAD_NAME": N_("{title} #{match_id}"),
    "ON": N_("on"),
    "OFF": N_("off"),
    "LIST_LOBBY": N_("lobby"),
    "LIST_PLAYING": N_("playing"),
    "CONFIG_FIELD": N_("**{value}** (default: {default})\n{description}"),
    "LANGUAGE_SET": N_("This server's tables and channel messages are now in {language}."),
}


def __getattr__(name: str) -> str:
    """Return ``messages.NAME`` translated into the current language."""
    try:
        return _(_TEXTS[name])
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def stale_note() -> str:
    """Return the note shown above a refreshed view after a stale click."""
    return _("The table moved on; here is the current view.")
