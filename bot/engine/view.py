"""Views built from a state: what a view shares with the state by name is copied, not rewritten.

A game's public view declares, as a struct, what anyone at the table may see. Most of its
fields are the state's own fields under the same name (the phase, the dealer, the round);
the rest are worked out (a count of cards instead of the cards). :func:`mirror` fills the
first kind from the state and takes the second kind as arguments, so a view lists only what
it derives. The view's declaration stays the single place deciding what is shown. A seat's
private view is a :class:`SeatView`: the public view and what that seat alone may know.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Generic, TypeVar

import msgspec

V = TypeVar("V", bound=msgspec.Struct)
P = TypeVar("P")


class SeatView(msgspec.Struct, Generic[P], frozen=True):
    """What one seat knows: the public view, and what the seat alone sees.

    A game's private view derives from ``SeatView[PublicView]`` and declares only what it
    adds to the public view (a hand, instructions, a dossier).
    """

    seat: int
    public: P


def mirror(view: type[V], state: object, **derived: Any) -> V:
    """Build ``view``: each field in ``derived`` as given, every other one the state's field
    of the same name (a field with a default keeps it unless given)."""
    values: dict[str, Any] = {}
    for field in _fields(view):
        if field.name in derived:
            values[field.name] = derived[field.name]
        elif field.required:
            values[field.name] = getattr(state, field.name)
    unknown = set(derived) - set(values)
    if unknown:
        raise TypeError(f"{view.__name__} has no field {', '.join(sorted(unknown))}")
    return view(**values)


@cache
def _fields(view: type[msgspec.Struct]) -> tuple[msgspec.structs.FieldInfo, ...]:
    """Return a view struct's fields (worked out from its annotations once per type)."""
    return msgspec.structs.fields(view)
