"""/stats, /leaderboard and /prefs: a member's history, the best players, their preferences."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.app.stats import shown_rating
from bot.app.texts import game_title
from bot.discord_ui import messages
from bot.discord_ui.controller import Controller
from bot.discord_ui.text import member_name, name
from bot.engine import GameModule
from bot.engine.i18n import N_, current_language
from bot.store.stats import RatingRow

COLOUR = 0x5865F2


def player_commands(ui: Controller) -> list[app_commands.Command[Any, ..., None]]:
    """Build the top-level member commands."""

    async def games(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = [(game_title(m.spec), m.spec.key) for m in ui.registry.all()]
        return [
            app_commands.Choice(name=title, value=key)
            for title, key in found
            if current.lower() in title.lower() or current.lower() in key
        ][:25]

    def title_of(key: str) -> str:
        return game_title(ui.registry.get(key).spec) if key in ui.registry else key

    @app_commands.command(name="stats", description=N_("Matches played and won, ratings"))
    @app_commands.describe(member=N_("Whose stats (default: yours)"), game=N_("Only this game"))
    @app_commands.autocomplete(game=games)
    @app_commands.guild_only()
    async def stats(
        interaction: discord.Interaction,
        member: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        assert ui.stats is not None
        who = member or interaction.user
        profile = await ui.stats.profile(who.id, game or None)
        shown = name(who.display_name)
        if not profile.played:
            await interaction.response.send_message(
                messages.STATS_NONE.format(name=shown), ephemeral=True
            )
            return
        favourite = title_of(profile.favourite or "")
        lines = [
            messages.STATS_SUMMARY.format(
                played=profile.played, won=profile.won, favourite=favourite
            )
        ]
        records = {r.game: r for r in profile.records}
        for rating in profile.ratings:
            record = records.get(rating.game)
            lines.append(
                messages.RATING_LINE.format(
                    title=title_of(rating.game),
                    rating=shown_rating(rating.mu, rating.sigma),
                    played=record.played if record else rating.matches,
                    won=record.won if record else rating.wins,
                )
            )
        embed = discord.Embed(
            title=messages.STATS_TITLE.format(name=who.display_name),
            description="\n".join(lines),
            colour=COLOUR,
        )
        embed.set_footer(text=messages.RATING_NOTE)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name="leaderboard", description=N_("The best-rated players of a game here")
    )
    @app_commands.describe(game=N_("The game"))
    @app_commands.autocomplete(game=games)
    @app_commands.guild_only()
    async def leaderboard(interaction: discord.Interaction, game: str) -> None:
        assert ui.stats is not None
        if game not in ui.registry:
            await ui.reply_error(interaction, messages.UNKNOWN_GAME)
            return
        rows = await ui.stats.leaderboard(game, interaction.guild_id)
        title = title_of(game)
        if not rows:
            await interaction.response.send_message(
                messages.LEADERBOARD_EMPTY.format(title=title), ephemeral=True
            )
            return
        await interaction.response.defer(ephemeral=True)  # names may need a lookup
        module = ui.registry.get(game)
        lines = [
            await _leader_line(interaction.guild, module, place, row)
            for place, row in enumerate(rows, start=1)
        ]
        embed = discord.Embed(
            title=messages.LEADERBOARD_TITLE.format(title=title),
            description="\n".join(lines),
            colour=COLOUR,
        )
        embed.set_footer(text=messages.RATING_NOTE)
        await interaction.followup.send(embed=embed, ephemeral=True)

    @app_commands.command(name="prefs", description=N_("Your preferences: DMs on your turn"))
    @app_commands.describe(
        dm_turn=N_("DM me when it is my turn"), dm_hand=N_("DM me my hand at every turn")
    )
    async def prefs(
        interaction: discord.Interaction, dm_turn: bool | None = None, dm_hand: bool | None = None
    ) -> None:
        assert ui.settings is not None
        user_id = interaction.user.id
        if dm_turn is None and dm_hand is None:
            current = await ui.settings.prefs(user_id)
        else:
            current = await ui.settings.set_prefs(
                user_id, dm_turn=dm_turn, dm_hand=dm_hand, language=current_language()
            )
        text = messages.PREFS_LINES.format(
            dm_turn=messages.ON if current.dm_turn else messages.OFF,
            dm_hand=messages.ON if current.dm_hand else messages.OFF,
        )
        if current.dm_closed:
            text += "\n" + messages.PREFS_CLOSED
        embed = discord.Embed(title=messages.PREFS_TITLE, description=text, colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    return [stats, leaderboard, prefs]


async def _leader_line(guild: Any, module: GameModule, place: int, row: RatingRow) -> str:
    kind, _sep, ident = row.player_key.partition(":")
    if kind == "u":
        who = await member_name(guild, int(ident))
    else:
        who = messages.AI_PLAYER.format(level=module.level_label(ident))
    rating = shown_rating(row.mu, row.sigma)
    return messages.LEADERBOARD_LINE.format(
        place=place, who=who, rating=rating, played=row.matches, won=row.wins
    )
