"""Text of the public NEVER OVER table: status, one field per player, teams and the session."""

from __future__ import annotations

from collections.abc import Sequence

from wcwidth import clip, ljust, rjust

from bot.engine.i18n import _, ngettext
from bot.engine.rules import Outcome
from bot.engine.screen import Field
from bot.games.never_over.cards import labels
from bot.games.never_over.messages import cap_text
from bot.games.never_over.scoring import sides
from bot.games.never_over.views import PlayerView, PublicView


def cards_count(count: int) -> str:
    """Return ``1 card`` or ``3 cards`` in the current language."""
    return ngettext("{n} card", "{n} cards", count).format(n=count)


def status_lines(view: PublicView, names: Sequence[str]) -> list[str]:
    """Return the game number, the dealer, whose turn it is, the stock and the discards."""
    if view.game == 0:
        return [_("Shuffling and dealing...")]
    lines = [
        _("**Game {game} of {games}** · {pack} pack · {size} cards each").format(
            game=view.game, games=view.games, pack=pack_name(view.pack), size=view.hand_size
        ),
        _("Dealer: {dealer} · first to play: {sinistra}").format(
            dealer=names[view.dealer], sinistra=names[view.sinistra]
        ),
    ]
    if view.turn is not None:
        lines.append(_("Turn: **{player}**").format(player=names[view.turn]))
    lines.append(_("Stock: {cards}").format(cards=cards_count(view.stock)))
    lines.append(_("Discards (oldest first): {cards}").format(cards=labels(list(view.discards))))
    return lines


def pack_name(pack: str) -> str:
    """Return a pack preset's name in the current language."""
    names = {"standard": _("standard"), "offensive": _("offensive"), "defensive": _("defensive")}
    return names.get(pack, pack)


def table_body(view: PublicView, names: Sequence[str], outcome: Outcome | None) -> str:
    """Return the table message's text."""
    lines = [f"**{outcome.render(names)}**"] if outcome else []
    lines += status_lines(view, names)
    if view.teams and view.rotating:
        partners = _("Partners in game {game}: {teams}")
        lines.append(partners.format(game=view.game, teams=team_scores(view, names)))
        lines.append(
            _("Each player scores their partnership's total; session totals are per player.")
        )
    elif view.teams:
        lines.append(_("Teams: {teams}").format(teams=team_scores(view, names)))
    if outcome:
        lines.append(outcome.standings(names))
    return "\n".join(lines)


def team_scores(view: PublicView, names: Sequence[str]) -> str:
    """Return each team with its members and its score in this game (and the session)."""
    game = sides([p.score for p in view.players], view.teams)
    session = sides([p.total for p in view.players], view.teams)
    parts = []
    for now, total in zip(game, session, strict=True):
        members = ", ".join(names[s] for s in now.members)
        if view.games > 1 and not view.rotating:
            part = _("Team {team} ({members}): {points} (session {total})")
        else:
            part = _("Team {team} ({members}): {points}")
        parts.append(
            part.format(team=now.team, members=members, points=now.points, total=total.points)
        )
    return " · ".join(parts)


def player_value(view: PublicView, player: PlayerView) -> str:
    """Return the text of one player's field."""
    green = _("Green: {cards} = **{score}**")
    lines = [green.format(cards=labels(list(player.green)), score=player.score)]
    red = labels(list(player.red)) if player.red else _("empty")
    lines.append(
        _("Red: {cards} → {cap}").format(cards=red, cap=cap_text(player.cap, not player.red))
    )
    if player.retired:
        lines.append(_("Retired · {cards} set aside").format(cards=cards_count(player.hand)))
    else:
        lines.append(_("Hand: {cards}").format(cards=cards_count(player.hand)))
    if view.revealed and view.revealed[player.seat]:
        aside = labels(list(view.revealed[player.seat]))
        lines.append(_("Set aside: {cards}").format(cards=aside))
    if view.games > 1:
        lines.append(_("Session total: {total}").format(total=player.total))
    return "\n".join(lines)[:1024]


def player_name(view: PublicView, player: PlayerView, names: Sequence[str]) -> str:
    """Return a player's field title: name, team and marks."""
    marks = [_("team {team}").format(team=player.team)] if player.team else []
    if player.seat == view.dealer and view.game:
        marks.append(_("dealer"))
    if player.seat == view.turn:
        marks.append(_("to play"))
    suffix = f" ({', '.join(marks)})" if marks else ""
    return (names[player.seat][:200] + suffix)[:256]


def session_table(view: PublicView, names: Sequence[str]) -> str:
    """Return the scores of each finished game and the totals as a fixed-width table.

    Widths are display columns: a name like "🤖 Ada" or "李雷" takes more columns than
    characters, and the columns stay aligned."""
    cell = 7
    heads = [clip(names[p.seat], 0, cell - 1) for p in view.players]

    def row(label: str, values: Sequence[object]) -> str:
        return ljust(clip(label, 0, 6), 6) + "".join(rjust(str(v), cell) for v in values)

    lines = [row(_("Game"), heads)]
    lines += [row(str(game), scores) for game, scores in enumerate(view.results, start=1)]
    lines.append(row(_("Total"), [p.total for p in view.players]))
    return "```\n" + "\n".join(lines) + "\n```"


def table_fields(view: PublicView, names: Sequence[str]) -> tuple[Field, ...]:
    """Return one field per player, then the session table when there is one."""
    if view.game == 0:
        return ()
    fields = [
        Field(player_name(view, p, names), player_value(view, p), inline=True) for p in view.players
    ]
    if view.games > 1 and view.results:
        fields.append(Field(_("Session"), session_table(view, names)))
    return tuple(fields)


def table_alt(view: PublicView, names: Sequence[str]) -> str:
    """Describe the table picture in words."""
    parts = []
    for p in view.players:
        state = _("retired, {count} set aside") if p.retired else _("{count} in hand")
        cap = cap_text(p.cap, not p.red)
        line = _("{player}: green {score}, {cap}, {state}")
        parts.append(
            line.format(
                player=names[p.seat], score=p.score, cap=cap, state=state.format(count=p.hand)
            )
        )
    text = _("Game {game} of {games}. {players}. Stock {stock}. Discards: {discards}.").format(
        game=view.game,
        games=view.games,
        players="; ".join(parts),
        stock=view.stock,
        discards=labels(list(view.discards)),
    )
    return text[:1000]
