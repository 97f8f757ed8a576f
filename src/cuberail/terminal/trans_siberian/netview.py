"""The Trans-Siberian board as a list, for where the compact map is too dense to read:
each company's network in route order with whole city names, then the links it can
build next (TS-4.1, TS-4.2) and at what cost.

::

    Red    Moscow─Kazan─Yekaterinburg─Tyumen  ↳ Moscow─Yaroslavl─Vologda
           ▶ building $4 each: [3]Tyumen→Omsk +4, [1]Surgut +2; [2]Vologda→Kotlas +2
           jump $6: [4]Omsk–Novosibirsk +3
    Blue   Moscow─St. Petersburg
    any company $4: Moscow→Samara +3, Nizhny Novgorod +3, Smolensk +2

The chains are in route order (:mod:`.routes`). ``next`` lists the unowned links
touching the network by the city they leave from, the highest value first ($4, a
border $8), then those reached only by jumping other companies' links, by their whole
cost (TS-4.2: $2 a link jumped, $4 for a border, paid to the owners). The free links
out of Moscow, open to every company (TS-2.2), are one line, not repeated under each
company the player to move cannot build for. During a build the building company's
links take the room the networks leave (the others' next links give theirs up), the
second link of a build only those starting where the first ended (TS-3.2). Links on
offer now are bright, after the number typed to choose them, as on the map. A click
names the link under it (:func:`link_at`: the last drawing's).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rich.text import Text

from cuberail.core.bits import iter_bits
from cuberail.core.words import Said
from cuberail.games.trans_siberian import network as N
from cuberail.games.trans_siberian.board import (
    EXTERNAL_COST,
    INTERNAL_COST,
    LINKS,
    LOCATIONS,
    MOSCOW,
    MOSCOW_LINKS,
    NUM_COMPANIES,
)
from cuberail.games.trans_siberian.moves import link_name
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    BUILD_FIRST,
    BUILD_SECOND,
    NATIONALIZED,
    NEVER,
    PICK_LINK,
    TURN,
    WAITING,
    TransSiberianState,
)
from cuberail.games.words import english
from cuberail.terminal.trans_siberian.board import (
    COMPANY_STYLE,
    FREE_STYLE,
    NUMBER_STYLE,
    TARGET_STYLE,
)
from cuberail.terminal.trans_siberian.netflow import (
    APART,
    BRANCH,
    JOIN,
    LABEL,
    Line,
    Token,
    flow,
)
from cuberail.terminal.trans_siberian.routes import chains, company_name, place

_drawn: dict[tuple[int, int], int] = {}  # the last drawing's link under each cell


JUMPED = "jumped to "  # before a branch that joins the rest only over others' links


def _chain_tokens(s: TransSiberianState, c: int, apart: bool = True) -> list[Token]:
    """A chain's cities, each with the link that reached it; the first city goes with the
    second (a line never ends with a chain's first city); a branch starts a line of its
    own (``↳ Kazan─Samara``), or follows on the line where room is short (``apart``
    False)."""
    out: list[Token] = []
    named: set[int] = set()  # the cities of the chains before
    for n, chain in enumerate(chains(s, c)):
        piece = Text((BRANCH if apart else f"  {BRANCH}") if n else "", style="dim")
        if n and chain[0][0] not in named:  # joined to the rest over others' links (TS-4.2)
            piece.append(JUMPED, style="dim")  # (the 27th newcomer run: "how did red get
        named.update(loc for loc, _ in chain)  # to Abakan?")
        piece.append(place(chain[0][0]))
        for loc, k in chain[1:]:
            piece.append("→" if LOCATIONS[loc].is_external else JOIN, style=COMPANY_STYLE[c])
            piece.append(place(loc))
            out.append((piece, k))
            piece = Text()
    return out


# ----- where it can build next ---------------------------------------------------------------


def _origin(s: TransSiberianState, c: int, k: int) -> int:
    """Where a direct link leaves the network: its first end in it (-1: a loop, both in)."""
    net = s.network[c]
    inside = [e for e in LINKS[k].ends if net >> e & 1]
    return inside[0] if len(inside) < len(LINKS[k].ends) else -1


def _direct(s: TransSiberianState, c: int, group: list[int], targets: Collection[str],
            dim: str) -> list[Token]:
    """``Moscow→Kazan 3, Samara 3; Tyumen→Omsk 4``: by the city they leave from (the one
    with the best link first), each the highest value first."""
    net = s.network[c]
    origins: dict[int, list[int]] = {}
    for k in sorted(group, key=lambda k: (-LINKS[k].value, k)):
        origins.setdefault(_origin(s, c, k), []).append(k)
    return _by_origin(net, origins, targets, dim)


def _by_origin(net: int, origins: dict[int, list[int]], targets: Collection[str],
               dim: str) -> list[Token]:
    out: list[Token] = []
    for n, (loc, links) in enumerate(origins.items()):
        for i, k in enumerate(links):
            outside = "+".join(place(e) for e in LINKS[k].ends if not net >> e & 1)
            name = (_ends(k) if loc < 0 else f"{place(loc)}→{outside}" if i == 0
                    else outside)
            end = "," if i < len(links) - 1 else (";" if n < len(origins) - 1 else "")
            out.append(_item(f"{name} +{LINKS[k].value}{end}", k, targets, dim))
    return out


def _ends(k: int) -> str:
    """A link by its places, as the moves name it (``Chita→border (east)``)."""
    name = link_name(k)
    return english(name) if isinstance(name, Said) else str(name)


def _item(text: str, k: int, targets: Collection[str], style: str = "") -> Token:
    """A link's words; on offer now, bright and after the number typed to choose it
    (``[7]Omsk +4``) where the offer says it (a mapping: link -> its choice's number)."""
    if LINKS[k].id not in targets:
        return Text(text, style=style), k
    number = targets.get(LINKS[k].id, "") if isinstance(targets, Mapping) else ""
    out = Text(f"[{number}]", style=NUMBER_STYLE) if number else Text()
    out.append(text, style=TARGET_STYLE)
    return out, k


def next_tokens(s: TransSiberianState, c: int, targets: Collection[str],
                moscow: bool = True) -> list[Token]:
    """The links company ``c`` can build next: direct, the highest value first ($4, a
    border $8), then by jumping (the cheapest first), each group headed by its cost.
    Without ``moscow``, not the links out of Moscow (one line names them for all:
    :func:`_moscow_line`)."""
    money = s.treasury[c]
    if s.step == BUILD_SECOND and s.b_company == c:  # TS-3.2: from where the first ended
        return _direct(s, c, s.second_links(), targets, "")
    direct = sorted((k for k in iter_bits(s.free & s.touch[c])
                     if moscow or MOSCOW not in LINKS[k].ends),
                    key=lambda k: (LINKS[k].external, -LINKS[k].value, k))
    jumps: dict[int, int] = {}
    for link, _, jumped, _ in N.jump_options(s.owner, s.free, s.touch[c], s.payee_table(), c,
                                             s.network[c], money, s.opts.jump_v1):
        cost = N.total_cost(link, jumped)
        jumps[link] = min(jumps.get(link, cost), cost)
    out: list[Token] = []
    inner = [k for k in direct if not LINKS[k].external]
    outer = [k for k in direct if LINKS[k].external]
    for head, group, cost in ((f"${INTERNAL_COST} each: ", inner, INTERNAL_COST),
                              (f"border ${EXTERNAL_COST}: ", outer, EXTERNAL_COST)):
        if group:
            dim = "" if money >= cost else FREE_STYLE  # too dear for the treasury now
            out.append((Text((APART if out else "") + head, style="bold"), -1))
            out += _direct(s, c, group, targets, dim)
    for cost in sorted(set(jumps.values())):  # ``jump $6: Omsk–Tomsk +3, ...``: the whole cost
        out.append((Text((APART if out else "") + f"jump ${cost}: ", style="bold"), -1))
        order = sorted((k for k in jumps if jumps[k] == cost), key=lambda k: (-LINKS[k].value, k))
        out += [_item(f"{_ends(k)} +{LINKS[k].value}" + ("," if i < len(order) - 1 else ""),
                      k, targets) for i, k in enumerate(order)]
    return out


def _next_head(s: TransSiberianState, c: int) -> Text:
    """``next``; ``▶ building`` for the company building now; ``▶ buildable`` for one the
    player to move may build for (TS-3.2)."""
    if s.step == BUILD_SECOND and s.b_company == c:
        return Text("▶ second link $4 from where the first ended: ", style="bold")
    if s.step == BUILD_FIRST and s.b_company == c:
        return Text("▶ building ", style="bold")
    if s.step == TURN and s.can_build_for(s.current_player(), c):
        return Text("▶ buildable ", style="bold")
    return Text("next ", style="dim")


# ----- the view ----------------------------------------------------------------------------


def _shown(s: TransSiberianState) -> list[int]:
    return [c for c in range(NUM_COMPANIES)
            if s.status[c] in (ACTIVE, NATIONALIZED) or any(o == c for o in s.owner)]


def _block(s: TransSiberianState, c: int, targets: Collection[str], width: int,
           most_net: int, most_next: int, apart: bool = True, moscow: bool = True
           ) -> list[Line]:
    label = Text(f"{company_name(c):<{LABEL}}", style=COMPANY_STYLE[c] + " bold")
    tokens = _chain_tokens(s, c, apart)
    if not tokens:
        tokens = [(Text("no link yet", style="dim"), -1)]
    if s.status[c] == NATIONALIZED:
        label.append("(nationalized) ", style="dim")
    lines = flow(label, tokens, width, most_net)
    if most_next and s.status[c] == ACTIVE and s.nlinks[c]:
        head = Text(" " * LABEL)
        head.append_text(_next_head(s, c))
        ahead = next_tokens(s, c, targets, moscow)
        if s.treasury[c] < INTERNAL_COST:
            ahead = [(Text(f"nothing: its treasury has ${s.treasury[c]}, a link costs $4",
                           style="dim"), -1)]
        ahead = ahead or [(Text("nothing left to reach", style="dim"), -1)]
        building = s.step in (BUILD_FIRST, BUILD_SECOND) and s.b_company == c
        listed = flow(head, ahead, width, most_next + 1, groups=True) if building else []
        if not listed or len(listed) > most_next:  # the builder's offers: each group a
            listed = flow(head, ahead, width, most_next)  # line of its own, where they fit
        lines += listed
    return lines


def _moscow_line(s: TransSiberianState, targets: Collection[str], width: int,
                 most: int) -> list[Line]:
    """The free links out of Moscow, once for every company (each network holds Moscow,
    TS-2.2), where the companies' own lines leave them out: ``any company $4:
    Moscow→Nizhny Novgorod +3, Yaroslavl +3``."""
    free = sorted((k for k in MOSCOW_LINKS if s.free >> k & 1),  # numbered: in order
                  key=lambda k: (_by_number(targets, k)[0], -LINKS[k].value, k))
    if not free:
        return []
    tokens = _by_origin(1 << MOSCOW, {MOSCOW: free}, targets, "")
    return flow(Text(f"any company ${INTERNAL_COST}: ", style="bold"), tokens, width, most)


def _by_number(targets: Collection[str], k: int) -> tuple[int, int]:
    """Where a link on offer comes in a list of offers: by its choice's number, so that
    the numbers run in order (the twenty-second newcomer run read "[5]Moscow–St.
    Petersburg +3, [9]Moscow–Smolensk +2, [7]Moscow–Bryansk +2", in board order), else
    in board order."""
    number = targets.get(LINKS[k].id, "") if isinstance(targets, Mapping) else ""
    digits = str(number).rstrip("abcdefghijklmnopqrstuvwxyz")
    return (int(digits), k) if digits.isdigit() else (1 << 30, k)


def _footer(s: TransSiberianState, targets: Collection[str], shown: set[str],
            width: int) -> list[Line]:
    out: list[Line] = []
    rest = sorted((k for k, link in enumerate(LINKS) if link.id in targets
                   and link.id not in shown), key=lambda k: _by_number(targets, k))
    if rest:
        items = [_item(f"{_ends(k)} +{LINKS[k].value}" + ("," if i < len(rest) - 1 else ""),
                       k, targets) for i, k in enumerate(rest)]
        out += flow(Text("on offer now: ", style="bold"), items, width, 2)
    waiting = [company_name(c) for c in range(NUM_COMPANIES) if s.status[c] == WAITING]
    never = [company_name(c) for c in range(NUM_COMPANIES) if s.status[c] == NEVER]
    words = []
    if waiting:
        words.append(f"not yet in play: {', '.join(waiting)}")
    if never:
        words.append(f"never entered: {', '.join(never)}")
    if any(status == NATIONALIZED for status in s.status):
        words.append("a jump over a nationalized link pays the bank")
    if words:
        out.append([(Text("; ".join(words), style="dim"), -1)])
    return out


# Lines a company's network and its next links may take, the companies the player to
# move may build for first, then the others; fewer where the companies are many.
BUDGETS = ((6, 4, 5, 3), (5, 4, 4, 3), (4, 4, 3, 3), (3, 4, 3, 3), (3, 4, 3, 2), (3, 3, 3, 2),
           (3, 2, 3, 2), (3, 2, 3, 1), (2, 2, 2, 1), (2, 1, 2, 1), (2, 1, 1, 1), (1, 1, 1, 1),
           (1, 1, 1, 0), (1, 0, 1, 0))


def _builders(s: TransSiberianState) -> set[int]:
    """The companies whose next links matter most now: the one building, else those the
    player to move may build for (TS-3.2)."""
    if s.step in (BUILD_FIRST, BUILD_SECOND):
        return {s.b_company}
    if s.step != TURN:
        return set()
    return {c for c in range(NUM_COMPANIES) if s.can_build_for(s.current_player(), c)}


OPENING = ("Each company starts at Moscow: whoever wins its opening share (the bid goes into"
           " its treasury) chooses its first link out of Moscow, free; the company's income"
           " is that link's value, and the winner sets its share value, at most the winning"
           " bid (TS-2.2).")
# where the whole does not fit its four lines (80 columns, beside the side panel): a
# sentence cut at "chooses its first …" read as broken (the 37th newcomer run)
OPENING_SHORT = ("Each company starts at Moscow: whoever wins its opening share chooses its"
                 " first link out of Moscow, free, and sets its share value (TS-2.2).")


def link_order(s: TransSiberianState) -> list[int]:
    """The links on offer in the order this view lists them: a build's (TS-4.1) as the
    builder's next links read, by cost then value (:func:`next_tokens`); a first link
    from Moscow (TS-2.2) the most valuable first, as the opening lists them. The
    table's choices follow it, so that the numbers on the list run in order (the
    nineteenth newcomer run read the choices of a first link, board order: "a 3-income
    link, then the 2s, then the other 3s")."""
    if s.step in (BUILD_FIRST, BUILD_SECOND) and s.b_company >= 0:
        return [k for _, k in next_tokens(s, s.b_company, ()) if k >= 0]
    if s.step == PICK_LINK:
        return sorted(MOSCOW_LINKS, key=lambda k: (-LINKS[k].value, _ends(k)))
    return []


def _opening(targets: Collection[str], width: int) -> list[Line]:
    """Before any company is in play: where the railroads start (TS-2.2) and the links
    their first owners choose from, the most valuable first."""
    def said(sentence: str, most: int) -> list[Line]:
        return flow(Text("No railroad yet. ", style="bold"),
                    [(Text(w + " "), -1) for w in sentence.split(" ")], width, most, indent=0)

    out = said(OPENING, 5)
    if len(out) > 4:  # (five lines: the whole needs more than four)
        out = said(OPENING_SHORT, 6)  # (whole: four lines from about 40 columns)
    firsts = sorted(MOSCOW_LINKS, key=lambda k: (-LINKS[k].value, _ends(k)))
    items = [_item(f"{_ends(k)} {LINKS[k].value}" + ("," if i < len(firsts) - 1 else ""),
                   k, targets) for i, k in enumerate(firsts)]
    return [*out, [(Text(""), -1)], *flow(Text("First links: ", style="bold"), items, width, 4)]


WHOLE = 16  # the most lines the building company's next links take (TS-4.1)


def lines_of(s: TransSiberianState, targets: Collection[str], width: int,
             height: int) -> list[Line]:
    """The view's lines: the most that fit ``height`` (fewer next lines, then shorter
    networks, where the companies are many; then again with branches run on). During a
    build the building company's links, each bright with its choice's number, take the
    room the networks leave (the others' next links give way); what does not fit is
    listed or counted under ``on offer now``. The links out of Moscow, open to every
    company, are on a line of their own, not in each company's; only the building
    company's lines and the footer number the links on offer."""
    shown, mine = _shown(s), _builders(s)
    if not shown:  # the opening auctions: nothing built yet, say how a railroad starts
        return _opening(targets, width)[:height] + _footer(s, targets, set(), width)
    built = {k for k, o in enumerate(s.owner) if 0 <= o < NUM_COMPANIES}
    offers = {k for k, link in enumerate(LINKS) if link.id in targets}
    others = [c for c in shown if c not in mine and s.status[c] == ACTIVE and s.nlinks[c]
              and s.treasury[c] >= INTERNAL_COST]
    building = s.step in (BUILD_FIRST, BUILD_SECOND)
    plain: Collection[str] = () if building else targets

    def compose(apart: bool, budget: tuple[int, ...], ahead: int
                ) -> tuple[list[Line], set[int], int]:
        """The lines, the links they name, and the lines of the builder's next links."""
        body: list[Line] = []
        room = 0
        for c in shown:
            most_net, most_next = budget[:2] if c in mine else budget[2:]
            if building:
                most_next = ahead if c in mine else 0
            block = _block(s, c, targets if c in mine else plain, width, most_net, most_next,
                           apart, moscow=c in mine)
            if building and c in mine:  # the builder's next lines: its block less its network
                room = len(block) - len(_block(s, c, (), width, most_net, 0, apart))
            body += block
        if others and budget[3] and not building:
            body += _moscow_line(s, plain, width, budget[3])
        named = {k for line in body for _, k in line if k >= 0}
        footer = _footer(s, targets, {LINKS[k].id for k in named & offers}, width)
        return body + footer, named, room

    own = {k for k in built if s.owner[k] in mine}
    best: tuple[tuple[bool, int, int], list[Line]] | None = None
    out: list[Line] = []
    for apart, budget in [(a, b) for a in (True, False) for b in BUDGETS]:
        out, named, room = compose(apart, budget, WHOLE)
        for _ in range(3):  # the builder's links give up the lines the rest needs
            if not building or len(out) <= height or room - (len(out) - height) < 1:
                break
            out, named, room = compose(apart, budget, room - (len(out) - height))
        if len(out) > height:
            continue
        if built <= named:  # every network whole
            return out
        # else: the builder's own network whole, then the most offers, then links named
        score = (own <= named, len(named & offers), len(named & built))
        if best is None or score > best[0]:
            best = (score, out)
    return best[1] if best else out[:height]


def render(s: TransSiberianState, targets: Collection[str], width: int, height: int) -> Text:
    """The view in ``width`` x ``height`` cells; remembers which link each cell names."""
    _drawn.clear()
    out = Text()
    lines = lines_of(s, targets, width, height)
    for y in range(height):
        x = 0
        for text, k in lines[y] if y < len(lines) else []:
            if k >= 0:
                _drawn.update({(x + i, y): k for i in range(text.cell_len)})
            out.append_text(text)
            x += text.cell_len
        out.append(" " * max(width - x, 0))
        if y < height - 1:
            out.append("\n")
    out.no_wrap, out.overflow = True, "crop"
    return out


def link_at(x: int, y: int) -> str | None:
    """The id of the link named at ``(x, y)`` in the last drawing, if any."""
    k = _drawn.get((x, y))
    return LINKS[k].id if k is not None else None


def names_between(first: int, last: int) -> str:
    """Nothing is off-screen to the sides of a list."""
    return ""


LEGEND = "▶ the mover may build for it (TS-3.2) · bright: on offer now"
# beside the side panel (120x40): the list first, the map with whole names one key away
# (F4, said after it: "F2: map with names" had named the board alone's map, before F4
# showed the whole map above the rest)
LEGEND_SMALL = "▶ mover may build · bright: on offer"


def key() -> Text:
    """What the list says, for the side panel and the help page."""
    out = Text()
    out.append("Each company: its links in route order (─ a link, → to the border,"
               f" ↳ another branch, ↳ {JUMPED}… a part reached by jumping other companies'"
               " links), then what it can build next (TS-4.1, TS-4.2): ")
    out.append("$4", style="bold")
    out.append(" a link touching its network, from the city named first;")
    out.append(" border $8", style="bold")
    out.append(" an external link; ")
    out.append("jump $6", style="bold")
    out.append(" links reached over other companies' links, at that total cost ($2 a link"
               " jumped, $4 on the way to a border, paid to its owner). ")
    out.append("any company $4", style="bold")
    out.append(": the free links out of Moscow, where every company starts (TS-2.2). ")
    out.append("[7]", style=NUMBER_STYLE)
    out.append("Omsk +4", style=TARGET_STYLE)
    out.append(": on offer now, after the number typed to choose it. F4 switches to the"
               " map; a click names a link.")
    return out
