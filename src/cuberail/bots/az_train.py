"""Self-play training of the policy/value network (Expert Iteration, AlphaZero's targets).

Each generation, guided searches (:mod:`cuberail.bots.mcts`, PUCT with Dirichlet noise
at the root) play seeded games against themselves; every searched decision gives a
policy target (the root's visit shares over the searched actions) and, once the game
ends, a value target (each seat's win share, the mover first). The first generation's
searches have uniform priors (the expert is the plain search); later ones are guided by
the network trained so far. After each generation the network is fitted with PyTorch
(on CPU, seeded, one thread) on all samples so far. The result is a weights file of
:mod:`cuberail.bots.network`, which plays with numpy alone.

Run by ``cuberail train TITLE`` (:mod:`cuberail.cli.train`); needs the ``train`` extra.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from cuberail.bots.kit import Features, Guide, Network
from cuberail.bots.mcts import MCTSBot, MCTSConfig
from cuberail.bots.registry import AZ_EXPLORATION
from cuberail.core.actions import Action
from cuberail.core.state import GameState

if TYPE_CHECKING:  # numpy and the network are imported when training runs: the command's
    # options are read without them
    import numpy as np

Sample = tuple[list[list[float]], list[list[float]], list[float], int]  # rows, actions, pi, game


@dataclass(frozen=True)
class TrainSpec:
    """One training run; the same spec and seed give the same weights."""

    title: str
    players: int = 4
    generations: int = 3
    games: int = 6  # self-play games per generation
    iterations: int = 64  # search iterations per decision
    noise: float = 0.25  # Dirichlet noise at the roots
    exploration: float = AZ_EXPLORATION  # PUCT's constant (the az bot's)
    guide_after: int = 0  # a position below the root asks the network at this many visits
    hidden: int = 32
    epochs: int = 30
    batch: int = 128
    lr: float = 3e-3
    l2: float = 1e-4
    seed: int = 1


def uniform_guide(state: GameState, actions: list[Action]) -> tuple[list[float], list[float]]:
    """The first generation's guide: every searched action alike, every seat alike."""
    n = state.num_players
    return [1.0 / len(actions)] * len(actions), [1.0 / n] * n


def play_game(spec: TrainSpec, guide: Guide, seed: int) -> tuple[list[Sample], list[list[float]]]:
    """One self-play game: its samples (value targets apart: one per sample, mover first)."""
    from cuberail.bots import network as netmod
    from cuberail.games import get_game

    features, network = netmod.parts_for(spec.title)
    state = get_game(spec.title).new_game(spec.players)
    config = MCTSConfig(iterations=spec.iterations, guide="net", noise=spec.noise,
                         exploration=spec.exploration, guide_after=spec.guide_after)
    bots = [MCTSBot(seed * 100 + p, config, guide=guide) for p in range(spec.players)]
    samples: list[Sample] = []
    movers: list[int] = []
    while not state.is_terminal():
        me = state.current_player()
        bot = bots[me]
        bot.last_root = None
        action = bot.choose(state)
        root = bot.last_root
        if root is not None and len(root.children) > 1:
            samples.append(_sample(state, root.children, features, network, seed))
            movers.append(me)
        state.apply(action)
    returns = state.result().returns()
    n = len(returns)
    values = [[returns[(m + k) % n] for k in range(n)] for m in movers]
    return samples, values


def _sample(state: GameState, children: list[Any], features: Features, network: Network,
            game: int) -> Sample:
    from cuberail.bots import network as netmod

    actions = [c.action for c in children]
    total = sum(c.visits for c in children) or 1
    pi = [c.visits / total for c in children]
    return (netmod.state_rows(state, features, network),
            netmod.action_rows(state, actions, network), pi, game)


def train(spec: TrainSpec, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Run ``spec``: self-play and fitting, generation by generation; the weights file's content."""
    from cuberail.bots import network as netmod

    torch = _torch()
    torch.set_num_threads(1)
    torch.manual_seed(spec.seed)
    random.seed(spec.seed)
    features, network = netmod.parts_for(spec.title)
    cpu0 = time.process_time()
    samples: list[Sample] = []
    values: list[list[float]] = []
    guide: Guide = uniform_guide
    arrays: dict[str, np.ndarray] = {}
    losses = (0.0, 0.0)
    for gen in range(spec.generations):
        for g in range(spec.games):
            seed = spec.seed * 100_000 + gen * 1000 + g
            got, vals = play_game(spec, guide, seed)
            samples += got
            values += vals
        arrays, losses = fit(spec, samples, values, netmod.state_size(features, network),
                             netmod.action_size(network))
        guide = netmod.make_guide(netmod.PolicyValueNet(arrays), features, network)
        log(f"generation {gen + 1}/{spec.generations}: {len(samples)} samples, policy loss"
            f" {losses[0]:.3f} (the targets' entropy {target_entropy(samples):.3f}, uniform"
            f" priors' {uniform_loss(samples):.3f}),"
            f" value loss {losses[1]:.3f}, {time.process_time() - cpu0:.0f} CPU s")
    about = {"trained": asdict(spec), "samples": len(samples),
             "policy_loss": round(losses[0], 4), "value_loss": round(losses[1], 4),
             "target_entropy": round(target_entropy(samples), 4),
             "uniform_loss": round(uniform_loss(samples), 4),
             "cpu_seconds": round(time.process_time() - cpu0, 1),
             "command": command_for(spec)}
    return netmod.to_json(spec.title, arrays, about)


def target_entropy(samples: list[Sample]) -> float:
    """The mean entropy of the policy targets (the visit shares): the policy loss a network
    that matched every target exactly would reach; the loss's excess over it is what the
    network has not learned."""
    total = 0.0
    for _, _, pi, _ in samples:
        total -= sum(p * math.log(p) for p in pi if p > 0.0)
    return total / max(1, len(samples))


def uniform_loss(samples: list[Sample]) -> float:
    """The policy loss of alike priors (the mean log of the searched actions' count): the
    loss a network that learned nothing of the actions would reach."""
    return sum(math.log(len(pi)) for _, _, pi, _ in samples) / max(1, len(samples))


def command_for(spec: TrainSpec) -> str:
    """The ``cuberail train`` command that reproduces ``spec``."""
    base = TrainSpec(spec.title)
    flags = [f"--{k.replace('_', '-')} {v}" for k, v in asdict(spec).items()
             if k != "title" and v != getattr(base, k)]
    return " ".join(["cuberail train", spec.title, *flags])


# ----- fitting -------------------------------------------------------------------------


def _torch() -> Any:
    """PyTorch, imported by name: it is an optional extra (``train``) without type stubs here."""
    return importlib.import_module("torch")


def torch_net(f: int, a: int, hidden: int) -> Any:
    """The network of :class:`cuberail.bots.network.PolicyValueNet` as a torch module."""
    torch = _torch()
    nn = torch.nn

    class Net(nn.Module):  # type: ignore[misc,name-defined]
        def __init__(self) -> None:
            super().__init__()
            self.mean = nn.Parameter(torch.zeros(f), requires_grad=False)
            self.scale = nn.Parameter(torch.ones(f), requires_grad=False)
            self.w1 = nn.Parameter(torch.randn(f, hidden) / f ** 0.5)
            self.b1 = nn.Parameter(torch.zeros(hidden))
            self.w2 = nn.Parameter(torch.randn(2 * hidden, hidden) / (2 * hidden) ** 0.5)
            self.b2 = nn.Parameter(torch.zeros(hidden))
            self.w3 = nn.Parameter(torch.randn(hidden) / hidden ** 0.5)
            self.wa = nn.Parameter(torch.randn(a, hidden) / a ** 0.5)
            self.ba = nn.Parameter(torch.zeros(hidden))
            self.wb = nn.Parameter(torch.zeros(a))

        def forward(self, rows: Any, acts: Any, mask: Any) -> tuple[Any, Any]:
            """Log priors (B, M; masked actions -inf) and log values (B, N)."""
            x = (rows - self.mean) / self.scale
            h = torch.tanh(x @ self.w1 + self.b1)
            context = h.mean(dim=1, keepdim=True).expand_as(h)
            z = torch.tanh(torch.cat((h, context), dim=2) @ self.w2 + self.b2)
            log_values = torch.log_softmax(z @ self.w3, dim=1)
            emb = acts @ self.wa + self.ba
            logits = (emb * z[:, :1, :]).sum(dim=2) + acts @ self.wb
            logits = logits.masked_fill(~mask, float("-inf"))
            return torch.log_softmax(logits, dim=1), log_values

    return Net()


def arrays_of(net: Any) -> dict[str, np.ndarray]:
    return {name: p.detach().double().numpy().copy() for name, p in net.named_parameters()}


def _tensors(samples: list[Sample], values: list[list[float]], a: int) -> tuple[Any, ...]:
    import numpy as np

    torch = _torch()

    most = max(len(s[1]) for s in samples)
    acts = np.zeros((len(samples), most, a))
    pis = np.zeros((len(samples), most))
    mask = np.zeros((len(samples), most), dtype=bool)
    for i, (_, arows, pi, _) in enumerate(samples):
        acts[i, :len(arows)] = arows
        pis[i, :len(pi)] = pi
        mask[i, :len(pi)] = True
    rows = np.asarray([s[0] for s in samples])
    return (torch.tensor(rows, dtype=torch.float32), torch.tensor(acts, dtype=torch.float32),
            torch.tensor(mask), torch.tensor(pis, dtype=torch.float32),
            torch.tensor(np.asarray(values), dtype=torch.float32))


def fit(spec: TrainSpec, samples: list[Sample], values: list[list[float]], f: int, a: int
        ) -> tuple[dict[str, np.ndarray], tuple[float, float]]:
    """Fit a fresh network to all samples: cross-entropy to the visit shares and to the win
    shares, Adam with L2; returns its arrays and the last epoch's mean losses."""
    torch = _torch()
    rows, acts, mask, pis, vals = _tensors(samples, values, a)
    net = torch_net(f, a, spec.hidden)
    flat = rows.reshape(-1, f)
    net.mean.data = flat.mean(dim=0)
    net.scale.data = flat.std(dim=0).clamp(min=1e-2)
    optimizer = torch.optim.Adam([p for p in net.parameters() if p.requires_grad],
                                 lr=spec.lr, weight_decay=spec.l2)
    generator = torch.Generator().manual_seed(spec.seed)
    losses = (0.0, 0.0)
    for _ in range(spec.epochs):
        order = torch.randperm(len(samples), generator=generator)
        total_p = total_v = 0.0
        for start in range(0, len(samples), spec.batch):
            idx = order[start:start + spec.batch]
            log_p, log_v = net(rows[idx], acts[idx], mask[idx])
            policy = -(pis[idx] * log_p.masked_fill(~mask[idx], 0.0)).sum(dim=1).mean()
            value = -(vals[idx] * log_v).sum(dim=1).mean()
            optimizer.zero_grad()
            (policy + value).backward()
            optimizer.step()
            total_p += policy.item() * len(idx)
            total_v += value.item() * len(idx)
        losses = (total_p / len(samples), total_v / len(samples))
    return arrays_of(net), losses
