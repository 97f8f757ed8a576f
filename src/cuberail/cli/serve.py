"""``cuberail serve``: the game server (HTTP + WebSocket) on SQLite or PostgreSQL."""

from __future__ import annotations

import argparse
import ipaddress
import os

from cuberail.cli.analyse import search_budget
from cuberail.core.errors import CuberailError

ANALYSIS_MAX_SECONDS = 5.0
ANALYSIS_MAX_ITERATIONS = 20_000


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
    public = args.public_url or f"http://{args.host}:{args.port}"
    settings = Settings(url, public.rstrip("/"), bot_time_limit=args.bot_time,
                        sqlite_sync=args.sqlite_sync.upper(), bot_workers=args.bot_workers,
                        bot_processes=True, allow_private_webhooks=args.allow_private_webhooks,
                        rate_limits=not args.no_rate_limits)
    budget = _analysis_budget(args)
    proxies = _trusted_proxies(args.forwarded_allow_ips)
    analysis = AnalysisSettings(budget[0], budget[1], workers=args.analysis_workers,
                                processes=True)
    print(f"cuberail server on http://{args.host}:{args.port} (invite links: {public});"
          f" database: {_safe(url)}", flush=True)
    uvicorn.run(create_app(settings, analysis), host=args.host, port=args.port,
                log_level=args.log_level, ws_max_size=64 * 1024, proxy_headers=True,
                forwarded_allow_ips=proxies,
                ws_per_message_deflate=False)  # small events: compression only costs CPU
    return 0


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
