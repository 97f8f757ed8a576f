"""Hints over the API: the engine's preferred move for the seat on turn, and why.

``GET /api/games/{id}/hint`` (the seat's token) answers the suggested action (as a move
is sent), its sentence in the reader's language (the same words the page shows for a
legal move), the mover's winning chance after it as the search estimates it, and a
reason when one is offered: the title's words (``hint_reason(state, action)`` in its
moves module, a :class:`Said` or None), else the medium bot's own
(:func:`cuberail.bots.heuristic.heuristic_reason`, with the words of its package's catalogs,
:func:`cuberail.bots.heuristic.reason_packages`).

The move is a search's, as the terminal's F3 hint (the fourteenth newcomer run finished
3rd and 4th playing the browser's hints, the medium bot's moves then, and won both
terminal games playing F3's): :data:`SEARCH_ITERATIONS` iterations of the analysis
engine (:func:`cuberail.bots.analysis.analysis_bot`: win share only), well under a
second. ``by`` says which answered: ``search``; ``points`` when no winning line is in the
search's reach and a second search chose the move that keeps the mover's score nearest
the leader's (a win-only search prefers a lost position's moves at random); or
``medium`` when the search could not run in time (the bots' workers busy past
:data:`SEARCH_SECONDS`: the medium bot's move, cheap, and the page says so). ``close``
names the search's runner-up when its chance is within 0.03 of the move's
(:attr:`cuberail.bots.analysis.Hinted.close`): a close call, which the page says (the
eighteenth newcomer run followed hints that passed every setup auction where bidding did
about as well).

- **A plan.** ``then`` says the mover's own next moves as the search plans them (a turn
  of several steps; :func:`cuberail.bots.analysis.plan`), in brief; when the seat plays
  the hinted move, the next position's search is given the plan's move
  (:func:`planned_here`) and hints it again while it rates it within 0.03 of its own
  choice (the 25th newcomer run was hinted "choose auction", then "forgo the auction").
- **What moved the chance.** ``since`` says, when the chance moved 15 points or more
  since the seat's last hint that the server keeps (:func:`since_last`), that hint's
  chance, the moves since and the rival whose chance moved most the other way (the 31st
  newcomer run read 32% → 1% → 96% with nothing saying why).
- **A table option.** A game created with ``hints: false`` answers no hint to anyone
  while it runs (403 naming the option); the option is stored with the game, shown in
  its view and kept by its rematch and its exported record (``no_hints``, as
  ``cuberail play --no-hints`` writes it).
- **The seat on turn only.** Another seat, or a finished game, is answered 409.
- **Deterministic, apart, kept.** The search has an iteration budget and a seed from
  the game and the position, so asking again gives the same hint (and the answer is
  kept in the server's answers by position, :class:`cuberail.server.pools.Answers`, as
  drawings are: asked again, it is not searched again). It runs in the bots'
  worker processes, taking a worker in turn with the games' bots
  (:meth:`cuberail.server.bots.BotRunner.search`), never in this process's threads;
  reading the game and writing the words run on the expensive-read pool
  (:class:`cuberail.server.pools.ExpensivePool`, as drawings do); its requests are rate
  limited per address and token (:mod:`cuberail.server.limits`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from typing import Annotated, Any, NamedTuple

from fastapi import APIRouter, Query

from cuberail.bots.analysis import HINT_ITERATIONS, Swing, hint_search, plan_positions, swing
from cuberail.bots.heuristic import heuristic_reason, plan_reason, reason_fits
from cuberail.bots.heuristic import reason_words as heuristic_words
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import Said, Words, named
from cuberail.games import moves_module
from cuberail.server.boards import board_language, position_key
from cuberail.server.bots import choose
from cuberail.server.games import SERVER_WORDS, GameService, Loaded, Refused, bot_seed, page_words
from cuberail.server.runtime import GameId, Server, ServerDep, Token
from cuberail.server.schemas import HintReply, errors
from cuberail.terminal.kit import dangers

HINT_BOT = "medium"  # the fast heuristic: the answer when the search cannot run in time
SEARCH_ITERATIONS = HINT_ITERATIONS  # 0.05-0.5 s a position (compiled; the titles differ ten times;
# twice from a lost position, hint_search)
SEARCH_SECONDS = 5.0  # the most a hint waits for a bot worker and its search
LOOK_BACK = 80  # the positions looked back through for the seat's last hint
router = APIRouter()
Close = tuple[Action, float] | None  # a close call's runner-up and its chance
log = logging.getLogger("cuberail.server")
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


class Searched(NamedTuple):
    """A hint's search as the bot worker answers it (and the server keeps it, as JSON)."""

    action: str
    chance: float
    by: str
    close: str | None = None  # the runner-up's text when it does about as well
    close_chance: float | None = None
    then: tuple[str, ...] = ()  # the mover's own next moves on the search's line (texts)
    chances: tuple[float, ...] = ()  # every seat's chance at the position, by seat


def searched(state: GameState, seed: int, planned: str | None = None) -> Searched:
    """The search's preferred move (its text), the mover's winning chance after it,
    ``search``, ``points`` when no winning line is in its reach and the move plays for
    points, or ``margin`` when every line wins and it plays for the widest margin
    (:func:`cuberail.bots.analysis.hint_search`; in a bot worker), the runner-up's
    text and chance when it does about as well (a close call; else None), and the mover's
    own next moves as the search plans them. ``planned``: the move the last hint planned
    here, kept when within a short search's noise of the best."""
    keep = next((a for a in state.legal_actions() if a.text() == planned), None)
    found = hint_search(state, None, SEARCH_ITERATIONS, seed, keep, avoid=dangers(state))
    if found.best is None:
        raise ValueError("the search found no move")
    close = found.close
    by = "points" if found.for_points else "margin" if found.for_margin else "search"
    return Searched(found.best.text(), found.chance, by,
                    None if close is None else close[0].text(),
                    None if close is None else close[1], tuple(a.text() for a in found.then),
                    tuple(round(c, 3) for c in found.found.chances))


class Since(NamedTuple):
    """How a hint's chance differs from the seat's last hint's (when by
    :data:`~cuberail.bots.analysis.SWING` or more): that chance, the moves played since,
    and whose chance moved most the other way (:class:`~cuberail.bots.analysis.Swing`)."""

    chance: float
    moves: int
    moved: Swing


def since_last(server: Server, loaded: Loaded, seat: int, found: Searched) -> Since | None:
    """The change since the seat's last hint (the latest position of this seat's, within
    :data:`LOOK_BACK`, whose hint the server keeps), when its chance moved by
    :data:`~cuberail.bots.analysis.SWING` or more (:func:`cuberail.bots.analysis.swing`)."""
    index, effective = loaded.snap.index, loaded.snap.effective
    for i in range(index - 1, max(-1, index - 1 - LOOK_BACK), -1):
        if effective[i].seat != seat:
            continue
        kept = server.answers.get(("hint", *position_key(loaded, i)))
        if kept is None:
            continue
        before = Searched(*json.loads(kept))
        moved = swing(seat, before.chance, before.chances, found.chance, found.chances)
        return None if moved is None else Since(before.chance, index - i, moved)
    return None


def planned_here(server: Server, loaded: Loaded, seat: int) -> str | None:
    """The move the hint of the position before planned for this one: when that hint was
    for this seat, kept, and its move is the one played (the 25th newcomer run, hinted
    "choose auction", was then hinted "forgo the auction" by a search of its own)."""
    index = loaded.snap.index
    if index == 0 or loaded.snap.effective[index - 1].seat != seat:
        return None
    kept = server.answers.get(("hint", *position_key(loaded, index - 1)))
    if kept is None:
        return None
    before = Searched(*json.loads(kept))
    played = loaded.snap.effective[index - 1].action
    return before.then[0] if before.action == played and before.then else None


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


def plan_reason_of(state: GameState, action: Action, then: Action) -> Said | None:
    """The plan's own reason, said before the heuristic's (an action chosen only to
    be forgone: :func:`cuberail.bots.heuristic.plan_reason`), None when it gives none or
    fails."""
    try:
        return plan_reason(state, action, then)
    except Exception:  # a bot bug must not break the hint
        return None


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


def asked(service: GameService, game_id: str, token: str | None) -> tuple[Loaded, int]:
    """The game and the asking seat, checked (on the expensive-read pool)."""
    loaded = service.read(game_id)
    return loaded, check_asker(service, loaded, token)


def answer(loaded: Loaded, seat: int, action: Action, chance: float | None, by: str,
           lang: str | None, close: Close = None, then: tuple[str, ...] = (),
           since: Since | None = None) -> dict[str, Any]:
    """The hint's reply: the move, its sentence and reason in ``lang``, the chance, the
    runner-up's sentence and chance when the hint is a close call, the sentences of
    the mover's next moves as the search plans them (``then``: their texts), and how the
    chance moved since the seat's last hint (``since``, :func:`since_last`)."""
    words = page_words(board_language(lang))
    state, title = loaded.snap.state, loaded.game.title
    names = [s.name for s in loaded.seats]
    plan = list(plan_positions(state, action, [Action.from_text(text) for text in then]))
    said = sentence_of(title, state, action)
    # (the plan's own reason where the title gives one, else the heuristic's where it
    # fits the plan: the 36th newcomer run read an action chosen only to be forgone with
    # the heuristic's reason for choosing it)
    planned = plan_reason_of(state, action, plan[0][1]) if plan else None
    why = planned or (reason_of(title, state, action) if not plan or reason_fits(*plan[0])
                      else None)
    runner = None if close is None else {
        "action": close[0].text(), "chance": round(close[1], 3),
        "sentence": words.render(named(sentence_of(title, state, close[0]), names))}
    return {"index": loaded.snap.index, "action": action.text(),
            "sentence": words.render(named(said, names)), "words": said.to_json(),
            "reason": None if why is None else reason_words(words.lang, title).render(
                named(why, names)),
            "chance": None if chance is None else round(chance, 3), "by": by,
            "close": runner,
            "then": [bare(words.render(named(sentence_of(title, at, move), names)))
                     for at, move in plan],
            "since": None if since is None else {
                "chance": since.chance, "moves": since.moves,
                "surprise": since.moved.surprise,
                "rival": None if since.moved.rival is None else {
                    "seat": since.moved.rival, "name": names[since.moved.rival],
                    "from": since.moved.rival_from, "to": since.moved.rival_to}}}


def bare(sentence: str) -> str:
    """A move's sentence without its closing note in brackets ("place a PRR locomotive on
    R4 (plain, $1)" → "place a PRR locomotive on R4"): a plan's moves are said in brief."""
    return re.sub(r" \([^()]*\)$", "", sentence)


class Found(NamedTuple):
    """The hint's move, the chance after it, what chose it, a close call's runner-up, and
    the texts of the mover's next moves as the search plans them."""

    action: Action
    chance: float | None
    by: str
    close: Close = None
    then: tuple[str, ...] = ()
    since: Since | None = None


async def search_hint(server: Server, loaded: Loaded, seat: int) -> Found:
    """The searched move and chance for the seat on turn (kept per position), with a
    close call's runner-up and the search's plan; the medium bot's move when the bots'
    workers cannot search it within :data:`SEARCH_SECONDS`."""
    state = loaded.snap.state
    legal = state.legal_actions()
    if len(legal) == 1:
        return Found(legal[0], None, "only")
    key = ("hint", *position_key(loaded, loaded.snap.index))
    kept = server.answers.get(key)  # the server's answers by position, as drawings keep
    if kept is not None:
        found = Searched(*json.loads(kept))
    else:
        seed = bot_seed(loaded.game.seed, seat, loaded.snap.index)
        try:
            found = Searched(*await server.bots.search(loaded.game.id, searched,
                                                       state.clone(), seed,
                                                       planned_here(server, loaded, seat),
                                                       timeout=SEARCH_SECONDS))
        except (TimeoutError, BrokenProcessPool):  # busy, or its workers restarted
            return Found(await asyncio.to_thread(suggest, loaded, seat), None, HINT_BOT)
        except Exception:  # a search or view bug must not break the hint
            log.exception("the hint's search failed in game %s", loaded.game.id)
            return Found(await asyncio.to_thread(suggest, loaded, seat), None, HINT_BOT)
        server.answers.put(key, json.dumps(list(found)).encode())
    by_text = {a.text(): a for a in legal}
    action = by_text.get(found.action)
    if action is None:  # (never: the same position's moves)
        return Found(await asyncio.to_thread(suggest, loaded, seat), None, HINT_BOT)
    runner = by_text.get(found.close) if found.close is not None else None
    close = None if runner is None or found.close_chance is None else (
        runner, found.close_chance)
    return Found(action, found.chance, found.by, close, tuple(found.then),
                 since_last(server, loaded, seat, found))


@router.get("/api/games/{game_id}/hint", response_model=HintReply,
            responses=errors(404, 422, 429, 503, said={
                401: "no seat token",
                403: "a token that holds no seat here, or a game created with the table"
                     " option `hints` off (no hint for anyone while it runs)",
                409: "the game is over, or it is not this seat's turn"}),
            summary="a hint for the seat on turn (seat token): the move a short search"
            " prefers, the mover's winning chance after it, its sentence in `lang` and a"
            " reason when the title offers one; refused in a game created with"
            " `hints: false`")
async def get_hint(game_id: GameId, server: ServerDep, token: Token,
                   lang: Lang = None) -> dict[str, Any]:
    loaded, seat = await server.expensive.run(asked, server.service, game_id, token)
    found = await search_hint(server, loaded, seat)
    return await server.expensive.run(answer, loaded, seat, found.action, found.chance,
                                      found.by, lang, found.close, found.then, found.since)
