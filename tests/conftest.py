"""Shared test settings. Test directories have no __init__.py: pytest puts each test file's
directory on sys.path, so helper modules there import by their (unique) bare names."""

from __future__ import annotations

from hypothesis import settings

# No per-example deadline: the machines running the suite are shared and often busy.
settings.register_profile("cuberail", deadline=None)
settings.load_profile("cuberail")
