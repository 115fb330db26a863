"""Text and picture plan of the public Cover-cover table: status, the round, the players."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.rules import Outcome
from bot.engine.screen import Field
from bot.engine.words import plural
from bot.games.cover_cover import messages as say
from bot.games.cover_cover.art import Cell, Row, Scene
from bot.games.cover_cover.cards import rank_plural
from bot.games.cover_cover.views import PlayerView, PlayView, PublicView, RoundView, TieView


def render(text: str, names: Sequence[str]) -> str:
    """Put display names into an event or summary text."""
    return text.format(p=list(names))


def listed(seats: Sequence[int], names: Sequence[str]) -> str:
    """Return seats as display names, ``A, B and C``."""
    return render(say.names(seats), names) if seats else "nobody"


def round_label(view: PublicView) -> str:
    """Return the round being played as everyone reads it, ``Round N`` or ``Round N of L``.

    Rounds count from 1 everywhere: before the deal the table already speaks of round 1,
    the round the deal leads into (the counter itself is still 0, rules §3.3).
    """
    limit = f" of {view.round_limit}" if view.round_limit else ""
    return f"Round {max(1, view.round)}{limit}"


def shown_round(view: PublicView) -> RoundView | None:
    """Return the round the table shows: the one being played, else the last one decided."""
    return view.current or view.last


def tie_title(tie: TieView) -> str:
    """Return the column title of a Cover-cover."""
    return "Cover-cover!" if tie.depth == 1 else f"Cover-cover {tie.depth}"


def pending_tie(view: PublicView) -> TieView | None:
    """Return the Cover-cover waiting for shouts, if any."""
    if view.phase != "cover" or view.current is None or not view.current.ties:
        return None
    return view.current.ties[-1]


def status_line(view: PublicView, names: Sequence[str]) -> str:
    """Say what the table is waiting for."""
    tie = pending_tie(view)
    if view.over:
        limit = f" of {view.round_limit}" if view.round_limit else ""
        return f"Played {plural(view.round, 'round')}{limit}."
    if view.phase == "deal":
        return "Dealing the cards..."
    if tie is not None:
        loud = render(say.cover_cover(tie.tied, tie.rank, tie.depth), names)
        return f"{loud}\nStill to shout **Cover-cover!**: {listed(view.waiting, names)}"
    if view.auto:
        every = say.auto_button(view.summary_every)
        return f"{round_label(view)}. Auto: any player may press **{every}** in My hand."
    return f"{round_label(view)}. Still to press **Flip**: {listed(view.waiting, names)}"


def play_line(play: PlayView, names: Sequence[str]) -> str:
    """Describe one Cover-cover play."""
    down = "1 face down" if play.down else "none face down"
    hidden = f" ({play.down_card.text()})" if play.down_card else ""
    return f"{names[play.seat]} {down}{hidden}, shows {play.up.text()}"


def tie_line(tie: TieView, names: Sequence[str]) -> str:
    """Describe one Cover-cover level."""
    level = "Cover-cover" if tie.depth == 1 else f"Cover-cover {tie.depth} deep"
    head = f"{level} ({listed(tie.tied, names)} tied with {rank_plural(tie.rank)})"
    parts = [play_line(p, names) for p in tie.plays]
    if tie.dropped:
        parts.append(f"dropped out: {listed(tie.dropped, names)}")
    return head + (": " + "; ".join(parts) if parts else "")


def round_lines(shown: RoundView, names: Sequence[str]) -> list[str]:
    """Describe a round: the flips, every Cover-cover, the winner and the pot."""
    flips = ", ".join(f"{names[p.seat]} {p.up.text()}" for p in shown.flips)
    lines = [f"Round {shown.number} flips: {flips}"]
    lines += [tie_line(t, names) for t in shown.ties]
    if not shown.decided:
        lines.append(f"On the table: {shown.pot} cards.")
    elif shown.winner is None:
        lines.append("Nobody is left to take the table.")
    else:
        lines.append(f"**{names[shown.winner]} takes {shown.pot} cards.**")
    return lines


def auto_lines(view: PublicView, names: Sequence[str]) -> list[str]:
    """Auto mode: the latest summary instead of every round."""
    every = f"{view.summary_every} round{'s' if view.summary_every != 1 else ''}"
    lines = [f"Auto is on: the bot flips for everyone, with a summary every {every}."]
    if view.summary is not None:
        b = view.summary
        lines.append(
            f"Rounds {b.first}-{b.last}: {plural(b.covers, 'Cover-cover')}, "
            f"{say.depth_text(b.deepest)}."
        )
        gone = [p for p in view.players if b.first <= p.out <= b.last]
        if gone:
            lines.append("Out: " + ", ".join(f"{names[p.seat]} (round {p.out})" for p in gone))
    lines.append(f"So far: {plural(view.covers, 'Cover-cover')}, {say.depth_text(view.deepest)}.")
    return lines


def table_body(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Return the table message's text."""
    lines = [f"**{render(outcome.summary, names)}**"] if outcome else []
    lines.append(status_line(view, names))
    shown = shown_round(view)
    if view.auto:
        lines += auto_lines(view, names)
    elif shown is not None:
        lines += round_lines(shown, names)
    if outcome:
        order = sorted(range(len(outcome.ranks)), key=lambda s: outcome.ranks[s])
        lines.append("Standings: " + ", ".join(f"{outcome.ranks[s]}. {names[s]}" for s in order))
    return "\n".join(lines)


def player_status(view: PublicView, player: PlayerView) -> str:
    """Return a player's status word for this moment, or nothing."""
    if player.out:
        return f"Out (round {player.out})"
    shown = shown_round(view)
    if shown is not None and shown.decided and shown.winner == player.seat:
        return f"TAKES {shown.pot} CARDS"
    if player.covering:
        return "TO SHOUT!" if player.waiting else "SHOUTED"
    if view.phase == "flip" and not view.auto and not view.over:
        return "TO FLIP" if player.waiting else "FLIPPED"
    return ""


def player_value(view: PublicView, player: PlayerView) -> str:
    """Return the text of one player's field."""
    if player.out:
        return f"Out (round {player.out})"
    text = f"**{player.count}** cards (hand {player.hand}, won {player.winnings})"
    status = player_status(view, player)
    return text + (f"\n{status}" if status else "")


def table_fields(view: PublicView, names: Sequence[str]) -> tuple[Field, ...]:
    """Return one field per player."""
    return tuple(
        Field(names[p.seat][:256], player_value(view, p), inline=True) for p in view.players
    )


def rings(shown: RoundView) -> dict[tuple[int, int], str]:
    """Mark the tied cards red and the card that took the round gold, by (column, seat)."""
    levels = [shown.flips] + [t.plays for t in shown.ties if t.plays]
    marks: dict[tuple[int, int], str] = {}
    column = 0
    for tie in shown.ties:
        for seat in tie.tied:
            marks[latest(levels[: column + 1], seat), seat] = "tie"
        column += 1 if tie.plays else 0
    if shown.decided and shown.winner is not None:
        marks[latest(levels, shown.winner), shown.winner] = "win"
    return marks


def latest(levels: Sequence[Sequence[PlayView]], seat: int) -> int:
    """Return the last column in which a seat played."""
    return max(i for i, plays in enumerate(levels) if any(p.seat == seat for p in plays))


def scene(view: PublicView, names: Sequence[str]) -> Scene:
    """Plan the table picture."""
    shown = shown_round(view)
    ties = [t for t in shown.ties if t.plays] if shown else []
    levels = ([shown.flips] if shown else []) + [t.plays for t in ties]
    marks = rings(shown) if shown else {}
    return Scene(
        heading=heading(view, shown),
        columns=("Flip", *(tie_title(t) for t in ties)),
        rows=tuple(picture_row(view, p, names[p.seat], levels, marks) for p in view.players),
        banner=banner(pending_tie(view)),
        footer=footer(shown, names),
    )


def picture_row(
    view: PublicView,
    player: PlayerView,
    name: str,
    levels: Sequence[Sequence[PlayView]],
    marks: dict[tuple[int, int], str],
) -> Row:
    """Plan one player's row of the picture."""
    return Row(
        name=name,
        total=f"{player.count} cards" if not player.out else "no cards",
        split=f"hand {player.hand} · won {player.winnings}",
        status=player_status(view, player).upper(),
        cells=tuple(cell(plays, player.seat, i, marks) for i, plays in enumerate(levels)),
        dim=bool(player.out),
        hot=player.covering,
    )


def heading(view: PublicView, shown: RoundView | None) -> str:
    """Return the picture's heading: the round shown, and the next one when it is waiting."""
    if shown is None:
        return round_label(view)
    if shown.decided and not view.over and view.round > shown.number:
        return f"Round {shown.number} · done"
    return f"Round {shown.number}"


def cell(
    plays: Sequence[PlayView], seat: int, column: int, marks: dict[tuple[int, int], str]
) -> Cell | None:
    """Return a player's cards in one column, if they played there."""
    play = next((x for x in plays if x.seat == seat), None)
    if play is None:
        return None
    return Cell(play.up, play.down, play.down_card, marks.get((column, seat), ""))


def banner(tie: TieView | None) -> str:
    """Return the loud banner of a Cover-cover being played."""
    if tie is None:
        return ""
    return "COVER-COVER!" if tie.depth == 1 else f"COVER-COVER! ({tie.depth} DEEP)"


def footer(shown: RoundView | None, names: Sequence[str]) -> str:
    """Return the line under the table: the winner and the pot, or the pot so far."""
    if shown is None:
        return "Everyone flips!"
    if not shown.decided:
        return f"On the table: {shown.pot} cards"
    if shown.winner is None:
        return "Nobody is left to take the table"
    return f"{names[shown.winner]} takes {shown.pot} cards"


def alt_text(view: PublicView, names: Sequence[str]) -> str:
    """Describe the table picture in words."""
    shown = shown_round(view)
    parts = round_lines(shown, names) if shown else [f"{round_label(view)}: nothing flipped yet."]
    counts = [
        f"{names[p.seat]}: " + (f"out (round {p.out})" if p.out else f"{p.count} cards")
        for p in view.players
    ]
    return (" ".join(parts) + " Counts: " + "; ".join(counts) + ".").replace("**", "")[:1000]
