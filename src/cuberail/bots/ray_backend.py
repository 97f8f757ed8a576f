"""Run independent jobs (tournament games, self-play shards) as Ray tasks, on one machine or a
cluster. Needs the ``research`` extra (``ray``).

``address=None`` starts a private Ray on this machine (or joins the one already
started in this process); ``address="auto"`` or ``"HOST:6379"`` joins a cluster
started with ``ray start --head`` (workers: ``ray start --address HOST:6379``).
Every node needs cuberail installed, at the same version as the driver.

Token authentication (Ray 2.52 and later): ``ray start --head`` turns it on when
``RAY_AUTH_MODE=token`` or, with ``RAY_AUTH_MODE`` unset, when a token exists
(``RAY_AUTH_TOKEN``, the file named by ``RAY_AUTH_TOKEN_PATH``, or
``~/.ray/auth_token``, which a local ``ray.init()`` writes). A worker node or a
driver joining by an explicit address never turns it on by itself: it needs
``RAY_AUTH_MODE=token`` and the same token, or Ray fails with "Authentication token
is missing or incorrect"; :func:`connect` then says so.

Results come back to the driver as they finish (in any order); at most two tasks
per cluster CPU are in flight, so Ctrl-C is answered quickly: it cancels what
is still queued or running and re-raises :class:`KeyboardInterrupt`. A Ray
started here is shut down again when the jobs are done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from cuberail.core.errors import CuberailError

T = TypeVar("T")
R = TypeVar("R")


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise CuberailError("--backend ray needs Ray: pip install 'cuberail[research]'"
                            " (or pip install 'ray[default]')") from None
    return ray


def connect(address: str | None) -> tuple[Any, bool]:
    """Ray, connected; True when this call started it (and so must shut it down)."""
    ray = _ray()
    if ray.is_initialized():
        return ray, False
    failures = (ConnectionError, RuntimeError, ValueError,
                getattr(ray.exceptions, "AuthenticationError", RuntimeError))
    try:
        if address is None:
            ray.init(include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        else:
            ray.init(address=address, logging_level="ERROR", log_to_driver=False)
    except failures as exc:
        where = "a local Ray" if address is None else f"the Ray cluster at {address!r}"
        hint = "" if address is None else f" ({AUTH_HINT})"
        raise CuberailError(f"could not start or reach {where}: {_first_line(exc)}{hint}"
                            ) from None
    return ray, True


AUTH_HINT = ("if the cluster uses token authentication, set RAY_AUTH_MODE=token and give"
             " the head's token (`ray get-auth-token` there) as RAY_AUTH_TOKEN, a file named by"
             " RAY_AUTH_TOKEN_PATH, or ~/.ray/auth_token; see docs/research.md, Ray")


def _first_line(exc: BaseException) -> str:
    """Ray's message without its long help text (the hint above says what to do)."""
    text = getattr(exc, "message", None) or str(exc)
    return str(text).splitlines()[0] if text else type(exc).__name__


def map_unordered(fn: Callable[[T], R], jobs: Sequence[T], address: str | None = None
                  ) -> Iterator[R]:
    """``fn(job)`` for every job as a Ray task; results as they finish."""
    ray, started = connect(address)
    remote = ray.remote(num_cpus=1, max_retries=2)(fn)
    limit = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
    queue = list(jobs)
    pending: list[Any] = []
    try:
        while queue or pending:
            while queue and len(pending) < limit:
                pending.append(remote.remote(queue.pop(0)))
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
