"""A rematch lobby names the match it is a rematch of, and a match has one open at a time.

`matches.rematch_of` holds the finished match a lobby was opened from with
Rematch. A unique index over it, limited to lobbies, lets every process see and
refuse a second rematch lobby of the same match while the first is open (two
members pressing Rematch at once, or one pressing it twice). Existing matches
have none.
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"

OPEN = sa.text("status = 'lobby'")


def upgrade() -> None:
    """Add matches.rematch_of and its unique index over open lobbies."""
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("rematch_of", sa.Integer(), nullable=True))
    op.create_index(
        "ux_matches_rematch_of_lobby",
        "matches",
        ["rematch_of"],
        unique=True,
        sqlite_where=OPEN,
        postgresql_where=OPEN,
    )


def downgrade() -> None:
    """Drop the index and matches.rematch_of."""
    op.drop_index("ux_matches_rematch_of_lobby", table_name="matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rematch_of")
