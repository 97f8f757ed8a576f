"""Modal screens of the table: help and rules, and leaving a game that is not over."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant


class HelpScreen(ModalScreen[None]):
    """A page over the table (a key table or text, then how to win and the map's key);
    any of Escape, Enter or q closes it, the arrows and PgUp/PgDn scroll it. Escape and
    a key typed at once close it and the key goes on to ``typed`` (the input line):
    a terminal (tmux, within its escape time) sends them as one Alt+key, and the
    fourteenth newcomer run lost the `b` of `b 8` typed right after Escape."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90%; height: 80%; border: round $accent;
                                  background: $surface; padding: 0 1; }
    """
    BINDINGS = [  # noqa: RUF012 - Textual's own class attribute
        Binding("escape", "close", "close"),
        Binding("enter", "close", show=False),
        Binding("q", "close", show=False),
    ]

    def __init__(self, body: RenderableType, intro: str, key: Text | None = None,
                 title: str = "help", typed: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.body, self.intro, self.key, self.title = body, intro, key, title
        self.typed = typed

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text(self.body) if isinstance(self.body, str) else self.body,
                         id="body")
            yield Static(Text("\n" + self.intro))
            if self.key is not None:
                yield Static(Text.assemble("\nThe map: ", self.key))
            yield Static(Text("\n(Escape, Enter or q closes this page)", style="dim"))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).border_title = self.title

    def action_close(self) -> None:
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        """Alt+key with a printable character: Escape, then that key (see the class)."""
        ch = event.character
        if event.key.startswith("alt+") and ch and ch.isprintable() and self.typed:
            event.stop()
            event.prevent_default()
            self.escape_then(ch)

    def escape_then(self, text: str) -> None:
        """Close, then ``text`` goes on to the input line. Escape and b (f) at once reach
        the table as Ctrl+Left (Right), which the table passes here while the page is up."""
        typed = self.typed
        self.dismiss(None)
        if typed:
            self.app.call_after_refresh(typed, text)


class ConfirmQuit(ModalScreen[bool]):
    """Asks before leaving a game that is not over. The player asked to quit, so y or
    Enter leave; n or Escape keep playing (the page says which key does which, and where
    the game is kept). Its buttons are for the mouse only: no focus moves Enter."""

    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Vertical { width: 70%; max-width: 76; height: auto; border: round $warning;
                             background: $surface; padding: 0 1; }
    ConfirmQuit Horizontal { height: auto; margin-top: 1; }
    ConfirmQuit Button { margin-right: 2; }
    """
    BINDINGS = [  # noqa: RUF012 - Textual's own class attribute
        Binding("y", "answer(True)", "leave"),
        Binding("enter", "answer(True)", show=False),
        Binding("n", "answer(False)", "stay"),
        Binding("escape", "answer(False)", show=False),
    ]
    LEAVE = "y or Enter: leave the game now"
    STAY = "n or Esc: keep playing"

    def __init__(self, kept: str) -> None:
        super().__init__()
        self.kept = kept

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text.assemble(("Leave this game? It is not over.\n", "bold"),
                                       f"{self.kept}\n\n", (self.LEAVE, "bold"), "\n",
                                       (self.STAY, "bold")))
            with Horizontal():
                yield self._button("Leave (y, Enter)", "leave", "warning")
                yield self._button("Keep playing (n, Esc)", "stay", "default")

    @staticmethod
    def _button(label: str, name: str, variant: ButtonVariant) -> Button:
        button = Button(label, id=name, variant=variant)
        button.can_focus = False
        return button

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)
