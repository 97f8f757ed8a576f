"""A title's fixed facts, declared up front as data (as OpenSpiel games do)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cuberail.core.errors import CuberailError
from cuberail.core.options import OptionSpec, OptionValue, resolve_options
from cuberail.core.state import GameState

StateFactory = Callable[[int, Mapping[str, OptionValue]], GameState]


@dataclass(frozen=True)
class GameInfo:
    """What a consumer needs to know to create and describe games of one title."""

    title: str
    name: str
    rules_version: int
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    factory: StateFactory
    doc: str = ""
    # The title's package (``cuberail.games.<name>``): where the layers look for
    # its kits by convention (``<layer>.<last part>``), and its word catalogues.
    package: str = ""
    # Other names a player may type for the title (a short one), lower case.
    aliases: tuple[str, ...] = ()
    # The name OpenSpiel registers the title under (letters, digits, underscores).
    short_name: str = ""
    # A bound on the decisions of one game, for consumers that need one up front
    # (OpenSpiel's max_game_length); the rules end every game well before it.
    max_game_length: int = 0
    # For each older rules version: option values that reproduce that version's behaviour,
    # used for options its records do not name (options added since, or whose default moved).
    legacy: Mapping[int, Mapping[str, OptionValue]] = field(default_factory=dict)
    # Why a record of (rules version, options as recorded) cannot be replayed by these
    # rules, or None when it can: for older records whose play these rules would change.
    refuse_record: Callable[[int, Mapping[str, Any]], str | None] | None = None

    def new_game(self, num_players: int, options: Mapping[str, Any] | None = None) -> GameState:
        """A fresh game; options not given take their defaults."""
        if not self.min_players <= num_players <= self.max_players:
            raise CuberailError(
                f"{self.name} is for {self.min_players} to {self.max_players} players,"
                f" not {num_players}"
            )
        return self.factory(num_players, self.resolve_options(options))

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Every option with its value (defaults filled in), validated."""
        return resolve_options(self.options, options)

    def record_options(self, rules_version: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options a record of ``rules_version`` was played with, for a new game now.

        Options the record does not name take the value that reproduces its rules
        version (:attr:`legacy`), or else today's default.
        """
        return {**self.legacy.get(rules_version, {}), **options}
