"""Each seat's result keeps how its player's shown rating moved with the match.

`match_results.rating_change` is the whole-number change of the rating players
read (``1000 + 25 × (mu − 3·sigma)``), written in the same transaction as the
ratings themselves, so the end-of-match message, another process or a restart
shows the same numbers. Results recorded before this revision have none (null).
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    """Add match_results.rating_change (null for results already recorded)."""
    with op.batch_alter_table("match_results") as batch:
        batch.add_column(sa.Column("rating_change", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Drop match_results.rating_change."""
    with op.batch_alter_table("match_results") as batch:
        batch.drop_column("rating_change")
