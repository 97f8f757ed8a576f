"""The database tables (SQLAlchemy Core). Alembic migrations in ``migrations/`` create them.

``entries`` is the append-only log: one row per move or undo, numbered by ``seq``
from 1 within a game. The unique key (game_id, seq) is what makes two concurrent
moves unable to both land, even from different server processes.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
    true,
)

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("title", String(64), nullable=False),
    Column("name", String(200), nullable=False, default=""),
    Column("rules_version", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON object: the rule options
    Column("owner_hash", String(64), nullable=False),
    Column("seed", Integer, nullable=False),
    Column("bot_after", Float, nullable=True),  # seconds before a bot moves for an idle seat
    Column("over", Boolean, nullable=False, default=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    # an open game: its free human seats (no token, no bot) may be claimed by anyone
    Column("is_open", Boolean, nullable=False, default=False, server_default=false(),
           index=True),
    # the id of this finished game's rematch, once asked for: set by one conditional
    # UPDATE (``WHERE rematch_id IS NULL``), so two requests never make two rematches
    Column("rematch_id", String(32), nullable=True),
    # the table option ``hints``: whether GET /api/games/{id}/hint answers in this game
    # (off: no hint for anyone while the game runs)
    Column("hints", Boolean, nullable=False, default=True, server_default=true()),
    # the table option ``bot_delay``: seconds a bot waits after the last log entry before
    # it moves (null: none), so that bots alone can be watched
    Column("bot_delay", Float, nullable=True),
    # the table option ``undo``: "free" (a seat takes back its own last move) or
    # "unanswered" (only while no other seat has acted since that move; see undo.py)
    Column("undo", String(16), nullable=False, default="free", server_default="free"),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(100), nullable=False),
    Column("bot", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("webhook", String(1000), nullable=True),
)

entries = Table(
    "entries", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),  # "move" or "undo"
    Column("action", String(200), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("game_id", "seq", name="uq_entries_game_seq"),
)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=True),  # None: the owner
    Column("name", String(100), nullable=False),
    Column("text", String(1000), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# One engine analysis per finished game (the primary key makes two starts impossible,
# even from two processes). ``owner`` is the process working on it ("" when released),
# ``updated`` its last sign of life, ``attempt`` bumped by every takeover.
analyses = Table(
    "analyses", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("status", String(8), nullable=False),  # "running", "done" or "failed"
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("owner", String(32), nullable=False),
    Column("attempt", Integer, nullable=False),
    Column("budget", Text, nullable=False),  # JSON: seconds, iterations, seed
    Column("result", Text, nullable=True),  # JSON: the answer of a done analysis
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)
