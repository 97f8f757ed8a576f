"""The game server: HTTP + WebSocket API, storage (SQLAlchemy + Alembic), seats and
tokens, the bot runner, broadcasts and notifications.

The action log in the database is the truth; a game's state is rebuilt from it by the
engine (the only rule authority). Start it with ``cuberail serve`` or
:func:`cuberail.server.app.create_app`.
"""
