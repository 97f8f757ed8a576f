"""Browser-test fixtures: the real server in a subprocess, headless Chromium via Playwright.

The tests skip (with the reason) only when Chromium, Playwright or the server package is
missing. Every page records console errors, uncaught exceptions and 4xx/5xx answers;
a test fails if normal play produced any.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from webserver import free_port, start_server, stop_server

CHROMIUM = os.environ.get("CUBERAIL_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _missing() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install 'cuberail[browser-test]')"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt install chromium, or set CUBERAIL_CHROMIUM)"
    if importlib.util.find_spec("cuberail.server") is None:
        return "the game server (cuberail.server) is not in this tree"
    return None


MISSING = _missing()  # the browser fixtures skip with this reason


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if MISSING:
        pytest.skip(MISSING)
    port = free_port()
    proc = start_server(port, tmp_path_factory.mktemp("server") / "games.sqlite3")
    yield f"http://127.0.0.1:{port}"
    stop_server(proc)


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
    """open_page(width=1280, height=800, locale="en-US", touch=False, bypass_csp=False)
    -> a fresh page (``bypass_csp``: its context lets a test's own script in, as axe)."""
    made: list[tuple[Any, Watched]] = []

    def make(width: int = 1280, height: int = 800, locale: str = "en-US",
             touch: bool = False, bypass_csp: bool = False) -> Watched:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      locale=locale, has_touch=touch, is_mobile=touch,
                                      bypass_csp=bypass_csp)
        watched = Watched(context.new_page())
        watched.page.set_default_timeout(20000 if bypass_csp else 15000)
        made.append((context, watched))
        return watched

    yield make
    problems = [p for _, w in made for p in w.problems]
    for context, watched in made:
        # a route handler still reading an answer when its context closes fails in the
        # next test's first call ("Response has been disposed"): let none run on. Only
        # for a page with routes: unrouting waits on the browser without a time limit
        # (a CI run hung 15 minutes in an unroute).
        routed = getattr(watched.page._impl_obj, "_routes", True)  # (unknown: unroute)
        with contextlib.suppress(Exception):
            if routed:
                watched.page.unroute_all(behavior="ignoreErrors")
        context.close()
    assert not problems, "the pages reported problems:\n" + "\n".join(problems)


AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"


@pytest.fixture
def axe_page(open_page: Callable[..., Watched]) -> Callable[..., Any]:
    """axe_page(width, height, touch=False) -> a page whose context lets the vendored
    axe in (a touch screen when ``touch``, as a phone is)."""
    assert AXE.is_file(), f"axe-core is not vendored at {AXE}"

    def make(width: int, height: int, touch: bool = False) -> Any:
        return open_page(width, height, touch=touch, bypass_csp=True).page

    return make
