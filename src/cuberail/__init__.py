"""cuberail: rules engines, bots and tools for cube rail board games."""

from cuberail._compiled import use_pure_if_asked

__version__ = "0.1.0"

use_pure_if_asked()  # CUBERAIL_PURE=1: load the .py source even where a compiled build exists
