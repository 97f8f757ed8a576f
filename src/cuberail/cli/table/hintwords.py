"""A hint's answer in three lengths: the whole line (``cuberail play``'s line mode), a
brief line for the table's message line (F3 or ``hint``), and the detail on a few lines
(asked again at the same decision).

The 24th newcomer run found the whole line (230-320 characters: the move, why, the
chance after it and after the runner-up, the range the search measured, its budget) cut
off at the message line's three rows, and asked for "one short line, with detail on
request". The brief keeps the move, why in its first phrase (without bracketed working)
and the chance; the detail puts each part on a line of its own.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from cuberail.bots.analysis import Swing
from cuberail.terminal.kit import is_tip

# when the runner-up rates higher than the hinted move (the move searched most, or the
# one hinted last and still close): a newcomer read "22% (vs 26% after ...)" as the hint
# being wrong, so the line gives the two as one range and says why either will do
CLOSE_CALL = "a close call: the two are within a short search's noise"
# after a swing of SURPRISE or more since the seat's last hint (since_words)
SURPRISE_WORDS = ("a short search's chance: it expects simple play from everyone, so a"
                  " rival's strong move can turn it this far")
# what the chance assumes (the 41st newcomer run followed every hint, won three games of
# three against medium bots and read chances of 12-35% all along: "I won while being told
# I would probably lose"); measured in both titles, following every hint wins well above
# an even share against medium bots (docs/bots.md, "What the chance assumes")
SIMPLY = "the chance if everyone plays simply from here; following the hints does better"
# when no winning line is in the search's reach (it then plays for points: hint_search)
FOR_POINTS = "no winning line in reach, so it keeps your score nearest the leader's"
# when every line the search sees wins (it then plays for the margin: hint_search)
FOR_MARGIN = "every line wins as far as the search sees, so it plays for the widest margin"
MORE = "F3 again: why, and how sure"  # the brief's last words
ROWS = 3  # the message line's rows for a brief hint
WARNED_ROWS = 4  # for a brief hint with its move's warning (app.py: #hint's max-height)


@dataclass(frozen=True)
class Answer:
    """What a hint found, in words: the move (``short``: without its menu notes), why,
    the mover's chance after it and what the search measured it over."""

    move: str
    why: str = ""
    chance: float = 0.0
    even: float = 0.25  # an even share of the wins: 1 / players
    measured: str = ""  # ", about an even 25% (21-49% over 40 playouts)" (hint.measure)
    budget: str = ""  # "1 s", "30 iterations"
    runner: tuple[str, float] | None = None  # the runner-up move and its chance
    close: bool = False  # a close call: the runner-up within a short search's noise
    for_points: bool = False  # no winning line in reach: it plays for points
    for_margin: bool = False  # every line wins: it plays for the widest margin
    plain: str = ""  # a whole answer without a search ("the only legal move"): all three
    # the title's warning on the move as the choices give it ("tip: ..." advice, else a
    # danger): the search prefers the move all the same, and the hint says so
    warning: str = ""
    # the mover's own next moves as the search plans them ("forgo the auction"): the 25th
    # newcomer run was hinted "choose auction", then "forgo the auction", and took it for
    # the hint turning round
    then: tuple[str, ...] = ()
    # how the chance moved since the seat's last hint, when it moved much (since_words)
    since: str = ""

    @property
    def plan(self) -> str:
        """The move and what the mover does next: "choose auction, then forgo the
        auction" (:func:`plan_words`)."""
        return plan_words(self.move, self.then)

    @property
    def line(self) -> str:
        """The whole answer on one line."""
        if self.plain:
            return self.plain
        because = f" — {self.why};" if self.why else " —"
        despite = f" {self._despite()};" if self.warning else ""
        since = f" ({self.since})" if self.since else ""
        return (f"hint: {self.plan}{because}{despite} {self._chance_words()}{since}"
                f"{self.measured}, {self.budget} of search")

    def _despite(self, first: bool = False) -> str:
        """The warning the search overrules: "⚠ despite the warning: ..."; a tip (advice,
        or a rule the decision turns on) is said as it is, "tip: ...": the 33rd newcomer
        run read "Despite the tip: the winner sets the company's share value, at most the
        bid" at every opening auction, as if the hint went against advice. ``first``: to
        start a sentence."""
        if is_tip(self.warning):
            return f"{'Tip' if first else 'tip'}: {self.warning[len('tip: '):]}"
        return f"⚠ {'Despite' if first else 'despite'} the warning: {self.warning}"

    def _chance_words(self) -> str:
        chance = f"your winning chance about {percent(self.chance)}"
        if self.for_points:  # (every move near 0%: the runner-up says nothing)
            return f"{chance} ({FOR_POINTS})"
        if self.for_margin:  # (every move near 100%: likewise)
            return f"{chance} ({FOR_MARGIN})"
        if self.runner is not None and self._close_call():
            return (f"your winning chance about {self._both()} with it or {self.runner[0]}"
                    f" ({CLOSE_CALL})")
        if self.runner is not None:
            return f"{chance} (vs {percent(self.runner[1])} after {self.runner[0]})"
        return chance

    def _both(self) -> str:
        """The two chances of a close call as one range ("27%-29%"; "27%", not "27%-27%")."""
        assert self.runner is not None
        low, high = sorted((self.chance, self.runner[1]))
        return (percent(low) if percent(low) == percent(high)
                else f"{percent(low)}-{percent(high)}")

    def brief(self, ready: str = "", width: int = 120) -> str:
        """The message line: the move, why in its first phrase, the chance, the move's
        warning if it has one, then ``ready`` (". Enter plays it (…)") and how to see more;
        why is left out when the line would not fit in :data:`ROWS` rows of ``width``
        columns (a warning may take :data:`WARNED_ROWS`)."""
        if self.plain:
            return self.plain + ready
        tail = f"{ready}. {MORE}."
        chance = self._brief_chance()
        bare = f"hint: {self.plan}. {chance}"
        swung = f"{chance} ({self.since})"  # (what moved the chance: before its reason goes)
        tries = [f"hint: {self.plan} — {first_phrase(self.why)}. {c}"
                 for c in ([swung, chance] if self.since else [chance]) if self.why]
        tries += [f"hint: {self.plan}. {swung}"] if self.since else []
        if self.warning:  # said before why: in a row more if need be (WARNED_ROWS)
            despite = self._despite(first=True)
            tries = [f"{t}. {despite}" for t in [*tries, bare]]
            tries += [f"hint: {self.plan}. {despite}. {chance.split(' (')[0]}"]
        for most in [ROWS, WARNED_ROWS] if self.warning else [ROWS]:
            for text in tries:
                if len(textwrap.wrap(text + tail, max(width - 2, 20))) <= most:
                    return text + tail
        return bare + tail  # (the detail has the rest)

    def _brief_chance(self) -> str:
        if self.for_points:
            return "No winning line in reach: it keeps your score nearest the leader's"
        if self.for_margin:
            return "Every line wins as far as the search sees: it plays for the widest margin"
        if self.runner is not None and self._close_call():
            return f"A close call with {self.runner[0]}: about {self._both()} to win either way"
        return (f"About {percent(self.chance)} to win if all play simply (even share"
                f" {percent(self.even)})")

    def detail(self, ready: str = "") -> str:
        """The answer on a line per part: the move and ``ready``, why, the chance and
        what it was measured over, the runner-up."""
        if self.plain:
            return self.plain + ready
        lines = [f"hint: {self.plan}{ready}"]
        if self.why:
            lines.append(f"why: {self.why}")
        if self.warning:
            lines.append(self._despite() + ("" if is_tip(self.warning)
                                            else " (the search prefers it all the same)"))
        lines.append(f"your winning chance after it: about {percent(self.chance)}"
                     f"{self.measured}, in {self.budget} of search")
        lines.append(f"({SIMPLY})")
        if self.since:
            lines.append(f"({self.since})")
        if self.for_points:
            lines.append(f"({FOR_POINTS})")
        elif self.for_margin:
            lines.append(f"({FOR_MARGIN})")
        elif self.runner is not None:
            close = f" — {CLOSE_CALL}" if self._close_call() else ""
            lines.append(f"next best: {self.runner[0]}, about {percent(self.runner[1])}{close}")
        return "\n".join(lines)

    def _close_call(self) -> bool:
        """A close call as the browser's (within 0.03), or the runner-up rated above."""
        return self.runner is not None and (self.runner[1] > self.chance or self.close)


def since_words(before: float, moves: int, now: float, moved: Swing,
                names: Sequence[str] = ()) -> str:
    """How the chance moved since the seat's last hint: "down from 43% at your last hint, 12
    moves ago: Bot 2's chance rose from 30% to 62%" (the rival named by its seat's name,
    else ``player N``)."""
    way = "down" if now < before else "up"
    out = f"{way} from {percent(before)} at your last hint, {moves} move{'s' * (moves != 1)} ago"
    if moved.rival is not None:
        name = names[moved.rival] if moved.rival < len(names) else f"player {moved.rival + 1}"
        turned = "rose" if now < before else "fell"
        out = (f"{out}: {name}'s chance {turned} from {percent(moved.rival_from)} to"
               f" {percent(moved.rival_to)}")
    # a turn this far (the 38th newcomer run read 91% become 19% five moves later and
    # stopped believing the numbers): what the number is and why it can turn
    return out + (f"; {SURPRISE_WORDS}" if moved.surprise else "")


def plan_words(move: str, then: tuple[str, ...]) -> str:
    """A move and the moves after it, each without the words it shares at its start with
    the one before: "place a NYC locomotive on R3, then R2, then Q4"."""
    said, last = [move], move.split()
    for text in then:
        words = text.split()
        same = 0
        while same < min(len(words) - 1, len(last)) and words[same] == last[same]:
            same += 1
        said.append(" ".join(words[same:] if same >= 2 else words))
        last = words
    return ", then ".join(said)


def first_phrase(why: str) -> str:
    """The first of a reason's phrases (they are joined with "; "), without the working
    in brackets: "a PRR share pays about $7 a dividend (income 7 ÷ 1 share): $8 comes back
    in 2 dividends; …" → "a PRR share pays about $7 a dividend: $8 comes back in 2
    dividends"."""
    first = why.split("; ")[0]
    return re.sub(r" \([^()]*\)", "", first).strip()


def percent(value: float) -> str:
    return f"{round(100 * value)}%"
