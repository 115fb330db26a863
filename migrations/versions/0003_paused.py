"""Matches can be paused by their host or a moderator."""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    """Add matches.paused (false for every existing match)."""
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("paused", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    """Drop matches.paused."""
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("paused")
