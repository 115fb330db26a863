"""Player markers shared by the text of messages and the pictures.

This module has no drawing code, so any layer may import it to write a marker.
A robot seat is written ``🤖 name`` in messages; no shipped font has the robot
emoji, so pictures write ``AI`` in its place (``bot.draw.text`` does the swap).
"""

from __future__ import annotations

from typing import Final

ROBOT: Final = "\U0001f916"
"""The robot seat marker in message text."""
ROBOT_TEXT: Final = "AI"
"""The robot seat marker in pictures."""


def robot_name(name: str) -> str:
    """Return the display name of a robot seat, marked."""
    return f"{ROBOT} {name}"


def is_robot(name: str) -> bool:
    """Tell whether a display name carries the robot marker."""
    return name.startswith(ROBOT)
