"""The static browser client (``cuberail/web/``), served as files: no build step.

``/`` is the lobby, ``/g/{id}`` the game page (the same page for every game: it reads
the id from its path, and a seat's token from the fragment, which never reaches the
server), ``/rules/{title}`` a title's rules (its text from ``/api/titles/{title}/rules``).
When the client is not installed, a plain page says how to use the API.
"""

from __future__ import annotations

import base64
from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, HTMLResponse, Response

import cuberail

WEB = Path(cuberail.__file__).resolve().parent / "web"
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
         ".svg": "image/svg+xml", ".json": "application/json", ".ico": "image/x-icon",
         ".html": "text/html; charset=utf-8", ".png": "image/png", ".woff2": "font/woff2",
         ".txt": "text/plain; charset=utf-8", ".webmanifest": "application/manifest+json"}
# A 16x16 one-colour icon (a blue square), used when the client ships none.
FAVICON = base64.b64decode(
    "AAABAAEAEBACAAEAAQCwAAAAFgAAACgAAAAQAAAAIAAAAAEAAQAAAAAAAAAAAAAAAAAAAAAAAgAAAAIAAAA1Q7UA"
    "////AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")

FALLBACK = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cuberail server</title></head>
<body><h1>cuberail server</h1>
<p>The browser client is not installed in this copy of cuberail, but the server runs.</p>
<ul><li>API: <a href="/openapi.json">OpenAPI</a> (described in docs/api.md)</li>
<li>Play from a terminal: <code>cuberail join INVITE-URL</code></li>
<li>Create a game: <code>POST /api/games</code> with
<code>{"title": TITLE, "players": 3}</code> (the titles: <a href="/api/titles">GET
/api/titles</a>)</li></ul></body></html>
"""

router = APIRouter(include_in_schema=False)
PATH_MAX = 255  # characters of a static path: the client's are far shorter


def _page(name: str) -> Response:
    path = WEB / name
    if path.is_file():
        return FileResponse(path, media_type=TYPES[".html"])
    return HTMLResponse(FALLBACK)


@router.get("/")
def lobby() -> Response:
    return _page("index.html")


@router.get("/g/{game_id}")
def game_page(game_id: str) -> Response:
    return _page("game.html")


@router.get("/rules/{title}")
def rules_page(title: str) -> Response:
    return _page("rules.html")


@router.get("/favicon.ico")
def favicon() -> Response:
    path = WEB / "favicon.ico"
    if path.is_file():
        return FileResponse(path, media_type=TYPES[".ico"])
    return Response(FAVICON, media_type=TYPES[".ico"])


@router.get("/static/{path:path}")
def static(path: str) -> Response:
    """A file under ``web/`` (never outside it), with the right MIME type; 404 for any
    other path (also one no file system could hold: a NUL, an overlong name)."""
    missing = HTTPException(404, f"no file {path[:80]!r}")
    if "\x00" in path or len(path) > PATH_MAX:
        raise missing
    root = WEB.resolve()
    try:
        target = (root / path).resolve()
        found = target.is_relative_to(root) and target.is_file()
    except (OSError, ValueError):
        found = False
    if not found:
        raise missing
    media = TYPES.get(target.suffix.lower(), "application/octet-stream")
    return FileResponse(target, media_type=media)
