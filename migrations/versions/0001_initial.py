"""Initial schema: matches and their log, settings, prefs, ratings and results."""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def _now() -> sa.TextClause:
    return sa.text("CURRENT_TIMESTAMP")


def _stamp(name: str) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), server_default=_now(), nullable=False)


def _match_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["match_id"], ["matches.id"], name=f"fk_{table}_match_id_matches", ondelete="CASCADE"
    )


def _per_step(table: str, *columns: sa.Column) -> None:
    """Create a table of rows keyed by match and step number, stamped when written."""
    op.create_table(
        table,
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        *columns,
        _stamp("created_at"),
        _match_fk(table),
        sa.PrimaryKeyConstraint("match_id", "seq", name=f"pk_{table}"),
    )


def upgrade() -> None:
    """Create every table."""
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("thread_id", sa.BigInteger(), nullable=True),
        sa.Column("table_message_id", sa.BigInteger(), nullable=True),
        sa.Column("lobby_message_id", sa.BigInteger(), nullable=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rules_version", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer(), server_default="0", nullable=False),
        sa.Column("host_user_id", sa.BigInteger(), nullable=False),
        sa.Column("turn_deadline", sa.DateTime(timezone=True), nullable=True),
        _stamp("created_at"),
        _stamp("updated_at"),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_matches"),
    )
    op.create_index("ix_matches_guild_id_status", "matches", ["guild_id", "status"])
    op.create_index("ix_matches_channel_id", "matches", ["channel_id"])
    op.create_index("ix_matches_status_turn_deadline", "matches", ["status", "turn_deadline"])

    op.create_table(
        "match_seats",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("ai_level", sa.String(32), nullable=True),
        sa.Column("display_name", sa.String(100), nullable=False),
        sa.Column("status", sa.String(16), server_default="playing", nullable=False),
        _match_fk("match_seats"),
        sa.PrimaryKeyConstraint("match_id", "seat", name="pk_match_seats"),
    )
    op.create_index("ix_match_seats_user_id", "match_seats", ["user_id"])

    _per_step(
        "match_events",
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
    )
    _per_step("match_snapshots", sa.Column("state", sa.LargeBinary(), nullable=False))

    op.create_table(
        "match_results",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player_key", sa.String(64), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("score", sa.Float(), nullable=True),
        _match_fk("match_results"),
        sa.PrimaryKeyConstraint("match_id", "seat", name="pk_match_results"),
    )
    op.create_index("ix_match_results_player_key", "match_results", ["player_key"])

    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        _stamp("updated_at"),
        sa.Column("updated_by", sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint("guild_id", name="pk_guild_settings"),
    )

    op.create_table(
        "user_prefs",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("prefs", sa.JSON(), nullable=False),
        _stamp("updated_at"),
        sa.PrimaryKeyConstraint("user_id", name="pk_user_prefs"),
    )

    op.create_table(
        "ratings",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("player_key", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), server_default="0", nullable=False),
        sa.Column("wins", sa.Integer(), server_default="0", nullable=False),
        _stamp("updated_at"),
        sa.PrimaryKeyConstraint("game", "player_key", name="pk_ratings"),
    )


def downgrade() -> None:
    """Drop every table, children first."""
    op.drop_table("ratings")
    op.drop_table("user_prefs")
    op.drop_table("guild_settings")
    op.drop_index("ix_match_results_player_key", table_name="match_results")
    op.drop_table("match_results")
    op.drop_table("match_snapshots")
    op.drop_table("match_events")
    op.drop_index("ix_match_seats_user_id", table_name="match_seats")
    op.drop_table("match_seats")
    op.drop_index("ix_matches_status_turn_deadline", table_name="matches")
    op.drop_index("ix_matches_channel_id", table_name="matches")
    op.drop_index("ix_matches_guild_id_status", table_name="matches")
    op.drop_table("matches")
