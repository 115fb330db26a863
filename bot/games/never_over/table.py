"""Text of the public NEVER OVER table: status, one field per player, teams and the session."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.rules import Outcome
from bot.engine.screen import Field
from bot.engine.words import plural
from bot.games.never_over.cards import labels
from bot.games.never_over.messages import cap_text
from bot.games.never_over.scoring import sides
from bot.games.never_over.views import PlayerView, PublicView


def render(text: str, names: Sequence[str]) -> str:
    """Put display names into an event or summary text."""
    return text.format(p=list(names))


def status_lines(view: PublicView, names: Sequence[str]) -> list[str]:
    """Return the game number, the dealer, whose turn it is, the stock and the discards."""
    if view.game == 0:
        return ["Shuffling and dealing..."]
    lines = [
        f"**Game {view.game} of {view.games}** · {view.pack} pack · {view.hand_size} cards each",
        f"Dealer: {names[view.dealer]} · first to play: {names[view.sinistra]}",
    ]
    if view.turn is not None:
        lines.append(f"Turn: **{names[view.turn]}**")
    lines.append(f"Stock: {plural(view.stock, 'card')}")
    lines.append(f"Discards (oldest first): {labels(list(view.discards))}")
    return lines


def table_body(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Return the table message's text."""
    lines = [f"**{render(outcome.summary, names)}**"] if outcome else []
    lines += status_lines(view, names)
    if view.teams and view.rotating:
        lines.append(f"Partners in game {view.game}: " + team_scores(view, names))
        lines.append("Each player scores their partnership's total; session totals are per player.")
    elif view.teams:
        lines.append("Teams: " + team_scores(view, names))
    if outcome:
        order = sorted(range(len(outcome.ranks)), key=lambda s: outcome.ranks[s])
        lines.append("Standings: " + ", ".join(f"{outcome.ranks[s]}. {names[s]}" for s in order))
    return "\n".join(lines)


def team_scores(view: PublicView, names: Sequence[str]) -> str:
    """Return each team with its members and its score in this game (and the session)."""
    game = sides([p.score for p in view.players], view.teams)
    session = sides([p.total for p in view.players], view.teams)
    parts = []
    for now, total in zip(game, session, strict=True):
        members = ", ".join(names[s] for s in now.members)
        extra = f" (session {total.points})" if view.games > 1 and not view.rotating else ""
        parts.append(f"Team {now.team} ({members}): {now.points}{extra}")
    return " · ".join(parts)


def player_value(view: PublicView, player: PlayerView) -> str:
    """Return the text of one player's field."""
    lines = [f"Green: {labels(list(player.green))} = **{player.score}**"]
    red = labels(list(player.red)) if player.red else "empty"
    lines.append(f"Red: {red} → {cap_text(player.cap, not player.red)}")
    if player.retired:
        lines.append(f"Retired · {plural(player.hand, 'card')} set aside")
    else:
        lines.append(f"Hand: {plural(player.hand, 'card')}")
    if view.revealed and view.revealed[player.seat]:
        lines.append(f"Set aside: {labels(list(view.revealed[player.seat]))}")
    if view.games > 1:
        lines.append(f"Session total: {player.total}")
    return "\n".join(lines)[:1024]


def player_name(view: PublicView, player: PlayerView, names: Sequence[str]) -> str:
    """Return a player's field title: name, team and marks."""
    marks = [f"team {player.team}"] if player.team else []
    if player.seat == view.dealer and view.game:
        marks.append("dealer")
    if player.seat == view.turn:
        marks.append("to play")
    suffix = f" ({', '.join(marks)})" if marks else ""
    return (names[player.seat][:200] + suffix)[:256]


def session_table(view: PublicView, names: Sequence[str]) -> str:
    """Return the scores of each finished game and the totals as a fixed-width table."""
    width = 7
    heads = [names[p.seat][: width - 1] for p in view.players]
    lines = ["Game".ljust(6) + "".join(h.rjust(width) for h in heads)]
    for game, scores in enumerate(view.results, start=1):
        lines.append(str(game).ljust(6) + "".join(str(s).rjust(width) for s in scores))
    lines.append("Total".ljust(6) + "".join(str(p.total).rjust(width) for p in view.players))
    return "```\n" + "\n".join(lines) + "\n```"


def table_fields(view: PublicView, names: Sequence[str]) -> tuple[Field, ...]:
    """Return one field per player, then the session table when there is one."""
    if view.game == 0:
        return ()
    fields = [
        Field(player_name(view, p, names), player_value(view, p), inline=True) for p in view.players
    ]
    if view.games > 1 and view.results:
        fields.append(Field("Session", session_table(view, names)))
    return tuple(fields)


def table_alt(view: PublicView, names: Sequence[str]) -> str:
    """Describe the table picture in words."""
    parts = []
    for p in view.players:
        state = f"retired, {p.hand} set aside" if p.retired else f"{p.hand} in hand"
        cap = cap_text(p.cap, not p.red)
        parts.append(f"{names[p.seat]}: green {p.score}, {cap}, {state}")
    discards = labels(list(view.discards))
    text = f"Game {view.game} of {view.games}. " + "; ".join(parts)
    return (text + f". Stock {view.stock}. Discards: {discards}.")[:1000]
