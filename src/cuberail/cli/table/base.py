"""What every part of the table holds: the game, where it is played, the face that draws
it, and the table's own state (the menu, the log, who thinks, what it waits for).

The table is built in layers, each a subclass of the one below that uses only what is
below it: this base, the log (:mod:`.log`), the drawing (:mod:`.drawing`), the flow of
the game (:mod:`.flow`), the keys (:mod:`.keys`), the typed input (:mod:`.commands`),
and the app with its layout (:mod:`.app`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App
from textual.widgets import Static

from cuberail.core.actions import Action
from cuberail.terminal.kit import table_for

from . import choices as C
from .inplay import Link, Local
from .proxy import Proxy

if TYPE_CHECKING:
    from cuberail.cli.play import Game

    from .log import Entry


class TableBase(App[int]):
    """The state of a game at the table, and the message line."""

    def __init__(self, game: Game, link: Link | None = None) -> None:
        super().__init__()
        self.game = game
        self.link: Link = link or Local(game)
        self.kit = table_for(game.record.title)
        self.full_face = self.kit.face
        self.face = self.full_face  # the compact map: beside the side panel, or alone and narrow
        self.expanded = ""  # the link number whose dearer routes the menu lists (`4?`)
        self.proxies: dict[int, Proxy] = {}  # a seat's `up to` limit in this auction
        self.menu: list[C.Choice] = []
        self.log_entries: list[Entry] = []
        self.history: list[tuple[int, Action]] = []
        self.thinking = ""
        self.waiting = ""  # what the table waits for elsewhere (a server, a player there)
        self.generation = 0
        self.message = ""
        self.forced_said = ""  # the message line's last forced move (a newer one replaces it)
        # the decision the message line belongs to (see moment); None: said while no
        # human was deciding, it is for the next decision
        self.said_at: tuple[int, int] | None = None
        self.menu_at = (-1, -1)  # the moment whose choices the menu was last filled with
        self.picked = ""  # the map target clicked once (a second click plays its move)
        self.hinting = False  # a hint's search runs in a worker
        self.hint_told = (-1, -1)  # the moment a hint was told (F3 again: its detail)
        self.marked_at = (-1, -1)  # the moment a choice was marked (arrows, a click, F3)
        self.panned_at = (-1, -1)  # the moment the player last panned the board (it holds)

    def moment(self) -> tuple[int, int]:
        """Where the game is: the undos and resyncs so far and the moves in the record (a
        message said at an earlier moment belongs to an earlier decision)."""
        return self.generation, len(self.game.record.actions)

    def _say(self, text: str) -> None:
        self.message = text
        deciding = bool(self.menu) and not (self.thinking or self.waiting)
        self.said_at = self.moment() if deciding else None
        self._show_message()

    def _show_message(self) -> None:
        """The message line: shown only when there is something to say (its line is the
        log's otherwise)."""
        line = self.query_one("#hint", Static)
        line.set_class("\n" in self.message, "detail")  # a hint's detail: more rows
        line.update(Text(self.message))
        line.display = bool(self.message)

    def _announce(self, text: str) -> None:
        """News for the players' next decision (a dividend paid): it stays in the message
        line until they decide, however many bot moves come first."""
        self.message, self.said_at = text, None
        self._show_message()

    def humans(self) -> list[int]:
        """The seats that decide at this table (not bots, not elsewhere)."""
        return [p for p, s in enumerate(self.game.seats)
                if not s.is_bot and not self.link.is_away(p)]

    say = _say  # for the game's link
