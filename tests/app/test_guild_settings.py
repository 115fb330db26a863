"""Guild settings: declared defaults, validation with readable refusals, the change log, prefs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app.errors import ServiceError
from bot.app.guild_settings import DEFAULTS, SCHEMA, SettingError, SettingSpec, SettingsService
from bot.store.store import Store

GUILD = 10


def other_value(spec: SettingSpec) -> Any:
    """Return a valid value different from the default."""
    if spec.kind == "bool":
        return not spec.default
    if spec.kind == "choice":
        return next(c for c in spec.choices if c != spec.default)
    if spec.kind == "int":
        return int(spec.high or 0)
    if spec.kind == "float":
        return 2.5
    if spec.kind == "language":
        return "it"
    if spec.kind == "channels":
        return [111, 222]
    if spec.kind == "games":
        return ["coverta"]
    return 333  # a role id


async def test_every_setting_round_trips_through_the_database(store: Store) -> None:
    writer = SettingsService(store.settings)
    for spec in SCHEMA:
        value = other_value(spec)
        if spec.scalar:
            await writer.set(GUILD, spec.name, str(value).lower(), user_id=7)
        else:
            await writer.set_value(GUILD, spec.name, value, user_id=7)
    reader = SettingsService(store.settings)  # a fresh cache: read from storage
    config = await reader.get(GUILD)
    for spec in SCHEMA:
        expected = other_value(spec)
        got = getattr(config, spec.name)
        assert (list(got) if isinstance(got, tuple) else got) == expected, spec.name
    assert await reader.get(GUILD + 1) == DEFAULTS


async def test_reset_goes_back_to_the_declared_default(store: Store) -> None:
    service = SettingsService(store.settings)
    await service.set(GUILD, "live_minutes", "9", user_id=7)
    assert (await service.get(GUILD)).live_minutes == 9
    assert await service.reset(GUILD, "live_minutes", user_id=7) == 5
    assert (await SettingsService(store.settings).get(GUILD)).live_minutes == 5
    assert "live_minutes" not in await store.settings.get_guild_settings(GUILD)


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("live_minutes", "abc", "whole number from 0 to 240"),
        ("live_minutes", "2.5", "whole number"),
        ("max_matches", "0", "from 1 to 500"),
        ("threads", "maybe", "on or off"),
        ("absent", "kick", "`ai`, `forfeit`"),
        ("ai_delay", "99", "number from 0 to 30"),
        ("channels", "1", "its own /config command"),
        ("no_such", "1", "There is no setting `no_such`"),
    ],
)
async def test_a_bad_value_gets_a_clear_message(
    store: Store, name: str, value: str, says: str
) -> None:
    service = SettingsService(store.settings)
    with pytest.raises(SettingError) as refused:
        await service.set(GUILD, name, value, user_id=7)
    assert says in refused.value.message
    assert await store.settings.get_guild_settings(GUILD) == {}


async def test_every_change_is_logged_with_who_made_it(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO", logger="bot")
    service = SettingsService(store.settings)
    await service.set(GUILD, "threads", "on", user_id=7)
    await service.toggle_member(GUILD, "channels", 55, True, user_id=8)
    await service.toggle_member(GUILD, "channels", 56, True, user_id=8)
    await service.toggle_member(GUILD, "channels", 55, False, user_id=9)
    history = await service.history(GUILD)
    assert [(c.setting, c.old, c.new, c.user_id) for c in history] == [
        ("channels", [55, 56], [56], 9),
        ("channels", [55], [55, 56], 8),
        ("channels", [], [55], 8),
        ("threads", False, True, 7),
    ]
    with pytest.raises(ServiceError, match="cannot be refused on its own"):
        await service.toggle_member(GUILD, "channels", 56, False, user_id=9)  # the last one
    assert (await service.get(GUILD)).channels == (56,)
    assert "setting threads changed from False to True by user 7" in caplog.text


async def test_prefs_round_trip_and_a_change_retries_closed_dms(store: Store) -> None:
    service = SettingsService(store.settings)
    await service.set_prefs(5, dm_turn=True)
    await service.mark_dm_closed(5)
    fresh = SettingsService(store.settings)
    prefs = await fresh.prefs(5)
    assert prefs.dm_turn and not prefs.dm_hand and prefs.dm_closed
    prefs = await fresh.set_prefs(5, dm_hand=True)
    assert prefs.dm_turn and prefs.dm_hand and not prefs.dm_closed


def test_the_readme_documents_every_setting() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Server settings (/config)", 1)[1].split("\n## ", 1)[0]
    for spec in SCHEMA:
        assert f"| `{spec.name}` |" in section, spec.name


def test_switches_read_the_words_shown_in_the_members_language() -> None:
    from bot.app.guild_settings import SPECS
    from bot.engine.i18n import use_locale

    threads = SPECS["threads"]
    with use_locale("it"):
        assert threads.show(True) == "attivo"
        assert threads.parse("attivo") is True and threads.parse("Disattivo") is False
        assert threads.parse("on") is True  # the English words work everywhere
        with pytest.raises(SettingError) as refused:
            threads.parse("forse")
        assert refused.value.message == "`threads` è attivo oppure disattivo, non `forse`."
        assert SPECS["language"].parse("IT") == "it"
    with use_locale("en"), pytest.raises(SettingError):
        threads.parse("attivo")
