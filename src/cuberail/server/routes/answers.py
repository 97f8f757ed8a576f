"""The error answers each route declares in the OpenAPI document (what it may refuse)."""

from __future__ import annotations

from cuberail.server.schemas import BODY_ERRORS, Course, StateAt, errors

REFUSALS = errors(400, 408, 411, 413, said={
    401: "no seat token",
    403: "an unknown token, or a seat that is not on turn",
    404: "no such game",
    409: "`index` is not the current index (stale or duplicate), or the game is over",
    422: "an unparsable or illegal action, with the engine's reason (or fields that do"
         " not validate: `detail` a list of problems)",
})
UNDO_REFUSALS = errors(400, 408, 411, 413, said={
    401: "no seat token",
    403: "an unknown token, a last action in force that is another seat's, or (the table"
         " option `undo` \"unanswered\") another seat has acted after your move",
    404: "no such game",
    409: "`index` is not the current index (stale or duplicate), the game is over, or it"
         " has used all its undos",
    422: "nothing to take back (or fields that do not validate)",
})

CLAIM_REFUSALS = errors(400, 408, 411, 413, 429, said={
    403: "the game is not open (invite links only)",
    404: "no such game or seat",
    409: "the seat is taken (another claim won), a bot plays it, or the game is over",
    422: "a name with nothing visible in it (or fields that do not validate)",
})
CREATE_ERRORS = (403, 429, *BODY_ERRORS)  # 403: over the host's caps on bot seats
DRAWN = errors(404, 422, 429) | {200: {"model": StateAt, "description": "the position"}}
COURSE = errors(404, 422, 429) | {200: {"model": Course, "description": "the course"}}
SVG = errors(404, 422, 429) | {200: {"content": {"image/svg+xml": {"schema": {
    "type": "string"}}}, "description": "the board as an SVG document"}}

__all__ = ["CLAIM_REFUSALS", "COURSE", "CREATE_ERRORS", "DRAWN", "REFUSALS", "SVG", "UNDO_REFUSALS"]
