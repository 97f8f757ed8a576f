"""Every route's dependencies run on the event loop: FastAPI runs a plain function
dependency in a thread of its pool, and a move's three checks (server, game id, token)
each cost a thread hop, the loop a wake-up and the GIL handed over and back."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute, APIWebSocketRoute

from cuberail.server.app import ROUTERS


def calls(dependant: Dependant) -> Iterator[Any]:
    for sub in dependant.dependencies:
        yield sub.call
        yield from calls(sub)


def test_no_route_dependency_runs_in_a_thread() -> None:
    routes = [r for router in ROUTERS for r in router.routes
              if isinstance(r, (APIRoute, APIWebSocketRoute))]
    found = [(route.path, call) for route in routes for call in calls(route.dependant)]
    assert any(path == "/api/games/{game_id}/actions" for path, _ in found)
    in_threads = [(path, getattr(call, "__name__", call)) for path, call in found
                  if not inspect.iscoroutinefunction(call)]
    assert in_threads == []
