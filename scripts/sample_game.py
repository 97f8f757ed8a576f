"""The English log of one whole game, as a Markdown page (docs/sample-game-*.md).

    PYTHONPATH=src python scripts/sample_game.py chicago-express --seed 7 \\
        > docs/sample-game-chicago-express.md

Seeded bots play every seat; each move is written as the browser's log writes it (the
move's sentence, then what it caused: auctions won, dividends and what each player
received, the end and why), from the same engine words (``moves.describe_action`` and
``moves.events``), so the same command always writes the same page.
"""

from __future__ import annotations

import argparse
import sys

from cuberail.bots.registry import make_bot
from cuberail.core.record import new_record, start_state
from cuberail.games import get_game, moves_module, titles

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


def play(title: str, players: int, bot: str, seed: int) -> tuple[list[str], list[str]]:
    """Bots play a game to its end; the log lines (Markdown) and the summary lines."""
    info = get_game(title)
    names = NAMES[:players]
    record = new_record(info, names, {})
    state = start_state(record, get_game)
    words = moves_module(title)
    bots = [make_bot(bot, seed * 100 + p) for p in range(players)]
    lines: list[str] = []
    move = 0
    while not state.is_terminal():
        move += 1
        p = state.current_player()
        action = bots[p].choose(state)
        said = words.describe_action(state, action)
        before = state.clone()
        state.apply(action)
        lines.append(f"{move}. **{names[p]}**: {said} `{action.text()}`")
        for event in words.events(before, state, names):
            lines.append(f"    - {event}")
    result = state.result()
    scores = ", ".join(f"{names[p]} ${s}" for p, s in enumerate(result.scores))
    winners = " and ".join(names[p] for p in result.winners)
    summary = [f"- **Players:** {', '.join(f'{n} (bot {bot})' for n in names)}",
               f"- **Options:** {options_text(record.options)}",
               f"- **Moves:** {move}",
               f"- **Final scores:** {scores}; **winner:** {winners}"]
    return lines, summary


def options_text(options: dict[str, object]) -> str:
    return ", ".join(f"`{k}={v}`" for k, v in sorted(options.items())) or "none"


def page(title: str, players: int, bot: str, seed: int) -> str:
    name = get_game(title).name
    lines, summary = play(title, players, bot, seed)
    command = (f"PYTHONPATH=src python scripts/sample_game.py {title} --players {players}"
               f" --bot {bot} --seed {seed} > docs/sample-game-{title}.md")
    head = [f"# A sample game of {name}", "",
            "The whole log of one game, as the browser's log shows it in English: each",
            "move, and under it what it caused (auction results, dividends with what each",
            "player received, the end and why). Bots played every seat. Written by",
            "", "```", command, "```", "",
            "(the same command writes the same page: the bots are seeded). The browser",
            "tests check that a watched game's log shows each of these lines",
            "(`tests/web/test_web_full_log.py`, `tests/web/test_web_events.py`).", "",
            *summary, "", "## The log", ""]
    return "\n".join(head + lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The English log of one whole game (Markdown).")
    parser.add_argument("title", choices=titles())
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bot", default="easy")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    sys.stdout.write(page(args.title, args.players, args.bot, args.seed))


if __name__ == "__main__":
    main()
