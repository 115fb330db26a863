"""Matches count the changes to their seats made outside their log.

`matches.seating` goes up by one with every change to a seat of a match after it
was set up (a member kicked, leaving or handed to the AI, a timeout counted). A
process holding a match in memory with another count holds old seats: a step it
works out on them is refused, so a member who lost their seat in one process
cannot play it in another. Existing matches start at 0.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    """Add matches.seating (0 for every existing match)."""
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("seating", sa.Integer(), server_default="0", nullable=False))


def downgrade() -> None:
    """Drop matches.seating."""
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("seating")
