"""Hints over the API: the move the medium bot suggests to the seat on turn, and why.

``GET /api/games/{id}/hint`` (the seat's token) answers the suggested action (as a move
is sent), its sentence in the reader's language (the same words the page shows for a
legal move) and a reason when one is offered: the title's words (``hint_reason(state,
action)`` in its moves module, a :class:`Said` or None), else the medium bot's own
(:func:`cuberail.bots.heuristic.heuristic_reason`, with the words of its package's catalogs,
:func:`cuberail.bots.heuristic.reason_packages`).

- **A table option.** A game created with ``hints: false`` answers no hint to anyone
  while it runs (403 naming the option); the option is stored with the game, shown in
  its view and kept by its rematch and its exported record (``no_hints``, as
  ``cuberail play --no-hints`` writes it).
- **The seat on turn only.** Another seat, or a finished game, is answered 409.
- **Cheap, deterministic, apart.** The medium bot (the fast heuristic) chooses with a
  seed from the game and the position, so asking again gives the same hint; it runs on
  the expensive-read pool (:class:`cuberail.server.pools.ExpensivePool`, as drawings
  do), never in the threads that make moves, and its requests are rate limited per
  address and token (:mod:`cuberail.server.limits`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Query

from cuberail.bots.heuristic import heuristic_reason
from cuberail.bots.heuristic import reason_words as heuristic_words
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import Said, Words, named
from cuberail.games import moves_module
from cuberail.server.boards import board_language
from cuberail.server.bots import choose
from cuberail.server.games import SERVER_WORDS, GameService, Loaded, Refused, bot_seed, page_words
from cuberail.server.runtime import GameId, ServerDep, Token
from cuberail.server.schemas import HintReply, errors

HINT_BOT = "medium"  # the fast heuristic: a hint costs milliseconds, not a search
router = APIRouter()
Lang = Annotated[str | None, Query(max_length=35, description="the sentence's language"
                                   " (en, it, es, de, ca; other languages: en)")]


def check_asker(service: GameService, loaded: Loaded, token: str | None) -> int:
    """The asking seat, when it may have a hint now (in this order: 401/403 for the
    token, 403 for a game without hints, 409 for a finished game or another's turn)."""
    seat = service.seat_of(loaded, token)
    if not loaded.game.hints:
        raise Refused(403, Said("refusal.hints_off"))
    state = loaded.snap.state
    if state.is_terminal():
        raise Refused(409, Said("refusal.game_over"))
    current = state.current_player()
    if current != seat:
        raise Refused(409, Said("refusal.not_your_turn", {"seat": seat, "current": current}))
    return seat


def suggest(loaded: Loaded, seat: int) -> Action:
    """The medium bot's choice for ``seat``, seeded by the game and the position."""
    state = loaded.snap.state
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return choose(HINT_BOT, bot_seed(loaded.game.seed, seat, loaded.snap.index),
                  state.clone())


def reason_of(title: str, state: GameState, action: Action) -> Said | None:
    """The reason for ``action``: the title's words' if they offer one, else the medium
    bot's (None when neither does, or one fails)."""
    why = getattr(moves_module(title), "hint_reason", None)
    try:
        found = why(state, action) if why is not None else None
        if found is None:
            found = heuristic_reason(state, action)
    except Exception:  # a view or bot bug must not break the hint
        return None
    return found if isinstance(found, Said) else None


@lru_cache(maxsize=32)
def reason_words(lang: str, title: str) -> Words:
    """The page's words in ``lang`` and the words of the title's bot reasons."""
    return heuristic_words(lang, title, SERVER_WORDS)


def sentence_of(title: str, state: GameState, action: Action) -> Said:
    """The action's sentence as the page shows a legal move (its bare text if the view
    fails)."""
    try:
        said: Said = moves_module(title).describe_parts(state, action)
    except Exception:  # a view bug must not break the hint
        said = Said("move.text", {"text": action.text()})
    return said


def hint(service: GameService, game_id: str, token: str | None,
         lang: str | None) -> dict[str, Any]:
    """The hint for the seat holding ``token`` (run on the expensive-read pool)."""
    words = page_words(board_language(lang))
    loaded = service.read(game_id)
    seat = check_asker(service, loaded, token)
    state, title = loaded.snap.state, loaded.game.title
    action = suggest(loaded, seat)
    names = [s.name for s in loaded.seats]
    said, why = sentence_of(title, state, action), reason_of(title, state, action)
    return {"index": loaded.snap.index, "action": action.text(),
            "sentence": words.render(named(said, names)), "words": said.to_json(),
            "reason": None if why is None else reason_words(words.lang, title).render(
                named(why, names))}


@router.get("/api/games/{game_id}/hint", response_model=HintReply,
            responses=errors(404, 422, 429, 503, said={
                401: "no seat token",
                403: "a token that holds no seat here, or a game created with the table"
                     " option `hints` off (no hint for anyone while it runs)",
                409: "the game is over, or it is not this seat's turn"}),
            summary="a hint for the seat on turn (seat token): the move the medium bot"
            " suggests, its sentence in `lang` and a reason when the title offers one;"
            " refused in a game created with `hints: false`")
async def get_hint(game_id: GameId, server: ServerDep, token: Token,
                   lang: Lang = None) -> dict[str, Any]:
    return await server.expensive.run(hint, server.service, game_id, token, lang)
