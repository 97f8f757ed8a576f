"""Golden records: seeded games replayed through the core to their exact final scores.

Two sets:

- ``ts_*.json`` name rules version 1. They are fixtures, never regenerated: they
  must keep replaying to their recorded results, which the option values of
  ``INFO.legacy[1]`` guarantee (version-1 jump paths, no early end, ...).
- ``ts2_*.json`` name rules version 2 and were played with the version-2 defaults
  by the build-leaning random policy of ts_helpers. Regenerate them (only when the
  rules version changes, and then under new names) with
  ``PYTHONPATH=src python3 tests/games/trans_siberian/test_ts_golden.py``.
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
GAMES_V1 = (("ts_3p_seed11.json", 3, 11), ("ts_4p_seed7.json", 4, 7), ("ts_5p_seed3.json", 5, 3))
GAMES_V2 = (("ts2_3p_seed11.json", 3, 11), ("ts2_4p_seed7.json", 4, 7),
            ("ts2_5p_seed3.json", 5, 3))
VERSION = {**{g[0]: 1 for g in GAMES_V1}, **{g[0]: 2 for g in GAMES_V2}}


@pytest.mark.parametrize("name", sorted(VERSION))
def test_golden_record_replays_to_its_scores(name: str) -> None:
    record = Record.load(GOLDEN / name)
    assert record.title == "trans-siberian" and record.rules_version == VERSION[name]
    state = replay(record, get_game)
    assert state.is_terminal()
    result = state.result()
    assert list(result.scores) == record.meta["scores"]
    assert list(result.winners) == record.meta["winners"]
    assert state.to_json()["dividends"]["paid"] == record.meta["dividends"]


@pytest.mark.parametrize("games", [GAMES_V1, GAMES_V2])
def test_golden_records_cover_the_rules(games: tuple[tuple[str, int, int], ...]) -> None:
    texts = [a.text() for g in games for a in Record.load(GOLDEN / g[0]).actions]
    assert any("pay:" in t for t in texts), "no jump in the golden games"
    assert any(t.startswith("surcharge") for t in texts)
    assert any(t.startswith("link") and "ext_" in t for t in texts)
    phase2 = [replay(Record.load(GOLDEN / g[0]), get_game).to_json()["phase"] for g in games]
    assert 2 in phase2


def test_version_1_records_need_their_legacy_option_values() -> None:
    """Without INFO.legacy, a version-1 record would not replay the same (or at all)."""
    from dataclasses import replace

    from cuberail.core.errors import RecordError

    info = get_game("trans-siberian")
    bare = replace(info, legacy={})
    differ = 0
    for name, _, _ in GAMES_V1:
        record = Record.load(GOLDEN / name)
        try:
            state = replay(record, lambda title: bare)
        except RecordError:
            differ += 1
            continue
        differ += list(state.result().scores) != record.meta["scores"]
    assert differ > 0


def write_golden() -> None:
    """Play the version-2 golden games again and save them (final scores in meta)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from ts_helpers import build_leaning

    info = get_game("trans-siberian")
    for name, players, seed in GAMES_V2:
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
