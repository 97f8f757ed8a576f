"""Test helper: a store whose database stands at an older migration revision."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from cuberail.server.storage import MIGRATIONS, Store


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
