"""Modal screens of the table: help and rules, and leaving a game that is not over."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class HelpScreen(ModalScreen[None]):
    """A page of text over the table; any of Escape, Enter or q closes it."""

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

    def __init__(self, text: str, intro: str, key: Text | None = None,
                 title: str = "help") -> None:
        super().__init__()
        self.text, self.intro, self.key, self.title = text, intro, key, title

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text(self.text + "\n\n" + self.intro))
            if self.key is not None:
                yield Static(Text.assemble("\nThe map: ", self.key))
            yield Static(Text("\n(Escape, Enter or q closes this page)", style="dim"))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).border_title = self.title

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmQuit(ModalScreen[bool]):
    """Asks before leaving a game that is not over: y leaves; n, Escape or Enter stay."""

    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Static { width: 70%; max-width: 76; height: auto; border: round $warning;
                           background: $surface; padding: 0 1; }
    """
    BINDINGS = [  # noqa: RUF012 - Textual's own class attribute
        Binding("y", "answer(True)", "leave"),
        Binding("n", "answer(False)", "stay"),
        Binding("escape", "answer(False)", show=False),
        Binding("enter", "answer(False)", show=False),
    ]

    def __init__(self, kept: str) -> None:
        super().__init__()
        self.kept = kept

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(("Leave the game? It is not over.\n", "bold"),
                                   f"{self.kept}\n\n", ("y", "bold"), " leave   ",
                                   ("n", "bold"), " / Escape  keep playing"))

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)
