"""The OpenAPI document with every title's snapshot in it.

Each title declares its snapshot as a pydantic model (``games.snapshot_model``); the
document gets one component per title (``<Title>Snapshot``, its parts prefixed the
same way so two titles' ``Player`` never collide), and the ``state`` of a game view and
of a position (``StateAt``) is one of them. Titles are discovered, so a plug-in
title's snapshot is published too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI

from cuberail.games import infos, snapshot_model

REF = "#/components/schemas/"
HOLDERS = ("GameView", "StateAt")  # the answers whose `state` is a snapshot


def _prefix(title: str) -> str:
    return "".join(part.capitalize() for part in title.split("-"))


def snapshot_components() -> dict[str, dict[str, Any]]:
    """``{<Title>Snapshot: schema, <Title><Part>: schema, ...}`` for every title with a model."""
    out: dict[str, dict[str, Any]] = {}
    for info in infos():
        model = snapshot_model(info.title)
        if model is None:
            continue
        prefix = _prefix(info.title)
        schema = model.model_json_schema(ref_template=REF + prefix + "{model}")
        for name, part in schema.pop("$defs", {}).items():
            out[prefix + name] = part
        out[prefix + "Snapshot"] = schema
    return out


def install(app: FastAPI) -> None:
    """Publish the snapshots in ``app.openapi()`` (built once, as FastAPI does)."""
    build: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        doc = build()
        schemas = doc.setdefault("components", {}).setdefault("schemas", {})
        snapshots = snapshot_components()
        schemas.update(snapshots)
        refs = [{"$ref": REF + name} for name in sorted(snapshots) if name.endswith("Snapshot")]
        for holder in HOLDERS:
            state = schemas.get(holder, {}).get("properties", {}).get("state")
            if state is not None and refs:
                state.pop("additionalProperties", None)
                state.pop("type", None)
                state["oneOf"] = refs
        app.openapi_schema = doc
        return doc

    app.openapi = openapi  # type: ignore[method-assign]
