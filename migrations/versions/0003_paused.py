"""Matches can be paused by their host or a moderator.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add matches.paused (false for every existing match)."""
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("paused", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    """Drop matches.paused."""
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("paused")
