"""Alembic environment: async engines, or a connection handed over by bot.store.db.

URL order: `-x url=...`, `config.attributes["url"]`, `sqlalchemy.url` in the
ini, `DATABASE_URL`, then the SQLite default (see `bot.store.db.database_url`).
"""

from __future__ import annotations

import asyncio
from logging.config import fileConfig

from alembic import context
from sqlalchemy import Connection
from sqlalchemy.pool import NullPool

from bot.store.db import database_url, make_engine
from bot.store.models import Base

config = context.config
target_metadata = Base.metadata

if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def _url() -> str:
    """Resolve the database URL for this run."""
    given = (
        context.get_x_argument(as_dictionary=True).get("url")
        or config.attributes.get("url")
        or config.get_main_option("sqlalchemy.url")
    )
    return database_url(given)


def run_migrations_offline() -> None:
    """Emit SQL to stdout instead of touching a database (`alembic upgrade --sql`)."""
    url = _url()
    context.configure(
        url=url,
        target_metadata=target_metadata,
        render_as_batch=url.startswith("sqlite"),
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def do_run_migrations(connection: Connection) -> None:
    """Run the migrations over a synchronous connection (or an async one's run_sync)."""
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_async_migrations() -> None:
    """Open an engine of our own, migrate, and dispose of it."""
    engine = make_engine(_url(), poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(do_run_migrations)
            await connection.commit()
    finally:
        await engine.dispose()


def run_migrations_online() -> None:
    """Use a connection passed in by the caller, or make one."""
    connection = config.attributes.get("connection")
    if connection is not None:
        do_run_migrations(connection)
    else:
        asyncio.run(run_async_migrations())


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
