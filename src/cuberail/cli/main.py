"""``cuberail``: play, replay, tournament, bench. Each subcommand lives in its own module.

A subcommand module exposes ``register(subparsers)``, which adds its parser and
sets ``func`` (taking the parsed arguments, returning an exit code).

Nothing reaches the user as a traceback: :func:`main` turns a refusal into its message
(exit 2), a closed pipe (``cuberail replay --json | head``) into a quiet exit, and any
other exception into one line (exit 1). ``CUBERAIL_DEBUG=1`` re-raises the unexpected
ones, so tests and bug reports still see them.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import sys
from collections.abc import Sequence

from cuberail import __version__
from cuberail.core.errors import CuberailError

SUBCOMMANDS = ("play", "replay", "tournament", "ladder", "bench", "analyse", "selfplay", "serve",
               "join", "train")


def build_parser() -> argparse.ArgumentParser:
    from cuberail.cli.titles import titles_line  # the titles are found when the parser is built

    parser = argparse.ArgumentParser(
        prog="cuberail",
        description=f"Cube rail board games: {titles_line()}.",
    )
    parser.add_argument("--version", action="version", version=f"cuberail {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"cuberail.cli.{name}").register(sub)
    return parser


PIPE_CLOSED = 141  # as a shell reports a process ended by SIGPIPE


def debugging() -> bool:
    return os.environ.get("CUBERAIL_DEBUG", "") not in ("", "0")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: exit codes 0 ok, 1 failure, 2 bad input, 130 interrupted, 141 the
    output pipe was closed."""
    _tolerant_streams()
    try:
        return _run(argv)
    except BrokenPipeError:
        _silence_stdout()
        return PIPE_CLOSED
    except CuberailError as exc:
        _error(str(exc))
        return 2
    except KeyboardInterrupt:
        _error("interrupted", "\n")
        return 130
    except Exception as exc:
        if debugging():
            raise
        _error(f"unexpected error: {type(exc).__name__}: {_one_line(exc)}"
               " (run again with CUBERAIL_DEBUG=1 for the traceback)")
        return 1


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    code = int(args.func(args))
    sys.stdout.flush()  # a closed pipe shows here, inside main, not at exit
    return code


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 300 else text[:300] + "…"


def _error(text: str, before: str = "") -> None:
    with contextlib.suppress(OSError, ValueError):
        print(f"{before}cuberail: {text}", file=sys.stderr)


def _tolerant_streams() -> None:
    """Text that cannot be encoded is replaced, never an error (a lone surrogate from a
    file name on a UTF-8 terminal); undecodable input bytes are read as U+FFFD."""
    for stream, errors in ((sys.stdout, "replace"), (sys.stderr, "backslashreplace"),
                           (sys.stdin, "replace")):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError, io.UnsupportedOperation):
                stream.reconfigure(errors=errors)


def _silence_stdout() -> None:
    """After a closed pipe, point stdout at /dev/null so the exit's flush stays quiet."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
