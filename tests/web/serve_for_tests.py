"""Run the real game server for the browser tests: ``python serve_for_tests.py PORT DB``.

A script (not imported by tests): the server runs in its own process, as in production,
with SQLite in the test's temporary directory. Routes the page needs that the server
does not have yet are added by :mod:`server_routes` (reported to the server's owner).
"""

from __future__ import annotations

import sys
from pathlib import Path

import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cuberail.server.app import create_app
from cuberail.server.config import Settings
from server_routes import add_missing_routes


def main() -> None:
    port, db = int(sys.argv[1]), sys.argv[2]
    app = create_app(Settings(database_url=f"sqlite:///{db}", bot_time_limit=2.0))
    added = add_missing_routes(app)
    print(f"routes added for the tests: {added or 'none'}", flush=True)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
