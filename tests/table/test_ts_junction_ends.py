"""The Trans-Siberian list names every city of a network (issue 29, the 28th newcomer run:
blue built "Yekaterinburg–Chelyabinsk–Omsk 4", a junction (TS-4.5), and its line read
"Blue Moscow─Kazan─Yekaterinburg─Chelyabinsk", with no Omsk: a junction's further end
waited as a branch to start, and was dropped when the junction was the last link)."""

from __future__ import annotations

from tests.walks import random_end

from cuberail.games import get_game
from cuberail.games.trans_siberian.board import LINKS, NUM_COMPANIES
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal.trans_siberian.netview import _chain_tokens
from cuberail.terminal.trans_siberian.routes import chains, place

JUNCTION = next(k for k, link in enumerate(LINKS) if len(link.ends) == 3)


def test_a_junction_built_last_names_its_every_end() -> None:
    s = get_game("trans-siberian").new_game(3)
    assert isinstance(s, TransSiberianState)
    ends = LINKS[JUNCTION].ends
    way = [k for k, link in enumerate(LINKS) if len(link.ends) == 2
           and ends[0] in link.ends][:1]  # a link to the junction's first end, then it
    for k in [*way, JUNCTION]:
        s.owner[k] = 2
    said = "".join(t.plain for t, _ in _chain_tokens(s, 2))
    for loc in {e for k in [*way, JUNCTION] for e in LINKS[k].ends}:
        assert place(loc) in said, (place(loc), said)


def test_every_city_of_every_network_is_in_its_chains() -> None:
    seen_junction = 0
    for seed in range(40):
        s = random_end("trans-siberian", seed)
        assert isinstance(s, TransSiberianState)
        for c in range(NUM_COMPANIES):
            links = [k for k, o in enumerate(s.owner) if o == c]
            cities = {e for k in links for e in LINKS[k].ends}
            named = {loc for chain in chains(s, c) for loc, _ in chain}
            assert cities == named, (seed, c, sorted(cities - named))
            reached = {k for chain in chains(s, c) for _, k in chain if k >= 0}
            assert reached == set(links), (seed, c)
            seen_junction += any(len(LINKS[k].ends) == 3 for k in links)
    assert seen_junction, "no random game built a junction: this test needs one"
