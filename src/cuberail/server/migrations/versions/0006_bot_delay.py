"""Watchable bot games: the table option ``bot_delay`` stored with the game.

A bot waits until ``bot_delay`` seconds have passed since the game's last log entry
before it moves, so that a game of bots alone can be followed move by move. Every game
stored before moved its bots at once: the new column starts null (no delay) for them.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a nullable column: ALTER TABLE ... ADD COLUMN on every SQLite, no copy of ``games``
    op.add_column("games", sa.Column("bot_delay", sa.Float, nullable=True))


def downgrade() -> None:
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35+): copying the table, as batch mode does,
    # would drop ``games`` under the seats that reference it
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.drop_column("bot_delay")
