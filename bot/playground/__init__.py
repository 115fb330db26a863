"""Offline playground: the real bot against SimCord's simulated Discord, in the browser.

Needs the `playground` extra (`pip install -e ".[playground]"`). Only `bot.cli`
imports this package, lazily, so the bot itself runs without the extra.
"""

from bot.playground.session import run_playground

__all__ = ["run_playground"]
