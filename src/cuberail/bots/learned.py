"""Learned evaluation of cut-off positions: trained weights shipped in the package.

A weights file (``bots/weights/TITLE-vN.json``) holds a conditional-logit model
over a title's hand-built features (its kit's, :class:`cuberail.bots.kit.Features`,
which also names the shipped file): the win chance of each seat is a softmax of
``sum(w[k] * feature[k])``. The file names the rules version and feature version it
was trained for, and how to reproduce it (command, seeds, data sizes, held-out loss);
it is refused, with a message saying why, if either version differs from this
package's, or if it is malformed.

Inference is plain Python (no numpy): it runs at every leaf of the search.
Training (``python benchmarks/train_eval.py``) lives in :mod:`cuberail.bots.train_eval`.
"""

from __future__ import annotations

import math
import os
from typing import Any

from cuberail.bots.evaluate import Evaluator
from cuberail.bots.kit import Features, kit_for
from cuberail.core.errors import CuberailError, RecordError
from cuberail.core.files import read_capped, shown
from cuberail.core.jsontext import parse_json

FORMAT = "cuberail-learned-eval"
FORMAT_VERSION = 1
WEIGHTS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "weights")
# A weights file to use instead of the shipped one (checked the same way): how candidate
# models are screened in tournaments before one is shipped.
WEIGHTS_ENV = "CUBERAIL_LEARNED_WEIGHTS"
MAX_WEIGHTS_BYTES = 1 << 20  # a weights file is a few hundred bytes


def features_for(title: str) -> Features:
    """The feature set of ``title`` (its kit's); a clear error for a title without one."""
    found = kit_for(title)
    if found is None or found.features is None:
        raise CuberailError(f"no learned evaluation for {title!r}; titles with features:"
                            f" {', '.join(titles_with_features())}")
    return found.features


def titles_with_features() -> list[str]:
    """The titles whose kit has a feature set: a model can be trained and screened for each."""
    from cuberail.games import titles

    return [title for title in titles() if _features(title) is not None]


def shipped_file(title: str) -> str | None:
    """The name of the weights file shipped for ``title`` (in WEIGHTS_DIR), or None."""
    features = _features(title)
    return features.shipped if features is not None else None


def _features(title: str) -> Features | None:
    found = kit_for(title)
    return found.features if found is not None else None


def has_learned(title: str) -> bool:
    """Whether ``:learned`` has a model for ``title``: shipped weights, or a candidate file
    named by ``CUBERAIL_LEARNED_WEIGHTS`` for a title with features (checked when loaded)."""
    features = _features(title)
    return features is not None and (features.shipped is not None
                                     or bool(os.environ.get(WEIGHTS_ENV)))


def rules_version(title: str) -> int:
    from cuberail.games import get_game

    return get_game(title).rules_version


def check_weights(data: Any, title: str, where: str) -> list[float]:
    """The weights of a parsed weights file, after checking it is for this title and build.

    Raises :class:`CuberailError` naming the file and what is wrong.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CuberailError(f"{where}: not a cuberail learned-evaluation file"
                            f" (expected \"format\": \"{FORMAT}\")")
    if data.get("format_version") != FORMAT_VERSION:
        raise CuberailError(f"{where}: format version {data.get('format_version')!r};"
                            f" this cuberail reads version {FORMAT_VERSION}")
    if data.get("title") != title:
        raise CuberailError(f"{where}: weights for {data.get('title')!r}, not {title!r}")
    rules = rules_version(title)
    if data.get("rules_version") != rules:
        raise CuberailError(f"{where}: trained under {title} rules version"
                            f" {data.get('rules_version')!r}, but the rules are version {rules};"
                            " retrain with benchmarks/train_eval.py")
    features = features_for(title)
    if data.get("feature_version") != features.version:
        raise CuberailError(f"{where}: feature version {data.get('feature_version')!r}, but this"
                            f" cuberail computes version {features.version}; retrain")
    if data.get("features") != list(features.names):
        raise CuberailError(f"{where}: feature names differ from this cuberail's"
                            f" ({', '.join(features.names)})")
    weights = data.get("weights")
    if (not isinstance(weights, list) or len(weights) != len(features.names)
            or not all(isinstance(w, int | float) and not isinstance(w, bool)
                       and math.isfinite(w) for w in weights)):
        raise CuberailError(f"{where}: \"weights\" must be {len(features.names)} finite numbers")
    return [float(w) for w in weights]


def load_weights(title: str, path: str | None = None) -> list[float]:
    """The checked weights of ``title`` from ``path`` (default: the shipped file)."""
    if path is None:
        shipped = features_for(title).shipped  # the clear error for a title without features
        if shipped is None:
            others = [t for t in titles_with_features() if shipped_file(t) is not None]
            raise CuberailError(f"no learned weights shipped for {title!r}; screen a file"
                                f" with {WEIGHTS_ENV}=FILE (titles with shipped weights:"
                                f" {', '.join(sorted(others))})")
        path = os.path.join(WEIGHTS_DIR, shipped)
    # The bounded reader of records: a FIFO or a huge file is refused, not waited on. Its
    # reasons say what is wrong; the file is not a game record, so they are not "record refused".
    try:
        raw = read_capped(path, MAX_WEIGHTS_BYTES, kind="weights")
    except RecordError as exc:
        raise CuberailError(f"learned weights: {exc.reason}") from None
    try:
        data = parse_json(raw, name="the file", kind="weights file")
    except RecordError as exc:
        raise CuberailError(f"learned weights {shown(path)}: {exc.reason}") from None
    return check_weights(data, title, path)


_CACHE: dict[str, Evaluator] = {}


def learned_evaluator(title: str) -> Evaluator:
    """The learned evaluation of ``title`` with its shipped weights, or with the file named by
    the environment variable ``CUBERAIL_LEARNED_WEIGHTS`` (each file loaded once)."""
    path = os.environ.get(WEIGHTS_ENV) or None
    key = title if path is None else f"{title}:{path}"
    if key not in _CACHE:
        _CACHE[key] = features_for(title).build(load_weights(title, path))
    return _CACHE[key]
