"""Players' names shortened to fit, yet told apart: one rule for pictures and text tables.

Two members called "Bartholomew-Alexander" and "Bartholomew-Alexandra" both come out
as "Bartholom…" when each name is cut to the room on its own. ``distinct`` cuts every
name, then, for names that came out alike but are not, keeps more of their ends
("Bartho…ander", "Bartho…andra") until they differ. How wide a name may be (pixels
of a font, columns of a code block) is the caller's ``shorten``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wcwidth import width

Shorten = Callable[[int, int], str]
"""Cut the text at an index to its room, keeping its last ``tail`` characters after the
ellipsis (``tail`` 0: an ellipsis at the end)."""


def distinct(texts: Sequence[str], shorten: Shorten) -> list[str]:
    """Return each text shortened, texts that differ kept different where the room allows."""
    shown = [shorten(i, 0) for i in range(len(texts))]
    for tail in range(3, max((len(t) for t in texts), default=0)):
        alike = [
            i
            for i, s in enumerate(shown)
            if any(shown[j] == s and texts[j] != texts[i] for j in range(len(texts)))
        ]
        if not alike:
            break
        for i in alike:
            shown[i] = shorten(i, tail)
    return shown


def middle_cut(text: str, tail: int, fits: Callable[[str], bool]) -> str:
    """Return the text, or its start, an ellipsis and its last ``tail`` characters: the
    longest start for which ``fits`` holds (cut at the end when no start leaves room)."""
    if fits(text):
        return text
    end = text[len(text) - tail :] if 0 < tail < len(text) else ""
    head = text[: len(text) - len(end)]
    while head and not fits(f"{head.rstrip()}…{end}"):
        head = head[:-1]
    if head:
        return f"{head.rstrip()}…{end}"
    return middle_cut(text, 0, fits) if end else "…"


def clip_names(names: Sequence[str], columns: int) -> list[str]:
    """Return names cut to a number of display columns (a code block's table), told apart."""
    return distinct(
        names, lambda i, tail: middle_cut(names[i], tail, lambda t: width(t) <= columns)
    )
