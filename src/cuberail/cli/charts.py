"""Charts for the CLI's reports: matplotlib (the ``plot`` extra) drawing PNG files."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from cuberail.core.errors import CuberailError
from cuberail.core.files import write_atomic

PLOT_HINT = "pip install 'cuberail[plot]'"


def pyplot(option: str = "--chart") -> Any:
    """matplotlib's pyplot drawing to files (Agg), or a CuberailError saying how to install it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise CuberailError(f"{option} needs matplotlib: {PLOT_HINT}") from None
    return plt


def plot_label(name: str) -> str:
    """A player's name as a matplotlib label shown as it is: ``$`` would start math
    (and a bad formula fails the drawing), a leading ``_`` would hide it from the legend."""
    text = name.replace("$", "\\$")
    return " " + text if text.startswith("_") else text


def save_figure(figure: Any, path: Path) -> None:
    """Write a matplotlib figure as a PNG, atomically (no half-written chart is left)."""
    data = io.BytesIO()
    figure.savefig(data, format="png", dpi=110)
    write_atomic(path, data.getvalue())
