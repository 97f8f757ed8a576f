"""The Chicago Express side panel wrote ``shut`` in Wabash's shares column before it
opens: a newcomer took it for closed for good (the browser writes 0/2). Now ``0/2*``, and
under the table when it opens (CE-7.2); once open, plain ``0/2`` and no note."""

from __future__ import annotations

from rich.console import Console

from cuberail.games import get_game
from cuberail.games.chicago_express.board import COMPANY_IDS
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.terminal.chicago_express.table import companies


def _panel(s: ChicagoExpressState) -> str:
    console = Console(width=38, record=True, color_system=None)
    console.print(companies(s))
    return console.export_text()


def test_wabash_before_it_opens_says_when_it_will() -> None:
    s = get_game("chicago-express").new_game(4, {})
    assert isinstance(s, ChicagoExpressState) and not s.wabash_open
    text = _panel(s)
    row = next(line for line in text.splitlines() if "Wabash" in line)
    assert "0/2*" in row and "shut" not in text
    assert "* opens at Chicago (CE-7.2)" in text  # one line: a line reaching it opens it
    s.wabash_open = True
    text = _panel(s)
    row = next(line for line in text.splitlines() if "Wabash" in line)
    assert "0/2" in row and "*" not in text and "opens" not in text
    assert len(COMPANY_IDS) == sum(1 for line in text.splitlines() if "/" in line)


def test_with_six_players_no_note_and_no_star() -> None:
    """Six players fill the side panel: no line for the note, so no star either."""
    s = get_game("chicago-express").new_game(6, {})
    assert isinstance(s, ChicagoExpressState)
    text = _panel(s)
    row = next(line for line in text.splitlines() if "Wabash" in line)
    assert "0/2" in row and "*" not in text and "shut" not in text
