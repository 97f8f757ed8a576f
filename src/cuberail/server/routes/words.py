"""The words route: every sentence the page renders, in the reader's language."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from cuberail.server import boards
from cuberail.server.schemas import WordsReply, errors

router = APIRouter()


@router.get("/api/words/{lang}", response_model=WordsReply, responses=errors(422),
            summary="the move sentences of every title and the server's refusals in"
            " `lang` (en, it, es, de, ca; other languages: en), to render the `words` of a"
            " move or of an error answer")
async def words(lang: str) -> dict[str, Any]:
    return boards.words_json(lang)
