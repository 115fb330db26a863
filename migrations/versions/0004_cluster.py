"""Matches carry what background work needs: AI turn pending, a lease, a repair check.

- `ai_to_act`: an AI seat is to act, so start-up resumes only those matches.
- `lease_owner`, `lease_until`: the process working on a match's timer or AI turn,
  until when; another process takes the work over once the lease has run out.
- `repair_check`: set for every match active, or finished without results, when
  this revision is applied, so start-up repair looks at those once instead of
  loading every match each time. (Starting and finishing are single transactions
  from this version on, so no new match can need it.)
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    """Add the columns and indexes; flag active matches for one repair check."""
    with op.batch_alter_table("matches") as batch:
        batch.add_column(
            sa.Column("ai_to_act", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch.add_column(sa.Column("lease_owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(
            sa.Column("repair_check", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch.create_index("ix_matches_status_ai_to_act", ["status", "ai_to_act"])
        batch.create_index("ix_matches_status_reminder_at", ["status", "reminder_at"])
        batch.create_index("ix_matches_repair_check", ["repair_check"])
    op.execute(
        sa.text("UPDATE matches SET ai_to_act = :yes, repair_check = :yes WHERE status = 'active'")
        .bindparams(yes=True)
    )
    op.execute(
        sa.text(
            "UPDATE matches SET repair_check = :yes WHERE status = 'finished' AND NOT EXISTS "
            "(SELECT 1 FROM match_results WHERE match_results.match_id = matches.id)"
        ).bindparams(yes=True)
    )


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("matches") as batch:
        batch.drop_index("ix_matches_repair_check")
        batch.drop_index("ix_matches_status_reminder_at")
        batch.drop_index("ix_matches_status_ai_to_act")
        batch.drop_column("repair_check")
        batch.drop_column("lease_until")
        batch.drop_column("lease_owner")
        batch.drop_column("ai_to_act")
