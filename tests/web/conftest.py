"""Browser-test fixtures: the real server in a subprocess, headless Chromium via Playwright.

The tests skip (with the reason) only when Chromium, Playwright or the server package is
missing. Every page records console errors, uncaught exceptions and 4xx/5xx answers;
a test fails if normal play produced any.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("CUBERAIL_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
HERE = Path(__file__).resolve().parent


def _missing() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install 'cuberail[browser-test]')"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt install chromium, or set CUBERAIL_CHROMIUM)"
    if importlib.util.find_spec("cuberail.server") is None:
        return "the game server (cuberail.server) is not in this tree"
    return None


MISSING = _missing()  # the browser fixtures skip with this reason


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if MISSING:
        pytest.skip(MISSING)
    port = _free_port()
    db = tmp_path_factory.mktemp("server") / "games.sqlite3"
    env = dict(os.environ)
    # The server process imports the same cuberail as this test process.
    import cuberail

    tree = str(Path(cuberail.__file__).parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([tree, env.get("PYTHONPATH", "")])
    proc = subprocess.Popen([sys.executable, str(HERE / "serve_for_tests.py"), str(port), str(db)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/titles", timeout=2):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.stdout.read() if proc.stdout else ""
                proc.kill()
                pytest.fail(f"the server did not start:\n{out}")
            time.sleep(0.2)
    yield url
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if MISSING:
        pytest.skip(MISSING)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Watched:
    """A page and what went wrong on it (console errors, page errors, 4xx/5xx answers)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.problems: list[str] = []
        page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("response", lambda r: self.problems.append(f"HTTP {r.status} {r.url}")
                if r.status >= 400 else None)


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., Watched]]:
    """open_page(width=1280, height=800, locale="en-US") -> a fresh context's page."""
    made: list[tuple[Any, Watched]] = []

    def make(width: int = 1280, height: int = 800, locale: str = "en-US") -> Watched:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      locale=locale)
        watched = Watched(context.new_page())
        watched.page.set_default_timeout(15000)
        made.append((context, watched))
        return watched

    yield make
    problems = [p for _, w in made for p in w.problems]
    for context, _ in made:
        context.close()
    assert not problems, "the pages reported problems:\n" + "\n".join(problems)
