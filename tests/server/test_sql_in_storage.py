"""SQL only in storage (issue 30): no server module outside the storage layer builds or
runs a SQL statement; the services call the storage's small, named methods.

The storage layer: ``storage.py``, its sibling modules named for their tables
(``storage_*.py``), the table definitions (``models.py``), the SQLite WAL checkpointer
(``checkpoints.py``, owned by the store) and the Alembic migrations.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cuberail.server

SERVER = Path(cuberail.server.__file__).resolve().parent
STORAGE = {"storage.py", "models.py", "checkpoints.py"}
# What builds a statement (or hands out the tables to build one from).
BUILDERS = {"select", "insert", "update", "delete", "text", "bindparam", "func", "literal",
            "literal_column", "column", "table", "and_", "or_", "not_", "union", "exists",
            "case", "cast", "true", "false", "null", "tuple_"}
RUNNERS = {"execute", "exec_driver_sql", "executemany", "executescript", "scalar",
           "scalars"}


def is_storage(path: Path) -> bool:
    return path.name in STORAGE or path.name.startswith("storage_")


def service_modules() -> list[Path]:
    paths = sorted(SERVER.glob("*.py")) + sorted((SERVER / "routes").glob("*.py"))
    return [p for p in paths if not is_storage(p)]


def import_faults(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [f"import {a.name}" for a in node.names if a.name.split(".")[0] == "sqlalchemy"
                and a.name not in ("sqlalchemy.exc", "sqlalchemy.engine")]
    if not isinstance(node, ast.ImportFrom) or node.module is None:
        return []
    if node.module == "cuberail.server.models":
        return ["imports the tables (cuberail.server.models)"]
    if node.module.split(".")[0] != "sqlalchemy":
        return []
    return [f"from {node.module} import {a.name}" for a in node.names
            if a.name in BUILDERS or node.module.startswith("sqlalchemy.sql")]


def call_faults(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr in RUNNERS:
        return [f".{node.func.attr}(...)"]
    return []


def faults(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [f"{path.relative_to(SERVER)}:{getattr(node, 'lineno', 0)}: {fault}"
            for node in ast.walk(tree) for fault in import_faults(node) + call_faults(node)]


def test_the_scan_sees_the_server_modules() -> None:
    names = {p.name for p in service_modules()}
    assert {"games.py", "analysis.py", "botquota.py", "broadcast.py", "rematch.py"} <= names
    assert not {"storage.py", "storage_analyses.py"} & names


@pytest.mark.parametrize("source", [
    "from sqlalchemy import select\n",
    "from sqlalchemy import Connection, update\n",
    "import sqlalchemy as sa\n",
    "from cuberail.server.models import games\n",
    "def f(conn):\n    conn.execute(x)\n",
    "async def f(conn):\n    await conn.execute('LISTEN x')\n",
])
def test_the_scan_catches_sql(source: str) -> None:
    tree = ast.parse(source)
    found = [f for node in ast.walk(tree) for f in import_faults(node) + call_faults(node)]
    assert found, f"{source!r} was not caught"


def test_no_sql_outside_the_storage_layer() -> None:
    found = [f for path in service_modules() for f in faults(path)]
    assert not found, "SQL outside the storage layer:\n" + "\n".join(found)
