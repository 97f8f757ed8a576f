"""A seat's link as a QR code (SVG), to go on with a game on a phone by its camera.

The server keeps only a hash of each seat's token, so the code is drawn from the token
the seat itself sends (``GET /api/games/{id}/seats/{seat}/link.svg`` with its bearer
token), after the token is checked: nobody draws the code of a seat they do not hold.
"""

from __future__ import annotations

import io

import segno

SCALE = 4  # pixels a module: a link with a 43-character token is version 6 (41 modules)
BORDER = 4  # the quiet zone the standard asks, in modules: phones read it at a glance


def seat_code(url: str, title: str) -> bytes:
    """``url`` as a QR code in SVG (error correction M; a viewBox, no fixed size: the page
    sizes it), with ``title`` for screen readers."""
    code = segno.make(url, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=SCALE, border=BORDER, xmldecl=False, title=title,
              dark="#102a43", light="#ffffff", nl=False, omitsize=True)
    return out.getvalue()
