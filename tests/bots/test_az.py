"""The guided search (PUCT), the policy/value network and the ``az`` bot."""

from __future__ import annotations

import argparse
import copy
import json
import os
import random

import pytest
from botstates import TITLES, sample_states
from guidecheck import checked_guide

from cuberail.bots.mcts import MCTSBot, MCTSConfig, Node
from cuberail.bots.registry import make_bot, parse_mcts
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.games import get_game

np = pytest.importorskip("numpy")
network = pytest.importorskip("cuberail.bots.network")


def favouring(target: int):  # type: ignore[no-untyped-def]
    """A guide that puts 0.9 of the prior on the searched action at index ``target``
    and values every seat alike."""

    def guide(state: GameState, actions: list[Action]) -> tuple[list[float], list[float]]:
        k = target % len(actions)
        rest = 0.1 / max(1, len(actions) - 1)
        priors = [0.9 if i == k else rest for i in range(len(actions))]
        if len(actions) == 1:
            priors = [1.0]
        n = state.num_players
        return priors, [1.0 / n] * n

    return guide


def choice_state(title: str) -> GameState:
    return next(s for s in sample_states(title, 12, seed=3) if len(s.legal_actions()) >= 3)


def test_select_puct_weighs_prior_against_visits() -> None:
    root = Node(None, -1)
    root.visits, root.value = 10, 0.3
    for prior, visits, wins in ((0.8, 0, 0.0), (0.1, 5, 2.5), (0.1, 5, 1.0)):
        child = Node(Action("stop"), 0)
        child.prior, child.visits, child.wins = prior, visits, wins
        root.children.append(child)
    assert root.select_puct(1.0) is root.children[0]  # unvisited, high prior
    assert root.select_puct(0.0) is root.children[1]  # no exploration: the best mean


@pytest.mark.parametrize("title", TITLES)
def test_the_prior_steers_the_visits(title: str) -> None:
    state = choice_state(title)
    config = MCTSConfig(iterations=120, guide="net", leaf="guide", exploration=1.0)
    shares = []
    for target in (0, 1):
        bot = MCTSBot(5, config, guide=favouring(target))
        root = bot.search(state)
        visits = [c.visits for c in root.children]
        shares.append(visits)
        assert visits.index(max(visits)) == target, visits
    assert shares[0] != shares[1]


@pytest.mark.parametrize("title", TITLES)
def test_guided_search_is_reproducible_and_legal(title: str) -> None:
    state = choice_state(title)
    config = MCTSConfig(iterations=40, guide="net", noise=0.25)
    moves = [MCTSBot(9, config, guide=favouring(2)).choose(state) for _ in range(2)]
    assert moves[0] == moves[1] and moves[0] in state.legal_actions()


@pytest.mark.parametrize("title", TITLES)
def test_a_guided_root_lists_each_searched_move_once(title: str) -> None:
    state = choice_state(title)
    bot = MCTSBot(4, MCTSConfig(iterations=30, guide="net", prior_visits=20),
                  guide=favouring(0))
    root = bot.search(state)
    actions = [c.action for c in root.children]
    assert len(actions) == len(set(actions)) and sum(c.visits for c in root.children) == 30


def counting(inner):  # type: ignore[no-untyped-def]
    """``inner`` (a guide) counting its calls in ``.calls``."""

    def guide(state: GameState, actions: list[Action]) -> tuple[list[float], list[float]]:
        guide.calls += 1  # type: ignore[attr-defined]
        return inner(state, actions)  # type: ignore[no-any-return]

    guide.calls = 0  # type: ignore[attr-defined]
    return guide


def _nodes(root: Node) -> list[Node]:
    found, todo = [], [root]
    while todo:
        node = todo.pop()
        found.append(node)
        todo.extend(node.children)
    return found


@pytest.mark.parametrize("title", TITLES)
def test_guide_after_asks_only_positions_visited_that_often(title: str) -> None:
    state = choice_state(title)
    eager = counting(favouring(1))
    MCTSBot(3, MCTSConfig(iterations=300, guide="net"), guide=eager).search(state)
    lazy = counting(favouring(1))
    root = MCTSBot(3, MCTSConfig(iterations=300, guide="net", guide_after=8),
                   guide=lazy).search(state)
    assert lazy.calls < eager.calls / 2, (eager.calls, lazy.calls)
    expanded = [n for n in _nodes(root) if n.children]
    assert root.guided and root.children[1].prior == 0.9  # the root is asked at once
    for node in expanded:  # asked when a descent passes it with 8 visits: then it has 9
        assert node.guided == (node.visits > 8 or node is root), node.visits
        priors = {round(c.prior, 9) for c in node.children}
        assert len(priors) == (1 if not node.guided or len(node.children) == 1 else 2)
    assert lazy.calls == sum(1 for n in expanded if n.guided)


def test_guide_after_is_an_az_option_only() -> None:
    base = make_bot("az", 1).config  # type: ignore[attr-defined]
    assert parse_mcts("az:500:after8", base).guide_after == 8
    with pytest.raises(CuberailError, match="afterN"):
        make_bot("mcts:500:after8", 1)
    with pytest.raises(CuberailError, match="the guide's visits"):
        make_bot("az:500:after999999999", 1)


def test_an_unguided_search_never_loads_the_network() -> None:
    bot = MCTSBot(1, MCTSConfig(iterations=5))
    bot.choose(choice_state(TITLES[0]))
    assert bot._guide is None


@pytest.mark.parametrize("title", TITLES)
def test_action_vectors_name_kind_words_and_offsets(title: str) -> None:
    _, encoding = network.parts_for(title)
    for state in sample_states(title, 20, seed=4):
        legal = state.legal_actions()
        rows = network.action_rows(state, legal, encoding)
        assert len(rows) == len(legal)
        generic = network.generic_size(encoding)
        for action, row in zip(legal, rows, strict=True):
            assert len(row) == network.action_size(encoding)
            assert len(row) == generic + len(encoding.board_names)
            assert row[encoding.kinds.index(action.kind)] == 1.0
            assert row[generic - 1] == len(action.args)
            assert row[generic - 3] >= 0.0


@pytest.mark.parametrize("title", TITLES)
def test_values_come_back_in_the_states_seat_order(title: str) -> None:
    features, encoding = network.parts_for(title)
    net = network.load_net(title)
    for state in sample_states(title, 6, seed=8):
        priors, values = checked_guide(net, features, encoding, state)
        assert sum(values) == pytest.approx(1.0) and sum(priors) == pytest.approx(1.0)


@pytest.mark.parametrize("title", TITLES)
def test_numpy_inference_equals_torch(title: str) -> None:
    torch = pytest.importorskip("torch")
    from cuberail.bots.az_train import arrays_of, torch_net

    features, encoding = network.parts_for(title)
    torch.manual_seed(3)
    tnet = torch_net(network.state_size(features, encoding), network.action_size(encoding), 16)
    with torch.no_grad():
        for p in tnet.parameters():
            p.add_(0.3 * torch.randn_like(p))
        tnet.scale.abs_().add_(0.5)
        tnet.double()
    nnet = network.PolicyValueNet(arrays_of(tnet))
    for state in sample_states(title, 8, seed=2):
        rows = network.state_rows(state, features, encoding)
        acts = network.action_rows(state, state.legal_actions(), encoding)
        priors, values = nnet.forward(rows, acts)
        r = torch.tensor([rows], dtype=torch.float64)
        a = torch.tensor([acts], dtype=torch.float64)
        mask = torch.ones(1, len(acts), dtype=torch.bool)
        with torch.no_grad():
            log_p, log_v = tnet(r, a, mask)
        np.testing.assert_allclose(priors, log_p.exp()[0].numpy(), rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(values, log_v.exp()[0].numpy(), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("title", TITLES)
def test_az_plays_legal_moves_to_the_end(title: str) -> None:
    state = get_game(title).new_game(4)
    bots = [make_bot("az:6", 1), make_bot("random", 2), make_bot("az:4:netvalue", 3),
            make_bot("random", 4)]
    rng = random.Random(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bots[state.current_player()].choose(state)
        assert action in legal
        state.apply(action if rng.random() < 0.9 else legal[0])
    assert len(state.result().scores) == 4


def test_az_specs() -> None:
    assert make_bot("az", 1).config.guide == "net"  # type: ignore[attr-defined]
    cfg = parse_mcts("az:300:netvalue", make_bot("az", 1).config)  # type: ignore[attr-defined]
    assert (cfg.iterations, cfg.seconds, cfg.leaf) == (300, None, "guide")
    with pytest.raises(CuberailError):
        make_bot("mcts:300:netvalue", 1)  # an unguided search has no network value


def shipped(title: str) -> dict[str, object]:
    with open(network.shipped_path(title), encoding="utf-8") as source:
        data: dict[str, object] = json.load(source)
    return data


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize(("key", "wrong", "said"), [
    ("rules_version", 999, "rules version 999"),
    ("feature_version", 999, "feature version 999"),
    ("network_version", 999, "network version 999"),
    ("title", "other-game", "title 'other-game'"),
    ("format", "something", "not a cuberail policy/value network file"),
])
def test_mismatched_weights_are_refused(title: str, key: str, wrong: object, said: str) -> None:
    data = shipped(title)
    network.check_weights(data, title, "shipped")  # the shipped file fits
    data[key] = wrong
    with pytest.raises(CuberailError, match=said):
        network.check_weights(data, title, "bad.json")


@pytest.mark.parametrize("title", TITLES)
def test_misshapen_arrays_are_refused(title: str) -> None:
    data = copy.deepcopy(shipped(title))
    arrays = data["arrays"]
    assert isinstance(arrays, dict)
    arrays["w2"] = arrays["w2"][:-1]
    with pytest.raises(CuberailError, match="array 'w2' must be"):
        network.check_weights(data, title, "bad.json")


def test_a_candidate_file_is_checked_when_the_bot_plays(tmp_path: object,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    title = TITLES[0]
    data = shipped(title)
    data["rules_version"] = 0
    path = os.path.join(str(tmp_path), "old.json")
    with open(path, "w", encoding="utf-8") as sink:
        json.dump(data, sink)
    monkeypatch.setenv(network.WEIGHTS_ENV, path)
    with pytest.raises(CuberailError, match="retrain with `cuberail train"):
        make_bot("az:5", 1).choose(choice_state(title))


def test_the_train_command_reproduces_its_weights(tmp_path: object) -> None:
    pytest.importorskip("torch")
    from cuberail.bots.az_train import TrainSpec, command_for, train
    from cuberail.cli import train as train_command

    title = TITLES[-1]
    parser = argparse.ArgumentParser()
    train_command.register(parser.add_subparsers())
    out = os.path.join(str(tmp_path), "net.json")
    small = ["--generations", "2", "--games", "1", "--iterations", "4", "--epochs", "2",
             "--hidden", "8"]
    args = parser.parse_args(["train", title, *small, "--out", out])
    assert args.func(args) == 0
    with open(out, encoding="utf-8") as source:
        written = json.load(source)
    spec = TrainSpec(title, generations=2, games=1, iterations=4, epochs=2, hidden=8)
    again = train(spec, log=lambda _: None)
    assert written["arrays"] == again["arrays"]
    assert written["command"] == (f"cuberail train {title} --generations 2 --games 1"
                                  " --iterations 4 --hidden 8 --epochs 2")
    network.load_net(title, out)  # the written file passes the checks
    lazy = parser.parse_args(["train", title, "--guide-after", "8"])
    assert lazy.guide_after == 8
    assert command_for(TrainSpec(title, guide_after=8)) == f"cuberail train {title} --guide-after 8"
