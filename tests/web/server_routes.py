"""The two read routes the game page needs, added to the app under test when missing.

``GET /api/games/{id}/board.svg?at=N``: the board drawn by :func:`cuberail.draw.board_svg`
(the one drawing), legal moves highlighted, at the current position or after N actions.
``GET /api/games/{id}/state?at=N``: ``{"index", "state", "moves"}`` after N actions (replay
and end-of-game charts). This is the code proposed to the server; once the server has
these routes, :func:`add_missing_routes` leaves the app as it is.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.responses import Response

from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.draw import board_svg
from cuberail.server.games import initial_state, labels


def _state_at(app: FastAPI, game_id: str, at: int | None) -> tuple[str, GameState, int]:
    service = app.state.server.service
    loaded = service.read(game_id)
    effective = loaded.snap.effective
    n = len(effective) if at is None else at
    if not 0 <= n <= len(effective):
        raise HTTPException(422, f"at must be 0 to {len(effective)} (actions in force)")
    if n == len(effective):
        return loaded.game.title, loaded.snap.state, n
    state = initial_state(loaded.game, len(loaded.seats))
    for entry in effective[:n]:
        state.apply_text(entry.action)
    return loaded.game.title, state, n


def add_missing_routes(app: FastAPI) -> list[str]:
    """Add the routes the app lacks; answer their paths."""
    have = {getattr(r, "path", "") for r in app.routes}
    added = []
    if "/api/games/{game_id}/board.svg" not in have:
        @app.get("/api/games/{game_id}/board.svg")
        def board(game_id: str, at: int | None = None) -> Response:
            title, state, _ = _state_at(app, game_id, at)
            moves = labels(title, state) if not state.is_terminal() else []
            try:
                svg = board_svg(title, state.to_json(), moves)
            except CuberailError as exc:
                raise HTTPException(500, str(exc)) from exc
            return Response(svg, media_type="image/svg+xml")
        added.append("board.svg")
    if "/api/games/{game_id}/state" not in have:
        @app.get("/api/games/{game_id}/state")
        def state(game_id: str, at: int | None = None) -> dict[str, Any]:
            title, st, n = _state_at(app, game_id, at)
            moves = labels(title, st) if not st.is_terminal() else []
            return {"index": n, "state": st.to_json(), "moves": moves}
        added.append("state")
    # The catch-all /static and page routes were added first: move ours before them.
    routes = app.router.routes
    ours = [r for r in routes if getattr(r, "path", "").endswith(("/board.svg", "/state"))]
    for r in ours:
        routes.remove(r)
    routes[0:0] = ours
    return added
