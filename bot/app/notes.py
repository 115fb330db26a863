"""The match log's own entries: what the bot or a moderator did to a match, in plain words.

A note is stored once and read later by members in different languages, so it is a
:class:`~bot.engine.phrase.Phrase` of the ``bot`` catalogue, stored as the phrase's JSON
(:func:`stored`) and worded in the language of the moment when read (:func:`read`). Seats
are written ``{p[i]}`` (filled with display names when shown) and members ``<@id>``; each
function returns (kind, phrase) for `match_notes`. Notes written in the earlier forms still
read as they did: the ``{"m", "p", "a"}`` JSON of a message id and its raw arguments, and,
before that, plain English.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

import msgspec

from bot.engine import Event
from bot.engine.phrase import Phrase, Text, nphrase, phrase, together
from bot.engine.phrase import seat as _seat
from bot.store.rows import NewNote

Note = tuple[str, Phrase]

DOMAIN: Final = "bot"
"""The catalogue notes are worded from."""


def stored(note: Phrase) -> str:
    """Return the text `match_notes` keeps for a note: the phrase as JSON."""
    return msgspec.json.encode(note).decode()


def row(seq: int, entry: Note, by: int | None = None) -> NewNote:
    """Return what storing an entry of the match log after step `seq` writes."""
    kind, note = entry
    return NewNote(seq, kind, stored(note), by)


def read(text: Text) -> Phrase:
    """Return the phrase a stored note (or match summary) holds, in whichever form it was
    stored: a phrase, the phrase's JSON, the earlier ``{"m", "a"}`` JSON or plain English
    (looked up as a message id, otherwise shown as written)."""
    if isinstance(text, Phrase):
        return text
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and "msgid" in data:
        return msgspec.convert(data, Phrase)
    if isinstance(data, dict) and "m" in data:
        return _earlier(data)
    return Phrase(text, domain=DOMAIN)


def event(text: str) -> Event:
    """A stored note among a table's recent moves: worded when it is rendered."""
    return Event(read(text))


def _earlier(data: dict[str, Any]) -> Phrase:
    """The phrase of a note stored as ``{"m": msgid, "p": plural, "a": raw arguments}``."""
    args: dict[str, Any] = {}
    for key, value in dict(data.get("a", {})).items():
        if key == "seats":
            args[key] = _seats(value)
        elif key == "seat":
            args[key] = _seat(value)
        elif key in ("by", "user"):
            args[key] = _member(value)
        else:
            args[key] = value
    if "p" not in data:
        return Phrase(data["m"], args, domain=DOMAIN)
    # Those notes counted with {count}; as phrases the count is {n}, as in the catalogue.
    args["n"] = int(args.pop("count", 1))
    singular, plural = (str(m).replace("{count}", "{n}") for m in (data["m"], data["p"]))
    return Phrase(singular, args, plural=plural, domain=DOMAIN)


def _member(user_id: int) -> str:
    return f"<@{user_id}>"


def _seats(seats: Sequence[int]) -> Text:
    """The seats as the reader's language lists them: "a, b and c"."""
    return together([_seat(s) for s in seats]) if seats else ""


def left(seat: int) -> Note:
    """A member left their seat to the AI."""
    return "leave", phrase("{seat} left; the AI plays that seat.", seat=_seat(seat))


def kicked(seat: int, by: int) -> Note:
    """A host or moderator removed a member; the AI plays the seat."""
    return "kick", phrase(
        "{seat} was removed by {by}; the AI plays that seat.", seat=_seat(seat), by=_member(by)
    )


def kicked_from_lobby(user_id: int, by: int) -> Note:
    """A host or moderator removed a member from a lobby."""
    return "kick", phrase(
        "{user} was removed from the lobby by {by}.", user=_member(user_id), by=_member(by)
    )


def ended(by: int) -> Note:
    """The match was ended early."""
    return "end", phrase("The match was ended by {by}.", by=_member(by))


def new_host(user_id: int, by: int) -> Note:
    """Hosting was handed over."""
    return "host", phrase(
        "{by} handed hosting over to {user}.", user=_member(user_id), by=_member(by)
    )


def lobby_expired(minutes: int) -> Note:
    """A lobby nobody started closed by itself."""
    return "expire", nphrase(
        "The lobby closed: nobody started it within {n} minute.",
        "The lobby closed: nobody started it within {n} minutes.",
        n=minutes,
    )


def timed_out(seat: int, count: int, limit: int) -> Note:
    """A turn timer ran out; the AI played that turn."""
    return "timeout", phrase(
        "⏰ Time ran out for {seat} ({count} of {limit}); the AI played.",
        seat=_seat(seat),
        count=count,
        limit=limit,
    )


def skipped(seats: list[int] | None, by: int) -> Note:
    """A host or moderator had the waiting turn played now (None: a hidden decision)."""
    if seats is None:
        return "skip", phrase("⏭ {by} skipped a hidden decision.", by=_member(by))
    return "skip", phrase(
        "⏭ {by} skipped the turn of {seats}; it was played for them.",
        seats=_seats(seats),
        by=_member(by),
    )


def paused(by: int, on: bool) -> Note:
    """The host or a moderator paused or resumed the match."""
    if on:
        return "pause", phrase(
            "⏸ {by} paused the match: no moves and no timers until it resumes.", by=_member(by)
        )
    return "resume", phrase("▶ {by} resumed the match.", by=_member(by))


def secret_timed_out() -> Note:
    """A secret question ran out of time and took its default answer."""
    return "timeout", phrase("⏰ Time ran out on a hidden decision: it took its default answer.")


def autopilot(seat: int, count: int) -> Note:
    """Repeated timeouts: the AI takes the seat for good."""
    return "autopilot", nphrase(
        "⏰ {seat} missed {n} turn in a row; the AI plays that seat from now on.",
        "⏰ {seat} missed {n} turns in a row; the AI plays that seat from now on.",
        n=count,
        seat=_seat(seat),
    )


def forfeited(seat: int, count: int) -> Note:
    """Repeated timeouts: the member forfeits; the AI moves the seat's pieces."""
    return "forfeit", nphrase(
        "⏰ {seat} missed {n} turn in a row and forfeits (ranked last); "
        "the AI moves for that seat.",
        "⏰ {seat} missed {n} turns in a row and forfeits (ranked last); "
        "the AI moves for that seat.",
        n=count,
        seat=_seat(seat),
    )


def grace(minutes: int) -> Note:
    """Timers that ran out during downtime were extended."""
    return "grace", nphrase(
        "The bot was offline when time ran out: {n} more minute to act.",
        "The bot was offline when time ran out: {n} more minutes to act.",
        n=minutes,
    )


def forfeit_summary(winners: list[int]) -> Phrase:
    """The summary of a match decided by forfeits (stored with its outcome, worded when read)."""
    if not winners:
        return phrase("Everyone forfeited; nobody won.")
    return phrase("{seats} won: everyone else forfeited.", seats=_seats(winners))
