"""``cuberail serve --check``: what a host's setup lacks, before the server goes live.

Each check gives a finding: ``ok``, ``warn`` (the server runs, but something a host on
the internet should know) or ``fail`` (the server would not work). The exit status is 1
when anything fails. The checks use the same options as ``cuberail serve`` and start
nothing: the database is connected to and written to in a transaction rolled back.
"""

from __future__ import annotations

import argparse
import ipaddress
import resource
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from cuberail.cli.serve import safe_url

OK, WARN, FAIL = "ok", "warn", "fail"
# File descriptors the server needs beside its connections: database, logs, workers.
SPARE_FILES = 64


@dataclass(frozen=True)
class Finding:
    level: str
    topic: str
    text: str

    def line(self) -> str:
        return f"{self.level:<4}  {self.topic}: {self.text}"


def is_public(host: str) -> bool:
    """Whether the server listens beyond this machine (every address, or a public one)."""
    if host in ("", "0.0.0.0", "::"):
        return True
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host != "localhost"


def database(url: str) -> list[Finding]:
    """Reachable, and writable: a table created and dropped in a rolled-back transaction."""
    from sqlalchemy import create_engine, text

    out = _sqlite_file(url)
    if out:
        return out
    engine = create_engine(url)
    try:
        with engine.connect() as conn, conn.begin() as tx:
            conn.execute(text("CREATE TEMPORARY TABLE cuberail_check (n INTEGER)"))
            conn.execute(text("INSERT INTO cuberail_check VALUES (1)"))
            tx.rollback()
    except Exception as error:
        said = str(getattr(error, "orig", None) or error).strip().splitlines() or ["?"]
        return [Finding(FAIL, "database", f"cannot connect and write: {said[0][:200]}")]
    finally:
        engine.dispose()
    return [Finding(OK, "database", f"{safe_url(url)}: reachable and writable")]


def _sqlite_file(url: str) -> list[Finding]:
    """An SQLite file's own findings; none when it exists and is free (then connect)."""
    from cuberail.server import dbfaults

    path = dbfaults.sqlite_path(url)
    if path is None:
        return []
    folder = path.parent
    if not folder.is_dir():
        return [Finding(FAIL, "database", f"the folder {folder} does not exist")]
    if dbfaults.read_only(path):
        return [Finding(FAIL, "database", f"{path} (or its folder) is read-only for this user")]
    lock = dbfaults.FileLock(path)
    try:
        if not lock.claim():
            return [Finding(WARN, "database", f"{path} is in use by another cuberail server"
                                              " (use one server per SQLite file, or"
                                              " PostgreSQL for several processes)")]
    finally:
        lock.release()
    if path.exists():
        return []
    return [Finding(OK, "database", f"{path} does not exist yet: the server creates it")]



def file_limit(limit_concurrency: int) -> Finding:
    """The open-file limit against the connection cap (each connection is a file)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = limit_concurrency + SPARE_FILES
    if soft != resource.RLIM_INFINITY and soft < need:
        return Finding(WARN, "open files", f"the limit is {soft} (hard {hard}), below"
                       f" --limit-concurrency {limit_concurrency} + {SPARE_FILES}: raise it"
                       f" (ulimit -n {need}, or LimitNOFILE={need} in the systemd unit) or"
                       " lower --limit-concurrency")
    return Finding(OK, "open files", f"limit {soft}, enough for {limit_concurrency} connections")


def proxies(host: str, trusted: list[str]) -> Finding:
    """Whose X-Forwarded-For the server believes: a proxy's, not everyone's."""
    if "*" in trusted and is_public(host):
        return Finding(WARN, "proxy headers", "--forwarded-allow-ips * on a public address:"
                       " any client can claim any address, and so escape the per-address"
                       " limits; name the proxy's address instead")
    return Finding(OK, "proxy headers", f"X-Forwarded-For believed from {', '.join(trusted)}")


def tls(args: argparse.Namespace, public_url: str) -> Finding:
    """HTTPS: served here (the files load), or by a proxy (the public URL says https)."""
    if args.ssl_certfile and args.ssl_keyfile:
        try:
            ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(
                args.ssl_certfile, args.ssl_keyfile)
        except (OSError, ssl.SSLError) as error:
            return Finding(FAIL, "tls", f"the certificate or key does not load: {error}")
        return Finding(OK, "tls", f"served here with {args.ssl_certfile}")
    if urlsplit(public_url).scheme == "https":
        return Finding(OK, "tls", "by the reverse proxy (--public-url is https)")
    if is_public(args.host):
        return Finding(WARN, "tls", "plain HTTP on a public address: seat tokens travel in"
                       " clear; put a TLS proxy in front (and --public-url https://...) or"
                       " give --ssl-certfile and --ssl-keyfile")
    return Finding(OK, "tls", "none, on a loopback address (a proxy may add it)")


def limits(args: argparse.Namespace) -> list[Finding]:
    """Rate limits and the caps on bots, which keep one visitor from starving the others."""
    out = []
    if args.no_rate_limits:
        level = WARN if is_public(args.host) else OK
        out.append(Finding(level, "rate limits", "off (--no-rate-limits): for load tests only"))
    else:
        out.append(Finding(OK, "rate limits", "on"))
    if not args.bot_seats_per_address and is_public(args.host):
        out.append(Finding(WARN, "bots", "no cap on bot seats per address"
                                         " (--bot-seats-per-address 0)"))
    else:
        out.append(Finding(OK, "bots", f"at most {args.bot_seats_per_address or 'any'} bot"
                           f" seats per address, bots up to mcts:{args.bot_max_iterations}"))
    return out


def report(args: argparse.Namespace, url: str, public_url: str, trusted: list[str]) -> int:
    """Print every finding; 1 when one fails, else 0."""
    findings = [*database(url), file_limit(args.limit_concurrency), proxies(args.host, trusted),
                tls(args, public_url), *limits(args)]
    for finding in findings:
        print(finding.line())
    failed = sum(f.level == FAIL for f in findings)
    warned = sum(f.level == WARN for f in findings)
    print(f"{failed} failed, {warned} warnings" if failed or warned else "all good")
    return 1 if failed else 0

