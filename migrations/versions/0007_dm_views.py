"""Private views sent by direct message are stored, so they follow the match after a restart.

`match_dm_views` holds, per match and member, the DM that shows the member's
latest private view: its channel, message and language. Any process redraws it
after a move and turns it into the final view when the match ends. Deleted with
its match.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    """Create match_dm_views."""
    op.create_table(
        "match_dm_views",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("language", sa.String(16), nullable=True),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name="fk_match_dm_views_match_id_matches",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", "user_id", name="pk_match_dm_views"),
    )


def downgrade() -> None:
    """Drop match_dm_views."""
    op.drop_table("match_dm_views")
