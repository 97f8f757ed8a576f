"""A tiny SVG writer: elements as escaped strings, in a fixed attribute order.

The drawings are plain text built from these helpers so that the output is
deterministic (same snapshot, same bytes) and needs no third-party library.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

Attr = str | int | float | None

SVG_NS = "http://www.w3.org/2000/svg"


def num(value: float) -> str:
    """A coordinate with at most one decimal, without a trailing '.0'."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def attrs(values: dict[str, Attr]) -> str:
    """`` name="value"`` pairs in the given order; None values are left out."""
    out = []
    for name, value in values.items():
        if value is None:
            continue
        shown = num(value) if isinstance(value, float) else str(value)
        out.append(f" {name.rstrip('_').replace('_', '-')}={quoteattr(shown)}")
    return "".join(out)


def el(tag: str, children: Iterable[str] = (), **values: Attr) -> str:
    """One element; attribute names use '_' for '-' (``font_size``), ``class_`` for class."""
    body = "".join(children)
    if not body:
        return f"<{tag}{attrs(values)}/>"
    return f"<{tag}{attrs(values)}>{body}</{tag}>"


def text(x: float, y: float, words: str, **values: Attr) -> str:
    """A text element centred on (x, y) unless told otherwise."""
    values.setdefault("text_anchor", "middle")
    values.setdefault("dominant_baseline", "central")
    return f"<text{attrs({'x': float(x), 'y': float(y), **values})}>{escape(words)}</text>"


def title(words: str) -> str:
    """A ``<title>`` child: the tooltip a browser shows on hover."""
    return f"<title>{escape(words)}</title>"


def points(coords: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in coords)


def document(width: float, height: float, body: Iterable[str], *, css_class: str,
             label: str, style: str = "") -> str:
    """The root ``<svg>``: a viewBox so it scales, a label for screen readers."""
    head = f"<style>{style}</style>" if style else ""
    return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {num(width)} {num(height)}"'
            f' class={quoteattr(css_class)} role="img" aria-label={quoteattr(label)}'
            f' font-family="Helvetica, Arial, sans-serif">'
            f"{head}{''.join(body)}</svg>")


def contrast_ink(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill`` (#rrggbb)."""
    dark = contrast_ratio(fill, "#000000")
    return "#000000" if dark >= contrast_ratio(fill, "#ffffff") else "#ffffff"


def contrast_ratio(a: str, b: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours."""
    def lum(c: str) -> float:
        r, g, bl = (int(c[i:i + 2], 16) / 255 for i in (1, 3, 5))
        f = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in (r, g, bl)]
        return 0.2126 * f[0] + 0.7152 * f[1] + 0.0722 * f[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
