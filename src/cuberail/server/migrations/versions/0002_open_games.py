"""Open games: a game may leave human seats free for anyone to claim from the lobby.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Existing games were all invite-only: the server default fills their rows with false.
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("is_open", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
    op.create_index("ix_games_is_open", "games", ["is_open"])


def downgrade() -> None:
    op.drop_index("ix_games_is_open", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("is_open")
