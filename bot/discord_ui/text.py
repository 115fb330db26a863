"""Text as Discord shows it: Markdown escaping, warnings, member names.

Discord reads Markdown in message content and embed text. A game line such as
"- 2 points" or "+ 1 Intel" would turn into a bullet and lose its sign, and a
name like ``*bob*`` would turn italic. Everything the bot renders from a game or
from a member goes through :func:`safe_text` (many lines) or :func:`name`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

_LIST_MARKER = re.compile(r"^(\s*)([-+*]|\d{1,9}[.)]|#{1,3}|>{1,3}|-#)(\s)")
"""What makes Discord read a line as a list item, a heading, a quote or subtext."""
WARNING_PREFIXES = ("⚠️", "⚠", "Warning:", "Careful:", "Attenzione:")
"""How game text marks a warning; such lines are shown bold with a ⚠️ in front."""


def safe_line(line: str) -> str:
    """Escape a leading list, heading or quote marker so the line shows as written."""
    return _LIST_MARKER.sub(_escaped, line, count=1)


def _escaped(found: re.Match[str]) -> str:
    indent, marker, space = found.groups()
    if marker[0].isdigit():
        return f"{indent}{marker[:-1]}\\{marker[-1]}{space}"  # "1\. " stays "1. "
    return f"{indent}\\{marker}{space}"


def is_warning(line: str) -> bool:
    """Tell whether a line of game text is a warning."""
    return line.lstrip().startswith(WARNING_PREFIXES)


def warn(line: str) -> str:
    """Make a warning stand out: ⚠️ in front, bold."""
    body = line.strip().removeprefix("⚠️").removeprefix("⚠").strip()
    body = body.replace("**", "")
    return f"⚠️ **{body}**" if body else "⚠️"


def safe_text(text: str, names: Sequence[str] = ()) -> str:
    """Escape every line's leading marker and make warning lines stand out.

    Member names written into the text (``names``) are escaped where they hold
    Markdown characters. Lines inside a code block are shown verbatim by Discord
    and left alone.
    """
    risky = sorted({n for n in names if n != name(n)}, key=len, reverse=True)
    out, fenced = [], False
    for line in text.split("\n"):
        if fenced or line.lstrip().startswith("```"):
            out.append(line)
            fenced ^= line.count("```") % 2 == 1
            continue
        shown = safe_line(line)
        for raw in risky:
            shown = shown.replace(raw, name(raw))
        out.append(warn(shown) if is_warning(line) else shown)
    return "\n".join(out)


def name(text: str) -> str:
    """Escape a member's display name so Markdown and mentions show as typed."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


async def member_name(guild: Any, user_id: int) -> str:
    """Return a member's escaped display name, or a mention when it cannot be read."""
    member = guild.get_member(user_id) if guild is not None else None
    if member is None and guild is not None:
        try:
            member = await guild.fetch_member(user_id)
        except discord.HTTPException:
            member = None
    return name(member.display_name) if member is not None else f"<@{user_id}>"
