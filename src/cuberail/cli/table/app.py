"""The full-screen table (Textual): board, companies, players, log, menu and input.

One :class:`TableApp` plays one ``play.Game``: humans choose from the menu (keyboard
or mouse, or by clicking the map), bots think in a worker thread while the screen
stays live, every move is applied through ``Game.apply`` (so it is autosaved), and
the log keeps the last moves in view with the bots' moves since the human's last
decision highlighted. The game's :class:`~.inplay.Link` says where it is played: here
(:class:`~.inplay.Local`) or on a server (``cuberail join``: the other seats move there).

The app is its layout; its parts are layers below it (see :mod:`.base`): the log
(:mod:`.log`), the drawing (:mod:`.drawing`), the flow of the game (:mod:`.flow`), the
keys (:mod:`.keys`) and the typed input and commands (:mod:`.commands`).
"""

from __future__ import annotations

import sys
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.widgets import Input, OptionList, Static

from cuberail.games import get_game

from . import crash
from .commands import TableInput
from .drawing import SIDES
from .flow import FORCED, PROMPT
from .inplay import kept
from .log import Entry

CSS = """
Screen { layout: vertical; }
#step { height: auto; max-height: 2; background: $primary-background; padding: 0 1; }
#top { height: 55%; }
#board { width: 1fr; border: round $secondary; scrollbar-size: 1 1;
         border-subtitle-align: left; }
.side { width: 40; border: round $secondary; scrollbar-size-vertical: 1; }
.side Static { width: 100%; }
#side-low, #endline, #standings { display: none; }
#endline, #standings { height: auto; max-height: 2; padding: 0 1; }
#bottom { height: 1fr; }
#logbox { width: 1fr; border: round $secondary; scrollbar-size-vertical: 1; }
#menu { width: 1fr; border: round $accent; scrollbar-size-vertical: 1; }
#hint { height: auto; max-height: 4; padding: 0 1; color: $warning; }
#hint.detail { max-height: 8; }
#command { height: 1; border: none; padding: 0 1; }
.wide #side { display: none; }
.wide .side { width: 36; }
.wide #side-low { display: block; }
.narrow #top { height: 1fr; }
.narrow .side { width: 35; }
.narrow #endline, .wide #endline { display: block; }
.narrow #standings, .wide #standings { display: block; }
.narrow #players { display: none; }
.zoomed #bottom, .zoomed #side, .zoomed #side-low, .zoomed #endline,
.zoomed #standings { display: none; }
.zoomed #top { height: 1fr; max-height: 100%; }
.tight #step { display: none; }
.compact #side { width: 1fr; }
.narrow #board, .narrow .side, .narrow #logbox, .narrow #menu {
    border: none; border-top: round $secondary; }
/* no row for the board's horizontal bar at 80 columns: its title names what is off to
   each side (the 35th newcomer run read the bar as a stray row over the standings) */
.narrow #board { scrollbar-size-horizontal: 0; }
"""


def side_panel(suffix: str) -> VerticalScroll:
    """The companies, the players and the end tracker (``suffix`` tells the two apart);
    under the board the companies and the map's key (the players and the end tracker are
    the lines above it there)."""
    players = () if suffix else (Static(id="players"),)
    return VerticalScroll(Static(id=f"companies{suffix}"), *players,
                          Static(id=f"tracker{suffix}"), id=f"side{suffix}", classes="side")


class MapView(Static):
    """The board; a click names the hex or link under the pointer."""

    def on_click(self, event: events.Click) -> None:
        app = self.app
        assert isinstance(app, TableApp)
        target = app.face.hit(event.x, event.y)
        if target is not None:
            app.map_clicked(target)


class Board(ScrollableContainer):
    """The board's box: its title names what is off-screen, also after a resize (the
    message line coming or going, the board alone)."""

    def on_resize(self, event: events.Resize) -> None:
        app = self.app
        assert isinstance(app, TableApp)
        app.call_after_refresh(app.board_scrolled)


class Choices(OptionList):
    """The menu: its lines broken again for a new width; the choice under the cursor
    stays in view when the menu shrinks, the first one with the top of the list."""

    def on_resize(self, event: events.Resize) -> None:
        app = self.app
        assert isinstance(app, TableApp)
        app.refit_menu()
        self.call_after_refresh(self._keep_highlight)

    def _keep_highlight(self) -> None:
        first = self.option_count and self.highlighted == 0
        if first:
            self.scroll_home(animate=False, immediate=True)
        else:
            self.scroll_to_highlight()


class TableApp(TableInput):
    """A game at the table until it ends or the players quit (the game is saved)."""

    CSS = CSS
    TITLE = "cuberail"

    crash_said = ""  # a bug's few lines, printed once the app has ended (:meth:`run`)

    def _handle_exception(self, error: Exception) -> None:
        """A bug: Textual ends the app; the player reads :func:`crash.report`'s few lines
        (the game kept, how to resume, where the traceback is), not the traceback."""
        super()._handle_exception(error)  # (under the pilot, run_test re-raises it still)
        if not self.crash_said:
            self.crash_said = crash.report(error, self.game.path, kept(self.link, self.game))
        self._exit_renderables.clear()  # (Textual's traceback with its locals)

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """Textual's run; after a bug, its lines on stderr as they are (a console would
        fold the paths at 80 columns where stderr is no terminal)."""
        code = super().run(*args, **kwargs)
        if self.crash_said:
            print(self.crash_said, file=sys.stderr)
        return code

    def compose(self) -> ComposeResult:
        yield Static(id="step")
        with Horizontal(id="top"):
            with Board(id="board"):
                yield MapView(id="map")
            yield side_panel(SIDES[0])
        yield Static(id="standings")
        yield Static(id="endline")
        with Horizontal(id="bottom"):
            with VerticalScroll(id="logbox"):
                yield Static(id="log")
            yield Choices(id="menu")
            yield side_panel(SIDES[1])
        yield Static(id="hint")
        # no select on focus: a run of amounts clicked leaves `b ` there to type after
        yield Input(placeholder=PROMPT, id="command", select_on_focus=False)

    def on_mount(self) -> None:
        info = get_game(self.game.record.title)
        self.title = f"{info.name}: " + ", ".join(self.game.names)
        self.query_one("#board").border_title = "board"
        self.query_one("#side-low").border_title = "companies"  # the lines above: the rest
        self.query_one("#logbox").border_title = "moves"
        self.query_one("#menu").border_title = "your choices"
        self._size_map()
        self._fill_log()
        self.follow_log()
        self.watch(self.query_one("#board"), "scroll_x", self.board_scrolled, init=False)
        self.watch(self.query_one("#board"), "scroll_y", self.board_scrolled, init=False)
        self.watch(self.query_one("#menu"), "scroll_y", self._title_menu, init=False)
        self._layout_for(self.size.width, self.size.height)
        board = self.query_one("#board", ScrollableContainer)
        self.call_after_refresh(board.scroll_to, x=self.face.home_x, animate=False)
        self.query_one("#command", Input).focus()
        self.call_after_refresh(self.advance)
        self.link.start(self)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """Textual's screenshot (its command palette and ``action_screenshot`` come here),
        saved as SVG in the current folder: Textual's own default, the Downloads folder,
        is often missing (``Failed to save screenshot``, with no reason). Says where, or
        why not; returns the file's path (None when not saved)."""
        folder = path or "."
        try:
            saved = self.save_screenshot(filename, folder, time_format)
        except OSError as exc:
            self.notify(f"screenshot not saved in {folder!r}: {exc.strerror or exc}",
                        title="Screenshot", severity="error")
            return None
        self.notify(f"screenshot saved to {saved}", title="Screenshot")
        return saved


__all__ = ["FORCED", "Entry", "MapView", "TableApp"]
