"""Game records on disk for the CLI: loading, replaying, and saving without ever
overwriting another game (core's :meth:`Record.save`, atomic, and race-free
:meth:`Record.save_new`)."""

from __future__ import annotations

import errno
import os
import secrets
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from cuberail.cli.console import short
from cuberail.core.errors import CuberailError, SaveError
from cuberail.core.record import Record, replay
from cuberail.core.state import GameState
from cuberail.games import get_game


def load_record(path: str | Path) -> Record:
    """A record from a file, its names cleaned: core's :meth:`Record.load` (a RecordError
    with the reason when refused)."""
    return Record.load(path)


def replay_record(record: Record, upto: int | None = None) -> GameState:
    """The state after the first ``upto`` actions of a record (all when None)."""
    return replay(record, get_game, upto)


def hints_kept(record: Record) -> dict[int, tuple[int, str]]:
    """The hints the table gave in this game, kept in the record's meta (``hints``: the
    number of moves made then -> the seat and the hinted move's text); entries a
    hand-edited record garbled are left out."""
    kept = record.meta.get("hints")
    out: dict[int, tuple[int, str]] = {}
    for at, entry in (kept.items() if isinstance(kept, dict) else ()):
        if (str(at).isdigit() and isinstance(entry, list) and len(entry) == 2
                and isinstance(entry[0], int) and isinstance(entry[1], str)):
            out[int(at)] = (entry[0], entry[1])
    return out


def hinted_moves(record: Record) -> set[int]:
    """The record's moves that were the move hinted there (:func:`hints_kept`)."""
    moves = record.actions
    return {at for at, (_, text) in hints_kept(record).items()
            if at < len(moves) and moves[at].text() == text}



def default_save_paths(title: str, folder: Path = Path()) -> Iterator[Path]:
    """Candidate default names: ``cuberail-<title>-<YYYYmmdd-HHMMSS>.json``, then ``-2``,
    ``-3``..., then random suffixes. :func:`save_new` takes the first that does not exist."""
    stem = f"cuberail-{title}-{datetime.now():%Y%m%d-%H%M%S}"
    yield folder / f"{stem}.json"
    for n in range(2, 100):
        yield folder / f"{stem}-{n}.json"
    while True:
        yield folder / f"{stem}-{secrets.token_hex(4)}.json"


# ----- saving: unique temp files, fsync, never overwriting another game ---------------------


def check_output_file(path: Path, what: str) -> None:
    """Refuse an output file that cannot be written, before any work is done."""
    text = str(path)
    if "\0" in text:
        raise CuberailError(f"{what} {short(text)}: a file name cannot contain a NUL byte")
    folder = path.parent
    try:
        if path.is_dir():
            raise CuberailError(f"{what} {path} is a folder: give a file name")
        if not folder.is_dir():
            raise CuberailError(f"{what} {path}: the folder {folder} does not exist")
    except OSError as exc:  # a name too long, a loop of links...
        raise CuberailError(f"{what} {short(text)}: {_reason(exc)}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CuberailError(f"{what} {path}: cannot write in the folder {folder}")


def save_record(record: Record, path: Path) -> None:
    """Save (replace) a game's own file, atomically (core's :meth:`Record.save`)."""
    record.save(path)


def save_new(record: Record, path: Path) -> None:
    """The first save of a game to a file that must not exist yet: another game's file
    is never overwritten (core's race-free :meth:`Record.save_new`)."""
    check_output_file(path, "cannot save to")
    try:
        record.save_new(path)
    except SaveError as exc:
        if exc.errno != errno.EEXIST:
            raise
        raise CuberailError(
            f"{path} already exists and is not overwritten: resume that game with"
            f" `cuberail play --load {path}`, or save to another file (--save FILE)") from None


def save_new_default(record: Record, title: str, folder: Path = Path()) -> Path:
    """Save a new game under the first free default name (two games started in the same
    second in one folder get different files)."""
    for path in default_save_paths(title, folder):
        try:
            record.save_new(path)
            return path
        except SaveError as exc:
            if exc.errno != errno.EEXIST:
                raise
    raise AssertionError("unreachable: default_save_paths never ends")


def _reason(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc))

