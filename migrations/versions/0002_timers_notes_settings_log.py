"""Turn timers, the match log of moderation and timeouts, and the guild settings log."""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def _now() -> sa.TextClause:
    return sa.text("CURRENT_TIMESTAMP")


def upgrade() -> None:
    """Add timer columns, seat timeouts, match_notes and guild_settings_log."""
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("reminder_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("turn_seconds", sa.Integer(), nullable=True))
    with op.batch_alter_table("match_seats") as batch:
        batch.add_column(sa.Column("timeouts", sa.Integer(), server_default="0", nullable=False))

    op.create_table(
        "match_notes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=_now(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name="fk_match_notes_match_id_matches",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_match_notes"),
    )
    op.create_index("ix_match_notes_match_id", "match_notes", ["match_id"])

    op.create_table(
        "guild_settings_log",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("setting", sa.String(32), nullable=False),
        sa.Column("old", sa.JSON(), nullable=True),
        sa.Column("new", sa.JSON(), nullable=True),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=_now(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_guild_settings_log"),
    )
    op.create_index("ix_guild_settings_log_guild_id", "guild_settings_log", ["guild_id"])


def downgrade() -> None:
    """Drop what upgrade added."""
    op.drop_index("ix_guild_settings_log_guild_id", table_name="guild_settings_log")
    op.drop_table("guild_settings_log")
    op.drop_index("ix_match_notes_match_id", table_name="match_notes")
    op.drop_table("match_notes")
    with op.batch_alter_table("match_seats") as batch:
        batch.drop_column("timeouts")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("turn_seconds")
        batch.drop_column("reminder_at")
