"""Rule options: named, typed, with a default; recorded in every game record."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cuberail.core.errors import OptionError

OptionValue = int | str | bool


@dataclass(frozen=True)
class OptionSpec:
    """One rule option: its name, default, allowed values and the rule it changes."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, text: str) -> OptionValue:
        """Read a value from the command line (``NAME=VALUE``)."""
        if isinstance(self.default, bool):
            low = text.strip().lower()
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise OptionError(f"option {self.name}: {text!r} is not true or false")
        if isinstance(self.default, int):
            try:
                number = int(text)
            except ValueError:
                raise OptionError(f"option {self.name}: {text!r} is not a whole number") from None
            return self.check(number)
        return self.check(text)

    def check(self, value: object) -> OptionValue:
        """Validate a value (from a record or code) and return it."""
        if type(value) is not type(self.default):
            kind = type(self.default).__name__
            raise OptionError(f"option {self.name}: {value!r} is not a {kind}")
        assert isinstance(value, int | str | bool)
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name}: {value!r} is not one of {allowed}")
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name}: {value} is below {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name}: {value} is above {self.maximum}")
        return value

    def describe(self) -> str:
        """A line for help screens: ``name (default X; allowed ...): help``."""
        allowed = ""
        if self.choices:
            allowed = "; one of " + "/".join(str(c) for c in self.choices)
        elif self.minimum is not None or self.maximum is not None:
            allowed = f"; {self.minimum}..{self.maximum}"
        return f"{self.name} (default {self.default}{allowed}): {self.help}"


def resolve_options(
    specs: Iterable[OptionSpec], given: Mapping[str, object] | None
) -> dict[str, OptionValue]:
    """Every option with a value: the given ones validated, the rest at their defaults."""
    table = {s.name: s for s in specs}
    given = dict(given or {})
    unknown = sorted(set(given) - set(table))
    if unknown:
        known = ", ".join(sorted(table)) or "none"
        raise OptionError(f"unknown option {unknown[0]!r}; this game has: {known}")
    return {name: spec.check(given[name]) if name in given else spec.default
            for name, spec in table.items()}


def parse_option_args(specs: Iterable[OptionSpec], texts: Iterable[str]) -> dict[str, Any]:
    """Parse ``NAME=VALUE`` strings from a command line."""
    table = {s.name: s for s in specs}
    out: dict[str, Any] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        name = name.strip()
        if not sep:
            raise OptionError(f"option {text!r} must be written NAME=VALUE")
        if name not in table:
            known = ", ".join(sorted(table)) or "none"
            raise OptionError(f"unknown option {name!r}; this game has: {known}")
        out[name] = table[name].parse(value.strip())
    return out
