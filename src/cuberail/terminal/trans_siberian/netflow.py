"""The Trans-Siberian list's lines (:mod:`.netview`): tokens, each a piece of text and the
link it names, flowed into lines of a width, the first after a head and the others
indented under it, at most so many; what does not fit is counted at the end (``… +3``).
"""

from __future__ import annotations

from rich.text import Text

LABEL = 7  # the column where a company's network starts ("Yellow " and a space)
JOIN = "─"  # between two cities of a chain
APART = " · "  # between two groups of next links
BRANCH = "↳ "  # before a branch of a network: a chain of its own, on a line of its own
Token = tuple[Text, int]  # a piece of a line and the link it names (-1: none)
Line = list[Token]


def flow(head: Text, tokens: list[Token], width: int, most: int,
         groups: bool = False, indent: int = LABEL) -> list[Line]:
    """``head`` then the tokens in lines of ``width`` cells (indented ``indent``, a
    company's label, after the first), at most ``most`` lines; what does not fit is
    counted at the end (``+3``). A branch starts a line; a group of next links that fits a
    line of its own starts one (with ``groups``, every group does: a list to choose from,
    not a paragraph). A paragraph of words takes ``indent`` 0 (the 27th newcomer run read
    the opening's text hung under a label that was not there)."""
    lines: list[Line] = [[(head, -1)]]
    used = head.cell_len
    for n, (text, k) in enumerate(tokens):
        after = lines[-1][-1][0].plain[-1:]
        gap = 1 if n and after not in (" ", "") and not _joined(text) else 0
        unit = _unit(tokens, n)
        breaks = (used + gap + _lead(tokens, n) > width or text.plain.startswith(BRANCH)
                  or used + gap + unit > width >= indent + unit - 1
                  or (groups and k < 0 and text.plain.startswith(APART)))
        if breaks and used > indent:
            if len(lines) == most:
                return _cut(lines, sum(1 for _, j in tokens[n:] if j >= 0), width)
            lines.append([(Text(" " * indent), -1)] if indent else [])
            used, gap = indent, 0
            if k < 0:  # a group's head: no separator at the start of a line
                text = Text(text.plain.lstrip(" ·"), style=text.style)
        if gap:
            lines[-1].append((Text(" "), -1))
        lines[-1].append((text, k))
        used += gap + text.cell_len
    return lines


def _unit(tokens: list[Token], n: int) -> int:
    """The cells of the group token ``n`` heads (``$4 each: ...``) up to the next head, so
    that a group that fits a line starts one; 0 for any other token."""
    if not tokens[n][0].plain.startswith(APART) or tokens[n][1] >= 0:
        return 0
    size = tokens[n][0].cell_len
    for text, k in tokens[n + 1:]:
        if k < 0:
            break
        size += text.cell_len + 1
    return size


def _lead(tokens: list[Token], n: int) -> int:
    """The cells of a group's head and its first link (never a head at a line's end)."""
    if tokens[n][1] >= 0 or not tokens[n][0].plain.endswith(": ") or n + 1 >= len(tokens):
        return tokens[n][0].cell_len
    return tokens[n][0].cell_len + 1 + tokens[n + 1][0].cell_len


def _joined(text: Text) -> bool:
    """Whether a token continues the one before without a space (``─Kazan``, `` · ``)."""
    return text.plain[:1] in (JOIN, "→", " ")


def _cut(lines: list[Line], left: int, width: int) -> list[Line]:
    """The last line ends with how many links did not fit (``… +3``; ``…`` alone when
    only words did: the 26th newcomer run read "… +0" under the opening's words)."""
    last = lines[-1]
    tail = _tail(left)
    while len(last) > 1 and sum(t.cell_len for t, _ in last) + tail.cell_len > width:
        left += last.pop()[1] >= 0
        tail = _tail(left)
    while len(last) > 1 and (last[-1][1] < 0 or not last[-1][0].plain.strip()):
        last.pop()  # a gap, a group's head or a chain's first city with nothing after it
    last.append((tail, -1))
    return lines


def _tail(left: int) -> Text:
    return Text(f" … +{left}" if left else " …", style="dim")
