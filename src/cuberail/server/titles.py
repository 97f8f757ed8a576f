"""The titles a server plays: their options and faces (``/api/titles``) and their rules
pages (``/api/titles/{title}/rules/{lang}``), read from each title's data."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from cuberail.core.errors import CuberailError
from cuberail.games import get_game
from cuberail.server.catalog import rules_json, titles_json
from cuberail.server.schemas import errors

router = APIRouter()


@router.get("/api/titles", summary="the games, their options, the bot levels and how the"
            " browser shows each (`face`: company colours, table columns, end tracker)")
async def titles() -> list[dict[str, Any]]:
    return titles_json()


@router.get("/api/titles/{title}/rules/{lang}", responses=errors(404),
            summary="a title's rules page in `lang` (en, it, es, de, ca; other languages:"
            " en): `win` (how to win) and `sections` of paragraphs and lists")
async def rules(title: str, lang: str) -> dict[str, Any]:
    try:
        info = get_game(title) if len(title) <= 64 else None
    except CuberailError:
        info = None
    found = rules_json(info.title, lang[:16]) if info else None
    if found is None:
        raise HTTPException(404, f"no rules page for {title[:64]!r}")
    return found
