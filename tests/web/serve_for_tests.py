"""Run the real game server for the browser tests: ``python serve_for_tests.py PORT DB``.

A script (not imported by tests): the server runs in its own process, as in production,
with SQLite in the test's temporary directory and a short bot time limit.
"""

from __future__ import annotations

import sys

import uvicorn

from cuberail.server.app import create_app
from cuberail.server.config import Settings


def main() -> None:
    port, db = int(sys.argv[1]), sys.argv[2]
    app = create_app(Settings(database_url=f"sqlite:///{db}", bot_time_limit=2.0))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
