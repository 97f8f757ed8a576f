"""Server settings: where the database is, the public base URL, limits."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def default_database_url() -> str:
    """An SQLite file in the user's data directory (created when missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("cuberail", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.sqlite3'}"


@dataclass(frozen=True)
class Settings:
    database_url: str
    public_url: str | None = None  # the base of invite links; None: the request's base URL
    bot_time_limit: float = 10.0  # seconds a bot may search for one move
    bot_workers: int = 2
    bot_processes: bool = False  # search in worker processes (serve) or threads (tests)
    body_limit: int = 64 * 1024  # bytes of a request body (imports may be bigger)
    import_limit: int = 2 * 1024 * 1024
    sqlite_sync: str = "NORMAL"  # NORMAL: survives kill -9, not a power cut; FULL: both
    allow_private_webhooks: bool = False  # webhooks may call LAN/loopback addresses (LAN use)
    rate_limits: bool = False  # 429 past the write rates of server.limits.RULES (serve: on)
    # threads drawing boards and replaying positions (not the moves'); None: by the cores
    # this process may use (:func:`drawing_workers_for`)
    draw_workers: int | None = None
    draw_queue: int = 32  # drawings waiting for them; past it 503 with Retry-After
    # each drawing thread hands its drawing to a worker process (server.drawers), so that
    # drawings never hold the GIL the moves need; None: as ``bot_processes`` (serve: yes)
    draw_processes: bool | None = None
    body_timeout: float = 30.0  # seconds a request body may take to arrive (then 408)
    bot_seats_per_address: int | None = None  # bot seats in unfinished games (None: any)
    bot_max_iterations: int | None = None  # the strongest mcts:N allowed (None: mcts:5000)

    @property
    def drawing_workers(self) -> int:
        """How many drawings run at once (``draw_workers``, else by the cores)."""
        if self.draw_workers is not None:
            return self.draw_workers
        return drawing_workers_for(usable_cores())

    @property
    def draws_in_processes(self) -> bool:
        """Whether drawings and replays run in worker processes (see ``draw_processes``)."""
        return self.bot_processes if self.draw_processes is None else self.draw_processes


def usable_cores() -> int:
    """The CPUs this process may run on (its affinity where the OS says, else all)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def drawing_workers_for(cores: int) -> int:
    """Drawings at once on ``cores`` CPUs: one on up to two cores, where a second drawing
    only takes the CPU the server and its clients need (a flood of drawings raised the
    moves' p99 past 2x), else two."""
    return 1 if cores <= 2 else 2
