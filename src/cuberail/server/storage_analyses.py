"""The ``analyses`` table: one engine analysis per finished game (part of the storage layer).

Every statement on the table is here, as methods of :class:`AnalysisQueries` (a part of
:class:`cuberail.server.storage.Store`). The conditions that decide a race (who claims,
who takes over, who finishes) are in the statements themselves, so of two processes at
once exactly one changes the row.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, insert, select, update

from cuberail.server.models import analyses


def _now() -> datetime:
    return datetime.now(UTC)


def _of(game_id: str, *conditions: Any) -> Any:
    return update(analyses).where(analyses.c.game_id == game_id, *conditions)


class AnalysisQueries:
    """The ``analyses`` rows: read, claim, take over, progress, finish, release."""

    def analysis(self, conn: Connection, game_id: str) -> dict[str, Any] | None:
        """The game's analysis row as a dict, or None when no analysis was started."""
        found = conn.execute(select(analyses).where(analyses.c.game_id == game_id))
        row = found.mappings().first()
        return dict(row) if row is not None else None

    def add_analysis(self, conn: Connection, game_id: str, total: int, owner: str,
                     budget: str) -> None:
        """Claim the game's analysis; a row already there raises IntegrityError."""
        when = _now()
        conn.execute(insert(analyses).values(
            game_id=game_id, status="running", done=0, total=total, owner=owner, attempt=1,
            budget=budget, result=None, created=when, updated=when))

    def take_over_analysis(self, conn: Connection, game_id: str, status: str, attempt: int,
                           owner: str, budget: str) -> bool:
        """Claim a row still in ``status`` at ``attempt``; False if another did first."""
        result = conn.execute(
            _of(game_id, analyses.c.status == status, analyses.c.attempt == attempt)
            .values(owner=owner, attempt=attempt + 1, done=0, updated=_now(),
                    status="running", result=None, budget=budget))
        return result.rowcount == 1

    def finish_analysis(self, conn: Connection, game_id: str, status: str,
                        result: str) -> bool:
        """Store the outcome of a running analysis; False when it was no longer running."""
        done = conn.execute(_of(game_id, analyses.c.status == "running")
                            .values(status=status, result=result, done=analyses.c.total,
                                    updated=_now()))
        return done.rowcount == 1

    def release_analysis(self, conn: Connection, game_id: str, owner: str) -> None:
        """Give up ``owner``'s running analysis: the next request starts it again."""
        conn.execute(_of(game_id, analyses.c.owner == owner, analyses.c.status == "running")
                     .values(owner="", updated=_now()))

    def beat_analysis(self, conn: Connection, game_id: str, owner: str, done: int) -> None:
        """A sign of life (and the progress) of ``owner``'s running analysis."""
        conn.execute(_of(game_id, analyses.c.owner == owner, analyses.c.status == "running")
                     .values(done=done, updated=_now()))
