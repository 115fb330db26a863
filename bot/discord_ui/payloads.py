"""Message payloads for lobbies, tables, private views and rules pages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import discord

from bot.app import notes
from bot.app.lobbies import LobbyInfo
from bot.app.matches import PrivateInfo, TableInfo
from bot.app.stats import DROPPED, final_ranks, player_key
from bot.app.texts import game_text, game_title
from bot.discord_ui import messages
from bot.discord_ui.components import (
    HandButton,
    LobbyButton,
    RulesPageButton,
    SimpleButton,
    choices_view,
)
from bot.discord_ui.render import embed_of, files_of
from bot.discord_ui.text import name, safe_text
from bot.engine import GameModule, Outcome
from bot.engine.i18n import ngettext, pgettext
from bot.store.repo import MatchRow

NO_MENTIONS = discord.AllowedMentions.none()


def lobby_payload(lobby: LobbyInfo) -> dict[str, Any]:
    """Render a lobby: game, options, seats and the lobby buttons."""
    spec, row = lobby.module.spec, lobby.row
    shown = {o.name: o for o in spec.match_options}
    chosen = [
        f"{pgettext('command', k)}: {game_text(spec.key, shown[k].label(v))}"
        for k, v in row.options.items()
        if k in shown
    ]
    options = ", ".join([*chosen, turn_timer(row.turn_seconds or 0)])
    seats = "\n".join(
        f"{i + 1}. "
        + (
            messages.LOBBY_HOST.format(name=name(s.display_name))
            if s.user_id == row.host_user_id
            else name(s.display_name)
        )
        + "".join(f" · {game_text(spec.key, pick)}" for pick in lobby.picks(i))
        for i, s in enumerate(lobby.seats)
    )
    status = {"lobby": messages.LOBBY_WAITING, "abandoned": messages.LOBBY_CANCELLED}.get(
        row.status, messages.LOBBY_STARTED
    )
    embed = discord.Embed(
        title=messages.LOBBY_TITLE.format(title=game_title(spec), match_id=row.id),
        description=status.format(seats=seat_range(spec.min_seats, lobby.most_seats)),
        colour=0x5865F2,
    )
    embed.add_field(
        name=messages.LOBBY_OPTIONS, value=options or messages.LOBBY_NO_OPTIONS, inline=False
    )
    embed.add_field(
        name=messages.LOBBY_SEATS.format(taken=len(lobby.seats), most=lobby.most_seats),
        value=seats or messages.LOBBY_EMPTY,
    )
    if row.status == "lobby":
        embed.set_footer(text=messages.LOBBY_FOOTER.format(count=spec.min_seats))
    return {"content": None, "embed": embed, "view": _lobby_view(lobby), "attachments": []}


def turn_timer(seconds: int) -> str:
    """Say a match's turn timer, as the lobby lists it with the options."""
    if seconds <= 0:
        return messages.NO_TURN_TIMER
    if seconds % 3600 == 0:
        hours = seconds // 3600
        return ngettext("turn timer: {n} hour", "turn timer: {n} hours", hours).format(n=hours)
    minutes = max(1, seconds // 60)
    return ngettext("turn timer: {n} minute", "turn timer: {n} minutes", minutes).format(n=minutes)


def seat_range(low: int, high: int) -> str:
    """Say how many seats a game has: "3 seats", "2-4 seats", "1 seat"."""
    if low == high:
        return ngettext("{count} seat", "{count} seats", low).format(count=low)
    return messages.SEATS_RANGE.format(low=low, high=high)


def _lobby_view(lobby: LobbyInfo) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if lobby.row.status != "lobby":
        return view
    m = lobby.match_id
    view.add_item(LobbyButton(m, "join", messages.LOBBY_JOIN, "success"))
    view.add_item(LobbyButton(m, "leave", messages.LOBBY_LEAVE))
    view.add_item(LobbyButton(m, "ai", messages.LOBBY_ADD_AI))
    # Start is greyed out until enough seats are filled (a forged click is still refused).
    start = LobbyButton(m, "start", messages.LOBBY_START, "primary", disabled=not lobby.can_start)
    view.add_item(start)
    view.add_item(LobbyButton(m, "cancel", messages.LOBBY_CANCEL, "danger"))
    for option in lobby.seat_options:
        for value, label in option.choices[:5]:
            label = game_text(lobby.module.spec.key, label)
            view.add_item(LobbyButton(m, f"o.{option.name}.{value}", label))
    return view


def jump_url(row: MatchRow) -> str:
    """Return a link to a match's table (or lobby) message, or to its channel."""
    where = row.thread_id or row.channel_id
    tail = f"/{row.table_message_id}" if row.table_message_id else ""
    return f"https://discord.com/channels/{row.guild_id}/{where}{tail}"


def table_payload(info: TableInfo, names: Sequence[str] = ()) -> dict[str, Any]:
    """Render the public table: the game's screen, recent moves, My hand / Rematch."""
    extra = [(messages.RECENT_MOVES, "\n".join(info.recent))] if info.recent else []
    view = discord.ui.View(timeout=None)
    if info.status == "active":
        label = game_text(info.game_key, info.hand_label)
        view.add_item(HandButton(info.match_id, label))
    else:
        view.add_item(SimpleButton("r", info.match_id, messages.REMATCH_BUTTON, "success"))
    turn = " ".join(f"<@{u}>" for u in info.turn_user_ids)
    content = (
        messages.TABLE_TO_ACT.format(match_id=info.match_id, mentions=turn)
        if turn
        else messages.TABLE_MATCH.format(match_id=info.match_id)
    )
    if info.paused:
        content += messages.PAUSED_LINE
    if turn and info.deadline is not None:
        content += messages.TIME_LEFT.format(when=discord.utils.format_dt(info.deadline, "R"))
    return {
        "content": content,
        "embed": embed_of(info.screen, extra, names=names),
        "attachments": files_of(info.screen),
        "view": view,
        "allowed_mentions": NO_MENTIONS,
    }


def end_payload(
    live: Any, outcome: Outcome, moved: Mapping[str, int], title: str
) -> dict[str, Any]:
    """Render the one message posted when a match ends: standings, rating changes, Rematch."""
    ranks = final_ranks(live.seats, outcome.ranks)  # as rated: who left comes last
    order = sorted(range(len(ranks)), key=lambda s: (ranks[s], s))
    lines = []
    for seat in order:
        key = player_key(live.seats[seat])
        change = moved.get(key)
        shown = "" if change is None else messages.RATING_CHANGE.format(change=_signed(change))
        who = name(live.names[seat])
        status = live.seats[seat].status
        if status in DROPPED_SAYS:  # why a player ahead on the table is ranked last here
            who += getattr(messages, DROPPED_SAYS[status])
        lines.append(messages.MATCH_OVER_LINE.format(place=ranks[seat], who=who, change=shown))
    summary = notes.read(outcome.summary).render([name(n) for n in live.names])
    embed = discord.Embed(
        title=messages.MATCH_OVER_TITLE.format(title=title, match_id=live.id),
        description=f"{safe_text(summary)}\n\n" + "\n".join(lines),
        colour=0x57F287,
    )
    view = discord.ui.View(timeout=None)
    view.add_item(SimpleButton("r", live.id, messages.REMATCH_BUTTON, "success"))
    return {"embed": embed, "view": view, "allowed_mentions": NO_MENTIONS}


DROPPED_SAYS: Final = {
    "left": "MATCH_OVER_LEFT",
    "kicked": "MATCH_OVER_KICKED",
    "forfeited": "MATCH_OVER_FORFEITED",
}
"""The note beside a player who left, was removed or forfeited (ranked last when rated)."""
assert set(DROPPED_SAYS) == set(DROPPED), "a seat status ranked last has no note"


def _signed(change: int) -> str:
    """Return a rating change with its sign: +12, −3, ±0."""
    return f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "±0"


def private_payload(
    info: PrivateInfo, note: str | None = None, names: Sequence[str] = (), *, in_dm: bool = False
) -> dict[str, Any]:
    """Render a seat's private view with its choices and a Refresh button.

    An ephemeral view of a running match says how long it follows the table (Discord
    lets it be edited for 15 minutes); a DM follows it to the end, and a final view
    follows nothing, so neither says so."""
    extra = [(messages.PRIVATE_NEWS, "\n".join(info.notes))] if info.notes else []
    embed = embed_of(info.screen, extra, names=names)
    if info.active and not in_dm:
        embed.set_footer(text=messages.VIEW_FOOTER)
    return {
        "content": note,
        "embed": embed,
        "attachments": files_of(info.screen),
        "view": choices_view(info.match_id, info.version, info.screen, refresh=True),
    }


def out_of_date_payload(match_id: int) -> dict[str, Any]:
    """Render a private view that no longer follows the table: one sentence and Refresh."""
    view = discord.ui.View(timeout=None)
    view.add_item(SimpleButton("v", match_id, messages.REFRESH_BUTTON, "primary"))
    return {
        "content": messages.VIEW_OUT_OF_DATE.format(match_id=match_id),
        "embeds": [],
        "attachments": [],
        "view": view,
    }


def seat_gone_payload(match_id: int) -> dict[str, Any]:
    """Render the view of a member who no longer plays the match: why, and no buttons."""
    return {
        "content": messages.VIEW_SEAT_GONE.format(match_id=match_id),
        "embeds": [],
        "attachments": [],
        "view": None,
    }


def rules_payload(module: GameModule, page: int) -> dict[str, Any]:
    """Render one page of a rules summary with Previous / Next buttons."""
    pages = module.presenter.rules_pages()
    page = max(0, min(page, len(pages) - 1))
    screen = pages[page]
    view = discord.ui.View(timeout=None)
    key = module.spec.key
    if page > 0:
        view.add_item(RulesPageButton(key, page - 1, messages.RULES_PREVIOUS))
    if page < len(pages) - 1:
        view.add_item(RulesPageButton(key, page + 1, messages.RULES_NEXT))
    embed = embed_of(screen, escape=False)
    embed.set_footer(text=messages.RULES_PAGE.format(page=page + 1, pages=len(pages)))
    return {"embed": embed, "view": view, "attachments": files_of(screen)}
