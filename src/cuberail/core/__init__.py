"""Game-agnostic core: the state interface, actions, errors, options and records.

Nothing here knows a particular game; titles plug in through :class:`GameInfo`.
"""

from cuberail.core.actions import Action
from cuberail.core.errors import (
    CuberailError,
    IllegalActionError,
    NameRefusedError,
    OptionError,
    RecordError,
    SaveError,
)
from cuberail.core.game import GameInfo
from cuberail.core.names import clean_name
from cuberail.core.options import OptionSpec
from cuberail.core.record import Record, replay
from cuberail.core.state import GameResult, GameState

__all__ = [
    "Action",
    "CuberailError",
    "GameInfo",
    "GameResult",
    "GameState",
    "IllegalActionError",
    "NameRefusedError",
    "OptionError",
    "OptionSpec",
    "Record",
    "RecordError",
    "SaveError",
    "clean_name",
    "replay",
]
