"""Memory of drawing: the peak resident set of a process that draws every game's pictures.

    python -m bench.picture_memory                 # 12 seeded playouts of each game
    python -m bench.picture_memory --playouts 40

Each game is played at random to its end, its table and every seat's private view
drawn at each of a dozen moments, in every seat count, names in several scripts.
Fitting text tries many font sizes, and the font chain keeps each size it was
asked for, opening at each size only the fonts its text needs, from the files.
The reference is the same drawing with the fonts opened as the kit once did: each
size then opens every font of the chain, each from its own copy of the font file.
Both run in a fresh process each, in one run, on the same sizes.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
from functools import lru_cache
from typing import Any

NAMES = ["Ada", "Bartholomew-Alexander", "李雷", "محمد علي", "नमस्ते", "Zoë 🎲"]


def rss_mb() -> float:
    """Return this process's peak resident set so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def playout(rules: Any, seats: int, rng: random.Random, limit: int = 400) -> list[Any]:
    """Play random legal steps (chance included) and return every state on the way."""
    from bot.engine import CHANCE, Match

    match = Match.new(rules, seats, {})
    states = [match.state]
    while match.outcome is None and match.seq < limit:
        seat = rng.choice(sorted(rules.to_act(match.state)))
        if seat == CHANCE:
            action = rules.chance_outcome(match.state, rng)
        else:
            action = rng.choice(rules.legal_actions(match.state, seat))
        match.step(seat, action.token())
        states.append(match.state)
    return states


def draw_everything(playouts: int, from_bytes: bool) -> dict[str, Any]:
    """Draw the pictures of random playouts of every game; return what was measured."""
    import io
    from importlib import resources

    from PIL import ImageFont

    from bot.draw import text
    from bot.games import build_registry

    if from_bytes:  # the reference: every size opens every font, each from a copy

        @lru_cache(maxsize=256)
        def eager(size: int) -> tuple[text.Font, ...]:
            def load(name: str) -> text.Font:
                data = (resources.files("bot.draw") / "fonts" / name).read_bytes()
                return ImageFont.truetype(io.BytesIO(data), size, layout_engine=text.LAYOUT)

            return tuple(load(name) for name in text.FONT_FILES)

        setattr(text, "chain", eager)  # noqa: B010 (the module's functions look it up)
    before = rss_mb()
    pictures = 0
    for module in build_registry().all():
        rules, presenter = module.rules, module.presenter
        spec = module.spec
        for game in range(playouts):
            seats = spec.min_seats + game % (spec.max_seats - spec.min_seats + 1)
            states = playout(rules, seats, random.Random(game))
            names = NAMES[:seats]
            for state in states[:: max(1, len(states) // 12)]:
                outcome = rules.outcome(state)
                shown = presenter.table(rules.view(state, None), names, outcome)
                pictures += shown.image is not None
                for seat in range(seats):
                    view = rules.view(state, seat)
                    legal = rules.legal_actions(state, seat)
                    screen = presenter.private(view, legal, names, None)
                    pictures += screen.image is not None
    return {
        "pictures": pictures,
        "sizes": text.chain.cache_info().currsize,
        "before": before,
        "after": rss_mb(),
    }


def measure(playouts: int, from_bytes: bool) -> dict[str, Any]:
    """Run one measurement in a fresh process."""
    command = [sys.executable, "-m", "bench.picture_memory", "--child", str(playouts)]
    if from_bytes:
        command.append("--from-bytes")
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Measure both ways and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=12)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--from-bytes", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(draw_everything(args.child, args.from_bytes)))
        return
    shipped, copied = measure(args.playouts, False), measure(args.playouts, True)
    grown = shipped["after"] - shipped["before"]
    grown_copied = copied["after"] - copied["before"]
    print(f"{shipped['pictures']} pictures drawn, {shipped['sizes']} font sizes in use")
    print(
        f"fonts read from their files: {shipped['after']:.0f} MB peak RSS, {grown:.0f} MB drawing"
    )
    print(
        f"every font copied at every size: {copied['after']:.0f} MB peak RSS,"
        f" {grown_copied:.0f} MB drawing (ratio {grown_copied / max(grown, 1):.1f})"
    )


if __name__ == "__main__":
    main()
