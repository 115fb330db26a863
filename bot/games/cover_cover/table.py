"""Text and picture plan of the public Cover-cover table: status, the round, the players."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.i18n import _, ngettext
from bot.engine.phrase import render, words
from bot.engine.rules import Outcome
from bot.engine.screen import Field
from bot.games.cover_cover import messages as say
from bot.games.cover_cover.art import Cell, Row, Scene
from bot.games.cover_cover.cards import rank_plural
from bot.games.cover_cover.state import READ_SECONDS
from bot.games.cover_cover.views import PlayerView, PlayView, PublicView, RoundView, TieView


def listed(seats: Sequence[int], names: Sequence[str]) -> str:
    """Return seats as display names, ``A, B and C``."""
    if not seats:
        return _("nobody")
    return render(say.names(seats), names)


def round_label(view: PublicView) -> str:
    """Return the round being played as everyone reads it, ``Round N`` or ``Round N of L``.

    Rounds count from 1 everywhere: before the deal the table already speaks of round 1,
    the round the deal leads into (the counter itself is still 0, rules §3.3).
    """
    if view.round_limit:
        return _("Round {number} of {limit}").format(
            number=max(1, view.round), limit=view.round_limit
        )
    return _("Round {number}").format(number=max(1, view.round))


def shown_round(view: PublicView) -> RoundView | None:
    """Return the round the table shows: the one being played, else the last one decided."""
    return view.current or view.last


def tie_title(tie: TieView) -> str:
    """Return the column title of a Cover-cover."""
    return _("Cover-cover!") if tie.depth == 1 else _("Cover-cover {depth}").format(depth=tie.depth)


def pending_tie(view: PublicView) -> TieView | None:
    """Return the Cover-cover waiting for shouts, if any."""
    if view.phase != "cover" or view.current is None or not view.current.ties:
        return None
    return view.current.ties[-1]


def status_line(view: PublicView, names: Sequence[str]) -> str:
    """Say what the table is waiting for."""
    tie = pending_tie(view)
    if view.over:
        if view.round_limit:
            played = ngettext(
                "Played {n} round of {limit}.", "Played {n} rounds of {limit}.", view.round
            )
        else:
            played = ngettext("Played {n} round.", "Played {n} rounds.", view.round)
        return played.format(n=view.round, limit=view.round_limit)
    if view.phase == "deal":
        return _("Dealing the cards...")
    if tie is not None:
        loud = say.cover_cover(tie.tied, tie.rank, tie.depth).render(names)
        still = _("Still to shout **Cover-cover!**: {players}")
        return f"{loud}\n" + still.format(players=listed(view.waiting, names))
    if view.auto:
        every = say.auto_button(view.summary_every)
        auto = _(
            "{round}. Auto: the bot plays on in {seconds} seconds, or at once when a player "
            "presses **{button}** in My hand."
        )
        return auto.format(round=round_label(view), seconds=READ_SECONDS, button=every)
    flip = _("{round}. Still to press **Flip**: {players}")
    return flip.format(round=round_label(view), players=listed(view.waiting, names))


def play_line(play: PlayView, names: Sequence[str]) -> str:
    """Describe one Cover-cover play."""
    if play.down:
        line = _("{player} 1 face down, shows {card}")
    else:
        line = _("{player} none face down, shows {card}")
    return line.format(player=names[play.seat], card=play.up.text())


def tie_line(tie: TieView, names: Sequence[str]) -> str:
    """Describe one Cover-cover level."""
    if tie.depth == 1:
        head = _("Cover-cover ({players} tied with {rank})")
    else:
        head = _("Cover-cover {depth} deep ({players} tied with {rank})")
    head = head.format(
        depth=tie.depth, players=listed(tie.tied, names), rank=words(rank_plural(tie.rank))
    )
    parts = [play_line(p, names) for p in tie.plays]
    if tie.dropped:
        parts.append(_("dropped out: {players}").format(players=listed(tie.dropped, names)))
    return head + (": " + "; ".join(parts) if parts else "")


def round_lines(shown: RoundView, names: Sequence[str]) -> list[str]:
    """Describe a round: the flips, every Cover-cover, the winner and the pot."""
    flips = ", ".join(f"{names[p.seat]} {p.up.text()}" for p in shown.flips)
    lines = [_("Round {number} flips: {flips}").format(number=shown.number, flips=flips)]
    lines += [tie_line(t, names) for t in shown.ties]
    if not shown.decided:
        lines.append(_("On the table: {pot} cards.").format(pot=shown.pot))
    elif shown.winner is None:
        lines.append(_("Nobody is left to take the table."))
    else:
        took = _("**{player} takes {pot} cards.**")
        lines.append(took.format(player=names[shown.winner], pot=shown.pot))
    return lines


def auto_lines(view: PublicView, names: Sequence[str]) -> list[str]:
    """Auto mode: the latest summary instead of every round."""
    every = view.summary_every
    lines = [
        ngettext(
            "Auto is on: the bot flips for everyone, with a summary every round.",
            "Auto is on: the bot flips for everyone, with a summary every {n} rounds.",
            every,
        ).format(n=every)
    ]
    if view.summary is not None:
        b = view.summary
        if b.first == b.last:  # a summary every round
            rounds = _("Round {first}: {covers}, {depth}.")
        else:
            rounds = _("Rounds {first}-{last}: {covers}, {depth}.")
        lines.append(
            rounds.format(
                first=b.first,
                last=b.last,
                covers=words(say.covers_count(b.covers)),
                depth=words(say.depth_text(b.deepest)),
            )
        )
        gone = [p for p in view.players if b.first <= p.out <= b.last]
        if gone:
            out = _("{player} (round {number})")
            each = ", ".join(out.format(player=names[p.seat], number=p.out) for p in gone)
            lines.append(_("Out: {players}").format(players=each))
    so_far = _("So far: {covers}, {depth}.")
    lines.append(
        so_far.format(
            covers=words(say.covers_count(view.covers)), depth=words(say.depth_text(view.deepest))
        )
    )
    return lines


def table_body(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Return the table message's text."""
    lines = [f"**{outcome.render(names)}**"] if outcome else []
    lines.append(status_line(view, names))
    shown = shown_round(view)
    if view.auto:
        lines += auto_lines(view, names)
    elif shown is not None:
        lines += round_lines(shown, names)
    if outcome:
        lines.append(outcome.standings(names))
    return "\n".join(lines)


def player_status(view: PublicView, player: PlayerView) -> str:
    """Return a player's status word for this moment, or nothing."""
    if player.out:
        return _("Out (round {number})").format(number=player.out)
    shown = shown_round(view)
    if shown is not None and took_round(view, player):
        return _("TAKES {pot} CARDS").format(pot=shown.pot)
    if player.covering:
        return _("TO SHOUT!") if player.waiting else _("SHOUTED")
    if view.phase == "flip" and not view.auto and not view.over:
        return _("TO FLIP") if player.waiting else _("FLIPPED")
    return ""


def player_value(view: PublicView, player: PlayerView) -> str:
    """Return the text of one player's field."""
    if player.out:
        return _("Out (round {number})").format(number=player.out)
    text = _("**{count}** cards (hand {hand}, won {won})").format(
        count=player.count, hand=player.hand, won=player.winnings
    )
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
        columns=(_("Flip"), *(tie_title(t) for t in ties)),
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
        total=(
            ngettext("{n} card", "{n} cards", player.count).format(n=player.count)
            if not player.out
            else _("no cards")
        ),
        split=_("hand {hand} · won {won}").format(hand=player.hand, won=player.winnings),
        status=player_status(view, player).upper(),
        cells=tuple(cell(plays, player.seat, i, marks) for i, plays in enumerate(levels)),
        dim=bool(player.out),
        hot=player.covering,
        took=took_round(view, player),
    )


def took_round(view: PublicView, player: PlayerView) -> bool:
    """Tell whether a player took the round the table shows."""
    shown = shown_round(view)
    return bool(shown and shown.decided and shown.winner == player.seat and not player.out)


def heading(view: PublicView, shown: RoundView | None) -> str:
    """Return the picture's heading: the round shown, and the next one when it is waiting."""
    if shown is None:
        return round_label(view)
    if shown.decided and not view.over and view.round > shown.number:
        return _("Round {number} · done").format(number=shown.number)
    return _("Round {number}").format(number=shown.number)


def cell(
    plays: Sequence[PlayView], seat: int, column: int, marks: dict[tuple[int, int], str]
) -> Cell | None:
    """Return a player's cards in one column, if they played there."""
    play = next((x for x in plays if x.seat == seat), None)
    if play is None:
        return None
    return Cell(play.up, play.down, marks.get((column, seat), ""))


def banner(tie: TieView | None) -> str:
    """Return the loud banner of a Cover-cover being played."""
    if tie is None:
        return ""
    return (
        _("COVER-COVER!")
        if tie.depth == 1
        else _("COVER-COVER! ({depth} DEEP)").format(depth=tie.depth)
    )


def footer(shown: RoundView | None, names: Sequence[str]) -> str:
    """Return the line under the table: the winner and the pot, or the pot so far."""
    if shown is None:
        return _("Everyone flips!")
    if not shown.decided:
        return _("On the table: {pot} cards").format(pot=shown.pot)
    if shown.winner is None:
        return _("Nobody is left to take the table")
    return _("{player} takes {pot} cards").format(player=names[shown.winner], pot=shown.pot)


def alt_text(view: PublicView, names: Sequence[str]) -> str:
    """Describe the table picture in words."""
    shown = shown_round(view)
    if shown:
        parts = round_lines(shown, names)
    else:
        parts = [_("{round}: nothing flipped yet.").format(round=round_label(view))]
    counts = [
        (_("{player}: out (round {number})") if p.out else _("{player}: {count} cards")).format(
            player=names[p.seat], number=p.out, count=p.count
        )
        for p in view.players
    ]
    text = _("{round} Counts: {counts}.").format(round=" ".join(parts), counts="; ".join(counts))
    return text.replace("**", "")[:1000]
