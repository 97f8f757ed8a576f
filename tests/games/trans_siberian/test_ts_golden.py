"""Golden records: seeded games replayed through the core to their exact final scores.

Regenerate (only when the rules version changes) with
``python tests/games/trans_siberian/test_ts_golden.py``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from cuberail.core.record import Record, new_record, replay
from cuberail.games import get_game

GOLDEN = Path(__file__).parent / "golden"
# (file, players, seed): games played by the build-leaning random policy of ts_helpers.
GAMES = (("ts_3p_seed11.json", 3, 11), ("ts_4p_seed7.json", 4, 7), ("ts_5p_seed3.json", 5, 3))


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_golden_record_replays_to_its_scores(name: str) -> None:
    record = Record.load(GOLDEN / name)
    assert record.title == "trans-siberian" and record.rules_version == 1
    state = replay(record, get_game)
    assert state.is_terminal()
    result = state.result()
    assert list(result.scores) == record.meta["scores"]
    assert list(result.winners) == record.meta["winners"]
    assert state.to_json()["dividends"]["paid"] == record.meta["dividends"]


def test_golden_records_cover_the_rules() -> None:
    texts = [a.text() for g in GAMES for a in Record.load(GOLDEN / g[0]).actions]
    assert any("pay:" in t for t in texts), "no jump in the golden games"
    assert any(t.startswith("surcharge") for t in texts)
    assert any(t.startswith("link") and "ext_" in t for t in texts)
    phase2 = [replay(Record.load(GOLDEN / g[0]), get_game).to_json()["phase"] for g in GAMES]
    assert 2 in phase2


def write_golden() -> None:
    """Play the golden games again and save them (with their final scores in meta)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from ts_helpers import build_leaning

    info = get_game("trans-siberian")
    for name, players, seed in GAMES:
        record = new_record(info, [f"bot{i}" for i in range(players)], {})
        state = info.new_game(players, record.options)
        rng = random.Random(seed)
        while not state.is_terminal():
            action = build_leaning(state, rng)  # type: ignore[arg-type]
            state.apply(action)
            record.actions.append(action)
        result = state.result()
        record.meta = {"policy": "build-leaning random (tests/games/trans_siberian/ts_helpers)",
                       "seed": seed, "scores": list(result.scores),
                       "winners": list(result.winners),
                       "dividends": state.to_json()["dividends"]["paid"]}
        record.save(GOLDEN / name)
        print(name, len(record.actions), "actions, scores", list(result.scores))


if __name__ == "__main__":
    write_golden()
