"""The titles as the CLI shows them: each one's terminal face, rule options and an
example of how to name one, all found at run time (no title is named here)."""

from __future__ import annotations

from types import ModuleType

from cuberail.core.errors import CuberailError
from cuberail.games import get_game, titles
from cuberail.terminal import PlainFace, face_or_plain


def load_view(title: str) -> ModuleType | PlainFace:
    """A title's terminal face (``render``, ``describe_action``...), else its plain face
    made of the games' words; a CuberailError when the face is there but does not load."""
    try:
        return face_or_plain(title)
    except ImportError as exc:
        raise CuberailError(f"{title} has no text view in this cuberail ({exc})") from None


def option_help() -> str:
    """Every title's rule options, for ``--help``."""
    lines = []
    for title in titles():
        lines.append(f"rule options of {title} (--option NAME=VALUE):")
        lines += [f"  {spec.describe()}" for spec in get_game(title).options]
    return "\n".join(lines)


def title_help() -> str:
    """Help for a title argument, with an example from the titles found:
    ``game title, e.g. <title> (or <alias>)``."""
    found = titles()
    if not found:
        return "game title"
    info = get_game(found[0])
    alias = f" (or {info.aliases[0]})" if info.aliases else ""
    return f"game title, e.g. {info.title}{alias}"


def titles_line() -> str:
    """The titles cuberail plays, by name, for a description: ``A, B and C``."""
    names = [get_game(title).name for title in titles()]
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


__all__ = ["load_view", "option_help", "title_help", "titles_line"]
