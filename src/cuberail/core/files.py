"""Files that strangers may name and games that must never be lost: bounded reads, safe writes.

:func:`read_capped` reads a regular file of at most ``cap`` bytes and refuses anything
else (a directory, a FIFO, a device such as ``/dev/zero``) before it can hang or fill
memory. :func:`write_atomic` writes through a unique temporary file in the same
directory, fsyncs it, renames it into place and fsyncs the directory: after a crash the
target holds either the old content or the new one, never a mix, and two writers in
one folder never share a temporary file. With ``overwrite=False`` it refuses, race-free,
a target that already exists.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

from cuberail.core.errors import RecordError, SaveError, show

_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | os.O_CLOEXEC
# Where hard links are not supported, saving a new file falls back to O_EXCL.
EXISTS = "a file of that name exists (choose another name, or remove it first)"
_NO_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.EXDEV}


def shown(path: object) -> str:
    """A path as a one-line text for messages (control characters escaped)."""
    try:
        text = os.fsdecode(path)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        text = repr(path)
    return show(text, limit=200)


def _fspath(path: object) -> str | bytes:
    if not isinstance(path, str | bytes | os.PathLike):
        raise RecordError(f"a file name is text, not {type(path).__name__}")
    return os.fspath(path)


def read_capped(path: object, cap: int, kind: str = "record") -> bytes:
    """The bytes of the regular file ``path``, refusing non-files and more than ``cap`` bytes.

    ``kind`` names what the file should hold, in the messages (``not a record file``).
    """
    name = _fspath(path)
    try:
        info = os.stat(name)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise RecordError(f"cannot read {shown(path)}: {_why(exc)}") from None
    _check_regular(path, info, cap, kind)  # before opening: opening a FIFO could wait forever
    try:
        fd = os.open(name, _OPEN_FLAGS)
    except OSError as exc:
        raise RecordError(f"cannot read {shown(path)}: {_why(exc)}") from None
    try:
        _check_regular(path, os.fstat(fd), cap, kind)  # the file may have been swapped
        return _read_upto(fd, path, cap, kind)
    except OSError as exc:
        raise RecordError(f"cannot read {shown(path)}: {_why(exc)}") from None
    finally:
        os.close(fd)


def _check_regular(path: object, info: os.stat_result, cap: int, kind: str) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise RecordError(f"cannot read {shown(path)}: it is a directory, not a {kind} file")
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(f"cannot read {shown(path)}: it is not a regular file"
                          f" (a FIFO, socket or device); a {kind} file must be one")
    if info.st_size > cap:
        raise RecordError(f"cannot read {shown(path)}: it is too large ({info.st_size}"
                          f" bytes); a {kind} file is at most {cap}")


def _read_upto(fd: int, path: object, cap: int, kind: str) -> bytes:
    """At most ``cap`` bytes, refusing a file that turns out longer (as /proc files can)."""
    chunks: list[bytes] = []
    size = 0
    while size <= cap:
        chunk = os.read(fd, min(1 << 20, cap + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > cap:
        raise RecordError(f"cannot read {shown(path)}: it is too large (over {cap}"
                          f" bytes); a {kind} file is at most {cap}")
    return b"".join(chunks)


def _why(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return show(str(exc))


def write_atomic(path: object, data: bytes, overwrite: bool = True) -> None:
    """Write ``data`` to ``path`` atomically and durably (see the module docstring).

    Failures raise :class:`SaveError` (a CuberailError and an OSError) naming the path.
    ``overwrite=False`` raises it (errno EEXIST) when ``path`` already exists, and
    never replaces it, even when another process creates it at the same moment (the
    final step is a hard link, which fails on an existing name). New files are private
    to their owner (mode 0600, as :func:`tempfile.mkstemp` makes them); a replaced file
    keeps its mode.
    """
    target = Path(os.fsdecode(_fspath(path)))
    directory = target.parent
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise SaveError(shown(path), _why(exc), exc.errno) from None
    left: str | None = tmp  # the temporary name, while it is still ours to remove
    try:
        _fill(fd, data, target if overwrite else None)
        if overwrite:
            os.replace(tmp, target)
            left = None
        else:
            _link_new(tmp, target, data)
        _sync_directory(directory)
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(shown(path), _why(exc), exc.errno) from None
    finally:
        if left is not None:
            with contextlib.suppress(OSError):
                os.unlink(left)


def _fill(fd: int, data: bytes, keep_mode_of: Path | None) -> None:
    with os.fdopen(fd, "wb") as out:
        out.write(data)
        out.flush()
        if keep_mode_of is not None:
            with contextlib.suppress(OSError):
                os.fchmod(out.fileno(), stat.S_IMODE(os.stat(keep_mode_of).st_mode))
        os.fsync(out.fileno())


def _link_new(tmp: str, target: Path, data: bytes) -> None:
    """Give the written temporary file the name ``target``, only if that name is free."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise SaveError(shown(target), EXISTS, errno.EEXIST) from None
    except OSError as exc:
        if exc.errno not in _NO_LINKS:
            raise
        _write_exclusive(target, data)


def _write_exclusive(target: Path, data: bytes) -> None:
    """Fallback without hard links: create with O_EXCL (race-free, not all-or-nothing)."""
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    except FileExistsError:
        raise SaveError(shown(target), EXISTS, errno.EEXIST) from None
    _fill(fd, data, None)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable; some systems cannot fsync a directory (ignored)."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
