"""Screen -> discord.py embed, file and components."""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from bot.discord_ui.text import safe_text
from bot.engine import Button, Screen, Select

EMBED_LIMIT = 5800
_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
IMAGE_NAME = "view.png"
ALT_LIMIT = 1000
"""Discord keeps at most 1024 characters of an attachment's description."""


def embed_of(
    screen: Screen,
    extra: Sequence[tuple[str, str]] = (),
    *,
    escape: bool = True,
    names: Sequence[str] = (),
) -> discord.Embed:
    """Build the embed of a screen, trimmed to Discord's limits.

    Game text is shown as written (``escape``): a line starting with "- " or
    "+ " keeps its sign instead of becoming a bullet, and warnings stand out.
    Only the bot's own rules pages use Markdown lists on purpose.
    """

    def shown(text: str) -> str:
        return safe_text(text, names) if escape else text

    embed = discord.Embed(
        title=screen.title[:256],
        description=shown(screen.body)[:4000] or None,
        colour=screen.colour,
    )
    fields = [(f.name, shown(f.value), f.inline) for f in screen.fields]
    fields += [(name, shown(value), False) for name, value in extra]
    used = len(embed.title or "") + len(embed.description or "")
    for name, value, inline in fields[:25]:
        name, value = name[:256] or "\u200b", value[:1024] or "\u200b"
        if used + len(name) + len(value) > EMBED_LIMIT:
            break
        used += len(name) + len(value)
        embed.add_field(name=name, value=value, inline=inline)
    if screen.image:
        embed.set_image(url=f"attachment://{IMAGE_NAME}")
    return embed


def files_of(screen: Screen) -> list[discord.File]:
    """Return the image of a screen as an attachment with its text as alt text."""
    if not screen.image:
        return []
    alt = alt_text(screen)
    return [discord.File(io.BytesIO(screen.image), filename=IMAGE_NAME, description=alt)]


def alt_text(screen: Screen, limit: int = ALT_LIMIT) -> str:
    """Return an image's description: its alt text, else the screen's title and text, trimmed."""
    text = screen.image_alt.strip() or f"{screen.title}. {screen.body}".strip(" .")
    text = " ".join(text.replace("**", "").split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def style_of(name: str) -> discord.ButtonStyle:
    """Map a Screen button style to discord.py's."""
    return _STYLES.get(name, discord.ButtonStyle.secondary)


def layout_choices(
    choices: Sequence[Button | Select], *, rows_free: int = 5
) -> list[list[Button | Select]]:
    """Group choices into Discord action rows: a select alone, buttons five a row."""
    rows: list[list[Button | Select]] = []
    for choice in choices:
        if isinstance(choice, Select):
            rows.append([choice])
        elif rows and isinstance(rows[-1][0], Button) and len(rows[-1]) < 5:
            rows[-1].append(choice)
        else:
            rows.append([choice])
    return rows[:rows_free]
