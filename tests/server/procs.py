"""Real server processes for the fault and multi-process tests (always killed at the end)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from pgcluster import free_port

SRC = Path(__file__).resolve().parents[2] / "src"


def start(database_url: str, port: int | None = None,
          extra: tuple[str, ...] = ()) -> tuple[subprocess.Popen[bytes], str]:
    """`cuberail serve` on a free port (``extra``: more options); returns the process and its
    base URL once it answers."""
    port = port or free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    # A file, not a pipe (a full pipe would block the server); it lives as long as the server.
    errors = tempfile.TemporaryFile()  # noqa: SIM115
    proc = subprocess.Popen([sys.executable, "-m", "cuberail.cli.main", "serve", "--port",
                             str(port), "--database-url", database_url, "--bot-time", "5", *extra],
                            env=env, stdout=subprocess.DEVNULL, stderr=errors,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            errors.seek(0)
            raise RuntimeError(f"the server died: {errors.read().decode()[-2000:]}")
        try:
            if httpx.get(base + "/api/titles", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    kill(proc)
    raise RuntimeError("the server did not start within 30 s")


def kill(proc: subprocess.Popen[bytes]) -> None:
    """kill -9 the server, then reap it; its bot workers notice and exit by themselves."""
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)


def workers_of(proc: subprocess.Popen[bytes]) -> list[int]:
    """The processes left in the server's session (its bot workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and entry.name != str(proc.pid):
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == proc.pid:  # the session id is the server's pid
                found.append(int(entry.name))
    return found


@contextmanager
def server(database_url: str, port: int | None = None,
           extra: tuple[str, ...] = ()) -> Iterator[str]:
    proc, base = start(database_url, port, extra)
    try:
        yield base
    finally:
        kill(proc)
