"""Golden records: seeded Chicago Express games replayed through the core to their exact cash.

The records were played by the heuristic bots (their actions are stored, so later changes
to the bots do not matter); they must replay to the same final cash after every change to
the engine. The two chicago=stop records were played under rules version 1 and still replay
under version 2 (its changes leave them alone). The chicago=continue record was played again
under version 2 (CE-5.7 changed: the Chicago phase interrupts the build). Regenerate a record
(only with a new rules version that changes it) with
``python tests/games/chicago_express/test_ce_golden.py FILE...``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cuberail.core.record import Record, new_record, replay
from cuberail.games import get_game

GOLDEN = Path(__file__).parent / "golden"
# (file, players, seed, options, the rules version it was played under)
GAMES = (
    ("ce_3p_seed1.json", 3, 1, {}, 1),
    ("ce_4p_seed2.json", 4, 2, {}, 1),
    ("ce_5p_seed3_continue.json", 5, 3, {"chicago": "continue"}, 2),
)


@pytest.mark.parametrize(("name", "version"), [(g[0], g[4]) for g in GAMES])
def test_golden_record_replays_to_its_exact_cash(name: str, version: int) -> None:
    record = Record.load(GOLDEN / name)
    assert record.title == "chicago-express" and record.rules_version == version
    state = replay(record, get_game)
    assert state.is_terminal()
    result = state.result()
    assert list(result.scores) == record.meta["cash"]
    assert list(result.winners) == record.meta["winners"]
    assert state.to_json()["dividends_paid"] == record.meta["dividends"]


def test_golden_records_reach_chicago_and_open_the_wabash() -> None:
    opened = [replay(Record.load(GOLDEN / g[0]), get_game).to_json()["companies"][4]["open"]
              for g in GAMES]
    assert all(opened)


def write_golden(names: list[str]) -> None:
    """Play the named golden games again with the heuristic bots and save them."""
    from cuberail.bots.registry import make_bot

    info = get_game("chicago-express")
    for name, players, seed, options, _ in GAMES:
        if name not in names:
            continue
        record = new_record(info, [f"bot{i}" for i in range(players)], options)
        state = info.new_game(players, record.options)
        bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
        while not state.is_terminal():
            action = bots[state.current_player()].choose(state)
            state.apply(action)
            record.actions.append(action)
        result = state.result()
        record.meta = {"bots": "heuristic", "seed": seed, "cash": list(result.scores),
                       "winners": list(result.winners),
                       "dividends": state.to_json()["dividends_paid"]}
        record.save(GOLDEN / name)
        print(name, len(record.actions), "actions, cash", list(result.scores))


if __name__ == "__main__":
    import sys

    known = [g[0] for g in GAMES]
    if not sys.argv[1:] or set(sys.argv[1:]) - set(known):
        sys.exit(f"usage: test_ce_golden.py FILE... (files: {', '.join(known)})")
    write_golden(sys.argv[1:])
