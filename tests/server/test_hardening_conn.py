"""`cuberail serve` bounds its connections: a cap on connections at once (503 past it), a
deadline for request bodies (408), a cap on the size of a request's head, and HTTPS with
a certificate of the host's own."""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import procs
import pytest
from pgcluster import free_port

from cuberail.cli.main import main


def exchange(base: str, raw: bytes, wait: float = 10.0) -> bytes:
    """Send ``raw`` on a new connection; what the server answers until it closes or waits
    ``wait`` seconds."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=wait) as sock:
        sock.sendall(raw)
        out = b""
        try:
            while chunk := sock.recv(65536):
                out += chunk
                if b"\r\n\r\n" in out and out.split(b"\r\n\r\n", 1)[1]:
                    break
        except TimeoutError:
            pass
        return out


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("conn") / "server.sqlite3"
    with procs.server(f"sqlite:///{db}", extra=(
            "--body-timeout", "1", "--limit-concurrency", "8", "--max-header-size",
            "2048")) as base:
        yield base


def test_a_body_that_never_arrives_answers_408(served: str) -> None:
    started = time.monotonic()
    answer = exchange(served, b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type:"
                              b" application/json\r\nContent-Length: 100\r\n\r\n{\"ti")
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert b"did not arrive within 1 s" in answer
    assert time.monotonic() - started < 8


def test_a_body_over_the_cap_is_refused_from_its_length_before_it_is_sent(
        served: str) -> None:
    answer = exchange(served, b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type:"
                              b" application/json\r\nContent-Length: 100000000\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]


def test_a_head_growing_past_the_cap_is_refused(served: str) -> None:
    """Headers that never end are not buffered past --max-header-size."""
    answer = exchange(served, b"GET /api/titles HTTP/1.1\r\nHost: x\r\nX-Big: "
                      + b"a" * 8192)
    assert answer.split(b" ", 2)[1] in (b"400", b"431"), answer[:200]
    assert httpx.get(served + "/api/titles").status_code == 200  # others are served


def test_connections_past_the_cap_answer_503(served: str) -> None:
    host, port = served.removeprefix("http://").split(":")
    idle = [socket.create_connection((host, int(port))) for _ in range(8)]
    try:
        time.sleep(0.3)
        reply = httpx.get(served + "/api/titles")
        assert reply.status_code == 503
    finally:
        for sock in idle:
            sock.close()
    deadline = time.monotonic() + 10
    while httpx.get(served + "/api/titles").status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.1)


@pytest.mark.parametrize(("args", "said"), [
    (["--limit-concurrency", "0"], "--limit-concurrency must be from 1"),
    (["--body-timeout", "nan"], "--body-timeout must be from 1"),
    (["--max-header-size", "10"], "--max-header-size must be from 1024"),
    (["--ssl-certfile", "cert.pem"], "--ssl-certfile and --ssl-keyfile go together"),
    (["--ssl-certfile", "/nonexistent.pem", "--ssl-keyfile", "/nonexistent.key"],
     "--ssl-certfile '/nonexistent.pem': no such readable file"),
])
def test_serve_refuses_bad_connection_options(args: list[str], said: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--database-url", "sqlite:///x.db", *args]) == 2
    assert said in capsys.readouterr().err


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key (cryptography, else openssl, else skip)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    try:
        make_with_cryptography(cert, key)
    except ImportError:
        if shutil.which("openssl") is None:
            pytest.skip("neither the cryptography package nor openssl is installed")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days",
                        "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-keyout", str(key), "-out", str(cert)], check=True,
                       capture_output=True)
    return cert, key


def make_with_cryptography(cert_path: Path, key_path: Path) -> None:
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=2))
            .add_extension(x509.SubjectAlternativeName(
                [x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))


def test_serve_speaks_https_with_the_hosts_certificate(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(procs.SRC)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cuberail.cli.main", "serve", "--port", str(port),
         "--database-url", f"sqlite:///{tmp_path / 'db.sqlite3'}", "--ssl-certfile",
         str(cert), "--ssl-keyfile", str(key)], env=env, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, start_new_session=True, text=True)
    try:
        assert proc.stdout is not None
        announced = proc.stdout.readline()
        assert f"cuberail server on https://127.0.0.1:{port}" in announced
        trust = ssl.create_default_context(cafile=str(cert))
        reply = None
        deadline = time.monotonic() + 30
        while reply is None:
            try:
                reply = httpx.get(f"https://127.0.0.1:{port}/api/titles", verify=trust)
            except httpx.ConnectError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.1)
        assert reply.status_code == 200 and reply.json()
        made = httpx.post(f"https://127.0.0.1:{port}/api/games", verify=trust,
                          json={"title": "chicago-express", "players": 3})
        assert made.json()["owner_url"].startswith(f"https://127.0.0.1:{port}/g/")
        with pytest.raises(httpx.HTTPError):  # plain HTTP is not served on that port
            httpx.get(f"http://127.0.0.1:{port}/api/titles", timeout=3)
    finally:
        procs.kill(proc)  # type: ignore[arg-type]
