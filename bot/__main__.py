"""Entry point: `python -m bot run|migrate`."""

import sys

from bot.cli import main

sys.exit(main())
