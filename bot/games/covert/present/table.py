"""Text of the public Covert table: board, players, circles, grid and decks (section 6)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.rules import Outcome
from bot.games.covert.data import (
    ABILITY_LABELS,
    CIRCLE_LABELS,
    CIRCLES,
    CITIES,
    COLOUR_EMOJI,
    DECODER,
    PLAYER_EMOJI,
    REGION_EMOJI,
    REGIONS,
    SPEC_OPS,
    AgencyCard,
)
from bot.games.covert.missions import Mission
from bot.games.covert.views import PlayerView, PublicView

PHASES = {
    "setup": "Setting up",
    "placement": "Phase I · roll and place dice",
    "codes": "Phase II · break codes",
    "resolution": "Phase III · dice resolution",
    "final": "Final missions",
    "over": "Game over",
}


def card_line(card: AgencyCard | None) -> str:
    """Return an Agency card face in a few words."""
    if card is None:
        return "—"
    city = next(c.name for c in CITIES if c.key == card.city)
    return f"{card.id} {card.equipment} · ✈️ {city} · {ABILITY_LABELS[card.ability]}"


def mission_line(m: Mission | None) -> str:
    """Return a Mission face in a few words."""
    if m is None:
        return "—"
    needs = [*m.equipment]
    needs += [next(c.name for c in CITIES if c.key == m.city)] if m.city else []
    needs += [REGION_EMOJI[m.region]] if m.region else []
    needs += ["any card"] if m.any_card else []
    bonus = f" → {REGION_EMOJI.get(m.benefit, m.benefit)}" if m.benefit else ""
    return f"{m.id} {m.name}: {' + '.join(needs) or '—'} · **{m.points}**{bonus}"


def status_line(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Say what happens now."""
    if outcome is not None:
        return "🏆 " + outcome.summary.format(p=list(names))
    # Rounds count from 1; the set-up before round 1 has no number.
    parts = [f"Round {view.round} · {PHASES[view.phase]}" if view.round else PHASES[view.phase]]
    if view.waiting_hidden:
        parts.append("⏳ waiting for hidden decisions")
    elif view.prompt_seats:
        parts.append("waiting for " + ", ".join(names[s] for s in view.prompt_seats))
    elif view.turn is not None:
        parts.append(f"{names[view.turn.seat]} to act")
    if view.end_flag and view.phase != "final":
        parts.append("🏁 last round")
    return " · ".join(parts)


def player_line(p: PlayerView, names: Sequence[str]) -> str:
    """Return one player's public line."""
    token = f" · token {p.turn_token}" if p.turn_token else ""
    dice = " ".join(die_text(d.face, d.place, d.space) for d in p.dice)
    intel = "".join(COLOUR_EMOJI[c] for c in p.intel) or "—"
    backs = "/".join(p.code_backs) or "—"
    done = ", ".join(f"{m.name} {m.points}" for m in p.done_missions) or "—"
    codes = " ".join(c.code for c in p.done_codes) or "—"
    return (
        f"{PLAYER_EMOJI[p.colour]} **{names[p.seat]}** · {p.character.title} · "
        f"**{p.score}** pts · {len(p.done_missions)}/6 missions{token}\n"
        f"  cards {p.hand}/{p.hand_limit} · missions {p.missions}/{p.mission_limit} · "
        f"tokens {p.tokens} · codes held {backs} · reroll {'yes' if p.reroll else 'spent'}\n"
        f"  dice {dice or '—'} · cubes {p.supply} · intel {intel}\n"
        f"  done: {done} · broken codes: {codes}"
    )


def die_text(face: int, place: str, space: int) -> str:
    """Return a die and where it lies."""
    short = {"": "", SPEC_OPS: "@SO", DECODER: "@Dec", "spent": "✓"}
    if place in short:
        return f"{face}{short[place]}"
    return f"{face}@{CIRCLE_LABELS[place].split()[0][:4]}{space}"


def map_lines(view: PublicView, names: Sequence[str]) -> list[str]:
    """Return agents and cubes per city, grouped by region (empty cities left out)."""
    lines = []
    for region in REGIONS:
        cities = []
        for i, city in enumerate(CITIES):
            if city.region != region:
                continue
            agents = "".join(
                PLAYER_EMOJI[p.colour] * p.agents.count(city.key) for p in view.players
            )
            cubes = "".join(COLOUR_EMOJI[c] for c in view.cubes[i]) if view.cubes else ""
            if agents or cubes:
                pieces = [("🕴" + agents) if agents else "", ("▫" + cubes) if cubes else ""]
                cities.append(" ".join([city.name, *(p for p in pieces if p)]))
        lines.append(f"{REGION_EMOJI[region]} " + (" · ".join(cities) or "—"))
    return lines


def circle_lines(view: PublicView) -> list[str]:
    """Return the four Action Circles with each space's die."""
    lines = []
    for circle in CIRCLES:
        spaces = ["·"] * 6
        for p in view.players:
            for d in p.dice:
                if d.place == circle:
                    spaces[d.space - 1] = PLAYER_EMOJI[p.colour]
        lines.append(
            f"{CIRCLE_LABELS[circle]}: " + " ".join(f"{i + 1}{s}" for i, s in enumerate(spaces))
        )
    return lines


def grid_lines(view: PublicView) -> list[str]:
    """Return the Cipher grid (with Decoder overlays of the turn in progress)."""
    values = [str(v) for v in view.cipher]
    turn = view.turn
    if turn is not None and turn.kind == "codes":
        for die, pos in turn.overlays:
            values[pos] = f"[{view.players[turn.seat].dice[die].face}]"
    return [f"T `{' '.join(values[:6])}`", f"B `{' '.join(values[6:])}`"] if values else []


def deck_line(view: PublicView) -> str:
    """Return the sizes of the decks and the public Code backs."""
    tops = " / ".join(t or "—" for t in view.code_tops)
    pile = view.agency_discard
    hint = "" if view.over else "; all: 🔒 My dossier → 🗑️ Discard pile"
    top = f" (top {pile[-1].id}{hint})" if pile else ""
    return (
        f"Agency deck {view.agency_deck} · discard {len(pile)}{top} · "
        f"Mission deck {view.mission_deck} · Code decks {view.code_decks[0]}/{view.code_decks[1]} "
        f"(tops {tops}) · bag {view.bag}"
    )


def table_body(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Return the table's main text."""
    lines = [status_line(view, names, outcome), ""]
    lines += [player_line(p, names) for p in view.players]
    return "\n".join(lines)[:4000]


def board_text(view: PublicView, names: Sequence[str]) -> list[tuple[str, str]]:
    """Return the board as (title, text) blocks."""
    spaces = [
        f"{REGION_EMOJI[r]} {card_line(c)}"
        for r, c in zip(REGIONS, view.region_spaces, strict=False)
    ]
    blocks = [
        ("Map", "\n".join(map_lines(view, names))),
        ("Region Spaces", "\n".join(spaces) or "—"),
        ("Face-up Missions", "\n".join(mission_line(m) for m in view.mission_row) or "—"),
        ("Action Circles", "\n".join(circle_lines(view))),
        ("Cipher grid", "\n".join(grid_lines(view)) or "—"),
        ("Decks", deck_line(view)),
    ]
    return [(t, v[:1000]) for t, v in blocks]
