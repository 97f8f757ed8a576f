"""Undo limited per game: the table option ``undo`` stored with the game.

``"free"``: a seat takes back its own last move (what the server always did);
``"unanswered"``: only while no other seat has acted since that move. Every game stored
before had free undo: the new column starts ``"free"`` for them.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # ALTER TABLE ... ADD COLUMN with its default (every SQLite): copying the table, as
    # batch mode would for a NOT NULL column, would drop ``games`` under its seats
    op.add_column("games", sa.Column("undo", sa.String(16), nullable=False,
                                     server_default="free"))


def downgrade() -> None:
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35+): copying the table, as batch mode does,
    # would drop ``games`` under the seats that reference it
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.drop_column("undo")
