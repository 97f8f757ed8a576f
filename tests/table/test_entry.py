"""When play uses the full-screen table: a terminal both ways and no --plain."""

from __future__ import annotations

import io

from cuberail.cli.table import wanted


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_table_needs_a_terminal_both_ways_and_no_plain() -> None:
    assert wanted(False, _Tty(), _Tty())
    assert not wanted(True, _Tty(), _Tty())  # --plain
    assert not wanted(False, io.StringIO(), _Tty())  # input from a pipe or a script
    assert not wanted(False, _Tty(), io.StringIO())  # output to a pipe or a screen reader log
