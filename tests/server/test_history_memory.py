"""What each log entry says is kept compactly (server.history.ToldLog): as JSON text, read
back as the same dicts; a replay shared by readers never changes when it is extended."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from cuberail.games import get_game
from cuberail.server.history import Replay, ToldLog
from cuberail.server.storage import Entry

TITLE = "chicago-express"


def entries(count: int, seed: int = 2) -> list[Entry]:
    state, rng, out = get_game(TITLE).new_game(3), random.Random(seed), []
    while len(out) < count and not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        out.append(Entry(len(out) + 1, 0, "move", action.text(), datetime.now(UTC)))
    return out


def fresh() -> object:
    return get_game(TITLE).new_game(3)


def test_a_replay_keeps_what_each_entry_says_as_json_text() -> None:
    log = entries(40)
    replay = Replay.start(get_game(TITLE).new_game(3)).extend(TITLE, log, fresh)  # type: ignore[arg-type]
    assert isinstance(replay.told, ToldLog) and len(replay.told) == 40
    assert all(isinstance(text, str) for text in replay.told._texts.values())
    assert all(isinstance(words, str) for _, words in replay.done)
    told = replay.told[log[0].seq]
    assert set(told) == {"words", "events"} and "move" in told["words"]["key"]
    assert replay.told.get(999, {"words": None}) == {"words": None}


def test_extending_a_replay_leaves_the_old_one_as_it_was() -> None:
    log = entries(30)
    first = Replay.start(get_game(TITLE).new_game(3)).extend(TITLE, log[:20], fresh)  # type: ignore[arg-type]
    undo = Entry(31, 0, "undo", "", datetime.now(UTC))
    later = first.extend(TITLE, [*log[20:], undo], fresh)  # type: ignore[arg-type]
    assert len(first.told) == 20 and 21 not in first.told and len(later.told) == 31
    assert later.told[31]["words"] == later.told[30]["words"]  # the undo names its move
    assert later.told[31]["events"] == [] and len(later.done) == 29
    assert dict(first.told) == {seq: later.told[seq] for seq in first.told}
