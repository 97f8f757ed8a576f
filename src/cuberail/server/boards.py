"""Positions of a game for the page's board and replay: the state after N actions in force.

``board_svg`` is the one drawing (:mod:`cuberail.draw`), with the legal moves of the
position highlighted and every word in the reader's language (``lang``); ``state_at``
the snapshot and legal moves after N actions; ``replay_course`` the snapshots sampled
along a whole game (the end-of-game charts); ``words_json`` the move sentences and the
refusals of a language for the page. ``cached_svg``, ``cached_state`` and
``cached_course`` serve the routes: from the answer cache, else drawn from plain data
(:class:`Position`) in a drawing worker process when the pool has them
(:mod:`cuberail.server.drawers`).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.core.words import Said
from cuberail.draw import board_svg, has_drawing
from cuberail.draw.words import language
from cuberail.games import get_game
from cuberail.server.drawers import offload
from cuberail.server.games import (
    GameService,
    Loaded,
    Refused,
    initial_state,
    page_words,
)
from cuberail.server.gameview import labels
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


@dataclass(frozen=True)
class Position:
    """A game after its first ``len(actions)`` actions in force, as plain data: what a
    drawing worker process gets (:mod:`cuberail.server.drawers`) to rebuild it."""

    title: str
    rules_version: int
    options: dict[str, Any]
    players: int
    actions: tuple[str, ...]

    @staticmethod
    def of(loaded: Loaded, n: int) -> Position:
        game = loaded.game
        return Position(game.title, game.rules_version, dict(game.options), len(loaded.seats),
                        tuple(e.action for e in loaded.snap.effective[:n]))

    def start(self) -> GameState:
        """The game before its first action."""
        info = get_game(self.title)
        return info.new_game(self.players, info.record_options(self.rules_version, self.options))

    def state(self) -> GameState:
        state = self.start()
        for text in self.actions:
            state.apply_text(text)
        return state


def position_key(loaded: Loaded, n: int) -> tuple[str, int, int]:
    """(game, n, seq of the n-th action in force): the same key for the same position at
    every later ``seq`` of the log (an action's entry fixes every action before it), and
    another one once an undo and a new move change what the n-th action is."""
    seq = loaded.snap.effective[n - 1].seq if n else 0
    return loaded.game.id, n, seq


def draw_position(position: Position, lang: str) -> bytes:
    """The drawing of ``position`` in ``lang``, UTF-8 and zlib-compressed (in a drawing
    worker): about a tenth of the SVG's bytes, so the answer cache holds ten times as
    many drawings and the worker sends that much less."""
    return zlib.compress(board_svg(position.title, position.state(), lang).encode(), 6)


def replay_position(position: Position) -> bytes:
    """``{"index", "state", "moves"}`` of ``position`` as JSON (in a drawing worker)."""
    state = position.state()
    body = {"index": len(position.actions), "state": state.to_json(),
            "moves": _moves(position.title, state)}
    return json.dumps(body, separators=(",", ":")).encode()


def cached_svg(service: GameService, answers: Answers, game_id: str, at: int | None,
               lang: str | None = None) -> bytes:
    """:func:`svg_at` as UTF-8, remembered (compressed) by (game, position, language)."""
    chosen = board_language(lang)
    loaded = service.read(game_id)
    if not has_drawing(loaded.game.title):  # a title without a draw kit: say so, no 500
        raise Refused(404, f"{get_game(loaded.game.title).name} has no board drawing")
    n = resolve(loaded, at)
    key = ("svg", *position_key(loaded, n), chosen)
    found = answers.get(key)
    if found is None:
        found = offload(draw_position, Position.of(loaded, n), chosen)
        answers.put(key, found)
    return zlib.decompress(found)


def _remembered(answers: Answers, kind: str, loaded: Loaded, n: int,
                make: Callable[[Position], bytes]) -> bytes:
    """``make`` of the game's position after ``n`` actions (in a drawing worker),
    remembered by (kind, game, position)."""
    key = (kind, *position_key(loaded, n))
    found = answers.get(key)
    if found is None:
        found = offload(make, Position.of(loaded, n))
        answers.put(key, found)
    return found


def cached_state(service: GameService, answers: Answers, game_id: str,
                 at: int | None) -> bytes:
    """:func:`state_at` as JSON, remembered by (game, position)."""
    loaded = service.read(game_id)
    return _remembered(answers, "state", loaded, resolve(loaded, at), replay_position)


COURSE_SAMPLES = 40  # the end-of-game charts' points along a game


def course_indices(last: int, samples: int = COURSE_SAMPLES) -> list[int]:
    """The move numbers a game's course is sampled at: every one of a short game, else
    ``samples + 1`` evenly spaced from 0 to ``last`` (both ends kept)."""
    if last <= samples:
        return list(range(last + 1))
    return sorted({(last * i + samples // 2) // samples for i in range(samples + 1)})


def replay_course(position: Position) -> bytes:
    """``{"last", "samples": [{"index", "state"}]}`` along ``position``'s actions, in one
    replay (in a drawing worker): what the end-of-game charts are drawn from."""
    state = position.start()
    wanted = set(course_indices(len(position.actions)))
    samples = []
    for n in range(len(position.actions) + 1):
        if n:
            state.apply_text(position.actions[n - 1])
        if n in wanted:
            samples.append({"index": n, "state": state.to_json()})
    body = {"last": len(position.actions), "samples": samples}
    return json.dumps(body, separators=(",", ":")).encode()


def cached_course(service: GameService, answers: Answers, game_id: str) -> bytes:
    """:func:`replay_course` of the game as it stands, remembered by (game, position): a
    finished game's page draws its charts from one answer, not one read per point."""
    loaded = service.read(game_id)
    return _remembered(answers, "course", loaded, len(loaded.snap.effective), replay_course)


def words_json(lang: str | None) -> dict[str, Any]:
    """``{"lang", "words"}``: every title's move sentences (and the words they nest) and
    the server's refusals in ``lang``, English filled in for a key the language lacks, from
    the same catalogs the terminal, the board drawings and the refusals' English ``detail``
    read; what the page renders a move's or a refusal's ``words`` with."""
    chosen = board_language(lang)
    words = page_words(chosen)
    return {"lang": chosen, "words": {**words.fallback, **words.own}}
