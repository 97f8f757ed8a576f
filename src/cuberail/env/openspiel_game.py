"""Every title with an env kit as an OpenSpiel Python game, named ``GameInfo.short_name``.

Registered with ``pyspiel.register_game`` by :func:`register` (``import
cuberail.openspiel`` calls it). Game facts, declared up front as OpenSpiel wants:
sequential, deterministic (the rules have no chance; a random start player is
drawn from the title's ``seed`` parameter), perfect information,
constant-sum with terminal rewards (winners share 1.0, so returns always sum to
1). Parameters: ``players`` and every rule option of the title, by name (a
comma in a value is written ``_``: ``income_marks=10_15_20``, since OpenSpiel
separates parameters with commas).

Action ids are the fixed table of :mod:`cuberail.env.actions` (action-id scheme
version 2: every legal engine move has exactly one id, so ``num_distinct_actions`` is
the table's size); action strings are its texts (``bid 12``, ``place R3``, ``link
omsk-barnaul pay-set:blue``, a dearer route paying the same set ``pay-extra:1``).
Observation tensors are the flat layouts of :mod:`cuberail.env.observe` (seen from
the observing player); observation strings are the engine's JSON snapshot.
States serialise as their action history (OpenSpiel's default), which replays
exactly because every id maps to one engine action in every position.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from cuberail.core.game import GameInfo
from cuberail.core.options import OptionValue
from cuberail.core.state import GameState
from cuberail.env.actions import ActionTable, action_table
from cuberail.env.observe import Layout, layout_for
from cuberail.games import get_game

DEFAULT_PLAYERS = 4


def to_spiel(value: OptionValue) -> OptionValue:
    """An option value as an OpenSpiel parameter: commas (its separator) become underscores."""
    return value.replace(",", "_") if isinstance(value, str) else value


def from_spiel(value: Any) -> Any:
    """An OpenSpiel parameter back as an option value (``10_15_20`` is ``10,15,20``)."""
    return value.replace("_", ",") if isinstance(value, str) else value


class _Engine:
    """Holds the engine state; deep copies (OpenSpiel's clone) use the engine's fast clone."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.state.clone())


def game_type(info: GameInfo) -> Any:
    """The OpenSpiel GameType of a title."""
    params: dict[str, Any] = {"players": DEFAULT_PLAYERS}
    params.update({o.name: to_spiel(o.default) for o in info.options})
    return pyspiel.GameType(
        short_name=info.short_name, long_name=f"cuberail {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)


def _game_class(title: str) -> type:
    info = get_game(title)
    gtype = game_type(info)
    table = action_table(title)

    class Game(pyspiel.Game):  # type: ignore[misc]
        """A cuberail title as an OpenSpiel game (see the module docstring)."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            given = {k: from_spiel(v) for k, v in (params or {}).items()}
            players = int(given.pop("players", DEFAULT_PLAYERS))
            self.cuberail_options = info.resolve_options(given)
            self.cuberail_players = players
            info.new_game(players, self.cuberail_options)  # refuse bad parameters clearly
            game_info = pyspiel.GameInfo(
                num_distinct_actions=table.size, max_chance_outcomes=0, num_players=players,
                min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                max_game_length=info.max_game_length)
            spiel = {k: to_spiel(v) for k, v in self.cuberail_options.items()}
            super().__init__(gtype, game_info, {"players": players, **spiel})

        def new_initial_state(self) -> CuberailSpielState:
            engine = info.new_game(self.cuberail_players, self.cuberail_options)
            return CuberailSpielState(self, engine)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            if iig_obs_type is None or (iig_obs_type.public_info
                                        and not iig_obs_type.perfect_recall):
                return Observer(layout_for(title), params)
            return IIGObserverForPublicInfoGame(iig_obs_type, params)

    Game.__name__ = Game.__qualname__ = "".join(w.title() for w in title.split("-")) + "Game"
    return Game


class CuberailSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an engine state; ids map through the title's action table."""

    def __init__(self, game: Any, engine: GameState) -> None:
        super().__init__(game)
        self._engine = _Engine(engine)  # the only attribute: OpenSpiel deep-copies them to clone

    @property
    def _table(self) -> ActionTable:
        return action_table(self.engine.title)

    @property
    def engine(self) -> GameState:
        """The cuberail state (read it; change it only through OpenSpiel's apply_action)."""
        return self._engine.state

    def current_player(self) -> int:
        seat = self.engine.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if seat < 0 else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.engine.current_player():
            return []
        return sorted(self._table.legal_ids(self.engine))

    def _apply_action(self, action: int) -> None:
        legal = self._table.legal_ids(self.engine)
        if action not in legal:
            raise ValueError(f"action {action} ({self._table.text(action)}) is not legal here")
        self.engine.apply_unchecked(legal[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return self._table.text(action)

    def is_terminal(self) -> bool:
        return self.engine.is_terminal()

    def returns(self) -> list[float]:
        return self.engine.returns()

    def __str__(self) -> str:
        return json.dumps(self.engine.to_json(), sort_keys=True)


class Observer:
    """OpenSpiel's PyObserver: the flat observation layout, from the observing player."""

    def __init__(self, layout: Layout, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CuberailSpielState, player: int) -> None:
        self.tensor[:] = self.layout.encode(state.engine, player)

    def string_from(self, state: CuberailSpielState, player: int) -> str:
        return str(state)


_registered: set[str] = set()


def short_names() -> dict[str, str]:
    """Title -> OpenSpiel name, for every title that can be registered: it has an env kit,
    a ``short_name`` and a ``max_game_length`` (its GameInfo)."""
    from cuberail.env.kit import has_kit
    from cuberail.games import infos

    return {info.title: info.short_name for info in infos()
            if info.short_name and info.max_game_length > 0 and has_kit(info.title)}


def register() -> dict[str, str]:
    """Register every title of :func:`short_names` with OpenSpiel (once per process);
    returns the titles' OpenSpiel names."""
    names = short_names()
    for title in names:
        if title in _registered:
            continue
        pyspiel.register_game(game_type(get_game(title)), _game_class(title))
        _registered.add(title)
    return names
