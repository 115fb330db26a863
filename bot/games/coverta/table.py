"""Text of the public COVERTA table: status, the layout grid and the players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from wcwidth import ljust, width

from bot.engine.i18n import N_, _, ngettext
from bot.engine.names import clip_names
from bot.engine.rules import Outcome
from bot.engine.screen import Field
from bot.games.coverta.messages import card_text
from bot.games.coverta.views import LayoutCard, PlayerField, PublicView

RECENT_COLUMNS: Final = 8
"""The text grid shows column 0 and at most this many latest columns."""

LEGEND: Final = N_("[n] last card placed, * placed by another player, ! penalty token")


def row_names(view: PublicView, names: Sequence[str]) -> tuple[str, ...]:
    """Return the layout's rows: start, then the players in seat order, names in full."""
    return (_("start"), *names[: len(view.players)])


def row_labels(view: PublicView, names: Sequence[str]) -> list[str]:
    """Return the text grid's row labels: the rows, each name at most 12 columns wide and
    told apart."""
    start, *players = row_names(view, names)
    return [start, *clip_names(players, 12)]


def by_other(item: LayoutCard) -> bool:
    """Tell whether a card was placed in someone else's row."""
    return item.placed_by is not None and item.placed_by != item.row


def cell_text(item: LayoutCard, view: PublicView) -> str:
    """Return one card of the grid with its marks."""
    text = f"{item.card.number}{'*' if by_other(item) else ''}{'!' if item.token else ''}"
    return f"[{text}]" if item.placement == len(view.layout) - 1 else text


def grid_text(view: PublicView, names: Sequence[str]) -> str:
    """Draw the layout as a fixed-width grid of rows by columns.

    Widths are display columns, not characters: the 🤖 marker and CJK letters take two
    columns of a code block, so names like "🤖 Ada" or "李雷" keep the grid aligned."""
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
    wide = {c: max(width(heads[c]), *(width(cells[r, c]) for r in rows)) for c in columns}
    pad = max(width(x) for x in labels)
    skipped = "..." if len(columns) > 1 and columns[1] > 1 else ""
    lines = []
    for r, label in enumerate(["", *labels]):
        texts = [heads[c] if r == 0 else cells[r - 1, c] for c in columns]
        parts = [ljust(t, wide[c]) for t, c in zip(texts, columns, strict=True)]
        if skipped:
            parts.insert(1, skipped if r == 0 else "   ")
        lines.append((ljust(label, pad) + " " + " ".join(parts)).rstrip())
    return "\n".join(lines)


def layout_alt(view: PublicView, names: Sequence[str]) -> str:
    """Describe the layout in words, as the image's alt text."""
    parts = []
    for r, label in enumerate(row_names(view, names)):
        row = None if r == 0 else r - 1
        items = [alt_item(c, names) for c in view.layout if c.row == row]
        parts.append(f"{label}: {', '.join(items) or _('empty')}")
    text = _("Layout. {rows}.").format(rows="; ".join(parts))
    if view.last:
        text += " " + _("Last card placed: {card}.").format(card=card_text(view.last))
    return text[:1000]


def alt_item(item: LayoutCard, names: Sequence[str]) -> str:
    """Describe one card of the layout: its number, who placed it and its token."""
    other = item.placed_by is not None and by_other(item)
    if other and item.token:
        said = _("{number} by {player} with a token")
    elif other:
        said = _("{number} by {player}")
    elif item.token:
        said = _("{number} with a token")
    else:
        said = "{number}"
    player = names[item.placed_by] if item.placed_by is not None else ""
    return said.format(number=item.card.number, player=player)


def status_lines(view: PublicView, names: Sequence[str]) -> list[str]:
    """Return mode, variants, round, dealer and whose turn it is."""
    modes = {
        (False, False): _("Strict mode - steal the turn off"),
        (False, True): _("Strict mode - steal the turn on"),
        (True, False): _("Bluff mode - steal the turn off"),
        (True, True): _("Bluff mode - steal the turn on"),
    }
    lines = [modes[view.mode == "bluff", bool(view.steal)]]
    if view.round:  # rounds count from 1; none is under way before the deal
        lines[0] = _("{mode} - round {round}").format(mode=lines[0], round=view.round)
    if view.phase == "deal":
        return [*lines, _("Dealing the cards...")]
    lines.append(_("Dealer: {player}").format(player=names[view.dealer]))
    if not view.over:
        lines.append(_("Turn: **{player}**").format(player=names[view.turn]))
    if view.window and view.stealers:
        lines.append(_("Steal window open on {player}'s turn.").format(player=names[view.turn]))
    return lines


def table_body(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Return the table message's text."""
    lines = [f"**{outcome.render(names)}**"] if outcome else []
    lines += status_lines(view, names)
    if view.last is not None:
        lines.append(_("Last card placed (L): **{card}**").format(card=card_text(view.last)))
        lines.append(f"```\n{grid_text(view, names)}\n```\n{_(LEGEND)}")
        by = _("{number} by {player}")
        others = [
            by.format(number=c.card.number, player=names[c.placed_by])
            for c in view.layout
            if c.placed_by is not None and by_other(c)
        ]
        if others:
            lines.append(_("Placed in another's row: {cards}").format(cards=", ".join(others)))
    if view.draw_pile:
        count = ngettext("{n} card", "{n} cards", view.draw_pile).format(n=view.draw_pile)
        pile = _("Draw pile: {cards}").format(cards=count)
    else:
        pile = _("Draw pile: empty")
    if not view.draw_pile and view.last is not None:
        quiet = _("{pile} - quiet turns Q = {quiet} of {players}")
        pile = quiet.format(pile=pile, quiet=view.quiet, players=in_play(view))
    lines.append(pile)
    if outcome:
        lines.append(outcome.standings(names))
    return "\n".join(lines)


def in_play(view: PublicView) -> int:
    """Return how many players are not eliminated."""
    return sum(1 for p in view.players if not p.eliminated)


def player_value(view: PublicView, player: PlayerField, names: Sequence[str]) -> str:
    """Return the text of one player's field."""
    lines = [_("Eliminated")] if player.eliminated else []
    size = player.hand_size
    lines.append(ngettext("Hand: {n} card", "Hand: {n} cards", size).format(n=size))
    if view.mode == "bluff":
        lines.append(_("Tokens: {count}").format(count=player.tokens))
    if player.barred_from:
        barred = ", ".join(names[o] for o in player.barred_from)
        lines.append(_("May not play in: {players}").format(players=barred))
    for rule, instruction in enumerate(player.revealed, start=1):
        if instruction is not None and not view.over:
            said = _("Rule {number}: {instruction}")
            lines.append(said.format(number=rule, instruction=instruction.words()))
    if view.over and view.final_instructions:
        rules = view.final_instructions[player.seat]
        both = _("Rules: {first} / {second}")
        lines.append(both.format(first=rules[0].words(), second=rules[1].words()))
        cards = view.final_hands[player.seat]
        held = ", ".join(str(c.number) for c in cards) or _("nothing")
        lines.append(_("Held: {cards}").format(cards=held))
    return "\n".join(lines)[:1024]


def table_fields(view: PublicView, names: Sequence[str]) -> tuple[Field, ...]:
    """Return one field per player."""
    return tuple(
        Field(names[p.seat][:256], player_value(view, p, names), inline=True) for p in view.players
    )
