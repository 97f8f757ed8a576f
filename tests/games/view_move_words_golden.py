"""Write tests/games/view_move_words.json: the views' English sentence for every legal move.

Run from the repository root (``python3 tests/games/view_move_words_golden.py``) only when a
sentence is meant to change; test_view_move_words.py replays the same seeded random games
and holds every sentence equal to the file. The file was first written from the views as
they were before their sentences moved to the catalogs (games/*/data/words-*.json).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from cuberail.games import get_game
from cuberail.terminal import face as view_module

OUT = Path(__file__).with_name("view_move_words.json")
EVERY = 3  # every third position of a game, all its legal moves
GAMES: tuple[tuple[str, int, int, dict[str, Any]], ...] = (
    ("chicago-express", 3, 1, {}),
    ("chicago-express", 4, 2, {"chicago": "continue"}),
    ("chicago-express", 5, 3, {"pittsburgh_max": 10}),
    ("trans-siberian", 3, 11, {}),
    ("trans-siberian", 4, 7, {"nationalization": "below"}),
    ("trans-siberian", 5, 3, {"jump_paths": "v1"}),
    ("trans-siberian", 4, 9, {}),
)


def sentences(title: str, players: int, seed: int, options: dict[str, Any]) -> list[list[Any]]:
    """``[index, action, sentence]`` for every legal move of every EVERY-th position of one
    seeded random game (the move played is ``rng.choice(state.legal_actions())``)."""
    state = get_game(title).new_game(players, options)
    describe = view_module(title).describe_action
    rng = random.Random(seed)
    out: list[list[Any]] = []
    index = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if index % EVERY == 0:
            out.extend([index, a.text(), describe(state, a)] for a in legal)
        state.apply(rng.choice(legal))
        index += 1
    return out


def main() -> None:
    games = [{"title": t, "players": p, "seed": s, "options": o, "moves": sentences(t, p, s, o)}
             for t, p, s, o in GAMES]
    OUT.write_text(json.dumps({"every": EVERY, "games": games}, ensure_ascii=False, indent=0)
                   + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
