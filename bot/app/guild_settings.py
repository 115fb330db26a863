"""Guild settings declared with their defaults, and the service that reads and changes them.

Like Red-DiscordBot's ``Config.register_guild``: every setting is declared once
here (name, type, default, allowed values, description); a guild stores only
its overrides, so a new setting needs no migration, and `/config show`,
validation and the README all follow from this table.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from babel import Locale, UnknownLocaleError

from bot.app.errors import ServiceError
from bot.engine.i18n import N_, _, available_languages, current_language, normalize
from bot.store.settings import SettingChange, SettingsRepository

log = logging.getLogger(__name__)

BOOL_WORDS = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}


class SettingError(ServiceError):
    """A setting name or value was refused; the message says what is allowed."""


ONE_CANNOT_BE_REFUSED = N_(
    "With no channel allowed by name, games may be started in any channel, so one cannot be "
    "refused on its own: allow the channels games may use instead."
)


@dataclass(frozen=True)
class SettingSpec:
    """One declared guild setting."""

    name: str
    kind: str
    """bool, int, float, choice, language, channels, games or role."""
    default: Any
    description: str
    """An English msgid: shown through ``_``."""
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    @property
    def scalar(self) -> bool:
        """Tell whether `/config set` takes this setting (lists and roles have their own)."""
        return self.kind in ("bool", "int", "float", "choice", "language")

    def parse(self, raw: Any) -> Any:
        """Turn a member's text (or a typed value) into a valid value, or explain."""
        text = str(raw).strip().lower()
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            words = {**BOOL_WORDS, _("on").lower(): True, _("off").lower(): False}
            if text not in words:
                raise SettingError(
                    _("`{name}` is on or off, not `{raw}`.").format(name=self.name, raw=raw)
                )
            return words[text]
        if self.kind in ("choice", "language"):
            allowed = self.allowed()
            if text not in allowed:
                raise SettingError(
                    _("`{name}` is one of {allowed}, not `{raw}`.").format(
                        name=self.name, allowed=_listed(allowed), raw=raw
                    )
                )
            return text
        if self.kind in ("int", "float"):
            return self._number(raw)
        raise SettingError(
            _("`{name}` is changed with its own /config command.").format(name=self.name)
        )

    def _number(self, raw: Any) -> int | float:
        try:
            value = float(str(raw).strip())
        except ValueError:
            value = float("nan")
        whole = self.kind == "int"
        assert self.low is not None and self.high is not None
        if (
            value != value
            or (whole and not value.is_integer())
            or not self.low <= value <= self.high
        ):
            if whole:
                text = _("`{name}` must be a whole number from {low} to {high}, not `{raw}`.")
            else:
                text = _("`{name}` must be a number from {low} to {high}, not `{raw}`.")
            raise SettingError(
                text.format(name=self.name, low=f"{self.low:g}", high=f"{self.high:g}", raw=raw)
            )
        return int(value) if whole else value

    def allowed(self) -> tuple[str, ...]:
        """Return the values a choice accepts (a language: those with a catalogue)."""
        return available_languages() if self.kind == "language" else self.choices

    def show(self, value: Any) -> str:
        """Render a value for people, in the current language."""
        if value is None:
            if self.kind == "language":
                return _("the server's Discord language")
            return _("host default") if self.kind == "float" else _("none")
        if self.kind == "bool":
            return _("on") if value else _("off")
        if self.kind == "language":
            return f"{language_name(value)} (`{value}`)"
        if self.kind == "channels":
            return ", ".join(f"<#{c}>" for c in value) if value else _("any channel")
        if self.kind == "games":
            return ", ".join(value) if value else _("none")
        if self.kind == "role":
            return f"<@&{value}>"
        return f"{value:g}" if isinstance(value, float) else str(value)


SCHEMA: tuple[SettingSpec, ...] = (
    SettingSpec("channels", "channels", [], N_("Channels where games may be started.")),
    SettingSpec("disabled_games", "games", [], N_("Games that may not be started here.")),
    SettingSpec(
        "max_matches", "int", 20, N_("Open lobbies and matches at once in the server."), 1, 500
    ),
    SettingSpec(
        "max_per_channel", "int", 5, N_("Open lobbies and matches at once per channel."), 1, 100
    ),
    SettingSpec("threads", "bool", False, N_("Run each match in its own public thread.")),
    SettingSpec(
        "pacing",
        "choice",
        "live",
        N_("Default pacing of a new match."),
        choices=("live", "correspondence"),
    ),
    SettingSpec(
        "live_minutes", "int", 5, N_("Turn timer of live matches, in minutes (0: none)."), 0, 240
    ),
    SettingSpec(
        "correspondence_hours",
        "int",
        24,
        N_("Turn timer of correspondence matches, in hours (0: none)."),
        0,
        720,
    ),
    SettingSpec(
        "absent",
        "choice",
        "ai",
        N_(
            "After `absent_after` timeouts in a row: the AI takes the seat, or the player forfeits."
        ),
        choices=("ai", "forfeit"),
    ),
    SettingSpec(
        "absent_after", "int", 3, N_("Timeouts in a row before the absent rule applies."), 1, 20
    ),
    SettingSpec("ai_seats", "bool", True, N_("Hosts may add AI seats to lobbies.")),
    SettingSpec("ai_delay", "float", None, N_("Seconds an AI seat waits before moving."), 0, 30),
    SettingSpec(
        "lobby_minutes",
        "int",
        60,
        N_("Minutes before a lobby nobody started closes (0: never)."),
        0,
        10080,
    ),
    SettingSpec(
        "grace_minutes",
        "int",
        5,
        N_("Extra minutes, after a restart, for turn timers that ran out while the bot was down."),
        0,
        1440,
    ),
    SettingSpec(
        "repost_after",
        "int",
        15,
        N_("Messages posted below a table before it is moved back to the bottom (0: never)."),
        0,
        500,
    ),
    SettingSpec(
        "language",
        "language",
        None,
        N_("Language of tables and channel messages (default: the server's Discord language)."),
    ),
    SettingSpec(
        "mod_role", "role", None, N_("Role whose members may use /config and moderate matches.")
    ),
)
"""Every guild setting, in the order /config show lists them."""

SPECS = {spec.name: spec for spec in SCHEMA}


@dataclass(frozen=True)
class GuildConfig:
    """One guild's settings, defaults filled in; one field per declared setting."""

    channels: tuple[int, ...]
    disabled_games: tuple[str, ...]
    max_matches: int
    max_per_channel: int
    threads: bool
    pacing: str
    live_minutes: int
    correspondence_hours: int
    absent: str
    absent_after: int
    ai_seats: bool
    ai_delay: float | None
    lobby_minutes: int
    grace_minutes: int
    repost_after: int
    language: str | None
    mod_role: int | None

    @classmethod
    def of(cls, stored: dict[str, Any]) -> GuildConfig:
        """Fill declared defaults around a guild's stored overrides (unknown keys are ignored)."""
        values: dict[str, Any] = {}
        for spec in SCHEMA:
            value = stored.get(spec.name, spec.default)
            values[spec.name] = tuple(value) if isinstance(value, list) else value
        return cls(**values)

    def language_for(self, preferred: object | None) -> str:
        """Return the language of public messages: the setting, else the server's locale."""
        return normalize(self.language or preferred)

    def turn_seconds(self, pacing: str | None) -> int:
        """Return the turn timer of a new match with this pacing (0: no timer)."""
        if (pacing or self.pacing) == "correspondence":
            return self.correspondence_hours * 3600
        return self.live_minutes * 60


DEFAULTS = GuildConfig.of({})
assert {f.name for f in fields(GuildConfig)} == set(SPECS), "GuildConfig and SCHEMA differ"


@dataclass(frozen=True)
class UserPrefs:
    """A member's preferences."""

    dm_turn: bool = False
    """DM me when it is my turn."""
    dm_hand: bool = False
    """DM me my hand at every turn."""
    dm_closed: bool = False
    """A DM failed: use mentions until the member changes their preferences."""
    language: str | None = None
    """The language the member last set these in: that of DMs sent while they are away."""


class SettingsService:
    """Reads and changes guild settings and member preferences, with validation and a log."""

    def __init__(self, repo: SettingsRepository) -> None:
        self.repo = repo
        self._guilds: dict[int, GuildConfig] = {}
        self._prefs: dict[int, UserPrefs] = {}

    def cached(self, guild_id: int | None) -> GuildConfig | None:
        """Return a guild's settings if they are in memory (None: `get` must read them)."""
        return DEFAULTS if guild_id is None else self._guilds.get(guild_id)

    async def get(self, guild_id: int | None) -> GuildConfig:
        """Return a guild's settings (defaults outside guilds)."""
        if guild_id is None:
            return DEFAULTS
        found = self._guilds.get(guild_id)
        if found is None:
            found = GuildConfig.of(await self.repo.get_guild_settings(guild_id))
            self._guilds[guild_id] = found
        return found

    async def set(self, guild_id: int, name: str, raw: Any, user_id: int | None) -> Any:
        """Change one scalar setting from a member's text; return the new value."""
        spec = spec_of(name)
        return await self._change(guild_id, spec, spec.parse(raw), user_id)

    async def set_value(self, guild_id: int, name: str, value: Any, user_id: int | None) -> Any:
        """Change a list or role setting to an already typed value."""
        return await self._change(guild_id, spec_of(name), value, user_id)

    async def reset(self, guild_id: int, name: str, user_id: int | None) -> Any:
        """Put a setting back to its declared default."""
        spec = spec_of(name)
        return await self._change(guild_id, spec, spec.default, user_id)

    async def toggle_member(
        self, guild_id: int, name: str, item: int | str, present: bool, user_id: int | None
    ) -> tuple[Any, ...]:
        """Add an item to a list setting (channels, disabled games) or take it out."""
        current = list(getattr(await self.get(guild_id), name))
        if name == "channels" and not present and not [c for c in current if c != item]:
            # No list means any channel: refusing the only one (or one of none) opens all.
            raise ServiceError(_(ONE_CANNOT_BE_REFUSED))
        if present and item not in current:
            current.append(item)
        elif not present and item in current:
            current.remove(item)
        await self._change(guild_id, spec_of(name), current, user_id)
        return tuple(current)

    async def _change(
        self, guild_id: int, spec: SettingSpec, value: Any, user_id: int | None
    ) -> Any:
        old = getattr(await self.get(guild_id), spec.name)
        old = list(old) if isinstance(old, tuple) else old
        stored = None if value == spec.default else value
        await self.repo.change_guild_setting(guild_id, spec.name, old, stored, user_id)
        self._guilds.pop(guild_id, None)
        log.info(
            "guild %s: setting %s changed from %r to %r by user %s",
            guild_id,
            spec.name,
            old,
            value,
            user_id,
        )
        return value

    async def history(self, guild_id: int, limit: int = 10) -> list[SettingChange]:
        """Return the latest setting changes of a guild, newest first."""
        return await self.repo.setting_history(guild_id, limit)

    # ------------------------------------------------------------------ members
    async def prefs(self, user_id: int) -> UserPrefs:
        """Return a member's preferences."""
        found = self._prefs.get(user_id)
        if found is None:
            stored = await self.repo.get_user_prefs(user_id)
            known = {f.name for f in fields(UserPrefs)}
            values: dict[str, Any] = {
                k: v if k == "language" else bool(v) for k, v in stored.items() if k in known
            }
            found = UserPrefs(**values)
            self._prefs[user_id] = found
        return found

    async def set_prefs(
        self,
        user_id: int,
        *,
        dm_turn: bool | None = None,
        dm_hand: bool | None = None,
        language: str | None = None,
    ) -> UserPrefs:
        """Change a member's preferences; trying DMs again after they had failed."""
        old = await self.prefs(user_id)
        new = UserPrefs(
            dm_turn=old.dm_turn if dm_turn is None else dm_turn,
            dm_hand=old.dm_hand if dm_hand is None else dm_hand,
            language=language or old.language,
        )
        await self._save_prefs(user_id, new)
        return new

    async def mark_dm_closed(self, user_id: int) -> None:
        """Remember that DMs to this member fail, until they change their preferences."""
        old = await self.prefs(user_id)
        await self._save_prefs(user_id, replace(old, dm_closed=True))

    async def _save_prefs(self, user_id: int, prefs: UserPrefs) -> None:
        await self.repo.set_user_prefs(
            user_id, {f.name: getattr(prefs, f.name) for f in fields(prefs)}
        )
        self._prefs[user_id] = prefs


def spec_of(name: str) -> SettingSpec:
    """Return a declared setting, or explain which ones exist."""
    spec = SPECS.get(name.strip().lower())
    if spec is None:
        raise SettingError(
            _("There is no setting `{name}`; try one of {names}.").format(
                name=name, names=_listed(SPECS)
            )
        )
    return spec


def language_name(lang: str) -> str:
    """Return a language's name in the current language ("Italian", "italiano")."""
    try:
        return Locale.parse(lang).get_display_name(current_language()) or lang
    except (ValueError, UnknownLocaleError):
        return lang


def _listed(names: Iterable[str]) -> str:
    return ", ".join(f"`{n}`" for n in names)
