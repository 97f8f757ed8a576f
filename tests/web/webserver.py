"""Start and stop the real game server for the browser tests (a process per server)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, db: Path) -> subprocess.Popen[str]:
    """The real server (uvicorn, SQLite file ``db``) in its own process, once it answers."""
    env = dict(os.environ)
    # The server process imports the same cuberail as this test process.
    import cuberail

    tree = str(Path(cuberail.__file__).parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([tree, env.get("PYTHONPATH", "")])
    proc = subprocess.Popen([sys.executable, str(HERE / "serve_for_tests.py"), str(port), str(db)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/titles", timeout=2):
                return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.stdout.read() if proc.stdout else ""
                proc.kill()
                pytest.fail(f"the server did not start:\n{out}")
            time.sleep(0.2)


def stop_server(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


