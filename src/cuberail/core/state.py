"""The state interface every game implements and every consumer uses.

The flow of one move, everywhere: ``legal_actions()`` -> choose -> ``apply()``
-> views and the record. ``apply`` checks legality first and raises
:class:`IllegalActionError` without touching the state when it refuses.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, Self

from mypy_extensions import mypyc_attr

from cuberail.core.actions import Action, action_problem
from cuberail.core.errors import IllegalActionError


@dataclass(frozen=True)
class GameResult:
    """The outcome of a finished game: a score per seat and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def from_scores(cls, scores: list[int] | tuple[int, ...]) -> GameResult:
        """Winners are every seat tied for the highest score."""
        best = max(scores)
        return cls(tuple(scores), tuple(i for i, s in enumerate(scores) if s == best))

    def returns(self) -> list[float]:
        """A utility per seat: winners share 1.0, everyone else gets 0.0."""
        share = 1.0 / len(self.winners)
        return [share if i in self.winners else 0.0 for i in range(len(self.scores))]

    def ranks(self) -> list[float]:
        """Rank per seat (1 = best); tied seats share the mean of their ranks."""
        order = sorted(self.scores, reverse=True)
        out = []
        for s in self.scores:
            first = order.index(s) + 1
            last = len(order) - order[::-1].index(s)
            out.append((first + last) / 2)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners)}


# A plug-in title (an installed package, or the test tree's Two Lines) is interpreted
# Python: its state class must be allowed to subclass the compiled base.
@mypyc_attr(allow_interpreted_subclasses=True)
class GameState:
    """A game in progress. Seats are numbered 0..num_players-1.

    Abstract by its ``@abstractmethod``s (mypy refuses to instantiate it), but not an
    ``ABC``: mypyc builds compiled classes without running ``ABCMeta.__new__``, so every
    class of an ABC hierarchy shared one isinstance cache, and ``isinstance(state,
    OtherTitleState)`` answered what an earlier, unrelated check had cached.
    """

    title: str = ""
    num_players: int

    @abstractmethod
    def current_player(self) -> int:
        """The seat that decides next, or -1 when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action, concrete and in a deterministic order; empty when over."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def result(self) -> GameResult:
        """Scores and winners; only meaningful once :meth:`is_terminal`."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, cheap enough for search."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON snapshot of the full state, for user interfaces and comparisons."""

    def illegal_reason(self, action: object) -> str | None:
        """Why ``action`` is illegal here, or None when it is legal.

        Anything that is not a well-formed :class:`Action` (another type, a float or bool
        argument, a huge integer...) is refused here, before the engine sees it.
        """
        legal = self.legal_actions()
        for known in legal:  # the very object of the legal list (the common case): legal
            if known is action:
                return None
        problem = action_problem(action)
        if problem is not None:
            return problem
        assert isinstance(action, Action)
        if self.is_terminal():
            return "the game is over"
        if action in legal:
            return None
        return self.explain_illegal(action)

    def explain_illegal(self, action: Action) -> str:
        """A message naming what is allowed; games may override for a sharper reason."""
        allowed = ", ".join(a.text() for a in self.legal_actions()[:12])
        more = "" if len(self.legal_actions()) <= 12 else ", ..."
        return f"not allowed now; allowed: {allowed}{more}"

    def apply(self, action: object) -> None:
        """Apply ``action`` or raise :class:`IllegalActionError` leaving the state as it was.

        Takes any object (a compiled build checks declared types at run time): whatever
        is not a legal :class:`Action` is refused with :class:`IllegalActionError`.
        """
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalActionError(action, reason)
        assert isinstance(action, Action)
        self._apply(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action taken from this very state's :meth:`legal_actions`, unchecked.

        For search, which applies millions of actions it took from the legal list
        itself: the check in :meth:`apply` (a scan of that list) would double the
        cost. Anything else (a user, a record, the network) goes through :meth:`apply`.
        """
        self._apply(action)

    def apply_text(self, text: str) -> Action:
        """Parse the text form of an action and apply it; returns the action."""
        action = Action.from_text(text)
        self.apply(action)
        return action

    def returns(self) -> list[float]:
        """Utility per seat for search and research APIs (winners share 1.0)."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        return self.result().returns()
