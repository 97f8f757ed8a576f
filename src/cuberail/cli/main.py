"""``cuberail``: play, replay, tournament, bench. Each subcommand lives in its own module.

A subcommand module exposes ``register(subparsers)``, which adds its parser and
sets ``func`` (taking the parsed arguments, returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from cuberail import __version__
from cuberail.core.errors import CuberailError

SUBCOMMANDS = ("play", "replay", "tournament", "bench", "serve", "join")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cuberail",
        description="Cube rail board games: Chicago Express and Trans-Siberian Railroad.",
    )
    parser.add_argument("--version", action="version", version=f"cuberail {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"cuberail.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: exit codes 0 ok, 1 failure, 2 bad input, 130 interrupted."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args))
    except CuberailError as exc:
        print(f"cuberail: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ncuberail: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
