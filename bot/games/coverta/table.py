"""Text of the public COVERTA table: status, the layout grid and the players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.engine.rules import Outcome
from bot.engine.screen import Field
from bot.engine.words import plural
from bot.games.coverta.messages import card_text
from bot.games.coverta.views import LayoutCard, PlayerField, PublicView

RECENT_COLUMNS: Final = 8
"""The text grid shows column 0 and at most this many latest columns."""

LEGEND: Final = "[n] last card placed, * placed by another player, ! penalty token"


def render(text: str, names: Sequence[str]) -> str:
    """Put display names into an event or summary text."""
    return text.format(p=list(names))


def row_labels(view: PublicView, names: Sequence[str]) -> list[str]:
    """Return the layout's row labels: start, then the players in seat order."""
    return ["start", *(names[s][:12] for s in range(len(view.players)))]


def by_other(item: LayoutCard) -> bool:
    """Tell whether a card was placed in someone else's row."""
    return item.placed_by is not None and item.placed_by != item.row


def cell_text(item: LayoutCard, view: PublicView) -> str:
    """Return one card of the grid with its marks."""
    text = f"{item.card.number}{'*' if by_other(item) else ''}{'!' if item.token else ''}"
    return f"[{text}]" if item.placement == len(view.layout) - 1 else text


def grid_text(view: PublicView, names: Sequence[str]) -> str:
    """Draw the layout as a fixed-width grid of rows by columns."""
    last = max((c.column for c in view.layout), default=0)
    columns = [0, *range(max(1, last - RECENT_COLUMNS + 1), last + 1)]
    labels = row_labels(view, names)
    cells = {(r, c): "" for r in range(len(labels)) for c in columns}
    for item in view.layout:
        key = (0 if item.row is None else item.row + 1, item.column)
        if key in cells:
            cells[key] += ("+" if cells[key] else "") + cell_text(item, view)
    heads = {c: "·" if c == 0 else str(c) for c in columns}  # column 0: the starting card
    rows = range(len(labels))
    width = {c: max(len(heads[c]), *(len(cells[r, c]) for r in rows)) for c in columns}
    pad = max(len(x) for x in labels)
    skipped = "..." if len(columns) > 1 and columns[1] > 1 else ""
    lines = []
    for r, label in enumerate(["", *labels]):
        texts = [heads[c] if r == 0 else cells[r - 1, c] for c in columns]
        parts = [t.ljust(width[c]) for t, c in zip(texts, columns, strict=True)]
        if skipped:
            parts.insert(1, skipped if r == 0 else "   ")
        lines.append((label.ljust(pad) + " " + " ".join(parts)).rstrip())
    return "\n".join(lines)


def layout_alt(view: PublicView, names: Sequence[str]) -> str:
    """Describe the layout in words, as the image's alt text."""
    parts = []
    for r, label in enumerate(row_labels(view, names)):
        row = None if r == 0 else r - 1
        items = [
            str(c.card.number)
            + (f" by {names[c.placed_by]}" if c.placed_by is not None and by_other(c) else "")
            + (" with a token" if c.token else "")
            for c in view.layout
            if c.row == row
        ]
        parts.append(f"{label}: {', '.join(items) or 'empty'}")
    last = f" Last card placed: {card_text(view.last)}." if view.last else ""
    return ("Layout. " + "; ".join(parts) + "." + last)[:1000]


def status_lines(view: PublicView, names: Sequence[str]) -> list[str]:
    """Return mode, variants, round, dealer and whose turn it is."""
    steal = "on" if view.steal else "off"
    lines = [f"{view.mode.capitalize()} mode - steal the turn {steal}"]
    if view.round:  # rounds count from 1; none is under way before the deal
        lines[0] += f" - round {view.round}"
    if view.phase == "deal":
        return [*lines, "Dealing the cards..."]
    lines.append(f"Dealer: {names[view.dealer]}")
    if not view.over:
        lines.append(f"Turn: **{names[view.turn]}**")
    if view.window and view.stealers:
        lines.append(f"Steal window open on {names[view.turn]}'s turn.")
    return lines


def table_body(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Return the table message's text."""
    lines = [f"**{render(outcome.summary, names)}**"] if outcome else []
    lines += status_lines(view, names)
    if view.last is not None:
        lines.append(f"Last card placed (L): **{card_text(view.last)}**")
        lines.append(f"```\n{grid_text(view, names)}\n```\n{LEGEND}")
        others = [
            f"{c.card.number} by {names[c.placed_by]}"
            for c in view.layout
            if c.placed_by is not None and by_other(c)
        ]
        if others:
            lines.append("Placed in another's row: " + ", ".join(others))
    pile = f"Draw pile: {plural(view.draw_pile, 'card')}" if view.draw_pile else "Draw pile: empty"
    if not view.draw_pile and view.last is not None:
        pile += f" - quiet turns Q = {view.quiet} of {in_play(view)}"
    lines.append(pile)
    if outcome:
        order = sorted(range(len(outcome.ranks)), key=lambda s: outcome.ranks[s])
        ranks = [f"{outcome.ranks[s]}. {names[s]}" for s in order]
        lines.append("Standings: " + ", ".join(ranks))
    return "\n".join(lines)


def in_play(view: PublicView) -> int:
    """Return how many players are not eliminated."""
    return sum(1 for p in view.players if not p.eliminated)


def player_value(view: PublicView, player: PlayerField, names: Sequence[str]) -> str:
    """Return the text of one player's field."""
    lines = ["Eliminated"] if player.eliminated else []
    lines.append(f"Hand: {plural(player.hand_size, 'card')}")
    if view.mode == "bluff":
        lines.append(f"Tokens: {player.tokens}")
    if player.barred_from:
        lines.append("May not play in: " + ", ".join(names[o] for o in player.barred_from))
    for rule, instruction in enumerate(player.revealed, start=1):
        if instruction is not None and not view.over:
            lines.append(f"Rule {rule}: {instruction.words()}")
    if view.over and view.final_instructions:
        rules = view.final_instructions[player.seat]
        lines.append(f"Rules: {rules[0].words()} / {rules[1].words()}")
        cards = view.final_hands[player.seat]
        lines.append("Held: " + (", ".join(str(c.number) for c in cards) or "nothing"))
    return "\n".join(lines)[:1024]


def table_fields(view: PublicView, names: Sequence[str]) -> tuple[Field, ...]:
    """Return one field per player."""
    return tuple(
        Field(names[p.seat][:256], player_value(view, p, names), inline=True) for p in view.players
    )
