"""Modal screens of the table: help and rules."""

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

    def __init__(self, text: str, intro: str) -> None:
        super().__init__()
        self.text, self.intro = text, intro

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text(self.text + "\n\n" + self.intro
                              + "\n\n(Escape, Enter or q closes this page)"))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).border_title = "help"

    def action_close(self) -> None:
        self.dismiss(None)
