"""The match log's own entries: what the bot or a moderator did to a match, in plain words.

Seats are written ``{p[i]}`` (filled with display names when shown) and
members ``<@id>``; each function returns (kind, text) for `match_notes`.
"""

from __future__ import annotations

Note = tuple[str, str]


def left(seat: int) -> Note:
    """A member left their seat to the AI."""
    return "leave", f"{{p[{seat}]}} left; the AI plays that seat."


def kicked(seat: int, by: int) -> Note:
    """A host or moderator removed a member; the AI plays the seat."""
    return "kick", f"{{p[{seat}]}} was removed by <@{by}>; the AI plays that seat."


def kicked_from_lobby(user_id: int, by: int) -> Note:
    """A host or moderator removed a member from a lobby."""
    return "kick", f"<@{user_id}> was removed from the lobby by <@{by}>."


def ended(by: int) -> Note:
    """The match was ended early."""
    return "end", f"The match was ended by <@{by}>."


def new_host(user_id: int, by: int) -> Note:
    """Hosting was handed over."""
    return "host", f"<@{by}> handed hosting over to <@{user_id}>."


def lobby_expired(minutes: int) -> Note:
    """A lobby nobody started closed by itself."""
    return "expire", f"The lobby closed: nobody started it within {minutes} minutes."


def timed_out(seat: int, count: int, limit: int) -> Note:
    """A turn timer ran out; the AI played that turn."""
    return "timeout", f"⏰ Time ran out for {{p[{seat}]}} ({count} of {limit}); the AI played."


def skipped(seats: list[int] | None, by: int) -> Note:
    """A host or moderator had the waiting turn played now (None: a hidden decision)."""
    if seats is None:
        return "skip", f"⏭ <@{by}> skipped a hidden decision; it took its default answer."
    names = " and ".join(f"{{p[{seat}]}}" for seat in seats)
    return "skip", f"⏭ <@{by}> skipped the turn of {names}; it was played for them."


def paused(by: int, on: bool) -> Note:
    """The host or a moderator paused or resumed the match."""
    if on:
        return "pause", f"⏸ <@{by}> paused the match: no moves and no timers until it resumes."
    return "resume", f"▶ <@{by}> resumed the match."


def secret_timed_out() -> Note:
    """A secret question ran out of time and took its default answer."""
    return "timeout", "⏰ Time ran out on a hidden decision: it took its default answer."


def autopilot(seat: int, count: int) -> Note:
    """Repeated timeouts: the AI takes the seat for good."""
    return (
        "autopilot",
        f"⏰ {{p[{seat}]}} missed {count} turns in a row; the AI plays that seat from now on.",
    )


def forfeited(seat: int, count: int) -> Note:
    """Repeated timeouts: the member forfeits; the AI moves the seat's pieces."""
    return (
        "forfeit",
        f"⏰ {{p[{seat}]}} missed {count} turns in a row and forfeits (ranked last); "
        "the AI moves for that seat.",
    )


def grace(minutes: int) -> Note:
    """Timers that ran out during downtime were extended."""
    return "grace", f"The bot was offline when time ran out: {minutes} more minutes to act."


def forfeit_summary(winners: list[int]) -> str:
    """The summary of a match decided by forfeits."""
    if not winners:
        return "Everyone forfeited; nobody won."
    names = " and ".join(f"{{p[{s}]}}" for s in winners)
    return f"{names} won: everyone else forfeited."
