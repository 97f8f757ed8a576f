"""A small policy/value network for any title with a kit, and its numpy inference.

The state is read as the kit's learned features (:class:`cuberail.bots.kit.Features`),
or by the network's own state reader when the title gives one (``Network.state``),
one row per seat, turned so that the seat to move comes first; each legal action as
a small vector of the kit's :class:`cuberail.bots.kit.Network` encoding (kind and word
arguments one-hot, a number's offset from the lowest legal one of its kind, then the
title's own numbers for the action in this position: what a build costs and earns, what
a share is worth). So one network shape fits every title and seat count, with no global
action table::

    x = (rows - mean) / scale              one row per seat, the mover first
    h = tanh(x W1 + b1)                    each seat's embedding
    z = tanh([h, mean(h)] W2 + b2)         ... in the context of the table
    values = softmax(z w3)                 each seat's win share
    logits = (a Wa + ba) z[0] + a wb       each action against the mover's embedding
    priors = softmax(logits)

Weights are a JSON file in ``bots/weights/`` (``TITLE-azN.json``) naming the title, its
rules version, feature version and network (action encoding) version; a file that
differs in any is refused with a message saying why. Playing needs numpy only;
training (:mod:`cuberail.bots.az_train`, ``cuberail train``) needs PyTorch.
"""

from __future__ import annotations

import math
import os
from typing import Any

import numpy as np

from cuberail.bots.kit import Features, Guide, Network, kit_for
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError, RecordError
from cuberail.core.files import read_capped, shown
from cuberail.core.jsontext import parse_json
from cuberail.core.state import GameState

FORMAT = "cuberail-az-network"
FORMAT_VERSION = 1
WEIGHTS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "weights")
WEIGHTS_ENV = "CUBERAIL_AZ_WEIGHTS"  # a candidate weights file instead of the shipped one
MAX_WEIGHTS_BYTES = 4 << 20
# The arrays of a weights file and their shapes: F seat features, A action features, H hidden.
SHAPES: dict[str, tuple[str, ...]] = {
    "mean": ("F",), "scale": ("F",), "w1": ("F", "H"), "b1": ("H",), "w2": ("2H", "H"),
    "b2": ("H",), "w3": ("H",), "wa": ("A", "H"), "ba": ("H",), "wb": ("A",),
}


def parts_for(title: str) -> tuple[Features, Network]:
    """The feature set and action encoding of ``title``; a clear error for a title without."""
    found = kit_for(title)
    if found is None or found.features is None or found.network is None:
        raise CuberailError(f"no policy/value network for {title!r}: its bot kit has no"
                            " features or action encoding")
    return found.features, found.network


# ----- encoding -----------------------------------------------------------------------


def state_size(features: Features, network: Network | None = None) -> int:
    """The length of a seat's row: the network's own state reader's, else the features'."""
    if network is not None and network.state is not None:
        return len(network.state_names)
    return len(features.names)


def state_rows(state: GameState, features: Features, network: Network | None = None
               ) -> list[list[float]]:
    """Each seat's row (the network's own state reader when it has one, else the features),
    turned so that the seat to move comes first."""
    if network is not None and network.state is not None:
        rows = network.state(state)
    else:
        rows = features.seat_features(state)
    me = state.current_player()
    return rows[me:] + rows[:me]


def generic_size(network: Network) -> int:
    """The length of an action's generic part: kinds, words, an other-word count, the
    number's offset, whether it is the lowest of its kind, and the argument count."""
    return len(network.kinds) + len(network.words) + 4


def action_size(network: Network) -> int:
    """The length of an action's vector: the generic part and the title's own numbers."""
    return generic_size(network) + len(network.board_names)


def action_rows(state: GameState, actions: list[Action], network: Network
                ) -> list[list[float]]:
    """Each action's vector in ``state`` (see :func:`action_size`)."""
    rows = generic_rows(actions, network)
    if network.board is not None:
        for row, extra in zip(rows, network.board(state, actions), strict=True):
            row.extend(extra)
    return rows


def generic_rows(actions: list[Action], network: Network) -> list[list[float]]:
    """Each action's generic part (see :func:`generic_size`)."""
    kinds = {k: i for i, k in enumerate(network.kinds)}
    words = {w: len(kinds) + i for i, w in enumerate(network.words)}
    lowest: dict[str, int] = {}
    for a in actions:
        if a.args and isinstance(a.args[0], int):
            lowest[a.kind] = min(lowest.get(a.kind, a.args[0]), a.args[0])
    size = generic_size(network)
    out = []
    for a in actions:
        row = [0.0] * size
        if a.kind in kinds:
            row[kinds[a.kind]] = 1.0
        for arg in a.args:
            if isinstance(arg, str):
                row[words.get(arg, size - 4)] += 1.0
        first = a.args[0] if a.args else None
        if isinstance(first, int):
            row[size - 3] = (first - lowest[a.kind]) / network.number_scale
            row[size - 2] = 1.0 if first == lowest[a.kind] else 0.0
        row[size - 1] = float(len(a.args))
        out.append(row)
    return out


# ----- inference ------------------------------------------------------------------------


def _softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max())
    result: np.ndarray = e / e.sum()
    return result


class PolicyValueNet:
    """The network's forward pass in numpy (see the module docstring)."""

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        self.a = {k: np.asarray(v, dtype=np.float64) for k, v in arrays.items()}
        self.hidden = int(self.a["b1"].shape[0])

    def forward(self, rows: list[list[float]], actions: list[list[float]]
                ) -> tuple[np.ndarray, np.ndarray]:
        """(priors over ``actions``, win shares of the seats of ``rows``), mover first."""
        a = self.a
        x = (np.asarray(rows, dtype=np.float64) - a["mean"]) / a["scale"]
        h = np.tanh(x @ a["w1"] + a["b1"])
        context = np.broadcast_to(h.mean(axis=0), h.shape)
        z = np.tanh(np.concatenate((h, context), axis=1) @ a["w2"] + a["b2"])
        values = _softmax(z @ a["w3"])
        act = np.asarray(actions, dtype=np.float64)
        logits = (act @ a["wa"] + a["ba"]) @ z[0] + act @ a["wb"]
        return _softmax(logits), values


def make_guide(net: PolicyValueNet, features: Features, network: Network) -> Guide:
    """The search's guide from a network: priors over the searched actions and each seat's
    value, in the state's own seat order."""

    def guide(state: GameState, actions: list[Action]) -> tuple[list[float], list[float]]:
        priors, values = net.forward(state_rows(state, features, network),
                                     action_rows(state, actions, network))
        me = state.current_player()
        turned = values.tolist()
        n = len(turned)
        return priors.tolist(), [turned[(seat - me) % n] for seat in range(n)]

    return guide


# ----- weights files --------------------------------------------------------------------


def rules_version(title: str) -> int:
    from cuberail.games import get_game

    return get_game(title).rules_version


def header(title: str) -> dict[str, Any]:
    """What a weights file for ``title`` must say of this build (checked on load)."""
    features, network = parts_for(title)
    return {"format": FORMAT, "format_version": FORMAT_VERSION, "title": title,
            "rules_version": rules_version(title), "feature_version": features.version,
            "network_version": network.version}


def check_weights(data: Any, title: str, where: str) -> dict[str, np.ndarray]:
    """The arrays of a parsed weights file, after checking it fits this title and build.

    Raises :class:`CuberailError` naming the file and what is wrong.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CuberailError(f"{where}: not a cuberail policy/value network file"
                            f" (expected \"format\": \"{FORMAT}\")")
    want = header(title)
    for key in ("format_version", "title", "rules_version", "feature_version",
                "network_version"):
        if data.get(key) != want[key]:
            raise CuberailError(f"{where}: {key.replace('_', ' ')} {data.get(key)!r}, but this"
                                f" cuberail needs {want[key]!r} for {title}; retrain with"
                                f" `cuberail train {title}`")
    arrays = data.get("arrays")
    if not isinstance(arrays, dict):
        raise CuberailError(f"{where}: no \"arrays\" object")
    features, network = parts_for(title)
    return _checked_arrays(arrays, state_size(features, network), action_size(network), where)


def _checked_arrays(arrays: dict[str, Any], f: int, a: int, where: str
                    ) -> dict[str, np.ndarray]:
    b1 = arrays.get("b1")
    h = len(b1) if isinstance(b1, list) else 0
    sizes = {"F": f, "A": a, "H": h, "2H": 2 * h}
    out = {}
    for name, dims in SHAPES.items():
        shape = tuple(sizes[d] for d in dims)
        try:
            value = np.asarray(arrays.get(name), dtype=np.float64)
        except (TypeError, ValueError):
            value = np.zeros(0)
        if h == 0 or value.shape != shape or not np.all(np.isfinite(value)):
            raise CuberailError(f"{where}: array {name!r} must be {shape} finite numbers")
        out[name] = value
    if np.any(out["scale"] <= 0):
        raise CuberailError(f"{where}: array 'scale' must be positive")
    return out


def to_json(title: str, arrays: dict[str, np.ndarray], about: dict[str, Any]) -> dict[str, Any]:
    """A weights file's content: this build's header, ``about`` (how it was made), arrays."""
    return {**header(title), **about,
            "arrays": {k: np.asarray(v, dtype=np.float64).tolist() for k, v in arrays.items()}}


def shipped_path(title: str) -> str:
    """The shipped weights file of ``title``; a clear error when none is shipped."""
    _, network = parts_for(title)
    if network.shipped is None:
        raise CuberailError(f"no network weights shipped for {title!r}; name a file with"
                            f" {WEIGHTS_ENV}=FILE or train one with `cuberail train {title}`")
    return os.path.join(WEIGHTS_DIR, network.shipped)


def load_net(title: str, path: str | None = None) -> PolicyValueNet:
    """The checked network of ``title`` from ``path`` (default: the shipped file)."""
    path = path or shipped_path(title)
    try:
        raw = read_capped(path, MAX_WEIGHTS_BYTES, kind="weights")
    except RecordError as exc:
        raise CuberailError(f"network weights: {exc.reason}") from None
    try:
        data = parse_json(raw, name="the file", kind="weights file")
    except RecordError as exc:
        raise CuberailError(f"network weights {shown(path)}: {exc.reason}") from None
    return PolicyValueNet(check_weights(data, title, path))


_GUIDES: dict[str, Guide] = {}


def guide_for(title: str) -> Guide:
    """The guide of ``title``'s shipped network, or of the file named by ``CUBERAIL_AZ_WEIGHTS``
    (each file loaded once)."""
    path = os.environ.get(WEIGHTS_ENV) or None
    key = title if path is None else f"{title}:{path}"
    if key not in _GUIDES:
        features, network = parts_for(title)
        _GUIDES[key] = make_guide(load_net(title, path), features, network)
    return _GUIDES[key]


def parameter_count(net: PolicyValueNet) -> int:
    return sum(int(math.prod(v.shape)) for v in net.a.values())
