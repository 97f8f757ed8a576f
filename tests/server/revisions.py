"""Test helper: a store whose database stands at an older migration revision."""

from __future__ import annotations

from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import text

from cuberail.server.storage import MIGRATIONS, Store, now


def at_revision(url: str, revision: str) -> tuple[Store, Config]:
    """A store at ``revision`` (upgraded that far only) and the Alembic config that did it
    (to go down again); the caller adds rows, then ``store.migrate()`` runs the rest."""
    store = Store(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with store.writer.connect() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
        conn.commit()
    return store, cfg


def old_game(store: Store, **columns: Any) -> None:
    """Add game ``old`` (Trans-Siberian, three seats named Ann) as a database at an older
    revision holds it: the columns of revision 0001 and ``columns`` (e.g. ``is_open``,
    ``hints``, added by later revisions)."""
    values = {"t": now(), "f": False, **columns}
    names = "".join(f", {name}" for name in columns)
    marks = "".join(f", :{name}" for name in columns)
    with store.writer.connect() as conn:
        conn.execute(text("INSERT INTO games (id, title, name, rules_version, options,"
                          f" owner_hash, seed, over, created{names}) VALUES ('old',"
                          f" 'trans-siberian', '', 1, '{{}}', 'x', 1, :f, :t{marks})"), values)
        for seat in range(3):
            conn.execute(text("INSERT INTO seats (game_id, seat, name) VALUES ('old', :s,"
                              " 'Ann')"), {"s": seat})
        conn.commit()
