"""CLI tests see real bugs: with CUBERAIL_DEBUG=1, main() re-raises an unexpected exception
instead of turning it into a one-line message (tests of that message unset it)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _debug_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUBERAIL_DEBUG", "1")
