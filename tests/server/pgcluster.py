"""A throwaway PostgreSQL cluster for the tests (or the one named by CUBERAIL_TEST_PG_URL).

PostgreSQL refuses to run as root, so as root the cluster is created and started as
the ``postgres`` user (``runuser``) in a temporary directory that user owns.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def pg_bin() -> Path | None:
    """The directory of initdb and pg_ctl, or None when PostgreSQL is not installed."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_owner(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


@contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster on a free port; yields a server URL (no database name); stops it."""
    binary = pg_bin()
    if binary is None:
        raise FileNotFoundError("no PostgreSQL binaries (initdb) on this machine")
    root = Path(tempfile.mkdtemp(prefix="cuberail-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    data, port = root / "data", free_port()
    run = {"check": True, "capture_output": True, "timeout": 120}
    subprocess.run(_as_owner([str(binary / "initdb"), "-D", str(data), "-U", "postgres",
                              "--auth=trust", "-E", "UTF8"]), **run)  # type: ignore[call-overload]
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(_as_owner([str(binary / "pg_ctl"), "-D", str(data), "-o", opts, "-l",
                              str(root / "log"), "-w", "start"]), **run)  # type: ignore[call-overload]
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(_as_owner([str(binary / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                  "-w", "stop"]), capture_output=True, timeout=60, check=False)
        shutil.rmtree(root, ignore_errors=True)


def new_database(server_url: str) -> str:
    """A fresh empty database on the server; returns its SQLAlchemy URL."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    dsn = server_url.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{server_url}/{name}"
