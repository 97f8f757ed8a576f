"""Positions of a game for the page's board and replay: the state after N actions in force.

``board_svg`` is the one drawing (:mod:`cuberail.draw`), with the legal moves of the
position highlighted and every word in the reader's language (``lang``); ``state_at``
the snapshot and legal moves after N actions; ``words_json`` the move sentences and the
refusals of a language for the page.
"""

from __future__ import annotations

import json
from typing import Any

from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.core.words import Said
from cuberail.draw import board_svg
from cuberail.draw.words import language
from cuberail.server.games import (
    GameService,
    Loaded,
    Refused,
    initial_state,
    labels,
    page_words,
)
from cuberail.server.pools import Answers


def position(service: GameService, game_id: str, at: int | None) -> tuple[str, GameState, int]:
    """(title, state, n): the game after its first ``at`` actions in force (all when None)."""
    return position_in(service.read(game_id), at)


def resolve(loaded: Loaded, at: int | None) -> int:
    """The number of actions ``at`` names (all when None; 422 outside the game)."""
    last = len(loaded.snap.effective)
    n = last if at is None else at
    if not 0 <= n <= last:
        raise Refused(422, Said("refusal.at_range", {"last": last}))
    return n


def position_in(loaded: Loaded, at: int | None) -> tuple[str, GameState, int]:
    """(title, state, n) of a loaded game after its first ``at`` actions in force."""
    effective = loaded.snap.effective
    n = resolve(loaded, at)
    if n == len(effective):
        return loaded.game.title, loaded.snap.state, n
    state = initial_state(loaded.game, len(loaded.seats))
    for entry in effective[:n]:
        state.apply_text(entry.action)
    return loaded.game.title, state, n


def _moves(title: str, state: GameState) -> list[dict[str, Any]]:
    return [] if state.is_terminal() else labels(title, state)


def state_at(service: GameService, game_id: str, at: int | None) -> dict[str, Any]:
    """``{"index", "state", "moves"}`` after ``at`` actions (replay and end-of-game charts)."""
    title, state, n = position(service, game_id, at)
    return {"index": n, "state": state.to_json(), "moves": _moves(title, state)}


def board_language(lang: str | None) -> str:
    """The drawing's language for a ``lang`` query: a language cuberail draws in, English
    for any other language tag, 422 (with the reason) for what is not a language tag."""
    try:
        return language(lang)
    except CuberailError as exc:
        raise Refused(422, str(exc)) from None


def svg_at(service: GameService, game_id: str, at: int | None, lang: str | None = None) -> str:
    """The board after ``at`` actions, its legal moves clickable, in the language ``lang``."""
    chosen = board_language(lang)
    title, state, _ = position(service, game_id, at)
    return board_svg(title, state, chosen)


def cached_svg(service: GameService, answers: Answers, game_id: str, at: int | None,
               lang: str | None = None) -> bytes:
    """:func:`svg_at` as UTF-8, remembered by (game, log seq, position, language)."""
    chosen = board_language(lang)
    loaded = service.read(game_id)
    key = ("svg", game_id, loaded.snap.seq, resolve(loaded, at), chosen)
    found = answers.get(key)
    if found is None:
        title, state, _ = position_in(loaded, at)
        found = board_svg(title, state, chosen).encode()
        answers.put(key, found)
    return found


def cached_state(service: GameService, answers: Answers, game_id: str,
                 at: int | None) -> bytes:
    """:func:`state_at` as JSON, remembered by (game, log seq, position)."""
    loaded = service.read(game_id)
    key = ("state", game_id, loaded.snap.seq, resolve(loaded, at))
    found = answers.get(key)
    if found is None:
        title, state, n = position_in(loaded, at)
        body = {"index": n, "state": state.to_json(), "moves": _moves(title, state)}
        found = json.dumps(body, separators=(",", ":")).encode()
        answers.put(key, found)
    return found


def words_json(lang: str | None) -> dict[str, Any]:
    """``{"lang", "words"}``: every title's move sentences (and the words they nest) and
    the server's refusals in ``lang``, English filled in for a key the language lacks, from
    the same catalogs the terminal, the board drawings and the refusals' English ``detail``
    read; what the page renders a move's or a refusal's ``words`` with."""
    chosen = board_language(lang)
    words = page_words(chosen)
    return {"lang": chosen, "words": {**words.fallback, **words.own}}
