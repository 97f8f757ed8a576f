"""The move menu of the table: numbered choices that keep their numbers, and input.

Numbers are remembered per kind of decision (the set of action kinds on offer), so
``company B&O`` keeps its number when a second company becomes buildable (a shifting
list once sent a build to the wrong company). Runs of amounts (bids, share values)
are one entry; any number typed in an auction is a bid. Builds of one link by several
routes (a ``link`` action with a route after the link) are grouped under one number
with a letter per route (``4a``, ``4b``), cheapest first, their fees spelled out by the
view: the menu shows one line per link, ``4`` plays the cheapest route and ``4?`` lists
the others. A place may also be typed by its names when the title's face reads them
(its ``by_name``, see :mod:`cuberail.terminal`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType

from cuberail.cli.menu import Command as Command  # re-exported: the table speaks of C.Command
from cuberail.cli.menu import Reply as Reply
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.terminal import PlainFace, face_or_plain

Describe = Callable[[GameState, Action], str]
COMMANDS = ("help", "hint", "undo", "save", "quit", "board", "log", "routes")
ALIASES = {"p": "pass", "s": "stop", "f": "forgo", "h": "help", "?": "help",
           "q": "quit", "u": "undo"}
AMOUNT_KINDS = ("bid", "value")
_PLAYER = re.compile(r"\bplayer (\d+)\b")  # an engine's seat, from 0


@dataclass(frozen=True)
class Choice:
    """One line of the menu: one action, or a run of amounts, or one route of a link."""

    number: str
    label: str
    detail: str
    actions: tuple[Action, ...]
    target: str = ""  # the hex or link this move is about, for the map
    warning: str = ""

    @property
    def is_range(self) -> bool:
        return len(self.actions) > 1

    @property
    def base(self) -> str:
        """The number without a route's letter: ``4`` for ``4b``."""
        return self.number.rstrip("abcdefghijklmnopqrstuvwxyz") or self.number

    @property
    def is_route(self) -> bool:
        """One of several routes to one link (``4a``, ``4b``, ...)."""
        return self.number != self.base and self.number[0].isdigit()

    @property
    def is_dearer_route(self) -> bool:
        """A route other than the cheapest: behind its link's line in the menu."""
        return self.is_route and not self.number.endswith("a")


def _amount(action: Action) -> int | None:
    if len(action.args) == 1 and isinstance(action.args[0], int):
        return action.args[0]
    return None


def _target(action: Action) -> str:
    if action.kind in ("place", "develop", "link") and action.args:
        return str(action.args[0])
    return ""


@dataclass
class Numbering:
    """Numbers remembered per decision kind: a move keeps its number for the whole game."""

    known: dict[tuple[str, ...], dict[str, int]] = field(default_factory=dict)

    def number(self, signature: tuple[str, ...], key: str) -> int:
        table = self.known.setdefault(signature, {})
        if key not in table:
            table[key] = len(table) + 1
        return table[key]


def _groups(legal: list[Action]) -> list[list[Action]]:
    """Runs of consecutive amounts of one kind; link builds of one link; the rest alone."""
    groups: list[list[Action]] = []
    by_link: dict[str, list[Action]] = {}
    for action in legal:
        amount = _amount(action)
        prev = groups[-1][-1] if groups else None
        if (action.kind in AMOUNT_KINDS and prev is not None and prev.kind == action.kind
                and amount is not None and _amount(prev) == amount - 1):
            groups[-1].append(action)
        elif action.kind == "link" and len(action.args) > 1:
            link = str(action.args[0])
            if link not in by_link:
                by_link[link] = []
                groups.append(by_link[link])
            by_link[link].append(action)
        else:
            groups.append([action])
    for routes in by_link.values():  # the cheapest first: fewest jumps, so fewest fees
        routes.sort(key=_jumps)
    return groups


def _jumps(action: Action) -> int:
    return len(str(action.args[1]).split(",")) if len(action.args) > 1 else 0


def build(state: GameState, describe: Describe, numbering: Numbering,
          warn: Callable[[Action], str] | None = None) -> list[Choice]:
    """The menu of the legal actions, in number order."""
    legal = state.legal_actions()
    signature = tuple(sorted({a.kind for a in legal}))
    out: list[Choice] = []
    for group in _groups(legal):
        first = group[0]
        if first.kind in AMOUNT_KINDS and len(group) > 1:
            low, high = _amount(first), _amount(group[-1])
            n = numbering.number(signature, f"{first.kind} range")
            detail = (f"type the amount, from {low} to {high}" if first.kind == "value" else
                      f"type any amount from {low} to {high} (a bare number is a bid)")
            out.append(Choice(str(n), f"{first.kind} {low}..{high}", detail, tuple(group)))
            continue
        if first.kind == "value":  # a share value is typed as itself: `28` is $28
            out.append(Choice(str(_amount(first)), first.text(), describe(state, first),
                              (first,)))
            continue
        key = f"link {first.args[0]}" if first.kind == "link" else first.text()
        n = numbering.number(signature, key)
        if first.kind == "link" and len(group) > 1:
            out += [Choice(f"{n}{chr(97 + i)}", a.text(), describe(state, a), (a,),
                           _target(a), warn(a) if warn else "") for i, a in enumerate(group)]
        else:
            out.append(Choice(str(n), first.text(), describe(state, first), (first,),
                              _target(first), warn(first) if warn else ""))
    if any(c.is_range and c.actions[0].kind == "bid" for c in out):
        # in an auction every number typed is a bid, so passing is typed `p`
        out = [Choice("p", c.label, c.detail, c.actions, c.target, c.warning)
               if c.label == "pass" else c for c in out]
    return sorted(out, key=_order)


def _order(choice: Choice) -> tuple[int, str]:
    digits = "".join(ch for ch in choice.number if ch.isdigit())
    return (int(digits) if digits else 0), choice.number


def summary(choices: list[Choice], limit: int = 10) -> str:
    """The choices in short: their numbers and typed forms; a link by its places' names
    (its sentence up to the price), once for all its routes."""
    lines = [c for c in choices if not c.is_dearer_route]
    shown = ", ".join(f"{c.base if c.is_route else c.number}) {_short(c)}"
                      for c in lines[:limit])
    more = f", ... ({len(lines)} in all)" if len(lines) > limit else ""
    return f"allowed now: {shown}{more}"


def _short(choice: Choice) -> str:
    """A choice as typed (``place Q5``, ``bid 7..40``); a link, whose typed form names the
    board file's ids, by its sentence up to the price (``build Moscow–Kazan 3 for red``)."""
    if choice.actions[0].kind == "link" and choice.detail:
        return choice.detail.split(":")[0]
    return choice.label


def _amount_range(choices: list[Choice]) -> Choice | None:
    """The run of amounts on offer (bids, or a share value), if any."""
    return next((c for c in choices if c.is_range and c.actions[0].kind in AMOUNT_KINDS), None)


Why = Callable[[Action], str]  # the engine's reason an action is refused ('' if none)


def _by_number(choices: list[Choice], text: str, why: Why | None = None) -> Action | Reply:
    rng = _amount_range(choices)
    if rng is not None and text.isdigit():  # in an auction any number typed is a bid
        amount, kind = int(text), rng.actions[0].kind
        hit = next((a for a in rng.actions if _amount(a) == amount), None)
        if hit is not None:
            return hit
        low, high = _amount(rng.actions[0]), _amount(rng.actions[-1])
        if text == rng.number:  # the range's own number in the menu: its amount is wanted
            return Reply(f"choice {text} is the {kind}: type the amount itself, from {low}"
                         f" to {high} (e.g. {low})" + (", or pass (p)" if kind == "bid" else ""))
        return _refused_amount(Action(kind, (amount,)), low, high, why)
    exact = [c for c in choices if c.number == text.lower()]
    if exact and not exact[0].is_range:
        return exact[0].actions[0]
    if exact:
        first = exact[0].actions[0]
        return Reply(f"type the amount too: {exact[0].label}, e.g. `{first.text()}`")
    routes = routes_of(choices, text)
    if routes:  # a link's number alone: its cheapest route
        return routes[0].actions[0]
    return Reply(f"there is no choice {text}. {summary(choices)}")


def _refused_amount(action: Action, low: int | None, high: int | None,
                    why: Why | None) -> Reply:
    """Why an amount typed is refused (the engine's reason when it gives one), and what
    is allowed: ``a bid of $3 is not allowed: the minimum bid is $7 ...``."""
    amount, kind = action.args[0], action.kind
    reason = why(action) if why is not None else ""
    if not reason:
        reason = (f"the lowest is ${low}" if isinstance(amount, int) and low is not None
                  and amount < low else f"the highest is ${high}")
    allowed = f"{kind} ${low} to ${high} in whole dollars"
    return Reply(f"a {kind} of ${amount} is not allowed: {reason}. Allowed: {allowed}"
                 + (", or pass (p)" if kind == "bid" else ""))


def _amount_text(choices: list[Choice], text: str) -> str | None:
    """An amount typed as money in an auction (``$12``) as the number; None otherwise."""
    if _amount_range(choices) is None:
        return None
    bare = text.removeprefix("$").strip()
    return bare if bare.isdigit() else None


def _fraction(choices: list[Choice], text: str) -> Reply | None:
    """``12.5`` in an auction: amounts are whole dollars."""
    rng = _amount_range(choices)
    if rng is None or not re.fullmatch(r"\$?\d*[.,]\d+", text):
        return None
    low, high = _amount(rng.actions[0]), _amount(rng.actions[-1])
    return Reply(f"{text} is not a whole number: a {rng.actions[0].kind} is whole dollars,"
                 f" from {low} to {high}")


def routes_of(choices: list[Choice], base: str) -> list[Choice]:
    """The routes of link number ``base``, cheapest first (none when it has one route)."""
    return [c for c in choices if c.is_route and c.base == base]


def list_routes(choices: list[Choice], base: str) -> Reply:
    """What ``4?`` answers: every route of link 4 with its fees."""
    routes = routes_of(choices, base)
    if not routes:
        return Reply(f"choice {base} has no other routes. {summary(choices)}")
    names = "; ".join(f"{c.number}: {c.detail}" for c in routes)
    return Reply(f"{base} can be built by {len(routes)} routes ({base} alone plays"
                 f" {routes[0].number}): {names}")


def _by_name(view: ModuleType | PlainFace, choices: list[Choice],
             text: str) -> Action | Reply | None:
    """A link typed by its places' names (when the face reads names): its cheapest route."""
    by_name = getattr(view, "by_name", None)
    if by_name is None:
        return None
    links = [c for c in choices if c.target and c.actions[0].kind == "link"]
    named = by_name(text, [c.target for c in links])
    if named is None:
        return None
    first = {link: next(c for c in links if c.target == link) for link in named.links}
    if len(first) == 1:
        return next(iter(first.values())).actions[0]
    names_of = getattr(view, "names_of", str)
    some = ", ".join(f"{c.base} {names_of(link)}" for link, c in first.items())
    return Reply(f"{text!r} could be {len(first)} links: {some}. Type more of a name"
                 " (e.g. both ends) or the number.")


def _by_text(state: GameState, choices: list[Choice], text: str) -> Action | None:
    low = " ".join(text.lower().split())
    legal = state.legal_actions()
    for action in legal:
        if action.text().lower() == low:
            return action
    by_args = [a for a in legal if " ".join(map(str, a.args)).lower() == low]
    if len(by_args) == 1:
        return by_args[0]
    word = ALIASES.get(low)
    if word:
        return next((a for a in legal if a.kind == word), None)
    return None


def name_players(text: str, names: Sequence[str]) -> str:
    """An engine's sentence with its seats (``player 0``, counted from 0) by the names the
    table shows (``Ann``, ``Player 1``); a seat without a name stays as it is.

    >>> name_players("step 'build' (player 1); player 7 to act", ["Ann", "Bob"])
    "step 'build' (Bob); player 7 to act"
    """
    def named(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return names[seat] if seat < len(names) else m.group(0)

    return _PLAYER.sub(named, text)


def _refusal(state: GameState, choices: list[Choice], text: str,
             names: Sequence[str] = ()) -> Reply:
    """Why a typed move is refused: the engine's reason when it parses (its seats named),
    and what is allowed."""
    reason = ""
    try:
        action = Action.from_text(text)
        explain = getattr(state, "explain_illegal", None)
        reason = str(explain(action)) if explain else ""
    except CuberailError:  # text the engine cannot read is refused with the menu
        reason = ""
    head = f"{text!r} is not a legal move now"
    if reason:
        return Reply(f"{head}: {name_players(reason, names)}")
    return Reply(f"{head}. {summary(choices)}; commands: {', '.join(COMMANDS)}")


def _explainer(state: GameState, names: Sequence[str]) -> Why | None:
    """The engine's reason for a refused action, its seats named (None: no reasons)."""
    explain = getattr(state, "explain_illegal", None)
    if explain is None:
        return None
    return lambda action: name_players(str(explain(action)), names)


def interpret(state: GameState, choices: list[Choice], raw: str,
              view: ModuleType | PlainFace | None = None,
              names: Sequence[str] = ()) -> Action | Command | Reply:
    """What a line typed at the table means: a legal action, a command, or a reply.

    ``view``: the title's terminal face (found by the state's title when None);
    ``names``: the seats' names, for the engine's reasons (which count seats from 0)."""
    text = " ".join(raw.split())[:200]
    if not text:
        return Reply(summary(choices))
    word = text.split()[0].lower()
    word = ALIASES.get(word, word) if word in ("h", "?", "q", "u") else word
    if word in COMMANDS:
        return Command(word, text.split(maxsplit=1)[1] if " " in text else "")
    if text.endswith("?") and text[:-1].strip().isdigit():
        return Command("routes", text[:-1].strip())
    why = _explainer(state, names)
    money = _amount_text(choices, text)
    if money is not None:
        return _by_number(choices, money, why)
    fraction = _fraction(choices, text)
    if fraction is not None:
        return fraction
    if text[0].isdigit() and text.rstrip("abcdefghijklmnopqrstuvwxyz").isdigit():
        return _by_number(choices, text.lower(), why)
    action = _by_text(state, choices, text)
    if action is not None:
        return action
    named = _by_name(view or face_or_plain(state.title), choices, text)
    if named is not None:
        return named
    if word in ("p", "pass", "s", "stop", "f", "forgo"):
        return Reply(f"{ALIASES.get(word, word)} is not allowed now. {summary(choices)}")
    return _refusal(state, choices, text, names)
