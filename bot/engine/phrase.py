"""Sentences decided now and worded later: a message id, its arguments, translated on reading.

The rules tell what happened while a move is applied, but the words are read later, by
members who may each read another language, from logs stored for months. So events,
end-of-match summaries and refusals carry a :class:`Phrase` (the English source text, as a
catalogue message id, and its named arguments) instead of a finished sentence; it is put
into words by :meth:`Phrase.render` in the language of the moment
(:func:`bot.engine.i18n.use_locale`).

An argument is a number, a literal text, another phrase (a card's name, a suit) or a list
of those (shown comma-separated). Seats are written ``{p[i]}`` (see :func:`seat`): the
reader's display names go in last, so a translation may move them anywhere.

Build phrases with :func:`phrase`, :func:`nphrase` (a count picks the form: the count is
the argument ``n``) and :func:`pphrase` (a context tells two senses of a word apart); the
catalogue tool extracts these calls like ``_``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, Union

import msgspec

from bot.engine.i18n import caller_domain, translations

Item = Union[int, str, "Phrase"]
"""One value: a number, a literal text or a phrase."""
Arg = Union[int, str, "Phrase", list[Item]]
"""What a phrase argument may hold: a value or a list of values."""
ItemT = TypeVar("ItemT", bound=Item)


class Phrase(msgspec.Struct, frozen=True, omit_defaults=True):
    """A sentence to translate when read: the English message id and its arguments."""

    msgid: str
    args: dict[str, Arg] = {}
    plural: str = ""
    """The plural message id; the count is ``args["n"]``."""
    context: str = ""
    domain: str = ""
    """The catalogue of the code that wrote it, looked up first (empty: any catalogue)."""

    def words(self) -> str:
        """Return the sentence in the current language, seats still as ``{p[i]}``."""
        from bot.engine.i18n import current_language

        catalog = translations(current_language(), self.domain or None)
        if self.plural:
            count = self.args.get("n", 1)
            n = count if isinstance(count, int) else 1
            if self.context:
                template = catalog.npgettext(self.context, self.msgid, self.plural, n)
            else:
                template = catalog.ngettext(self.msgid, self.plural, n)
        elif self.context:
            template = catalog.pgettext(self.context, self.msgid)
        else:
            template = catalog.gettext(self.msgid)
        values = {key: _arg_words(value) for key, value in self.args.items()}
        return template.format(p=_KEEP_SEATS, **values)

    def render(self, names: Sequence[str] = ()) -> str:
        """Return the sentence in the current language with the readers' display names."""
        text = self.words()
        return text.format(p=list(names)) if "{p[" in text else text

    def format(self, *, p: Sequence[str]) -> str:
        """Same as :meth:`render`: reads like the ``str.format`` of a plain summary text."""
        return self.render(p)

    def __str__(self) -> str:
        return self.words()


Text = str | Phrase
"""A sentence that may still be a plain (already worded) text."""


class _Seats:
    """Keeps ``{p[i]}`` as it is while the arguments go in."""

    def __getitem__(self, index: int) -> str:
        return f"{{p[{index}]}}"


_KEEP_SEATS = _Seats()


def _arg_words(value: Arg) -> str | int:
    if isinstance(value, Phrase):
        return value.words()
    if isinstance(value, list):
        return ", ".join(str(_arg_words(v)) for v in value)
    return value


def phrase(msgid: str, /, **args: Arg) -> Phrase:
    """Mark a sentence (extracted for translation) with its named arguments."""
    return Phrase(msgid, args, domain=caller_domain() or "")


def nphrase(singular: str, plural: str, /, n: int, **args: Arg) -> Phrase:
    """Mark a sentence whose form follows the count ``n`` (``{n}`` in the text)."""
    return Phrase(singular, {"n": n, **args}, plural=plural, domain=caller_domain() or "")


def pphrase(context: str, msgid: str, /, **args: Arg) -> Phrase:
    """Mark a word or sentence with a context that tells its sense apart (``suit``)."""
    return Phrase(msgid, args, context=context, domain=caller_domain() or "")


def seat(index: int) -> str:
    """Return the placeholder of a seat's display name, filled in when the phrase is read."""
    return f"{{p[{index}]}}"


def seat_values(values: Sequence[int]) -> str:
    """Return a number for every seat, in seat order (``{p[0]} 7, {p[1]} 5``): the scores."""
    return ", ".join(f"{seat(s)} {value}" for s, value in enumerate(values))


def together(items: Sequence[ItemT]) -> ItemT | Phrase:
    """Return items as ``A``, ``A and B`` or ``A, B and C`` (worded when read)."""
    if len(items) == 1:
        return items[0]
    return phrase("{first} and {last}", first=list(items[:-1]), last=items[-1])


def words(text: Text) -> str:
    """Return a phrase in the current language (seats as ``{p[i]}``) or a plain text as is."""
    return text.words() if isinstance(text, Phrase) else text


def render(text: Text, names: Sequence[str]) -> str:
    """Return a phrase or a plain text (``{p[i]}`` placeholders) with display names."""
    if isinstance(text, Phrase):
        return text.render(names)
    return text.format(p=list(names))
