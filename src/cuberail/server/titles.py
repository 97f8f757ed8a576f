"""The titles a server plays: their options and faces (``/api/titles``), their rules
pages (``/api/titles/{title}/rules/{lang}``) and the texts of a guided first game
(``/api/titles/{title}/guide/{lang}``), read from each title's data."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from cuberail.core.errors import CuberailError
from cuberail.games import get_game
from cuberail.server.catalog import guide_json, rules_json, titles_json
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
    known = _title(title)
    return _found(title, rules_json(known, lang[:16]) if known else None, "rules page")


@router.get("/api/titles/{title}/guide/{lang}", responses=errors(404),
            summary="a title's guided first game in `lang` (en, it, es, de, ca; other"
            " languages: en): per decision what it is, what to click and why it matters"
            " (`decisions`), what an event did (`events`, by their words' keys), the end")
async def guide(title: str, lang: str) -> dict[str, Any]:
    known = _title(title)
    return _found(title, guide_json(known, lang[:16]) if known else None, "guide")


def _title(title: str) -> str | None:
    """The id of the title ``title`` names (an alias too), or None for no title."""
    try:
        return get_game(title).title if len(title) <= 64 else None
    except CuberailError:
        return None


def _found(title: str, found: dict[str, Any] | None, what: str) -> dict[str, Any]:
    if found is None:
        raise HTTPException(404, f"no {what} for {title[:64]!r}")
    return found
