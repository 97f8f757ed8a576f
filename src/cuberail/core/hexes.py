"""Hex-grid helpers for offset-coordinate maps (columns named by letters)."""

from __future__ import annotations

from cuberail.core.bits import iter_bits

__all__ = ["column_index", "iter_bits", "odd_q_neighbours"]

# Neighbour offsets (dc, dr) for a flat-top "odd-q" layout: odd columns sit half a hex lower.
_EVEN_COL = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
_ODD_COL = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))


def column_index(letter: str) -> int:
    """``A`` -> 0, ``B`` -> 1, ..."""
    return ord(letter.upper()) - ord("A")


def odd_q_neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six (col, row) neighbours of a hex in a flat-top odd-q layout."""
    offsets = _ODD_COL if col % 2 else _EVEN_COL
    return [(col + dc, row + dr) for dc, dr in offsets]
