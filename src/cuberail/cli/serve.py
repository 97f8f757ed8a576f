"""``cuberail serve``: the game server (HTTP + WebSocket) on SQLite or PostgreSQL."""

from __future__ import annotations

import argparse
import errno
import ipaddress
import math
import os
import socket
from urllib.parse import urlsplit

from cuberail.cli.analyse import search_budget
from cuberail.core.errors import CuberailError

ANALYSIS_MAX_SECONDS = 5.0
ANALYSIS_MAX_ITERATIONS = 20_000
BOT_MAX_SECONDS = 600.0
BOT_MAX_WORKERS = 64


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
    public = _public_url(args.public_url) if args.public_url else _base(args.host, args.port)
    settings = Settings(url, public, bot_time_limit=args.bot_time,
                        sqlite_sync=args.sqlite_sync.upper(), bot_workers=args.bot_workers,
                        bot_processes=True, allow_private_webhooks=args.allow_private_webhooks,
                        rate_limits=not args.no_rate_limits)
    budget = _analysis_budget(args)
    proxies = _trusted_proxies(args.forwarded_allow_ips)
    analysis = AnalysisSettings(budget[0], budget[1], workers=args.analysis_workers,
                                processes=True)
    listener = listen(args.host, args.port)
    print(f"cuberail server on {_base(args.host, args.port)} (invite links: {public});"
          f" database: {_safe(url)}", flush=True)
    config = uvicorn.Config(create_app(settings, analysis), host=args.host, port=args.port,
                            log_level=args.log_level, ws_max_size=64 * 1024, proxy_headers=True,
                            forwarded_allow_ips=proxies,
                            # small events: compression only costs CPU
                            ws_per_message_deflate=False)
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


def _base(host: str, port: int) -> str:
    """The server's own address as a URL (an IPv6 address in brackets)."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


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


def _safe(url: str) -> str:
    """The URL without its password, for the log."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "serve", help="run the game server (play with friends over the internet)",
        description="Run the game server. By default on http://127.0.0.1:8000 with an SQLite"
        " database in your data directory; --database-url postgresql+psycopg://... for"
        " production (several processes may share one PostgreSQL).")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--database-url", help="sqlite:///FILE or postgresql+psycopg://USER@HOST/DB")
    p.add_argument("--public-url", help="the base of invite links, e.g. https://games.example"
                   " (default http://HOST:PORT)")
    p.add_argument("--bot-time", type=float, default=10.0,
                   help="seconds a bot may search for one move (default 10)")
    p.add_argument("--bot-workers", type=int, default=2,
                   help="processes searching bot moves at once (default 2)")
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
                   help="no per-address limits on new games, chat, seat claims and webhook"
                   " changes (load tests; by default past them the server answers 429)")
    p.add_argument("--forwarded-allow-ips", metavar="IPS",
                   default=os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1"),
                   help="reverse proxies trusted to name the client in X-Forwarded-For,"
                   " comma-separated addresses or networks (default 127.0.0.1,::1: a proxy on this"
                   " machine, or $FORWARDED_ALLOW_IPS): rate limits and logs then count the"
                   " client's address, not the proxy's. * trusts anyone, which lets any client"
                   " choose its address: only behind a proxy that is the sole way in")
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(func=cmd_serve)
