"""The table drawn: the board (full or compact to fit the terminal, its window following
play), the companies, the players, the end tracker, the step line and the panes' sizes
(fixed for a terminal's size, whatever they hold); the menu is drawn by :mod:`.menuview`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.widgets import Static

from cuberail.terminal.kit import Face

from . import choices as C
from . import teach
from .menuview import TableMenu
from .scrolling import follow, off_screen_title

SIDES = ("", "-low")  # the side panel beside the board, or under it when the map needs the width
NARROW = 120  # columns below which the panels lose their side borders
SIDE = 40  # columns of the side panel
MIN_NAME = 8  # characters of a name kept in the standings line however little room
BOARD_MIN = 16  # rows the board keeps when a long list of choices takes some of its rows
MENU_AROUND = 7  # of the LOW lines, those not the menu's: step, standings, end lines, input
LOW = 16  # lines beside a wide board: the step, the end line, log and choices, the input
LOW_COMPACT = 14  # lines under a compact board: the step, the log and choices, the input
# under a narrow board (below 120 columns) the log and choices keep a border and 6 lines
# (more where the map leaves them more), whatever the lines above them: the board takes
# the rest (at 80x24 9 or 10 of the map's rows, not 5), and the choices' room stays put
LOW_NARROW = 7
AROUND_NARROW = 6  # the other lines: the step (2), the standings, the end lines (2), input
SIDE_MIN = 38  # columns the side panel keeps beside a compact board
WHOLE = " · F2: all"  # after what the board's border says is off-screen
AROUND_ZOOM = 4  # lines the board alone leaves the rest: the step (2), the message, the input


def standings(players: Table, names: Sequence[str] = (), width: int = 0) -> Text:
    """The players' table in a line or two, for where the side panel leaves it out of
    view (a small terminal, the board alone): every player's cash and shares, the one to
    move marked (``▶ Player 1 $14 P1 B2 · Bot 1 $30``); other numbers are named by
    their column (``score $20``). ``names``: the players' full names, shown instead of
    the table's cut ones, themselves cut only as far as needed for the line to fit one
    line of ``width`` columns, else two (never below ``MIN_NAME`` characters)."""
    cuts = range(max(map(len, names), default=0), MIN_NAME - 1, -1)
    for lines in (1, 2):
        for cut in cuts:
            line = _standings(players, names, cut)
            if not width or line.cell_len <= lines * width:
                return line
    return _standings(players, names, MIN_NAME)


def _cut(name: str, width: int) -> str:
    """A name within ``width``: a bracketed end goes first (``Bot 2 (medium)`` is
    ``Bot 2``, not ``Bot 2 (…``, which left the bots alike), then an ellipsis cuts."""
    if len(name) > width and name.endswith(")") and " (" in name:
        name = name[:name.rindex(" (")]
    return name if len(name) <= width else name[:width - 1] + "…"


def _standings(players: Table, names: Sequence[str], cut: int) -> Text:
    rows: list[Text] = []
    cells = [list(column.cells) for column in players.columns]
    for r in range(len(cells[0]) if cells else 0):
        row = Text()
        for column, values in zip(players.columns, cells, strict=True):
            value = values[r]
            text = value.copy() if isinstance(value, Text) else Text(str(value))
            if str(column.header) == "player" and r < len(names):
                text = Text(_cut(names[r], cut))
            if not text.plain.strip():
                continue
            named = str(column.header) not in ("", "player", "cash", "shares")
            row.append(" ")
            row.append(f"{column.header} " if named else "", style="dim")
            row.append_text(text)
        if row.plain.lstrip().startswith("▶"):
            row.stylize("bold")
        rows.append(row[1:])
    return Text(" · ", style="dim").join(rows)


class TableView(TableMenu):
    """Draws the game's state on the table's widgets after every change."""

    BINDINGS = [  # noqa: RUF012 - Textual's own class attribute
        Binding("f4", "other_view", "map or list"),
    ]
    chosen_other: bool | None = None  # F4's choice of the title's other view (None: its own)

    # ----- layout ----------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._layout_for(event.size.width, event.size.height)

    def _layout_for(self, width: int, height: int) -> None:
        """Narrow below 120 columns; compact (the title's compact map beside the side
        panel, the log and the choices under them with room to read) where the whole
        map does not fit beside the side panel but the compact one does; wide (the side
        panel under the board, the board as tall as the map but leaving the rest ``LOW``
        lines) where only the whole map alone fits the width, or F4 chose the map over
        the title's other view; the board alone (F2) as tall as the screen, the whole map
        where the width allows it."""
        board = self.full_face.width + 4  # borders and a scrollbar
        # F4 chose the map over the title's other view: the whole map above the rest where
        # the width holds it, not the compact map beside the side panel (the newcomer runs
        # found the compact map of a dense board "almost unreadable" at 120x40)
        # (or the title puts the whole map above the rest first: ``Face.above_first``)
        chose_map = self.chosen_other is False or (self.chosen_other is None
                                                   and self.full_face.above_first)
        above = chose_map and board <= width
        beside = (width >= NARROW and width < board + SIDE and self._compact_fits(width)
                  and not above)
        wide = width >= NARROW and board <= width < board + SIDE and not beside
        self.screen.set_class(width < NARROW, "narrow")
        # narrow and wide: the players and the end tracker are the lines under the board,
        # not in the side panel, whose room holds the companies and the map's key (the
        # twentieth newcomer run saw the players' heading there at 80x24, its rows cut off)
        self.query_one("#side").border_title = (
            "companies" if width < NARROW else "companies, players, end of game")
        self.screen.set_class(wide, "wide")
        self.screen.set_class(beside, "compact")
        self._fit_face(width, height)
        if self.is_running:  # (after the face: the key is its own)
            self._draw_tracker()
        self.screen.set_class(self._is_tight(height), "tight")
        self._show_message()
        self._size_top(width, height)
        self.call_after_refresh(self.board_scrolled)
        self.call_after_refresh(self._follow)

    def _is_tight(self, height: int) -> bool:
        """The board alone on a terminal too short for the whole map with the lines around
        it: the board takes every row but the input's (and its border's); the step and
        the message lines are left out, the message goes into the board's border."""
        return (self.screen.has_class("zoomed")
                and height < self.face.height + self._borders() + AROUND_ZOOM)

    def _borders(self) -> int:
        """The board's border lines (a top line only where the terminal is narrow)."""
        return 1 if self.screen.has_class("narrow") else 2

    def zoom_fits(self) -> bool:
        """Whether the board alone shows the whole map (nothing to scroll)."""
        width, height = self.size
        around = 1 if self.screen.has_class("tight") else AROUND_ZOOM
        return (self.face.width + 2 * (self._borders() - 1) <= width
                and self.face.height + self._borders() + around <= height)

    def _compact_fits(self, width: int) -> bool:
        """Whether the compact map fits beside a side panel of ``SIDE_MIN`` columns."""
        small = self.full_face.small
        return small is not None and small.width + 3 + SIDE_MIN <= width

    def _size_top(self, width: int, height: int) -> None:
        """The board's rows beside the rest when wide or compact: as tall as the map,
        leaving the rest its lines and the choices the rows they lack; else the
        stylesheet's. Narrow: the log and choices ``LOW_NARROW`` rows, the board the rest
        (as tall as the map where the terminal is tall enough). Compact: the board as wide
        as its map (and a scrollbar), the side panel the rest."""
        screen = self.screen
        zoomed = screen.has_class("zoomed")
        compact = screen.has_class("compact") and not zoomed
        wide = screen.has_class("wide") and not zoomed
        # a compact map stays whole, and a wide one that fits above the rest (as the title
        # draws it for these rows: ``Face.shorter``); one that scrolls gives rows to a
        # long list of choices
        whole = self.face.height + 2 <= height - LOW
        lack = self._menu_lack(width, height) if wide and not whole else 0
        rows = min(self.face.height + 2, height - (LOW_COMPACT if compact else LOW) - lack)
        self.query_one("#top").styles.height = rows if wide or compact else None
        # 1: the border (no horizontal bar at 80 columns: the border's title names what is
        # off to each side)
        low = max(LOW_NARROW, height - AROUND_NARROW - self.face.height - 1)
        narrow = screen.has_class("narrow") and not zoomed
        self.query_one("#bottom").styles.height = low if narrow else None
        scrolls = rows < self.face.height + 2
        self.query_one("#board").styles.width = (self.face.width + 2 + scrolls if compact
                                                 else None)
        self.query_one("#menu").styles.width = self._menu_width(width) if compact else None

    @staticmethod
    def _menu_width(width: int) -> int:
        """The choices' columns under a compact board: 45% of the terminal, the log the
        rest; never what they hold (the panes would jump from one decision to the next)."""
        return width * 9 // 20

    def _menu_lack(self, width: int, height: int) -> int:
        """Rows the choices lack beside a wide board, taken from the board while it keeps
        ``BOARD_MIN`` rows (it scrolls to the places on offer): a long list of links gets
        a taller box, an auction's two lines leave the map whole."""
        room = max(width - SIDE - 2, 20) // 2 - 8  # the menu's columns: half, beside the log
        lines = sum(1 + len(c.detail) // room + bool(c.warning) for c in self.shown)
        lack = lines + 2 - (LOW - MENU_AROUND)
        return max(0, min(lack, height - LOW - BOARD_MIN))

    def _fit_face(self, width: int, height: int) -> None:
        """The compact map (``Face.small``) where the layout is compact, and on the board
        alone narrower than the whole map; the whole map otherwise (F2 shows it where the
        width allows), above the rest drawn in the rows they leave where the title can
        (``Face.shorter``)."""
        small = self.full_face.small
        zoomed = self.screen.has_class("zoomed")
        compact = self.screen.has_class("compact") and not zoomed
        cramped = zoomed and width < self.full_face.width + 2
        base = small if small and (compact or cramped) else self.full_face
        face = base.other if base.other is not None and self._shows_other(base) else base
        rows = height - LOW - 2  # a wide board's: the rest's lines, the board's borders
        if (face is self.full_face and face.shorter is not None and face.height > rows
                and self.screen.has_class("wide") and not zoomed):
            face = face.shorter(rows) or face
        if face is self.face:
            return
        self.face = face
        self._size_map()
        if self.is_running:
            self._draw_map()

    def _shows_other(self, base: Face) -> bool:
        """Whether the title's other view of ``base`` is shown: as F4 chose, else where the
        title puts it first or the screen is narrow (below 120 columns the map's pane shows
        a corner of it), not on the board alone."""
        if self.chosen_other is not None:
            return self.chosen_other
        first = base.other_first or self.screen.has_class("narrow")
        return first and not self.screen.has_class("zoomed")

    def action_other_view(self) -> None:
        """F4: the title's other view of the board (a list instead of the map) and back."""
        bases = [f for f in (self.full_face, self.full_face.small) if f and f.other]
        if not bases:
            self._say("this game has one view of its board")
            return
        self.chosen_other = not any(self.face is f.other for f in bases)
        self._layout_for(self.size.width, self.size.height)

    def _size_map(self) -> None:
        view = self.query_one("#map", Static)
        view.styles.width, view.styles.height = self.face.width, self.face.height

    # ----- drawing -------------------------------------------------------------------------

    def refresh_table(self) -> None:
        state = self.game.state
        self.menu = self._build_menu()
        self._size_top(self.size.width, self.size.height)
        self._draw_map()
        for suffix in SIDES:
            self.query_one(f"#companies{suffix}", Static).update(self.face.companies(state))
        self.query_one("#players", Static).update(self.face.players(state, self.game.names))
        self._draw_tracker()
        self.query_one("#endline", Static).update(teach.tracker_line(state))
        self.query_one("#standings", Static).update(
            standings(self.face.players(state, self.game.names), self.game.names,
                      self.size.width - 2))
        self.query_one("#step", Static).update(self._step_text())
        self._draw_log()
        self._draw_menu()
        self._show_message()
        self.call_after_refresh(self._follow)

    def _draw_tracker(self) -> None:
        """The side panel's end tracker and the map's key; the key alone in the panel
        under a wide board and below 120 columns (the tracker is the lines under the
        board there)."""
        narrow = self.screen.has_class("narrow")
        self.query_one("#tracker", Static).update(
            self._side_key() if narrow else
            Group(teach.tracker(self.game.state), Text(""), self._side_key()))
        self.query_one("#tracker-low", Static).update(self._side_key())

    def _side_key(self) -> RenderableType:
        """The map's key in the side panel: the title's short one, else its whole key."""
        return (self.face.side_key or self.face.key)()

    def _draw_map(self) -> set[str]:
        """The board with the places the player may choose drawn bright, each with its
        choice's number (a link's cheapest route's); returns them."""
        offer = {c.target: c.base for c in self.menu if c.target and not c.is_dearer_route}
        self.query_one("#map", Static).update(self.face.board(self.game.state, offer),
                                              layout=False)
        return set(offer)

    def _step_text(self) -> Text:
        view, state = self.game.view, self.game.state
        step = str(view.describe_step(state, self.game.names))
        if self.waiting:
            return Text.assemble(("⏳ ", "bold"), (self.waiting, "bold"), " ", step)
        if self.thinking:
            return Text.assemble(("⏳ ", "bold"), (f"{self.thinking} is thinking… ", "bold"),
                                 step)
        if state.is_terminal():
            return Text(step, style="bold")
        name = self.game.seats[state.current_player()].name
        return Text.assemble((f"▶ {name}, your move: ", "bold reverse"), " ", step)

    def in_play(self) -> set[str]:
        """The places the board's window follows: those on offer now; else the place of
        the last move that had one, since the mover's own last move; else the mover's
        networks (the title's kit says which, e.g. those of the companies they hold)."""
        targets = {c.target for c in self.menu if c.target}
        if targets:
            return targets
        mover = self.game.state.current_player()
        for seat, action in reversed(self.history):
            place = C.target_of(action)
            if place or seat == mover:
                if place:
                    return {place}
                break
        return self.kit.networks(self.game.state)

    def _follow(self) -> None:
        """The board's window on the places in play, unless the player panned it since
        the decision began (a pan holds until the next decision)."""
        if self.panned_at != self.moment():
            follow(self.query_one("#board", ScrollableContainer), self.face, self.in_play())

    def _show_message(self) -> None:
        """The message line; on the board alone at a short terminal, the board's border."""
        super()._show_message()
        if self.screen.has_class("tight"):
            self.query_one("#hint", Static).display = False
            self.board_scrolled()

    def board_scrolled(self, *_: object) -> None:
        """The board's border: what is off-screen above (or the message, on the board
        alone at a short terminal), what the marks mean below."""
        board = self.query_one("#board", ScrollableContainer)
        board.border_title = off_screen_title(
            board, self.face, "" if self.screen.has_class("zoomed") else WHOLE)
        if self.screen.has_class("tight") and self.message:
            board.border_title = Text(self.message)
        switch = self._switch_note()
        board.border_subtitle = (Text(" · ".join(n for n in (self.face.legend, switch) if n))
                                 if self.face.legend or switch else None)

    def _switch_note(self) -> str:
        """``F4: the map`` on the board's border where the title has another view."""
        if self.face.other is not None:
            return f"F4: {self.face.other.name}"
        for base in (self.full_face, self.full_face.small):
            if base is not None and self.face is base.other:
                # where F4 shows the whole map above the rest (_layout_for), its name
                above = self.full_face.width + 4 <= self.size.width
                return f"F4: {self.full_face.name if above else base.name}"
        return ""
