"""The CLI's shared helpers, by their old names: kept for importers outside ``cuberail.cli``.

The helpers live by concern: :mod:`.console` (the console, short texts), :mod:`.seats`
(humans and bots), :mod:`.records` (loading, replaying and saving games), :mod:`.charts`
(matplotlib), :mod:`.menu` (the plain mode's menu) and :mod:`.titles` (faces, options).
New code imports those.
"""

from __future__ import annotations

from cuberail.cli.charts import PLOT_HINT, plot_label, pyplot, save_figure
from cuberail.cli.console import WIDTH, is_number, make_console, resume_hint
from cuberail.cli.menu import COMMANDS, MAX_LINE, Command, Describe, Item, Menu, Reply, read_choice
from cuberail.cli.records import (
    check_output_file,
    default_save_paths,
    load_record,
    replay_record,
    save_new,
    save_new_default,
    save_record,
)
from cuberail.cli.seats import (
    MAX_NAMES_TEXT,
    MAX_SEED,
    PREFERRED_BOTS,
    Seat,
    default_bot,
    make_seats,
    parse_bots,
    parse_names,
    seats_from_record,
)
from cuberail.cli.titles import load_view, option_help
from cuberail.core.names import clean_name

__all__ = ["COMMANDS", "MAX_LINE", "MAX_NAMES_TEXT", "MAX_SEED", "PLOT_HINT", "PREFERRED_BOTS",
           "WIDTH", "Command", "Describe", "Item", "Menu", "Reply", "Seat", "check_output_file",
           "clean_name", "default_bot", "default_save_paths", "is_number", "load_record",
           "load_view", "make_console", "make_seats", "option_help", "parse_bots",
           "parse_names", "plot_label", "pyplot", "read_choice", "replay_record",
           "resume_hint", "save_figure", "save_new", "save_new_default", "save_record",
           "seats_from_record"]
