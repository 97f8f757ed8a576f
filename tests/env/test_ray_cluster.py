"""The documented Ray cluster recipe with token authentication, on a real local cluster.

A head started with ``ray start --head`` (token authentication on, as Ray turns it on
by default when a token exists), then ``cuberail tournament --backend ray --address``
in a separate process: with the token it gives the records of a local run, byte for
byte; without it, it fails and says how to give the token.

The cluster is stopped by killing its own process group, not ``ray stop``: that
stops every Ray process of the user on the machine (it finds them by name),
including the local Rays of other tests running beside this one.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ray", reason="the Ray cluster test needs ray (the research extra)")

from tests.env.test_ray import _summary

from cuberail.cli.main import main

RAY = str(Path(sys.executable).with_name("ray"))
GAME = ["tournament", "ce", "--players", "2", "--bots", "random", "--games", "2", "--seed", "3"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env(home: Path, **extra: str) -> dict[str, str]:
    """A clean environment: its own HOME (so its own ~/.ray/auth_token), no Ray settings
    but ``extra``, and Ray on the loopback address only."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(HOME=str(home), RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0", **extra)
    return env


@pytest.fixture
def head() -> Iterator[tuple[str, str]]:
    """A one-CPU head with token authentication: (address, token)."""
    with tempfile.TemporaryDirectory(prefix="cr-ray-") as tmp:  # short: Ray's socket paths
        home = Path(tmp) / "home"
        home.mkdir()
        env, port = _env(home), _free_port()
        token = subprocess.run([RAY, "get-auth-token", "--generate"], env=env, check=True,
                               capture_output=True, text=True, timeout=60).stdout.strip()
        cmd = [RAY, "start", "--head", f"--port={port}", "--num-cpus=1",
               f"--temp-dir={tmp}/t", "--disable-usage-stats", "--include-dashboard=false",
               f"--dashboard-agent-listen-port={_free_port()}",
               f"--ray-client-server-port={_free_port()}"]
        proc = subprocess.Popen(cmd, env=env, start_new_session=True, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            out, _ = proc.communicate(timeout=60)
            assert proc.returncode == 0, out[-2000:]
            yield f"127.0.0.1:{port}", token
        finally:
            _stop(proc.pid)


def _stop(pgid: int) -> None:
    """Kill the head's processes: its process group (ray start made them in it)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            return
        time.sleep(1.0)


def _cuberail(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    code = "import sys; from cuberail.cli.main import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], env=env, text=True,
                          capture_output=True, timeout=90)


def test_a_token_cluster_gives_the_local_records_and_refuses_a_driver_without_the_token(
        head: tuple[str, str], tmp_path: Path) -> None:
    address, token = head
    client_home = tmp_path / "client-home"  # no ~/.ray/auth_token here
    client_home.mkdir()
    assert main([*GAME, "--out", str(tmp_path / "local")]) == 0
    ray_args = [*GAME, "--backend", "ray", "--address", address]
    good = _cuberail([*ray_args, "--out", str(tmp_path / "ray")],
                     _env(client_home, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token))
    assert good.returncode == 0, good.stderr[-2000:]
    local = sorted((tmp_path / "local").glob("game-*.json"))
    assert len(local) == 2
    for record in local:
        assert record.read_bytes() == (tmp_path / "ray" / record.name).read_bytes()
    assert _summary(tmp_path / "local") == _summary(tmp_path / "ray")
    bad = _cuberail([*ray_args, "--out", str(tmp_path / "bad")], _env(client_home))
    assert bad.returncode == 2, bad.stderr[-2000:]
    last = bad.stderr.strip().splitlines()[-1]
    assert "could not start or reach the Ray cluster" in last
    assert "RAY_AUTH_MODE=token" in last and "RAY_AUTH_TOKEN" in last
