"""The Trans-Siberian list says where a network is joined only over other companies' links
(issue 29, the 27th newcomer run: "Red Moscow─Saratov ↳ Abakan─Barnaul─Omsk": "I could
not tell how red reached Abakan"). TS-4.2: a link may be built past others' links (a
jump); the part beyond them is "↳ jumped to Abakan─…"."""

from __future__ import annotations

import random

from cuberail.games import get_game
from cuberail.games.trans_siberian.board import NUM_COMPANIES
from cuberail.terminal.trans_siberian.netview import JUMPED, _chain_tokens
from cuberail.terminal.trans_siberian.routes import chains


def test_a_branch_is_marked_jumped_exactly_when_it_starts_off_the_cities_before() -> None:
    marked = plain = 0
    for seed in range(12):
        s = get_game("trans-siberian").new_game(3)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        for c in range(NUM_COMPANIES):
            said = "".join(t.plain for t, _ in _chain_tokens(s, c))
            parts = said.split("↳ ")[1:]  # the branches, in order
            before: set[int] = set()
            for n, chain in enumerate(chains(s, c)):
                if n:
                    jumped = chain[0][0] not in before
                    assert parts[n - 1].startswith(JUMPED) == jumped, (said, n)
                    marked += jumped
                    plain += not jumped
                before.update(loc for loc, _ in chain)
    assert marked and plain  # both kinds of branch were seen
