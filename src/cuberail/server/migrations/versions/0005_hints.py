"""Hints switchable per game: the table option ``hints`` stored with the game.

A game created with hints off answers no hint to anyone while it runs
(``GET /api/games/{id}/hint``: 403). Every game stored before had hints, as the
server had none to refuse: the new column starts true for them.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # ALTER TABLE ... ADD COLUMN with its default (every SQLite): copying the table, as
    # batch mode would for a NOT NULL column, would drop ``games`` under its seats
    op.add_column("games", sa.Column("hints", sa.Boolean, nullable=False,
                                     server_default=sa.true()))


def downgrade() -> None:
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35+): copying the table, as batch mode does,
    # would drop ``games`` under the seats that reference it
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.drop_column("hints")
