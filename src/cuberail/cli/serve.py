"""``cuberail serve``: the game server (HTTP + WebSocket) on SQLite or PostgreSQL."""

from __future__ import annotations

import argparse
import errno
import ipaddress
import math
import os
import socket
from typing import Any
from urllib.parse import urlsplit

from cuberail.cli.analyse import search_budget
from cuberail.core.errors import CuberailError

ANALYSIS_MAX_SECONDS = 5.0
ANALYSIS_MAX_ITERATIONS = 20_000
BOT_MAX_SECONDS = 600.0
BOT_MAX_WORKERS = 64
# The connection limits of `cuberail serve`: (option, smallest, largest) of each number.
CONNECTION_LIMITS = (("limit_concurrency", 1, 1_000_000), ("timeout_keep_alive", 1, 3600),
                     ("backlog", 1, 65535), ("max_header_size", 1024, 1024 * 1024),
                     ("body_timeout", 1, 3600), ("bot_seats_per_address", 0, 10_000),
                     ("bot_max_iterations", 1, 5000))


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from cuberail.server.analysis import AnalysisSettings
        from cuberail.server.app import create_app
        from cuberail.server.config import Settings, default_database_url
    except ImportError as exc:
        raise CuberailError(f"the server needs its extra: pip install 'cuberail[server]'"
                            f" ({exc.name} is missing)") from None
    url = args.database_url or default_database_url()
    if not url.startswith(("sqlite:", "postgresql")):
        raise CuberailError(f"--database-url {url[:60]!r}: use sqlite:///FILE or"
                            " postgresql+psycopg://USER@HOST/DB")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    _check_limits(args)
    tls = _tls_files(args)
    scheme = "https" if tls else "http"
    public = (_public_url(args.public_url) if args.public_url
              else _base(args.host, args.port, scheme))
    settings = Settings(url, public, bot_time_limit=args.bot_time,
                        sqlite_sync=args.sqlite_sync.upper(), bot_workers=args.bot_workers,
                        bot_processes=True, allow_private_webhooks=args.allow_private_webhooks,
                        rate_limits=not args.no_rate_limits, body_timeout=args.body_timeout,
                        bot_seats_per_address=args.bot_seats_per_address or None,
                        bot_max_iterations=args.bot_max_iterations)
    budget = _analysis_budget(args)
    proxies = _trusted_proxies(args.forwarded_allow_ips)
    analysis = AnalysisSettings(budget[0], budget[1], workers=args.analysis_workers,
                                processes=True)
    if args.check:
        from cuberail.cli import doctor

        return doctor.report(args, url, public, proxies)
    listener = listen(args.host, args.port)
    print(f"cuberail server on {_base(args.host, args.port, scheme)} (invite links:"
          f" {public}); database: {safe_url(url)}", flush=True)
    config = uvicorn.Config(create_app(settings, analysis), host=args.host, port=args.port,
                            log_level=args.log_level, ws_max_size=64 * 1024, proxy_headers=True,
                            forwarded_allow_ips=proxies,
                            # small events: compression only costs CPU
                            ws_per_message_deflate=False, **connection_options(args, tls))
    uvicorn.Server(config).run(sockets=[listener])
    return 0


def _check_limits(args: argparse.Namespace) -> None:
    """The numbers of the command line, each in its range (a bad one would only fail later,
    in the middle of a game)."""
    if not 1 <= args.port <= 65535:
        raise CuberailError(f"--port must be from 1 to 65535, not {args.port}")
    if not (math.isfinite(args.bot_time) and 0.01 <= args.bot_time <= BOT_MAX_SECONDS):
        raise CuberailError(f"--bot-time must be from 0.01 to {BOT_MAX_SECONDS:g} seconds,"
                            f" not {args.bot_time}")
    if not 1 <= args.bot_workers <= BOT_MAX_WORKERS:
        raise CuberailError(f"--bot-workers must be from 1 to {BOT_MAX_WORKERS},"
                            f" not {args.bot_workers}")
    for name, low, high in CONNECTION_LIMITS:
        value = getattr(args, name)
        if not (math.isfinite(value) and low <= value <= high):
            raise CuberailError(f"--{name.replace('_', '-')} must be from {low} to {high},"
                                f" not {value}")


def connection_options(args: argparse.Namespace,
                       tls: tuple[str, str] | None) -> dict[str, Any]:
    """uvicorn's limits on connections (and its TLS files): a cap on connections and
    requests at once (503 past it), idle keep-alive, the listen backlog, the size of a
    request's head (h11 enforces it: the default parser), and HTTPS."""
    from cuberail.server.protocols import WebSockets, http_protocol

    options: dict[str, Any] = {
        "limit_concurrency": args.limit_concurrency, "backlog": args.backlog,
        "timeout_keep_alive": args.timeout_keep_alive, "http": http_protocol(args.http),
        "ws": WebSockets,
        "h11_max_incomplete_event_size": args.max_header_size,
        "timeout_graceful_shutdown": 10}
    if tls is not None:
        options["ssl_certfile"], options["ssl_keyfile"] = tls
    return options


def _tls_files(args: argparse.Namespace) -> tuple[str, str] | None:
    """``--ssl-certfile`` and ``--ssl-keyfile``: both or neither, each a readable file."""
    cert, key = args.ssl_certfile, args.ssl_keyfile
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise CuberailError("--ssl-certfile and --ssl-keyfile go together: give both (the"
                            " certificate chain and its private key, PEM files)")
    for option, path in (("--ssl-certfile", cert), ("--ssl-keyfile", key)):
        if not os.path.isfile(path) or not os.access(path, os.R_OK):
            raise CuberailError(f"{option} {path[:120]!r}: no such readable file")
    return cert, key


def _base(host: str, port: int, scheme: str = "http") -> str:
    """The server's own address as a URL (an IPv6 address in brackets)."""
    return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"


def _public_url(value: str) -> str:
    """``--public-url`` checked: an http(s) URL with a host, no query or fragment."""
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        parts = None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname
            or parts.query or parts.fragment):
        raise CuberailError(f"--public-url {value[:80]!r} is not a base URL; give one such as"
                            " https://games.example or https://example.org/cuberail")
    return value.rstrip("/")


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port``, for the server to listen on.

    Bound here, before the server starts, so that a busy port or an address this machine
    does not have is a one-line message naming it (not a log line and exit code 3 from
    inside uvicorn), and the address announced is the one served.
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise CuberailError(f"--host {host[:80]!r}: not an address or a known name"
                            f" ({getattr(exc, 'strerror', None) or exc})") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        why = exc.strerror or str(exc)
        hint = ("another program (or another cuberail server) listens there: choose another"
                " --port" if exc.errno == errno.EADDRINUSE else
                "use an address of this machine, such as 127.0.0.1 or 0.0.0.0 (all)"
                if exc.errno == errno.EADDRNOTAVAIL else
                "ports below 1024 need administrator rights" if exc.errno == errno.EACCES
                else "check --host and --port")
        raise CuberailError(f"cannot listen on {host}:{port}: {why}; {hint}") from None
    sock.set_inheritable(True)
    return sock


def _analysis_budget(args: argparse.Namespace) -> tuple[float | None, int | None]:
    """The per-position budget of game analyses: seconds, or iterations (reproducible)."""
    if not 0 <= args.analysis_workers <= 64:
        raise CuberailError(f"--analysis-workers must be from 0 (no analysis) to 64, not"
                            f" {args.analysis_workers}")
    return search_budget(args.analysis_seconds, args.analysis_iterations, ANALYSIS_MAX_SECONDS,
                         ANALYSIS_MAX_ITERATIONS, "--analysis-")


def _trusted_proxies(value: str) -> list[str]:
    """The addresses whose X-Forwarded-For is believed, checked: IPs, networks or ``*``."""
    items = [item.strip() for item in value.split(",") if item.strip()]
    for item in items:
        if item == "*":
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise CuberailError(
                f"--forwarded-allow-ips: {item[:60]!r} is not an IP address or network;"
                " give addresses such as 127.0.0.1,10.0.0.0/8 (or * for any)") from None
    return items


def safe_url(url: str) -> str:
    """The URL without its password, for the log."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "serve", help="run the game server (play with friends over the internet)",
        description="Run the game server. By default on http://127.0.0.1:8000 with an SQLite"
        " database in your data directory; --database-url postgresql+psycopg://... for"
        " production (several processes may share one PostgreSQL).")
    p.add_argument("--check", action="store_true",
                   help="start nothing: check the setup these options give (database"
                        " reachable and writable, open-file limit, proxy headers, TLS, rate"
                        " limits, bot caps) and exit 1 if something would fail")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--database-url", help="sqlite:///FILE or postgresql+psycopg://USER@HOST/DB")
    p.add_argument("--public-url", help="the base of invite links, e.g. https://games.example"
                   " (default http://HOST:PORT)")
    p.add_argument("--bot-time", type=float, default=10.0,
                   help="seconds a bot may search for one move (default 10)")
    p.add_argument("--bot-workers", type=int, default=2,
                   help="processes searching bot moves at once (default 2)")
    p.add_argument("--bot-seats-per-address", type=int, default=30, metavar="N",
                   help="bot seats one address may have in unfinished games (default 30; 0:"
                   " no cap): one client cannot keep every bot worker busy")
    p.add_argument("--bot-max-iterations", type=int, default=5000, metavar="N",
                   help="the strongest bot a game may seat: mcts:N up to this N (default 5000)")
    p.add_argument("--analysis-seconds", type=float, default=0.1,
                   help="search time per position when analysing a finished game (default"
                   " 0.1: a game of 250 decisions takes about 25 s of one core)")
    p.add_argument("--analysis-iterations", type=int,
                   help="search iterations per position instead of a time (reproducible:"
                   " the same as `cuberail analyse --iterations N --seed 1`)")
    p.add_argument("--analysis-workers", type=int, default=1,
                   help="games analysed at once, at low priority; more wait in a queue"
                   " (default 1; 0 turns analysis off)")
    p.add_argument("--sqlite-sync", default="normal", choices=["normal", "full"],
                   help="SQLite durability: normal (default) keeps every accepted move through a"
                   " killed server; full also through a power cut, at an fsync per move")
    p.add_argument("--allow-private-webhooks", action="store_true",
                   help="let seat webhooks call loopback, private and link-local addresses"
                   " (a server on a LAN; by default only public addresses are called)")
    p.add_argument("--no-rate-limits", action="store_true",
                   help="no per-address limits on new games, chat, seat claims, webhook"
                   " changes, hints, board drawings and seat link codes (load tests; by"
                   " default past them the server answers 429)")
    p.add_argument("--forwarded-allow-ips", metavar="IPS",
                   default=os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1"),
                   help="reverse proxies trusted to name the client in X-Forwarded-For,"
                   " comma-separated addresses or networks (default 127.0.0.1,::1: a proxy on this"
                   " machine, or $FORWARDED_ALLOW_IPS): rate limits and logs then count the"
                   " client's address, not the proxy's. * trusts anyone, which lets any client"
                   " choose its address: only behind a proxy that is the sole way in")
    _connection_arguments(p)
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(func=cmd_serve)


def _connection_arguments(p: argparse.ArgumentParser) -> None:
    """The options on connections: limits, timeouts, TLS."""
    p.add_argument("--limit-concurrency", type=int, default=4000, metavar="N",
                   help="connections (WebSockets included) and requests at once; past it"
                   " the server answers 503 (default 4000; keep it under `ulimit -n`)")
    p.add_argument("--timeout-keep-alive", type=int, default=5, metavar="SECONDS",
                   help="close an idle HTTP connection after this long (default 5)")
    p.add_argument("--body-timeout", type=float, default=30.0, metavar="SECONDS",
                   help="answer 408 when a request body takes longer to arrive (default 30)")
    p.add_argument("--backlog", type=int, default=2048,
                   help="connections waiting to be accepted (default 2048)")
    p.add_argument("--max-header-size", type=int, default=16 * 1024, metavar="BYTES",
                   help="largest request line and headers (default 16384; with --http h11)")
    p.add_argument("--http", default="h11", choices=["h11", "httptools"],
                   help="the HTTP parser: h11 (default; enforces --max-header-size) or"
                   " httptools (faster, no limit on the headers' size)")
    p.add_argument("--ssl-certfile", metavar="PEM",
                   help="serve HTTPS with this certificate (chain), with --ssl-keyfile; a"
                   " server without a TLS proxy in front should use it")
    p.add_argument("--ssl-keyfile", metavar="PEM", help="the certificate's private key")
