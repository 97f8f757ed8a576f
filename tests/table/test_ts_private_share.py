"""A lone share of a Trans-Siberian company scores nothing until a second is owned
(TS-9.2: only public companies' shares score), and the players' table says so beside it:
``Re1($0)``. The 40th newcomer run won red's first share for $22, read "score $26 Re1"
against the bots' $48 and nothing at the table said why (the browser's players panel
says "red 1: $0 (not public)")."""

from __future__ import annotations

from cuberail.cli.table.drawing import standings
from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.trans_siberian.state import TURN, TransSiberianState
from cuberail.terminal.trans_siberian.table import PRIVATE, players


def _shares_column(s: TransSiberianState) -> list[str]:
    table = players(s, [f"Player {p + 1}" for p in range(s.num_players)])
    return [str(getattr(cell, "plain", cell)) for cell in table.columns[-1].cells]


def test_ts_9_2_a_lone_share_says_it_scores_nothing_until_a_second_is_owned() -> None:
    s = get_game("trans-siberian").new_game(3, {})
    assert isinstance(s, TransSiberianState)
    s.apply(Action("bid", (12,)))  # Player 1 wins red's first share for $12
    while s.step != TURN:  # the others pass, the winner picks a link and a value
        acts = s.legal_actions()
        s.apply(next((a for a in acts if a.kind == "pass"), acts[-1]))
    assert not s.is_public(0) and s.scores()[0] == s.cash[0]  # the share counts $0
    assert _shares_column(s)[0] == f"Re1{PRIVATE}"
    line = standings(players(s, ["Ann", "Bob", "Cleo"]), ["Ann", "Bob", "Cleo"], 120)
    assert f"Re1{PRIVATE}" in line.plain
    buyer = s.current_player()
    s.apply(Action("buy", ("red",)))  # a second share: red is public, both score
    assert s.is_public(0)
    column = _shares_column(s)
    assert all(PRIVATE not in cell for cell in column), column
    assert column[buyer].startswith("Re")


def test_ts_2_4_a_company_nobody_bid_on_says_it_never_entered() -> None:
    """The 41st newcomer run read black and white as ``out`` at the game's end and
    nothing said why: the companies' status says ``never`` (entered: TS-2.4)."""
    from cuberail.games.trans_siberian.state import AUCTION, STATUS_NAMES
    from cuberail.terminal.trans_siberian.table import companies

    s = get_game("trans-siberian").new_game(3, {})
    assert isinstance(s, TransSiberianState)
    never = STATUS_NAMES.index("never entered")
    while never not in s.status:  # everyone passes until a company never enters
        assert s.step == AUCTION
        acts = s.legal_actions()
        s.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
    column = [str(getattr(cell, "plain", cell)) for cell in companies(s).columns[1].cells]
    assert column[list(s.status).index(never)] == "never", column


def test_ts_8_1_shares_a_nationalization_took_are_said_at_the_end() -> None:
    """The 42nd newcomer run followed the hints, lost, and its end screen never said that
    its green share went in a nationalization (the engine removes such shares: the final
    score no longer shows them). The title's losses name them, by seat and dividend."""
    from cuberail.bots.registry import make_bot
    from cuberail.cli.table import teach
    from cuberail.games.trans_siberian.state import ACTIVE, NATIONALIZED

    seen = 0
    for seed in range(12):
        start = get_game("trans-siberian").new_game(4, {})
        assert isinstance(start, TransSiberianState)
        s, actions = start.clone(), []
        bots = [make_bot("medium", seat + 10 * seed) for seat in range(4)]
        expected: dict[int, list[str]] = {}
        while not s.is_terminal():
            before = s.clone()
            action = bots[s.current_player()].choose(s.clone())
            s.apply(action)
            actions.append(action)
            for c in range(6):
                if before.status[c] == ACTIVE and s.status[c] == NATIONALIZED:
                    for p in range(4):
                        if before.shares_held(p, c):
                            expected.setdefault(p, []).append(
                                f"{('red', 'blue', 'green', 'yellow', 'black', 'white')[c]}"
                                f" {before.shares_held(p, c)} lost to the nationalization"
                                f" at dividend #{s.dividends}")
        lost = teach.losses(start, actions)
        assert lost == {p: ", ".join(parts) for p, parts in expected.items()}, seed
        seen += len(expected)
        if seen >= 3:
            return
    raise AssertionError(f"only {seen} seats lost shares in 12 games")
