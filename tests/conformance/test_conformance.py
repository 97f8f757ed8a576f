"""Generic conformance: seeded random games of every title, checked at every step.

For each title in ``cuberail.games.titles()``, GAMES[title] games (DEFAULT_GAMES when not
listed) are played, in chunks of CHUNK seeds so that xdist can spread them. Game g seats
min + g % (max - min + 1) players (from GameInfo), plays with the title's policies in turn
(policies.py) and, about one game in four, with random valid rule options.

Every step of every game gets the cheap checks: the title's invariants (invariants.py);
a legal action exists until the game ends (and none after); the current player is in range.
Every game ends with its record saved to JSON, loaded and replayed to the same to_json().

One game in FULL_EVERY also gets, at every step, the expensive checks (such a game costs
~15x a plain one, mostly in to_json): illegal actions (a nonsense kind, an action seen
earlier that is not legal now, a legal action with an argument mangled: just below or above
the legal range, or an unknown word) are refused with IllegalActionError and a reason, the
state unchanged; clone() equals the original, and applying the chosen action to the clone
leaves the original untouched and matches applying it to the original.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from invariants import INVARIANTS, CheckInvariants, check_for
from policies import policies_for, westward
from pydantic import ValidationError

from cuberail.core import Action, GameState, IllegalActionError, Record, replay
from cuberail.core.game import GameInfo
from cuberail.core.record import new_record
from cuberail.core.snapshot import SnapshotBase
from cuberail.games import get_game, snapshot_model, titles

CHUNK = 50
GAMES = {"chicago-express": 2100, "trans-siberian": 2000}
DEFAULT_GAMES = 500
FULL_EVERY = 7  # 300 of the 2,100 Chicago Express games get every check at every step
RANDOM_OPTIONS_SHARE = 0.25
MAX_STEPS = 20_000


def chunks() -> Iterator[Any]:
    for title in titles():
        games = GAMES.get(title, DEFAULT_GAMES)
        for start in range(0, games, CHUNK):
            stop = min(start + CHUNK, games)
            yield pytest.param(title, start, stop, id=f"{title}-{start}-{stop - 1}")


@pytest.mark.parametrize(("title", "start", "stop"), chunks())
def test_random_games(title: str, start: int, stop: int) -> None:
    info = get_game(title)
    for game in range(start, stop):
        play_game(info, game, full=game % FULL_EVERY == 0)


def test_every_title_declares_its_snapshot() -> None:
    missing = [t for t in titles() if snapshot_model(t) is None]
    assert not missing, f"{missing}: declare the snapshot as Snapshot in the title's schema.py"


def test_a_snapshot_with_an_undeclared_field_is_refused() -> None:
    for title in titles():
        model = snapshot_model(title)
        assert model is not None
        snapshot = get_game(title).new_game(get_game(title).min_players).to_json()
        model.model_validate(snapshot)
        with pytest.raises(ValidationError, match="surprise"):
            model.model_validate({**snapshot, "surprise": 1})


def test_every_title_has_invariants() -> None:
    missing = [t for t in titles() if t not in INVARIANTS]
    assert not missing, f"register {missing} in INVARIANTS, tests/conformance/invariants.py"


def test_the_suite_plays_enough_chicago_express_games() -> None:
    info = get_game("chicago-express")
    games = GAMES["chicago-express"]
    assert games >= 2000
    seats = {info.min_players + g % (info.max_players - info.min_players + 1)
             for g in range(games)}
    assert seats == {2, 3, 4, 5, 6}
    assert len(range(0, games, FULL_EVERY)) >= 300


def test_chicago_express_policies_reach_chicago() -> None:
    """The westward policy is there to cover the Chicago phase and the Wabash: keep it so."""
    info = get_game("chicago-express")
    opened = 0
    for game in range(20):
        rng = random.Random(game)
        state = info.new_game(2 + game % 5)
        while not state.is_terminal():
            state.apply(westward(state, rng))
        opened += state.to_json()["companies"][4]["open"]
    assert opened >= 8, f"only {opened} of 20 westward games opened the Wabash"


def random_options(info: GameInfo, rng: random.Random) -> dict[str, Any]:
    """A valid value for every option, picked at random from what the option allows."""
    out: dict[str, Any] = {}
    for spec in info.options:
        if spec.choices:
            out[spec.name] = rng.choice(spec.choices)
        elif isinstance(spec.default, bool):
            out[spec.name] = rng.random() < 0.5
        elif isinstance(spec.default, int) and None not in (spec.minimum, spec.maximum):
            out[spec.name] = rng.randint(spec.minimum or 0, spec.maximum or 0)
    return out


def play_game(info: GameInfo, game: int, full: bool) -> None:
    rng = random.Random(f"{info.title}/{game}")
    players = info.min_players + game % (info.max_players - info.min_players + 1)
    options = random_options(info, rng) if rng.random() < RANDOM_OPTIONS_SHARE else {}
    policies = policies_for(info.title)
    policy = policies[game % len(policies)]
    check_invariants = check_for(info.title)
    where = f"{info.title} game {game} ({players} players, options {options})"
    state = info.new_game(players, options)
    record = new_record(info, [f"p{i}" for i in range(players)], options)
    seen: dict[Action, None] = {}
    snapshot = state.to_json() if full else None
    model = snapshot_model(info.title)
    while True:
        step = f"{where}, step {len(record.actions)}"
        check_step(state, check_invariants, step)
        if full and model is not None:
            check_snapshot(model, snapshot, step)
        if state.is_terminal():
            break
        assert len(record.actions) < MAX_STEPS, f"{step}: the game does not end"
        action = policy(state, rng)
        if full:
            snapshot = check_full_step(state, action, seen, rng, snapshot, step)
        else:
            state.apply(action)
        seen[action] = None
        record.actions.append(action)
    check_end(info, state, record, where)


def check_step(state: GameState, check_invariants: CheckInvariants, step: str) -> None:
    try:
        check_invariants(state)
    except AssertionError as exc:
        raise AssertionError(f"{step}: {exc}") from exc
    legal = state.legal_actions()
    if state.is_terminal():
        assert legal == [], f"{step}: legal actions after the end"
        assert state.current_player() == -1, f"{step}: a player to act after the end"
    else:
        assert legal, f"{step}: no legal action before the end"
        assert 0 <= state.current_player() < state.num_players, f"{step}: current player"


def check_snapshot(model: type[SnapshotBase], snapshot: Any, step: str) -> None:
    """The snapshot is what the title's schema declares: every field, none extra."""
    try:
        model.model_validate(snapshot)
    except ValidationError as exc:
        raise AssertionError(f"{step}: the snapshot breaks its schema: {exc}") from exc


def check_end(info: GameInfo, state: GameState, record: Record, where: str) -> None:
    result = state.result()
    assert len(result.scores) == state.num_players and result.winners, where
    loaded = Record.from_json(json.loads(record.dumps()))
    assert replay(loaded, get_game).to_json() == state.to_json(), f"{where}: replay differs"


def check_full_step(
    state: GameState, action: Action, seen: dict[Action, None], rng: random.Random,
    before: Any, step: str,
) -> Any:
    """Refusals, clone equality and independence; applies ``action``; returns the new to_json.

    ``before`` is the to_json() taken after the previous action, so the comparisons below
    also catch a state changed by the step checks (invariants, legal_actions()).
    """
    for bad in illegal_actions(state, seen, rng):
        with pytest.raises(IllegalActionError) as info:
            state.apply(bad)
        assert info.value.reason and info.value.action == bad, f"{step}: refusal of {bad}"
    twin = state.clone()
    assert twin.to_json() == before, f"{step}: the clone differs (or a refusal changed it)"
    assert twin.legal_actions() == state.legal_actions(), f"{step}: clone's legal actions"
    twin.apply(action)
    assert state.to_json() == before, (
        f"{step}: the original changed: by a refused action or by {action} applied to a clone")
    state.apply(action)
    after = state.to_json()
    assert after == twin.to_json(), f"{step}: {action} on the clone and the original differ"
    return after


def illegal_actions(state: GameState, seen: dict[Action, None], rng: random.Random) -> list[Action]:
    """A few actions that must be refused here (see the module docstring)."""
    legal = state.legal_actions()
    allowed = set(legal)
    out = [Action("nonsense"), Action("nonsense", (1, "x"))]
    stale = [a for a in seen if a not in allowed]
    if stale:
        out.append(rng.choice(stale))
    with_args = [a for a in legal if a.args]
    if with_args:
        out.extend(mangled(rng.choice(with_args), legal))
    kinds = {a.kind for a in legal}
    out.extend(Action(k) for k in sorted(kinds) if Action(k) not in allowed)
    return [a for a in out if a not in allowed]


def mangled(action: Action, legal: list[Action]) -> list[Action]:
    """The action with one argument changed to a value just outside what is legal."""
    out = []
    for i, arg in enumerate(action.args):
        same = [a.args[i] for a in legal
                if a.kind == action.kind and len(a.args) == len(action.args)
                and a.args[:i] == action.args[:i] and a.args[i + 1:] == action.args[i + 1:]]
        if isinstance(arg, int):
            numbers = [v for v in same if isinstance(v, int)]
            values: list[int | str] = [min(numbers) - 1, max(numbers) + 1]
        else:
            values = [f"{arg}-no-such", "zz9"]
        for value in values:
            out.append(Action(action.kind, (*action.args[:i], value, *action.args[i + 1:])))
    return out
