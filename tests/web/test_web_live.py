"""Live updates survive a dropped connection: the page reconnects and catches up by itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from webplay import click_action, create_in_lobby, is_my_turn, wait_loaded
from webserver import free_port, start_server, stop_server


def test_page_reconnects_and_catches_up_after_a_server_restart(browser: Any,
                                                                tmp_path: Path) -> None:
    """Console errors are expected while the server is down, so these pages are not watched."""
    port, db = free_port(), tmp_path / "games.sqlite3"
    base = f"http://127.0.0.1:{port}"
    proc = start_server(port, db)
    contexts = [browser.new_context() for _ in range(3)]
    try:
        lobby, ann, bob = (c.new_page() for c in contexts)
        links = create_in_lobby(lobby, base, "chicago-express", [{"name": "Ann"}, {"name": "Bob"}])
        ann.goto(links[0])
        bob.goto(links[1])
        for page in (ann, bob):
            wait_loaded(page)
            page.wait_for_function("() => document.querySelector('#game').dataset.live === '1'")
        stop_server(proc)
        for page in (ann, bob):
            page.wait_for_function("() => document.querySelector('#game').dataset.live === '0'")
        proc = start_server(port, db)
        first, other = (ann, bob) if is_my_turn(ann) else (bob, ann)
        click_action(first, "bid 7")
        other.wait_for_function("() => document.querySelector('#game').dataset.gameIndex === '1'"
                                " && document.querySelector('#game').dataset.live === '1'",
                                timeout=30000)
        assert "$7" in other.locator("#auction .high").inner_text()
    finally:
        stop_server(proc)
        for context in contexts:
            context.close()
