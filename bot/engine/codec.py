"""Action tokens, derived once from each action's declared tag and fields.

A token is the action's tag and its fields, dot-separated (``P.7.2``): the
compact text that travels inside a Discord custom_id and into the match log.
An action declares its ``TAG`` and annotates each field with the field codec
that writes and reads it (``card: Annotated[int, Range(1, 40)]``); the class
gets ``token()``/``from_token()`` from that, and a game reads any of its
tokens through one ``Actions`` table. Tokens may be forged, so everything that
does not read back as a declared value raises ``BadToken``.
"""

from __future__ import annotations

import functools
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, Self, TypeVar, get_origin, get_type_hints

import msgspec

from bot.engine.errors import BadToken

MAX_TOKEN_LENGTH: Final = 80
"""Longest player action token; a custom_id (100 chars) also holds match id and version."""

MAX_CHANCE_TOKEN_LENGTH: Final = 2000
"""Longest chance token (a whole set-up's shuffles); chance steps are logged, never posted."""

_TOKEN_RE: Final = re.compile(r"[A-Za-z0-9_.,+\-]+")

T = TypeVar("T")


class FieldCodec(ABC, Generic[T]):
    """How one field is written inside a token, and read back with its checks."""

    @abstractmethod
    def encode(self, value: T) -> str:
        """Return the field's text."""

    @abstractmethod
    def decode(self, text: str) -> T:
        """Read the field's text, raising BadToken unless it is a declared value."""

    def rank(self, value: T) -> Any:
        """Return where a value sorts among the field's values (for ``Items(ordered=True)``)."""
        return value


@dataclass(frozen=True)
class Range(FieldCodec[int]):
    """A decimal integer within [low, high]."""

    low: int
    high: int

    def encode(self, value: int) -> str:
        """Return the number in decimal."""
        return str(value)

    def decode(self, text: str) -> int:
        """Read a number of at most six digits within the range."""
        if not text.isdigit() or len(text) > 6:
            raise BadToken()
        value = int(text)
        if not self.low <= value <= self.high:
            raise BadToken()
        return value


class OneOf(FieldCodec[str]):
    """A name out of fixed collections (card ids, cities), written as itself."""

    def __init__(self, *names: str | Iterable[str]) -> None:
        """Take names or collections of names."""
        self.allowed = frozenset(n for group in names for n in _names(group))

    def __repr__(self) -> str:
        return f"OneOf({sorted(self.allowed)!r})"

    def encode(self, value: str) -> str:
        """Return the name."""
        return value

    def decode(self, text: str) -> str:
        """Read a name, refusing any other."""
        if text not in self.allowed:
            raise BadToken()
        return text


def _names(group: str | Iterable[str]) -> Iterable[str]:
    """Return a collection of names (a lone name is a collection of one)."""
    return (group,) if isinstance(group, str) else group


class Codes(FieldCodec[str]):
    """A value written as its short code (``MOVEMENT`` as ``MV``)."""

    def __init__(self, codes: Mapping[str, str]) -> None:
        """Take the code of each value; codes are distinct."""
        self.codes = dict(codes)
        self.values = {code: value for value, code in self.codes.items()}
        self._order = {value: place for place, value in enumerate(self.codes)}
        if len(self.values) != len(self.codes):
            raise ValueError("two values share a code")

    def __repr__(self) -> str:
        return f"Codes({self.codes!r})"

    def rank(self, value: str) -> int:
        """Return the value's place in the declared order."""
        return self._order[value]

    def encode(self, value: str) -> str:
        """Return the value's code."""
        return self.codes[value]

    def decode(self, text: str) -> str:
        """Read a code back into its value."""
        value = self.values.get(text)
        if value is None:
            raise BadToken()
        return value


@dataclass(frozen=True)
class Items(FieldCodec[tuple[T, ...]], Generic[T]):
    """Several values of one kind, comma-separated (packed side by side with ``sep=""``)."""

    item: FieldCodec[T]
    least: int = 0
    most: int | None = None
    distinct: bool = False
    """Refuse a value listed twice."""
    ordered: bool = False
    """Refuse values out of their field's order (numbers increasing, codes as declared), so
    that one choice has one token."""
    sep: str = ","
    empty: str = ""
    """How no values are written (``-`` where an empty field would read badly)."""

    def encode(self, value: tuple[T, ...]) -> str:
        """Return the values' texts, joined."""
        return self.sep.join(self.item.encode(v) for v in value) or self.empty

    def decode(self, text: str) -> tuple[T, ...]:
        """Read the values, checking each, their count and, if asked, that none repeats."""
        if text == self.empty:
            parts: list[str] = []
        else:
            parts = text.split(self.sep) if self.sep else list(text)
        values = tuple(self.item.decode(p) for p in parts)
        if len(values) < self.least or (self.most is not None and len(values) > self.most):
            raise BadToken()
        if self.distinct and len(set(values)) != len(values):
            raise BadToken()
        if self.ordered and list(values) != sorted(values, key=self.item.rank):
            raise BadToken()
        return values


@dataclass(frozen=True)
class Permutation(FieldCodec[tuple[int, ...]]):
    """An order of every integer in [first, first + size) exactly once: a shuffle.

    Without a ``size`` the shuffle is of as many items as it lists (at least one,
    at most ``most``).
    """

    size: int | None = None
    first: int = 0
    most: int | None = None

    def encode(self, value: tuple[int, ...]) -> str:
        """Return the order, comma-separated."""
        return ",".join(str(v) for v in value)

    def decode(self, text: str) -> tuple[int, ...]:
        """Read the order, refusing a missing, repeated or foreign item."""
        size = self.size if self.size is not None else len(text.split(","))
        if self.most is not None and size > self.most:
            raise BadToken()
        values = Items(Range(self.first, self.first + size - 1)).decode(text)
        if sorted(values) != list(range(self.first, self.first + size)):
            raise BadToken()
        return values


def declared_fields(cls: type[Any]) -> tuple[tuple[str, FieldCodec[Any]], ...]:
    """Return each field's name and its one declared codec, in declaration order."""
    fields: list[tuple[str, FieldCodec[Any]]] = []
    for name, hint in get_type_hints(cls, include_extras=True).items():
        if get_origin(hint) is ClassVar:
            continue
        codecs = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, FieldCodec)]
        if len(codecs) != 1:
            raise TypeError(f"{cls.__name__}.{name} needs exactly one field codec")
        fields.append((name, codecs[0]))
    return tuple(fields)


class Tagged(msgspec.Struct, frozen=True):
    """An action written as its tag and declared fields: ``P.7.2``.

    A subclass sets ``TAG`` and annotates every field with one field codec,
    ``Annotated[int, Range(0, 4)]``; its codec is derived here, once per class.
    An empty ``TAG`` makes the first field's code the tag (one letter per kind).
    """

    TAG: ClassVar[str] = ""
    LONGEST: ClassVar[int] = MAX_TOKEN_LENGTH
    """Longest token read; player actions fit in a custom_id."""
    FIELDS: ClassVar[tuple[tuple[str, FieldCodec[Any]], ...]] = ()
    """Each field's name and codec, in token order (derived from the annotations)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.FIELDS = declared_fields(cls)
        if not cls.TAG and cls.FIELDS and not isinstance(cls.FIELDS[0][1], Codes):
            raise TypeError(f"{cls.__name__} needs a TAG, or a first field written as Codes")

    @classmethod
    def tags(cls) -> tuple[str, ...]:
        """Return the tags that start this action's tokens."""
        if cls.TAG:
            return (cls.TAG,)
        first = cls.FIELDS[0][1]
        return tuple(first.values) if isinstance(first, Codes) else ()

    def token(self) -> str:
        """Return the compact text form."""
        parts = [codec.encode(getattr(self, name)) for name, codec in self.FIELDS]
        return ".".join([self.TAG, *parts] if self.TAG else parts)

    @classmethod
    def from_token(cls, token: str) -> Self:
        """Read a token of this action, raising BadToken on anything else."""
        if not isinstance(token, str) or len(token) > cls.LONGEST:
            raise BadToken()
        if not _TOKEN_RE.fullmatch(token):
            raise BadToken()
        parts = token.split(".")
        if cls.TAG:
            if parts[0] != cls.TAG:
                raise BadToken()
            parts = parts[1:]
        if len(parts) != len(cls.FIELDS):
            raise BadToken()
        pairs = zip(cls.FIELDS, parts, strict=True)
        action = cls(**{name: codec.decode(text) for (name, codec), text in pairs})
        if not action.valid():
            raise BadToken()
        return action

    def valid(self) -> bool:
        """Tell whether the fields, each within its own declaration, also fit together."""
        return True

    def checked(self) -> Self:
        """Return the action as its token reads back: one built in code (a deal arranged
        for a test) passes the checks a received token does, or raises BadToken."""
        return type(self).from_token(self.token())


class Chance(Tagged, frozen=True):
    """A chance step (a shuffle, a roll): logged like an action but never posted as a
    button, so its token may be long."""

    LONGEST: ClassVar[int] = MAX_CHANCE_TOKEN_LENGTH


A = TypeVar("A", bound=Tagged)
READ_KEPT = 4096
"""Tokens an `Actions` keeps read (the least recently used go first)."""


class Actions(Generic[A]):
    """A game's action types by tag: the one reader of all its tokens."""

    def __init__(self, *kinds: type[A]) -> None:
        self.kinds = kinds
        self._read = functools.lru_cache(maxsize=READ_KEPT)(self._parse)
        """Tokens read lately and their actions (immutable, so one object serves all)."""
        self._by_tag: dict[str, type[A]] = {}
        for kind in kinds:
            if tuple(name for name, _ in kind.FIELDS) != kind.__struct_fields__:
                raise TypeError(f"{kind.__name__}: every field needs a declared codec")
            for tag in kind.tags():
                if tag in self._by_tag:
                    raise ValueError(f"tag {tag!r} is taken by {self._by_tag[tag].__name__}")
                self._by_tag[tag] = kind

    def decode(self, token: str) -> A:
        """Read any token of the game, raising BadToken on anything malformed.

        Every move reads a token, and the same few recur (a card, a die, pass): the
        players' tokens read lately are kept (at most `READ_KEPT`), so most moves do
        not parse; chance tokens (whole decks) are not.
        """
        if not isinstance(token, str):
            raise BadToken()
        kind = self._by_tag.get(token.split(".", 1)[0])
        if kind is None:
            raise BadToken()
        if issubclass(kind, Chance):
            return kind.from_token(token)  # a deal or a shuffle: each one new, never kept
        return self._read(kind, token)

    @staticmethod
    def _parse(kind: type[A], token: str) -> A:
        return kind.from_token(token)
