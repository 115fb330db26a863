"""Text of the public Covert table: board, players, circles, grid and decks (section 6)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.i18n import N_, _
from bot.engine.rules import Outcome
from bot.games.covert.data import (
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
from bot.games.covert.text import (
    ability,
    benefit,
    cipher_rows,
    circle,
    circle_short,
    city,
    die,
    gear,
)
from bot.games.covert.views import PlayerView, PublicView

PHASES = {
    "setup": N_("Setting up"),
    "placement": N_("Phase I · roll and place dice"),
    "codes": N_("Phase II · break codes"),
    "resolution": N_("Phase III · dice resolution"),
    "final": N_("Final missions"),
    "over": N_("Game over"),
}


def card_line(card: AgencyCard | None) -> str:
    """Return an Agency card face in a few words."""
    if card is None:
        return "—"
    return f"{card.id} {gear(card.equipment)} · ✈️ {city(card.city)} · {ability(card.ability)}"


def mission_line(m: Mission | None) -> str:
    """Return a Mission face in a few words."""
    if m is None:
        return "—"
    needs = [gear(e) for e in m.equipment]
    needs += [city(m.city)] if m.city else []
    needs += [REGION_EMOJI[m.region]] if m.region else []
    needs += [_("any card")] if m.any_card else []
    bonus = f" → {REGION_EMOJI.get(m.benefit) or benefit(m.benefit)}" if m.benefit else ""
    return f"{m.id} {m.name}: {' + '.join(needs) or '—'} · **{m.points}**{bonus}"


def status_line(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Say what happens now."""
    if outcome is not None:
        return "🏆 " + outcome.summary.format(p=list(names))
    # Rounds count from 1; the set-up before round 1 has no number.
    phase = _(PHASES[view.phase])
    parts = [
        _("Round {number} · {phase}").format(number=view.round, phase=phase)
        if view.round
        else phase
    ]
    if view.waiting_hidden:
        parts.append(_("⏳ waiting for hidden decisions"))
    elif view.prompt_seats:
        waiting = ", ".join(names[s] for s in view.prompt_seats)
        parts.append(_("waiting for {names}").format(names=waiting))
    elif view.turn is not None:
        parts.append(_("{name} to act").format(name=names[view.turn.seat]))
    if view.end_flag and view.phase != "final":
        parts.append(_("🏁 last round"))
    return " · ".join(parts)


def player_line(p: PlayerView, names: Sequence[str]) -> str:
    """Return one player's public line."""
    token = _(" · token {token}").format(token=p.turn_token) if p.turn_token else ""
    dice = " ".join(die_text(d.face, d.place, d.space) for d in p.dice)
    intel = "".join(COLOUR_EMOJI[c] for c in p.intel) or "—"
    backs = "/".join(gear(b) for b in p.code_backs) or "—"
    done = ", ".join(f"{m.name} {m.points}" for m in p.done_missions) or "—"
    codes = " ".join(c.code for c in p.done_codes) or "—"
    head = _("{colour} **{name}** · {title} · **{score}** pts · {done}/6 missions{token}").format(
        colour=PLAYER_EMOJI[p.colour],
        name=names[p.seat],
        title=_(p.character.title),
        score=p.score,
        done=len(p.done_missions),
        token=token,
    )
    held = _(
        "cards {hand}/{hand_limit} · missions {missions}/{mission_limit} · "
        "tokens {tokens} · codes held {backs} · reroll {reroll}"
    ).format(
        hand=p.hand,
        hand_limit=p.hand_limit,
        missions=p.missions,
        mission_limit=p.mission_limit,
        tokens=p.tokens,
        backs=backs,
        reroll=_("yes") if p.reroll else _("spent"),
    )
    pieces = _("dice {dice} · cubes {supply} · intel {intel}").format(
        dice=dice or "—", supply=p.supply, intel=intel
    )
    scored = _("done: {done} · broken codes: {codes}").format(done=done, codes=codes)
    return f"{head}\n  {held}\n  {pieces}\n  {scored}"


def die_text(face: int, place: str, space: int) -> str:
    """Return a die as its face and where it lies: ⚄@Move (space 5 of Movement), ⚀@SO."""
    short = {"": "", SPEC_OPS: _("@SO"), DECODER: _("@Dec"), "spent": "✓"}
    if place in short:
        return f"{die(face)}{short[place]}"
    return f"{die(face)}@{circle_short(place)}" + ("" if space == face else str(space))


def map_lines(view: PublicView, names: Sequence[str]) -> list[str]:
    """Return agents and cubes per city, grouped by region (empty cities left out)."""
    lines = []
    for region in REGIONS:
        cities = []
        for i, place in enumerate(CITIES):
            if place.region != region:
                continue
            agents = "".join(
                PLAYER_EMOJI[p.colour] * p.agents.count(place.key) for p in view.players
            )
            cubes = "".join(COLOUR_EMOJI[c] for c in view.cubes[i]) if view.cubes else ""
            if agents or cubes:
                pieces = [("🕴" + agents) if agents else "", ("▫" + cubes) if cubes else ""]
                cities.append(" ".join([city(place.key), *(p for p in pieces if p)]))
        lines.append(f"{REGION_EMOJI[region]} " + (" · ".join(cities) or "—"))
    return lines


def circle_lines(view: PublicView) -> list[str]:
    """Return the four Action Circles with each space's die."""
    lines = []
    for key in CIRCLES:
        spaces = ["·"] * 6
        for p in view.players:
            for d in p.dice:
                if d.place == key:
                    spaces[d.space - 1] = PLAYER_EMOJI[p.colour]
        lines.append(f"{circle(key)}: " + " ".join(f"{i + 1}{s}" for i, s in enumerate(spaces)))
    return lines


def grid_lines(view: PublicView) -> list[str]:
    """Return the Cipher grid (with Decoder overlays of the turn in progress)."""
    values = [str(v) for v in view.cipher]
    turn = view.turn
    if turn is not None and turn.kind == "codes":
        for die, pos in turn.overlays:
            values[pos] = f"[{view.players[turn.seat].dice[die].face}]"
    if not values:
        return []
    top, bottom = cipher_rows()
    return [f"{top} `{' '.join(values[:6])}`", f"{bottom} `{' '.join(values[6:])}`"]


def deck_line(view: PublicView) -> str:
    """Return the sizes of the decks and the public Code backs."""
    tops = " / ".join(gear(t) if t else "—" for t in view.code_tops)
    pile = view.agency_discard
    if not pile:
        top = ""
    elif view.over:
        top = _(" (top {id})").format(id=pile[-1].id)
    else:
        top = _(" (top {id}; all: 🔒 My dossier → 🗑️ Discard pile)").format(id=pile[-1].id)
    return _(
        "Agency deck {agency} · discard {discard}{top} · Mission deck {missions} · "
        "Code decks {deck_a}/{deck_b} (tops {tops}) · bag {bag}"
    ).format(
        agency=view.agency_deck,
        discard=len(pile),
        top=top,
        missions=view.mission_deck,
        deck_a=view.code_decks[0],
        deck_b=view.code_decks[1],
        tops=tops,
        bag=view.bag,
    )


def table_body(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Return the table's main text."""
    lines = [status_line(view, names, outcome), ""]
    lines += [player_line(p, names) for p in view.players]
    return "\n".join(lines)[:4000]


def revealed_blocks(view: PublicView, names: Sequence[str]) -> list[tuple[str, str]]:
    """Return, once the game is over, what each dossier still held: Agency cards, Missions,
    Codes with their numbers and Special Operations tokens (every secret is shown)."""
    if not view.over:
        return []
    blocks = []
    dossiers = zip(
        view.revealed,
        view.revealed_missions,
        view.revealed_codes,
        view.revealed_tokens,
        strict=True,
    )
    for seat, (hand, missions, codes, tokens) in enumerate(dossiers):
        held = _(
            "Agency cards: {cards}\nMissions: {missions}\nCodes: {codes}\nTokens: {tokens}"
        ).format(
            cards=", ".join(f"{c.id} {gear(c.equipment)} {ability(c.ability)}" for c in hand)
            or "—",
            missions=", ".join(f"{m.id} {m.name} {m.points}" for m in missions) or "—",
            codes=", ".join(f"{c.code} ({gear(c.back)})" for c in codes) or "—",
            tokens=", ".join(f"{t.id} {ability(t.ability)}" for t in tokens) or "—",
        )
        blocks.append((_("🔓 {name}'s dossier").format(name=names[seat]), held))
    return blocks


def board_text(view: PublicView, names: Sequence[str]) -> list[tuple[str, str]]:
    """Return the board as (title, text) blocks; at the end, the dossiers revealed first."""
    spaces = [
        f"{REGION_EMOJI[r]} {card_line(c)}"
        for r, c in zip(REGIONS, view.region_spaces, strict=False)
    ]
    blocks = [
        (_("Map"), "\n".join(map_lines(view, names))),
        (_("Region Spaces"), "\n".join(spaces) or "—"),
        (_("Face-up Missions"), "\n".join(mission_line(m) for m in view.mission_row) or "—"),
        (_("Action Circles"), "\n".join(circle_lines(view))),
        (_("Cipher grid"), "\n".join(grid_lines(view)) or "—"),
        (_("Decks"), deck_line(view)),
    ]
    return [(t, v[:1000]) for t, v in revealed_blocks(view, names) + blocks]
