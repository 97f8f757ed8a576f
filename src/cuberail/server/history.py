"""What each log entry says: a move's words and the events it caused, an undo's words.

A log entry holds only an action's text; its sentence (``words``, the title's
``describe_parts`` in the state before it) and what happened by itself when it was
applied (``events``, the title's ``event_parts``) are found by replaying the log. An
undo says which move it took back (that move's ``words``). The replay of the games read
lately is kept (a few, in memory) and extended as their logs grow, so a page that asks
for the log after every move does not replay the whole game each time.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import Said
from cuberail.games import moves_module
from cuberail.server.newest import Newest
from cuberail.server.storage import Entry

# Replays kept: each holds a state and a few hundred small sentences.
KEPT = 64
Told = dict[str, Any]  # {"words": {...}, "events": [{...}, ...]}


def move_words(title: str, before: GameState, action: Action) -> dict[str, Any]:
    """The sentence of ``action`` in ``before`` as data (its bare text if the view fails)."""
    try:
        said: Said = moves_module(title).describe_parts(before, action)
    except Exception:  # a view bug must not break the log
        said = Said("move.text", {"text": action.text()})
    return said.to_json()


def event_words(title: str, before: GameState, after: GameState) -> list[dict[str, Any]]:
    """What happened by itself when the action was applied, as data (none if the view
    fails or the title's words have no ``event_parts``)."""
    parts = getattr(moves_module(title), "event_parts", None)
    if parts is None:
        return []
    try:
        return [said.to_json() for said in parts(before, after)]
    except Exception:  # a view bug must not break the log
        return []


def _text(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


class ToldLog(Mapping[int, Told]):
    """What each entry says, by entry seq, kept as compact JSON text and read back as
    :data:`Told` on each look-up: about 160 bytes an entry instead of about 1 KB of dicts
    (a replay holds every entry of its game's log; the server keeps :data:`KEPT`)."""

    __slots__ = ("_texts",)

    def __init__(self, texts: dict[int, str] | None = None) -> None:
        self._texts = texts if texts is not None else {}

    def __getitem__(self, seq: int) -> Told:
        return dict(json.loads(self._texts[seq]))

    def __iter__(self) -> Iterator[int]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

    def with_texts(self, more: dict[int, str]) -> ToldLog:
        """A new log with ``more`` entries (this one is shared by readers: never changed)."""
        return ToldLog({**self._texts, **more})


@dataclass(frozen=True)
class Replay:
    """A game's log replayed up to entry ``seq``: what each entry says, and the state."""

    seq: int
    state: GameState
    done: tuple[tuple[str, str], ...]  # effective moves: (action, its words as JSON text)
    told: ToldLog  # by entry seq (never changed once made)

    def extend(self, title: str, entries: list[Entry],
               fresh: Callable[[], GameState]) -> Replay:
        """This replay with the ``entries`` after its ``seq`` (a new object)."""
        state, done, told = self.state.clone(), list(self.done), {}
        for e in entries:
            if e.kind == "undo":
                _action, words = done.pop() if done else (e.action, "{}")
                told[e.seq] = f'{{"words":{words},"events":[]}}'
                state = fresh()
                for text, _ in done:
                    state.apply(Action.from_text(text))
                continue
            action = Action.from_text(e.action)
            before = state.clone()
            words = _text(move_words(title, before, action))
            state.apply(action)
            done.append((e.action, words))
            told[e.seq] = _text({"words": json.loads(words),
                                 "events": event_words(title, before, state)})
        last = entries[-1].seq if entries else self.seq
        return Replay(last, state, tuple(done), self.told.with_texts(told))

    @staticmethod
    def start(state: GameState) -> Replay:
        """A game before its first entry."""
        return Replay(0, state, (), ToldLog())


class Replays(Newest[Replay]):
    """The replays of the games read lately (thread-safe; at most ``KEPT`` of them)."""

    def __init__(self, kept: int = KEPT) -> None:
        super().__init__(kept)


__all__ = ["KEPT", "Replay", "Replays", "Told", "ToldLog", "event_words", "move_words"]
