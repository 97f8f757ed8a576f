"""The board's scrolling at the table: bring a choosable place into view, and name what
a small terminal leaves off-screen (in the board's border)."""

from __future__ import annotations

from textual.containers import ScrollableContainer

from cuberail.terminal.kit import Face


def show_targets(board: ScrollableContainer, face: Face, targets: set[str]) -> None:
    """Scroll the board so that a place the player may choose is in view."""
    if not targets:
        return
    cells = [(x, y) for y in range(face.height) for x in range(face.width)
             if face.hit(x, y) in targets]
    region = board.scrollable_content_region
    seen = [(x, y) for x, y in cells if board.scroll_x <= x < board.scroll_x + region.width
            and board.scroll_y <= y < board.scroll_y + region.height]
    if cells and not seen:
        x, y = cells[0]
        board.scroll_to(x=max(x - 4, 0), y=max(y - 2, 0), animate=False)


def off_screen_title(board: ScrollableContainer, face: Face) -> str:
    """The board's border title: what its scrolling hides (a small terminal shows part of
    the map), cut to the border's width."""
    region = board.scrollable_content_region
    first, last = int(board.scroll_x), int(board.scroll_x) + region.width - 1
    notes = []
    if first > 0:
        west = face.names(0, first - 1).split(", ")
        notes.append("◀ " + ", ".join(reversed(west)))
    if last < face.width - 1:
        notes.append("▶ " + face.names(last + 1, face.width))
    if board.scroll_y > 0:
        notes.append("▲ more above")
    if board.scroll_y + region.height < face.height:
        notes.append("▼ more below")
    text = "board, off-screen: " + " | ".join(notes) if notes else "board"
    return text[: max(region.width - 2, 5)]
