"""The move menu of the table: choices numbered 1..n as shown, and the input.

Every choice has a number, counted 1, 2, 3 ... down the menu as it is drawn; a bare
number typed is always a choice's number, never an amount. Runs of amounts (bids,
share values) are one entry; an amount is typed with its kind's letter (``b 12``, also
``bid 12``, ``$12``), so ``2`` (choice 2) and ``b 2`` (a bid of $2) never mix. Builds of
one link by several routes (a ``link`` action with a route after the link) are grouped
under one number with a letter per route (``4a``, ``4b``), cheapest first, their fees
spelled out by the view: the menu shows one line per link, ``4`` plays the cheapest route
and ``4?`` lists the others. A place may also be typed by its names when the title's face
reads them (its ``by_name``, see :mod:`cuberail.terminal`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType

from cuberail.cli.menu import Command as Command  # re-exported: the table speaks of C.Command
from cuberail.cli.menu import Reply as Reply
from cuberail.cli.menu import amount_of
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.terminal import PlainFace, face_or_plain

from . import numbering, proxy, teach
from .amounts import AMOUNT_KINDS as AMOUNT_KINDS
from .amounts import KIND_WORDS
from .amounts import SHORT as SHORT
from .amounts import said as _amounts_said

Describe = Callable[[GameState, Action], str]
COMMANDS = ("help", "hint", "undo", "save", "quit", "board", "log", "routes")
ALIASES = {"p": "pass", "s": "stop", "f": "forgo", "h": "help", "?": "help",
           "q": "quit", "u": "undo"}
_TYPED_AMOUNT = re.compile(r"(bid|b|value|v)? ?\$? ?(\d+)")
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


def target_of(action: Action) -> str:
    """The hex or link a move is about ('' for a bid, a pass, a choice of step)."""
    if action.kind in ("place", "develop", "link") and action.args:
        return str(action.args[0])
    return ""


def _groups(legal: list[Action]) -> list[list[Action]]:
    """Runs of consecutive amounts of one kind; link builds of one link; the rest alone."""
    groups: list[list[Action]] = []
    by_link: dict[str, list[Action]] = {}
    for action in legal:
        amount = amount_of(action)
        prev = groups[-1][-1] if groups else None
        if (action.kind in AMOUNT_KINDS and prev is not None and prev.kind == action.kind
                and amount is not None and amount_of(prev) == amount - 1):
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


def build(state: GameState, describe: Describe,
          warn: Callable[[Action], str] | None = None,
          order: Mapping[str, int] | None = None,
          keep: numbering.Numbers | None = None) -> list[Choice]:
    """The menu of the legal actions, numbered 1..n in the order drawn (a link's routes
    share its number, with a letter each). ``order``: the title's place for the moves on
    a target (a hex or link: :func:`target_of`), as its board lists them: those moves
    take the places the engine gives them in that order; the others keep theirs.
    ``keep``: the numbers to hold (:mod:`.numbering`), the places by number. A menu of
    places and one move without a place (stop, forgo) numbers that move 0, listed last:
    kept numbers had read "3, 4, 5, 7 … 6 stop building" (the 25th newcomer run), stop
    having taken a number before the places that opened after it."""
    legal = list(state.legal_actions())  # a copy: a state's list is its cache, shared by
    if order:                            # its clones (the bots' and the search's)
        slots = [i for i, a in enumerate(legal) if target_of(a) in order]
        moved = sorted((legal[i] for i in slots), key=lambda a: order[target_of(a)])
        for i, action in zip(slots, moved, strict=True):
            legal[i] = action
    groups = _groups(legal)
    aside = [g for g in groups if not target_of(g[0])]
    if len(aside) == 1 and len(groups) > 1:  # places, and stop (or forgo): 0, listed last
        placed = [g for g in groups if target_of(g[0])]
        given = numbering.numbers([key_of(g[0]) for g in placed], keep)
        pairs = sorted(zip(given, placed, strict=True), key=lambda pair: pair[0])
        pairs.append((0, aside[0]))
    else:
        pairs = list(zip(numbering.numbers([key_of(g[0]) for g in groups], keep), groups,
                         strict=True))
    out: list[Choice] = []
    for n, group in pairs:
        out += _numbered(state, describe, warn, str(n), group)
    return out


def key_of(action: Action) -> str:
    """What a move is known by from one decision to the next (:mod:`.numbering`): its
    place on the board, else its text (``stop``)."""
    return target_of(action) or action.text()


def _numbered(state: GameState, describe: Describe, warn: Callable[[Action], str] | None,
              n: str, group: list[Action]) -> list[Choice]:
    """The menu lines of one group: a run of amounts, a link's routes, or one action."""
    first = group[0]
    if first.kind in AMOUNT_KINDS and len(group) > 1:
        low, high = amount_of(first), amount_of(group[-1])
        detail = (f"type {SHORT[first.kind]} and the amount: `{typed(first)}` to"
                  f" `{typed(group[-1])}`")
        if first.kind == "bid" and low is not None and high is not None:  # (.proxy)
            detail += f"; or `up to {min(high, low + 5)}`: bids for you until then"
        return [Choice(n, f"{first.kind} {low}..{high}", detail, tuple(group),
                       warning=warn(first) if warn else "")]  # its lowest amount's
    if first.kind == "link" and len(group) > 1:
        return [Choice(f"{n}{chr(97 + i)}", a.text(), describe(state, a), (a,), target_of(a),
                       warn(a) if warn else "") for i, a in enumerate(group)]
    return [Choice(n, first.text(), describe(state, first), (first,), target_of(first),
                   warn(first) if warn else "")]


def typed(action: Action) -> str:
    """What a player types for ``action`` besides its number: an amount with its kind's
    letter (``b 12``, ``v 28``), else the move's text.

    >>> typed(Action("bid", (12,)))
    'b 12'
    """
    if action.kind in SHORT and amount_of(action) is not None:
        return f"{SHORT[action.kind]} {amount_of(action)}"
    return action.text()


def summary(choices: list[Choice], limit: int = 10) -> str:
    """The choices in short: their numbers and typed forms; a link by its places' names
    (its sentence up to the price), once for all its routes; amounts of one kind that are
    choices each (share values: not every dollar) as one entry, ``1-8) values $8, $12 …
    $36 (`v 8`)`` (the 31st newcomer run read every one listed)."""
    lines = [c for c in choices if not c.is_dearer_route]
    groups: list[list[Choice]] = []
    for c in lines:
        single = _single_amount(c)
        if single and groups and _single_amount(groups[-1][-1]) == single:
            groups[-1].append(c)
        else:
            groups.append([c])
    shown = ", ".join(f"{_numbers(group)}) "
                      + (_amounts_said(_amounts(group)) if len(group) > 1 else _short(group[0]))
                      for group in groups[:limit])
    more = f", ... ({len(lines)} in all)" if len(groups) > limit else ""
    return f"allowed now: {shown}{more}"


def _single_amount(choice: Choice) -> str:
    """The kind of a choice that is one amount (``value 12``), else ''."""
    first = choice.actions[0]
    single = not choice.is_range and first.kind in AMOUNT_KINDS
    return first.kind if single and amount_of(first) is not None else ""


def _numbers(group: list[Choice]) -> str:
    first = group[0].base if group[0].is_route else group[0].number
    return first if len(group) == 1 else f"{first}-{group[-1].number}"


def _amount_answer(choices: list[Choice], text: str) -> Reply | None:
    """A word typed where the choices are amounts (and a pass): the amounts' range and how
    one is typed, not every amount nor the game's whole vocabulary (the 31st newcomer run,
    at 80x24, typed `bid` and a company's name in an auction): ``bids $8..$40: type `b 8`,
    or pass (p)``. A kind's word (`bid`, `b`, `value`) gets that alone, another single
    word what is allowed so; None elsewhere: a move with arguments keeps the engine's
    reason, a kind's word not on offer the reason none is."""
    offered = _amounts(choices)
    rest = [a for c in choices for a in c.actions if a.kind not in AMOUNT_KINDS]
    if not offered or any(a.kind != "pass" for a in rest):
        return None
    words = text.split()
    kind = KIND_WORDS.get(words[0].lower().rstrip(":$"))
    if (kind is None and len(words) > 1) or (kind is not None and kind not in {
            a.kind for a in offered}):
        return None
    said = _amounts_said(offered).replace(" (`", ": type `").replace("`)", "`")
    head = "" if kind is not None else f"{text!r} is not a move now; allowed now: "
    return Reply(head + said + (", or pass (p)" if rest else ""))


def _short(choice: Choice) -> str:
    """A choice as typed (``place Q5``, ``bid 7..40``); a link, whose typed form names the
    board file's ids, by its sentence up to the price (``build Moscow–Kazan 3 for red``)."""
    if choice.actions[0].kind == "link" and choice.detail:
        return choice.detail.split(":")[0]
    if choice.is_range:
        return f"{choice.label} (`{SHORT[choice.actions[0].kind]} N`)"
    return choice.label


def _amounts(choices: list[Choice]) -> list[Action]:
    """The amounts on offer (bids, share values), in the menu's order."""
    return [a for c in choices for a in c.actions
            if a.kind in AMOUNT_KINDS and amount_of(a) is not None]


Why = Callable[[Action], str]  # the engine's reason an action is refused ('' if none)
Absent = Callable[[str], str]  # why no move of a kind is on offer now, in the player's words


def _by_number(choices: list[Choice], text: str) -> Action | Reply:
    """A choice's number typed (``2``, ``4b``); a run of amounts asks for the amount."""
    exact = [c for c in choices if c.number == text.lower()]
    if exact and not exact[0].is_range:
        return exact[0].actions[0]
    if exact:
        return Reply(f"choice {text} is the {exact[0].actions[0].kind}: {exact[0].detail}"
                     + (", or pass (p)" if _is_auction(choices) else ""))
    routes = routes_of(choices, text)
    if routes:  # a link's number alone: its cheapest route
        return routes[0].actions[0]
    amount = next((a for a in _amounts(choices) if str(amount_of(a)) == text), None)
    if amount is not None:  # a newcomer typed an amount: say how amounts are typed
        return Reply(f"there is no choice {text}; a number is a choice's number. For"
                     f" {amount.kind} ${text} type `{typed(amount)}`")
    return Reply(f"there is no choice {text}. {summary(choices)}")


OVER = "the game is over: `quit` (Ctrl+Q) leaves, `help` (F1) shows the keys"


def nothing_to_choose(state: GameState, names: Sequence[str], text: str) -> str:
    """What ``text`` typed with no choice on offer gets (Enter alone: ``text`` empty): the
    game is over, or whose move it is."""
    if state.is_terminal():
        return (f"the game is over: {text!r} is not a move now (`quit` to leave, `help`)"
                if text else OVER)
    seat = state.current_player()
    who = names[seat] if 0 <= seat < len(names) else f"player {seat + 1}"
    now = f"nothing to choose now, {who} is to move"
    return f"{text!r} was not played: {now}" if text else now


def _is_auction(choices: list[Choice]) -> bool:
    return any(a.kind == "pass" for c in choices for a in c.actions) and any(
        a.kind == "bid" for a in _amounts(choices))


def by_amount(choices: list[Choice], text: str, why: Why | None = None,
              absent: Absent | None = None) -> Action | Reply | None:
    """An amount typed with its kind (``b 12``, ``bid $12``, ``v 28``, or ``$12`` when one
    kind is on offer): its action, or why it is refused (``absent``: why no move of its
    kind is on offer); None when ``text`` is no amount."""
    match = _TYPED_AMOUNT.fullmatch(text.lower())
    if match is None or (match.group(1) is None and not text.startswith("$")):
        return None
    word, amount = match.group(1), int(match.group(2))
    offered = _amounts(choices)
    kinds = list(dict.fromkeys(a.kind for a in offered))
    kind = {"b": "bid", "v": "value"}.get(word or "", word or (kinds[0] if kinds else "bid"))
    same = [a for a in offered if a.kind == kind]
    hit = next((a for a in same if amount_of(a) == amount), None)
    if hit is not None:
        return hit
    if not same:
        return not_offered(kind, choices, absent)
    return _refused_amount(Action(kind, (amount,)), same, why)


def not_offered(kind: str, choices: list[Choice], absent: Absent | None) -> Reply:
    """A kind of move typed that is not on offer: why, in the player's words, and what is
    (``bid is not allowed now: you have $3; the lowest bid is $8, so you can only pass``)."""
    reason = absent(kind) if absent is not None else ""
    return Reply(f"{kind} is not allowed now" + (f": {reason}" if reason else "")
                 + f". {summary(choices)}")


def absent_reason(state: GameState, kind: str, view: ModuleType | PlainFace,
                  names: Sequence[str] = ()) -> str:
    """Why no ``kind`` move is on offer to the player to move: the title's reason in their
    words (:func:`teach.why_not`), else what the step asks of whom (its sentence)."""
    reason = teach.why_not(state, kind)
    if reason:
        return reason
    step = getattr(view, "describe_step", None)
    return str(step(state, list(names))) if step is not None else ""


def _refused_amount(action: Action, same: list[Action], why: Why | None) -> Reply:
    """Why an amount typed is refused (the engine's reason when it gives one), and what
    is allowed: ``a bid of $3 is not allowed: the minimum bid is $7 ...``."""
    amount, kind = action.args[0], action.kind
    values = sorted(a for a in map(amount_of, same) if a is not None)
    low, high = values[0], values[-1]
    reason = why(action) if why is not None else ""
    if not reason:
        reason = (f"the lowest is ${low}" if isinstance(amount, int) and amount < low
                  else f"the highest is ${high}" if isinstance(amount, int) and amount > high
                  else f"it is not among {', '.join(f'${v}' for v in values)}")
    run = len(values) == high - low + 1
    allowed = (f"{kind} ${low} to ${high} in whole dollars (`{SHORT[kind]} {low}`)" if run
               else _amounts_said(same))
    return Reply(f"a {kind} of ${amount} is not allowed: {reason}. Allowed: {allowed}"
                 + (", or pass (p)" if kind == "bid" else ""))


def _fraction(choices: list[Choice], text: str) -> Reply | None:
    """``b 12.5`` or ``$12.5`` while amounts are on offer: amounts are whole dollars."""
    offered = _amounts(choices)
    if not offered or not re.fullmatch(r"(?:b|bid|v|value)? ?\$? ?\d*[.,]\d+", text.lower()):
        return None
    values = [a for a in map(amount_of, offered) if a is not None]
    return Reply(f"{text} is not a whole number: a {offered[0].kind} is whole dollars,"
                 f" from {min(values)} to {max(values)}")


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
    said = [c for c in choices if len(c.actions) == 1 and _plain(low) in _words(c.detail)]
    if said and len({c.base for c in said}) == 1:  # a choice's own words, as the menu
        return said[0].actions[0]  # shows them ("build for NYC"); a link's cheapest route
    by_args = [a for a in legal if " ".join(map(str, a.args)).lower() == low]
    if len(by_args) == 1:
        return by_args[0]
    word = ALIASES.get(low)
    if word:
        return next((a for a in legal if a.kind == word), None)
    return None


def _by_sentence(state: GameState, text: str, face: ModuleType | PlainFace) -> Action | None:
    """A legal move typed in the words the log and the hint say it (``bid $4 for the C&O
    share``, ``build Omsk–Tyumen 2 for red``), whole or without its facts after a bracket
    or colon: the one move so said."""
    low = _plain(" ".join(text.lower().split()))
    found = [a for a in state.legal_actions()
             if low in _words(str(face.describe_action(state, a)))]
    return found[0] if len(found) == 1 else None


def _words(detail: str) -> tuple[str, str, str]:
    """A menu line's words as a player may type them: whole, or without the facts after
    them, bracketed ("build for NYC (treasury $20)") or after a colon ("build Omsk–Tyumen
    2 for red: $4, income +2"), lower case, dashes plain."""
    whole = _plain(" ".join(detail.lower().split()))
    return whole, whole.split(" (")[0], whole.split(": ")[0]


def _plain(text: str) -> str:
    """Text with its dashes as typed on any keyboard: ``Omsk–Tyumen`` as ``Omsk-Tyumen``."""
    return text.replace("–", "-").replace("—", "-")


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
    """Why a typed move is refused: when no move of its kind is on offer and the title
    says why, its words and what is allowed; else the engine's reason when it parses (its
    seats named), and what is allowed."""
    reason = ""
    action: Action | None = None
    try:
        action = Action.from_text(text)
        explain = getattr(state, "explain_illegal", None)
        reason = str(explain(action)) if explain else ""
    except CuberailError:  # text the engine cannot read is refused with the menu
        reason = ""
    head = f"{text!r} is not a legal move now"
    kinds = {a.kind for a in state.legal_actions()}
    own = teach.why_not(state, action.kind) if action is not None else ""
    if own and action is not None and action.kind not in kinds:  # the title's words
        return Reply(f"{head}: {name_players(own, names)}. {summary(choices)}")
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
    if not text and not choices:  # (it read "allowed now: " at the end: fifteenth run)
        return Reply(nothing_to_choose(state, names, text))
    if not text:
        return Reply(summary(choices))
    word = text.split()[0].lower()
    word = ALIASES.get(word, word) if word in ("h", "?", "q", "u") else word
    if word in COMMANDS:
        return Command(word, text.split(maxsplit=1)[1] if " " in text else "")
    limit = proxy.parse(text)
    if limit is not None:  # `up to 20`: a proxy bids for the player in this auction
        return Command(proxy.WORD, limit)
    if text.endswith("?") and text[:-1].strip().isdigit():
        return Command("routes", text[:-1].strip())
    if not choices:  # typed while the game is over, or while another seat is to move
        return Reply(nothing_to_choose(state, names, text))
    face = view or face_or_plain(state.title)

    def absent(kind: str) -> str:
        return name_players(absent_reason(state, kind, face, names), names)

    amount = by_amount(choices, text, _explainer(state, names), absent)
    if amount is not None:
        return amount
    fraction = _fraction(choices, text)
    if fraction is not None:
        return fraction
    if text[0].isdigit() and text.rstrip("abcdefghijklmnopqrstuvwxyz").isdigit():
        return _by_number(choices, text.lower())
    action = _by_text(state, choices, text) or _by_sentence(state, text, face)
    if action is not None:
        return action
    named = _by_name(face, choices, text)
    if named is not None:
        return named
    if word in ("p", "pass", "s", "stop", "f", "forgo"):
        return not_offered(ALIASES.get(word, word), choices, absent)
    kind = KIND_WORDS.get(word)
    offered = {a.kind for a in _amounts(choices)}
    if kind is not None and offered and kind not in offered:  # `b` where values are asked
        return not_offered(kind, choices, absent)
    return _amount_answer(choices, text) or _refusal(state, choices, text, names)
