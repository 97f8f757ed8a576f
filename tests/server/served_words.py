"""Render a move's ``words`` with a catalog served by ``GET /api/words/{lang}``: what the
page's ``sayParts`` (web/js/i18n.js) does, for the server's and the browser's tests."""

from __future__ import annotations

import re
from typing import Any


def render(words: dict[str, Any], served: dict[str, str]) -> str:
    """A move's words in a served catalog: nested words rendered, lists joined."""
    def value(v: Any) -> str:
        if isinstance(v, dict):
            return render(v, served)
        if isinstance(v, list):
            return served["list.separator"].join(value(x) for x in v)
        return str(v)

    return re.sub(r"\{(\w+)\}", lambda m: value(words["values"][m.group(1)]),
                  served[words["key"]])
