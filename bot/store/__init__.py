"""Storage: SQLAlchemy models, repositories and migrations for matches and settings."""

from bot.store.db import (
    DEFAULT_URL,
    database_url,
    downgrade,
    make_engine,
    make_sessionmaker,
    upgrade,
    upgrade_engine,
    upgrade_to_head,
)
from bot.store.errors import ConcurrencyConflict, NotFound, StoreError
from bot.store.models import CHANCE_SEAT, SYSTEM_SEAT
from bot.store.repo import MatchRepository
from bot.store.rows import EventRow, MatchRow, NewEvent, NewMatch, NewSeat, NoteRow, SeatRow
from bot.store.settings import SettingChange, SettingsRepository
from bot.store.stats import GameRecord, RatingRow, ResultRow, StatsRepository
from bot.store.store import Store

__all__ = [
    "CHANCE_SEAT",
    "DEFAULT_URL",
    "SYSTEM_SEAT",
    "ConcurrencyConflict",
    "EventRow",
    "GameRecord",
    "MatchRepository",
    "MatchRow",
    "NewEvent",
    "NewMatch",
    "NewSeat",
    "NotFound",
    "NoteRow",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "SettingChange",
    "SettingsRepository",
    "StatsRepository",
    "Store",
    "StoreError",
    "database_url",
    "downgrade",
    "make_engine",
    "make_sessionmaker",
    "upgrade",
    "upgrade_engine",
    "upgrade_to_head",
]
