"""Rematches: a finished game names its rematch in a column, not in a chat line.

The first rematch feature wrote the new game's id as a chat line of the old game (no
seat, name ``rematch``); the upgrade moves each such line's game id into the new
``games.rematch_id`` (the first line of a game, when that game exists) and deletes the
lines. The downgrade writes the chat lines back.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

MARK = "rematch"  # the chat name of the old lines (seat: none)

games = sa.table("games", sa.column("id", sa.String), sa.column("rematch_id", sa.String))
chat = sa.table("chat", sa.column("id", sa.Integer), sa.column("game_id", sa.String),
                sa.column("seat", sa.Integer), sa.column("name", sa.String),
                sa.column("text", sa.String), sa.column("created", sa.DateTime(timezone=True)))
MARKS = sa.and_(chat.c.seat.is_(None), chat.c.name == MARK)


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))
    conn = op.get_bind()
    known = sa.select(games.c.id)
    rows = conn.execute(sa.select(chat.c.game_id, chat.c.text)
                        .where(MARKS, chat.c.text.in_(known)).order_by(chat.c.id)).all()
    for game_id, new_id in rows:  # the first line of a game wins, as it did when read
        conn.execute(sa.update(games).where(games.c.id == game_id,
                                            games.c.rematch_id.is_(None))
                     .values(rematch_id=new_id))
    conn.execute(sa.delete(chat).where(MARKS))


def downgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.select(games.c.id, games.c.rematch_id)
                        .where(games.c.rematch_id.is_not(None))).all()
    when = sa.func.current_timestamp()
    for game_id, new_id in rows:
        conn.execute(sa.insert(chat).values(game_id=game_id, seat=None, name=MARK,
                                            text=new_id, created=when))
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35+): copying the table, as batch mode does,
    # would drop ``games`` under the seats that reference it
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.drop_column("rematch_id")
