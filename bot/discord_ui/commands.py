"""Slash commands: one group per registered game, plus the shared groups."""

from __future__ import annotations

import inspect
from typing import Any, Optional

import discord
from discord import app_commands

from bot.discord_ui.config_commands import ConfigGroup
from bot.discord_ui.controller import Controller, as_send
from bot.discord_ui.match_commands import MatchGroup
from bot.discord_ui.payloads import rules_payload
from bot.discord_ui.player_commands import player_commands
from bot.discord_ui.translator import described, game_words
from bot.engine import GameModule, Registry
from bot.engine.i18n import N_

PACING = [
    app_commands.Choice(name=N_("live (turn timer in minutes)"), value="live"),
    app_commands.Choice(name=N_("correspondence (turn timer in hours)"), value="correspondence"),
]


def register_commands(
    tree: app_commands.CommandTree[Any], ui: Controller, registry: Registry
) -> None:
    """Add every game's group and the shared groups to the command tree."""
    for module in registry.all():
        tree.add_command(game_group(module, ui))
    tree.add_command(MatchGroup(ui))
    tree.add_command(ConfigGroup(ui))
    for command in player_commands(ui):
        tree.add_command(command)


def game_group(module: GameModule, ui: Controller) -> app_commands.Group:
    """Build /<game> start|rules from the game's spec."""
    spec = module.spec
    group = app_commands.Group(
        name=spec.command_name,
        description=described(N_("Play {title}"), spec.key, title=spec.title),
        guild_only=True,
    )
    group.add_command(_start_command(module, ui))

    async def rules(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(ephemeral=True, **as_send(rules_payload(module, 0)))

    group.add_command(
        app_commands.Command(
            name="rules",
            description=described(N_("How to play {title}"), spec.key, title=spec.title),
            callback=rules,
        )
    )
    return group


def _start_command(module: GameModule, ui: Controller) -> app_commands.Command[Any, ..., None]:
    """Build /<game> start with one parameter per option of the whole match. An option each
    seat picks (a team, a personal Espionage setting) is no parameter: every member picks
    their own with the lobby's buttons, and a host's value given here would read as the
    table's."""
    spec = module.spec
    asked = spec.match_options

    async def start(interaction: discord.Interaction, **options: Any) -> None:
        await ui.start_game(interaction, module, options)

    kind = inspect.Parameter.KEYWORD_ONLY
    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    names = [o.name for o in asked]
    names += [] if "pacing" in names else ["pacing"]
    wholes = {o.name: o.whole for o in asked if o.whole is not None}
    if spec.min_seats < spec.max_seats:  # the lobby's seats, within the game's range
        names.append("players")
        wholes["players"] = (spec.min_seats, spec.max_seats)
    params += [
        inspect.Parameter(n, kind, default=None, annotation=_parameter_type(wholes.get(n)))
        for n in names
    ]
    start.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    choices = {
        o.name: [
            app_commands.Choice(name=game_words(spec.key, label), value=value)
            for value, label in o.choices
        ]
        for o in asked
        if o.whole is None
    }
    explained: dict[str, str | app_commands.locale_str] = {
        o.name: game_words(spec.key, o.description) for o in asked
    }
    choices.setdefault("pacing", PACING)
    explained.setdefault("pacing", N_("Turn timer: live or correspondence (default: the server's)"))
    if "players" in names:
        explained["players"] = N_("Seats in the lobby at most (default: as many as the game takes)")
    callback = app_commands.describe(**explained)(app_commands.choices(**choices)(start))
    return app_commands.Command(
        name="start",
        description=described(
            N_("Open a {title} lobby in this channel"), spec.key, title=spec.title
        ),
        callback=callback,
    )


def _parameter_type(whole: tuple[int, int] | None) -> Any:
    """Return a start parameter's type: a whole-number option is an integer Discord keeps
    within its range, any other option a string of its listed choices."""
    if whole is None:
        return str | None
    low, high = whole
    return Optional[app_commands.Range[int, low, high]]  # noqa: UP045 (a Range is no type for `|`)


__all__ = ["MatchGroup", "register_commands"]
