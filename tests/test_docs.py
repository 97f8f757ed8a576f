"""The docs: the MkDocs site builds with no warning (a broken link or anchor fails), and the
README stays short, its relative links resolve and its Quickstart holds the two commands."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PLAY = ("python3 -m venv .venv && . .venv/bin/activate && pip install -e . &&"
        " cuberail play chicago-express --players 4 --bots 3")
TEST = ("python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' &&"
        " pytest")


@pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None
                    or importlib.util.find_spec("material") is None,
                    reason="mkdocs-material is not installed (pip install -e '.[docs]')")
def test_docs_build_strict(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}{done.stderr}"


def test_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 250, f"README.md has {len(lines)} lines; move detail to docs/"


def test_readme_relative_links_exist() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    relative = [t.split("#")[0] for t in targets if not re.match(r"[a-z]+:", t)]
    assert relative, "no relative links found in README.md"
    missing = [t for t in relative if t and not (ROOT / t).exists()]
    assert not missing, f"README.md links to missing files: {missing}"


def block(text: str, marker: str) -> str:
    """The one fenced sh block between <!-- marker --> and <!-- /marker -->."""
    found = re.findall(rf"<!-- {marker} -->\n```sh\n(.*?)\n```\n<!-- /{marker} -->", text,
                       re.DOTALL)
    assert len(found) == 1, f"expected one ```sh block between the {marker} markers"
    return found[0]


def test_readme_quickstart_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert block(text, "quickstart-play") == PLAY
    assert block(text, "quickstart-test") == TEST
    quickstart = text.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    assert quickstart.count("```sh") == 2
