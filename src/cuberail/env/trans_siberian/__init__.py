"""Trans-Siberian's env kit (:mod:`cuberail.env.kit`): its observation layout
(:mod:`.observe`), action ids (:mod:`.actions`) and batch encoder (:mod:`.batch`).

``KIT`` is loaded on first use (:mod:`.kit`): mypyc type-checks whatever the compiled
modules of this package import, in a build environment without numpy.
"""

from __future__ import annotations

import importlib
from typing import Any

# The modules mypyc compiles (cuberail._compiled reads this tuple as text: plain names).
COMPILED = ("gather",)


def __getattr__(name: str) -> Any:
    if name == "KIT":
        return importlib.import_module(f"{__name__}.kit").KIT
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
