"""The match log's own entries: what the bot or a moderator did to a match, in plain words.

A note is stored once and read later by members in different languages, so it is
stored untranslated: the English msgid and its arguments, as JSON. :func:`show`
translates it into the language of the moment; :class:`NoteEvent` is the note
among a table's recent moves. Seats are written ``{p[i]}`` (filled with display
names when shown) and members ``<@id>``; each function returns (kind, text) for
`match_notes`. Notes written before notes were stored this way are plain
English and are shown as written.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.engine import Event, i18n
from bot.engine.i18n import N_, _
from bot.engine.phrase import Phrase, Text

Note = tuple[str, str]


def ngettext(singular: str, plural: str) -> tuple[str, str]:
    """Mark a msgid with its plural for extraction (a plural entry); translated by :func:`show`."""
    return singular, plural


def _stored(message: str | tuple[str, str], **args: Any) -> str:
    """Encode a msgid (or a singular and plural pair, counted by ``count``) with its arguments."""
    data: dict[str, Any] = {"a": args}
    if isinstance(message, tuple):
        data["m"], data["p"] = message
    else:
        data["m"] = message
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _seat(seat: int) -> str:
    return f"{{p[{seat}]}}"


def and_list(items: Sequence[str]) -> str:
    """Join items the way the current language lists them: "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def show(text: Text) -> str:
    """Translate a stored note (or summary) into the current language.

    Seats stay ``{p[i]}`` for the reader's names; a game's phrase is worded, and a text
    that is not an encoded note is looked up as a msgid and otherwise shown as written.
    """
    if isinstance(text, Phrase):
        return text.words()
    try:
        data = json.loads(text)
    except ValueError:
        return _(text)
    if not isinstance(data, dict) or "m" not in data:
        return _(text)
    args: dict[str, Any] = {}
    for key, value in dict(data.get("a", {})).items():
        if key == "seats":
            args[key] = and_list([_seat(s) for s in value])
        elif key == "seat":
            args[key] = _seat(value)
        elif key in ("by", "user"):
            args[key] = f"<@{value}>"
        else:
            args[key] = value
    if "p" in data:
        template = i18n.ngettext(data["m"], data["p"], int(args.get("count", 1)))
    else:
        template = _(data["m"])
    return template.format(**args)


class NoteEvent(Event, frozen=True):
    """A note among the recent moves: translated when it is rendered."""

    def render(self, names: Sequence[str]) -> str:
        """Translate the note, then put display names into it."""
        return show(self.text).format(p=list(names))


def left(seat: int) -> Note:
    """A member left their seat to the AI."""
    return "leave", _stored(N_("{seat} left; the AI plays that seat."), seat=seat)


def kicked(seat: int, by: int) -> Note:
    """A host or moderator removed a member; the AI plays the seat."""
    return "kick", _stored(
        N_("{seat} was removed by {by}; the AI plays that seat."), seat=seat, by=by
    )


def kicked_from_lobby(user_id: int, by: int) -> Note:
    """A host or moderator removed a member from a lobby."""
    return "kick", _stored(N_("{user} was removed from the lobby by {by}."), user=user_id, by=by)


def ended(by: int) -> Note:
    """The match was ended early."""
    return "end", _stored(N_("The match was ended by {by}."), by=by)


def new_host(user_id: int, by: int) -> Note:
    """Hosting was handed over."""
    return "host", _stored(N_("{by} handed hosting over to {user}."), user=user_id, by=by)


def lobby_expired(minutes: int) -> Note:
    """A lobby nobody started closed by itself."""
    return "expire", _stored(
        ngettext(
            "The lobby closed: nobody started it within {count} minute.",
            "The lobby closed: nobody started it within {count} minutes.",
        ),
        count=minutes,
    )


def timed_out(seat: int, count: int, limit: int) -> Note:
    """A turn timer ran out; the AI played that turn."""
    return "timeout", _stored(
        N_("⏰ Time ran out for {seat} ({count} of {limit}); the AI played."),
        seat=seat,
        count=count,
        limit=limit,
    )


def skipped(seats: list[int] | None, by: int) -> Note:
    """A host or moderator had the waiting turn played now (None: a hidden decision)."""
    if seats is None:
        return "skip", _stored(
            N_("⏭ {by} skipped a hidden decision; it took its default answer."), by=by
        )
    return "skip", _stored(
        N_("⏭ {by} skipped the turn of {seats}; it was played for them."), seats=seats, by=by
    )


def paused(by: int, on: bool) -> Note:
    """The host or a moderator paused or resumed the match."""
    if on:
        return "pause", _stored(
            N_("⏸ {by} paused the match: no moves and no timers until it resumes."), by=by
        )
    return "resume", _stored(N_("▶ {by} resumed the match."), by=by)


def secret_timed_out() -> Note:
    """A secret question ran out of time and took its default answer."""
    return "timeout", _stored(
        N_("⏰ Time ran out on a hidden decision: it took its default answer.")
    )


def autopilot(seat: int, count: int) -> Note:
    """Repeated timeouts: the AI takes the seat for good."""
    return "autopilot", _stored(
        ngettext(
            "⏰ {seat} missed {count} turn in a row; the AI plays that seat from now on.",
            "⏰ {seat} missed {count} turns in a row; the AI plays that seat from now on.",
        ),
        seat=seat,
        count=count,
    )


def forfeited(seat: int, count: int) -> Note:
    """Repeated timeouts: the member forfeits; the AI moves the seat's pieces."""
    return "forfeit", _stored(
        ngettext(
            "⏰ {seat} missed {count} turn in a row and forfeits (ranked last); "
            "the AI moves for that seat.",
            "⏰ {seat} missed {count} turns in a row and forfeits (ranked last); "
            "the AI moves for that seat.",
        ),
        seat=seat,
        count=count,
    )


def grace(minutes: int) -> Note:
    """Timers that ran out during downtime were extended."""
    return "grace", _stored(
        ngettext(
            "The bot was offline when time ran out: {count} more minute to act.",
            "The bot was offline when time ran out: {count} more minutes to act.",
        ),
        count=minutes,
    )


def forfeit_summary(winners: list[int]) -> str:
    """The summary of a match decided by forfeits (stored; shown through :func:`show`)."""
    if not winners:
        return _stored(N_("Everyone forfeited; nobody won."))
    return _stored(N_("{seats} won: everyone else forfeited."), seats=winners)
