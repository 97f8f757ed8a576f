"""Generic properties of every title (issue 8), over seeded random play:

- every refused action leaves the state unchanged: garbage (non-actions, floats and bools
  equal by value to legal ints, huge ints, malformed kinds) and legal-looking actions
  (a legal action with an argument moved just outside its range, an extra or a missing
  argument, an action seen earlier, an action of another title) at random points of the
  game are refused with IllegalActionError, and ``to_json()``, ``legal_actions()``, the
  player to move and a clone taken before are all equal after;
- a rule option left at its default changes nothing: a game created with ``options={}``
  and one with every option spelled out at its default stay equal step by step.

Nothing here knows a title's rules: only its GameInfo, legal actions and snapshots.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from policies import policies_for

from cuberail.core import Action, GameState, IllegalActionError
from cuberail.core.record import new_record
from cuberail.games import get_game, titles

TITLES = sorted(titles())


def variants(action: Action) -> list[object]:
    """Things that resemble ``action`` (equal by value, or close) but are not it."""
    out: list[object] = [action.text(), action.to_json(), tuple(action), None,
                         Action(action.kind.upper(), action.args),
                         Action(action.kind, (*action.args, 1)),
                         Action(action.kind, (*action.args, "x")),
                         Action(action.kind, list(action.args))]  # type: ignore[arg-type]
    if action.args:
        out.append(Action(action.kind, action.args[:-1]))
    for i, arg in enumerate(action.args):
        for value in _near(arg):
            out.append(Action(action.kind, (*action.args[:i], value, *action.args[i + 1:])))
    return out


def _near(arg: int | str) -> list[Any]:
    if isinstance(arg, int):
        near: list[Any] = [float(arg), str(arg), arg - 1, arg + 1, -arg - 1, 10**9, 10**5000]
        if arg in (0, 1):
            near.append(bool(arg))  # True == 1: equal by value, not the same action
        return near
    return [arg.lower(), arg + "-x", arg + " x", "", 7]


def garbage(state: GameState, seen: list[Action], other: list[Action],
            rng: random.Random) -> list[object]:
    legal = state.legal_actions()
    out: list[object] = [Action("nonsense"), Action("nonsense", (1, "x")), 7, "pass", object()]
    out.extend(rng.sample(seen, min(3, len(seen))))
    out.extend(rng.sample(other, min(3, len(other))))
    for action in rng.sample(legal, min(3, len(legal))):
        out.extend(variants(action))
    # Keep what must be refused: anything not an exact (same types) legal action.
    exact = {(a, tuple(type(x) for x in a.args)) for a in legal}
    return [b for b in out if not (type(b) is Action and type(b.args) is tuple
                                   and (b, tuple(type(x) for x in b.args)) in exact)]


def snapshot(state: GameState) -> tuple[Any, ...]:
    return (state.to_json(), state.legal_actions(), state.current_player(), state.is_terminal())


def play(title: str, seed: int, stop: int | None = None) -> tuple[GameState, list[Action]]:
    info = get_game(title)
    rng = random.Random(f"props/{title}/{seed}")
    players = info.min_players + seed % (info.max_players - info.min_players + 1)
    policy = policies_for(title)[seed % len(policies_for(title))]
    state = info.new_game(players)
    seen: list[Action] = []
    while not state.is_terminal() and (stop is None or len(seen) < stop):
        action = policy(state, rng)
        state.apply(action)
        seen.append(action)
    return state, seen


@pytest.fixture(scope="module")
def other_actions() -> dict[str, list[Action]]:
    """For each title, actions of the other titles (from a game of each)."""
    played = {t: sorted(set(play(t, 0)[1])) for t in TITLES}
    return {t: [a for u in TITLES if u != t for a in played[u]] for t in TITLES}


@settings(max_examples=40)
@given(title=st.sampled_from(TITLES), seed=st.integers(0, 10**6), stop=st.integers(0, 400))
def test_every_refused_action_leaves_the_state_unchanged(
        other_actions: dict[str, list[Action]], title: str, seed: int, stop: int) -> None:
    state, seen = play(title, seed, stop)
    rng = random.Random(seed)
    before = snapshot(state)
    twin = state.clone()
    for bad in garbage(state, seen, other_actions[title], rng):
        with pytest.raises(IllegalActionError) as info:
            state.apply(bad)  # type: ignore[arg-type]
        assert info.value.reason and info.value.action is bad
        assert str(info.value).isprintable(), f"{title} seed {seed}: {info.value}"
        assert snapshot(state) == before, f"{title} seed {seed} step {len(seen)}: {bad!r}"
    assert snapshot(twin) == before and snapshot(state.clone()) == before


def spelled_out_defaults(title: str) -> dict[str, Any]:
    return {spec.name: spec.default for spec in get_game(title).options}


@settings(max_examples=12)
@given(title=st.sampled_from(TITLES), seed=st.integers(0, 10**6))
def test_an_option_left_at_its_default_changes_nothing(title: str, seed: int) -> None:
    info = get_game(title)
    rng = random.Random(seed)
    players = rng.randint(info.min_players, info.max_players)
    plain = info.new_game(players, {})
    spelled = info.new_game(players, spelled_out_defaults(title))
    names = [f"p{i}" for i in range(players)]
    assert new_record(info, names, {}) == new_record(info, names, spelled_out_defaults(title))
    policy = policies_for(title)[seed % len(policies_for(title))]
    step = 0
    while True:
        assert snapshot(plain) == snapshot(spelled), f"{title} seed {seed}: differ at {step}"
        if plain.is_terminal():
            break
        action = policy(plain, rng)
        plain.apply(action)
        spelled.apply(action)
        step += 1
    assert plain.result() == spelled.result()


@pytest.mark.parametrize("title", TITLES)
def test_each_option_spelled_alone_at_its_default_changes_nothing(title: str) -> None:
    """One option at a time, so that a difference names the option that causes it."""
    info = get_game(title)
    for name, value in spelled_out_defaults(title).items():
        rng = random.Random(name)
        plain = info.new_game(info.min_players + 1, {})
        spelled = info.new_game(info.min_players + 1, {name: value})
        for _ in range(60):
            assert snapshot(plain) == snapshot(spelled), f"{title}: option {name}"
            if plain.is_terminal():
                break
            legal = plain.legal_actions()
            action = legal[rng.randrange(len(legal))]
            plain.apply(action)
            spelled.apply(action)
