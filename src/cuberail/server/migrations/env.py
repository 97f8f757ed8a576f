"""Alembic environment: runs on the connection handed over by :mod:`cuberail.server.storage`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from cuberail.server.models import metadata

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # run from the alembic command line: use the configured URL
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
