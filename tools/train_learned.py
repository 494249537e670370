r"""Train the learned bot on the batch engine: PPO against the heuristic and earlier selves.

    python tools/train_learned.py --seed 1 --updates 400 \\
        --out loveletter/bots/learned.npz --curve docs/_static/learned-curve.csv

Needs the ``[training]`` extra (PyTorch, CPU). The learner plays one seat of every table
(seats rotated: table ``i`` seats it at ``i % players``) of a batch of 2-player and one of
4-player games (:class:`loveletter.research.batch.Batch`); the other seats are the
heuristic bot as a batch policy (:class:`loveletter.research.batch.heuristic.HeuristicPolicy`)
or, at a share of the tables, a snapshot of the learner taken every ``--snapshot`` updates
(self-play). Its network is the learned bot's (:mod:`loveletter.bots.learned`): the
heuristic's scores times a learned weight, plus the network's preferences; its last layers
start at zero, so that it starts as the heuristic and learns where to differ. The reward
is the encoding's return of the whole game. Every ``--eval-every`` updates the greedy
policy plays ``--eval-games`` 2-player games against the heuristic on the batch engine
(seats rotated); the curve (CSV) gets a row, and the weights of the best evaluation so far
are written to ``--out`` (an ``.npz`` of float32 arrays, NumPy's format).
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from loveletter.bots.learned import Weights
from loveletter.games.simulate import wilson
from loveletter.research.batch import Batch
from loveletter.research.batch.heuristic import HeuristicPolicy
from loveletter.research.batch.learned import LearnedPolicy, action_parts, features

EDITION = "2019"


class Net(nn.Module):
    """The learned bot's network, as :class:`loveletter.bots.learned.Weights` reads it."""

    def __init__(self, inputs: int, hidden: int, parts: np.ndarray, scale: float) -> None:
        super().__init__()
        self.w1 = nn.Linear(inputs, hidden)
        self.w2 = nn.Linear(hidden, hidden)
        sizes = [int(parts[:, k].max()) + 1 for k in range(4)]
        self.parts = nn.ParameterList([nn.Parameter(torch.zeros(size, hidden)) for size in sizes])
        self.value = nn.Linear(hidden, 1)
        self.log_scale = nn.Parameter(torch.tensor(math.log(scale)))
        self.register_buffer("index", torch.as_tensor(parts, dtype=torch.long))

    def forward(
        self, x: torch.Tensor, ids: torch.Tensor, prior: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """The logits of each row's legal actions (``ids``, padded with -1) and its value."""
        h = torch.tanh(self.w2(torch.tanh(self.w1(x))))
        embedding = sum(table[self.index[:, k]] for k, table in enumerate(self.parts))
        legal = ids >= 0
        chosen = embedding[ids.clamp(min=0)]  # (N, L, H)
        logits = self.log_scale.exp() * prior + torch.einsum("nh,nlh->nl", h, chosen)
        logits = torch.where(legal, logits, torch.tensor(-1e9))
        return logits, self.value(h)[:, 0]

    def weights(self) -> Weights:
        return Weights(self.arrays())

    def arrays(self) -> dict[str, np.ndarray]:
        t = {k: v.detach().numpy() for k, v in self.state_dict().items()}
        arrays = {
            "w1": t["w1.weight"].T,
            "b1": t["w1.bias"],
            "w2": t["w2.weight"].T,
            "b2": t["w2.bias"],
            **{name: t[f"parts.{k}"] for k, name in enumerate(("card", "offset", "guess", "keep"))},
            "value": t["value.weight"][0],
            "value_bias": t["value.bias"],
            "scale": np.exp(t["log_scale"]).reshape(1),
        }
        return {k: np.asarray(v, dtype=np.float32) for k, v in arrays.items()}


class Arena:
    """One batch of tables: the learner at one seat of each, opponents at the others."""

    def __init__(self, *, players: int, tables: int, seed: int, self_play: float) -> None:
        self.players = players
        self.batch = Batch.new(tables=tables, players=players, seed=seed)
        self.learner = np.arange(tables) % players
        rng = np.random.default_rng(seed + 1)
        self.snapshot_tables = rng.random(tables) < self_play
        self.heuristic = HeuristicPolicy(EDITION, seed=seed + 2)
        self.snapshot: LearnedPolicy | None = None
        self.results: list[tuple[bool, bool]] = []  # (won, against the heuristic only)

    def opponents(self, pending: np.ndarray, done: np.ndarray) -> None:
        """Play the other seats until the learner acts at every table."""
        batch = self.batch
        while True:
            acting = batch.acting
            need = (acting >= 0) & (acting != self.learner)
            if not need.any():
                return
            obs, mask = batch.observation(), batch.legal_mask()
            actions = self.heuristic(obs, mask)
            selves = need & self.snapshot_tables
            if self.snapshot is not None and selves.any():
                actions[selves] = self.snapshot(obs[selves], mask[selves])
            self._stepped(
                batch.step(np.maximum(actions, 0), where=need, check=False), pending, done
            )

    def _stepped(self, step: Any, pending: np.ndarray, done: np.ndarray) -> None:
        rewards, _, over = step
        rows = np.arange(self.batch.tables)
        fresh = ~done
        pending[fresh] += rewards[rows, self.learner][fresh]
        ended = over & fresh
        if ended.any():
            winners = self.batch.game_winners
            for t in ended.nonzero()[0]:
                self.results.append(
                    (bool(winners[t, self.learner[t]]), not self.snapshot_tables[t])
                )
        done |= over
        self.batch.reset_done()

    def learner_step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        tables = self.batch.tables
        pending = np.zeros(tables, dtype=np.float32)
        done = np.zeros(tables, dtype=bool)
        self._stepped(self.batch.step(actions, check=False), pending, done)
        self.opponents(pending, done)
        return pending, done


def evaluate(weights: Weights, *, games: int, seed: int, players: int = 2) -> tuple[int, int]:
    """The greedy policy's whole games won against the heuristic on the batch engine."""
    batch = Batch.new(tables=games, players=players, seed=seed)
    learner = np.arange(games) % players
    mine = LearnedPolicy(weights, seed=seed)
    theirs = HeuristicPolicy(EDITION, seed=seed + 1)
    while not batch.over.all():
        obs, mask = batch.observation(), batch.legal_mask()
        ours = batch.acting == learner
        actions = np.where(ours, mine(obs, mask), theirs(obs, mask))
        batch.step(actions, check=False)
    won = int(batch.game_winners[np.arange(games), learner].sum())
    return won, games


def plot(curve: Path, image: Path) -> None:
    """Draw the curve's evaluation column, with its interval (matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    with curve.open(newline="") as file:
        rows = list(csv.DictReader(file))
    updates = [int(row["update"]) for row in rows]
    figure, axes = pyplot.subplots(figsize=(7, 3.6), dpi=100)
    rate = [100 * float(row["eval_win_2p"]) for row in rows]
    low = [100 * float(row["eval_low"]) for row in rows]
    high = [100 * float(row["eval_high"]) for row in rows]
    axes.fill_between(updates, low, high, alpha=0.25, label="95% interval")
    axes.plot(updates, rate, marker="o", label="greedy, 2,000 games")
    axes.plot(
        updates,
        [100 * float(row["train_win_2p"]) for row in rows],
        linestyle="--",
        label="training games (sampling)",
    )
    axes.axhline(50, color="grey", linewidth=0.8)
    axes.set_xlabel("PPO update")
    axes.set_ylabel("% of 2-player games won")
    axes.set_title("The learned policy against the heuristic bot")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(image)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add = parser.add_argument
    add("--seed", type=int, default=1)
    add("--updates", type=int, default=300)
    add("--tables2", type=int, default=768, help="2-player tables")
    add("--tables4", type=int, default=256, help="4-player tables")
    add("--steps", type=int, default=16, help="learner steps per update")
    add("--hidden", type=int, default=128)
    add("--scale", type=float, default=30.0, help="the heuristic scores' first weight")
    add("--lr", type=float, default=3e-4)
    add("--epochs", type=int, default=3)
    add("--minibatch", type=int, default=2048)
    add("--entropy", type=float, default=0.003)
    add("--self-play", type=float, default=0.25)
    add("--snapshot", type=int, default=20)
    add("--eval-every", type=int, default=10)
    add("--eval-games", type=int, default=2000)
    add("--out", type=Path, default=Path("loveletter/bots/learned.npz"))
    add("--curve", type=Path, default=Path("docs/_static/learned-curve.csv"))
    add("--plot-only", action="store_true", help="draw the curve's PNG from its CSV, and stop")
    args = parser.parse_args(argv)
    image = args.curve.with_suffix(".png")
    if args.plot_only:
        plot(args.curve, image)
        return 0

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    parts = action_parts(EDITION)
    arenas = [
        Arena(players=2, tables=args.tables2, seed=args.seed * 1000 + 2, self_play=args.self_play),
        Arena(players=4, tables=args.tables4, seed=args.seed * 1000 + 4, self_play=args.self_play),
    ]
    prior_policy = HeuristicPolicy(EDITION)
    for arena in arenas:
        arena.opponents(np.zeros(arena.batch.tables), np.zeros(arena.batch.tables, dtype=bool))
    sample_obs = arenas[0].batch.observation()
    inputs = features(sample_obs, prior_policy.odds(sample_obs)).shape[1]
    net = Net(inputs, args.hidden, parts, args.scale)
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr)
    started = time.monotonic()
    best = -1.0
    transitions = 0
    args.curve.parent.mkdir(parents=True, exist_ok=True)
    with args.curve.open("w", newline="") as file:
        curve = csv.writer(file)
        curve.writerow(
            [
                "update",
                "decisions",
                "minutes",
                "train_win_2p",
                "eval_games",
                "eval_win_2p",
                "eval_low",
                "eval_high",
            ]
        )
        for update in range(1, args.updates + 1):
            batch_data = rollout(net, arenas, prior_policy, args.steps)
            transitions += batch_data["x"].shape[0]
            learn(net, optimiser, batch_data, args)
            if update % args.snapshot == 0:
                snapshot = net.weights()
                for arena in arenas:
                    arena.snapshot = LearnedPolicy(snapshot, seed=args.seed + update)
            if update % args.eval_every == 0 or update == args.updates:
                results = arenas[0].results
                vs = [won for won, heuristic in results if heuristic]
                train = sum(vs) / max(len(vs), 1)
                arenas[0].results, arenas[1].results = [], []
                won, games = evaluate(
                    net.weights(), games=args.eval_games, seed=args.seed * 7919 + update
                )
                rate = won / games
                low, high = wilson(won, games)
                minutes = (time.monotonic() - started) / 60
                curve.writerow(
                    [
                        update,
                        transitions,
                        f"{minutes:.1f}",
                        f"{train:.4f}",
                        games,
                        f"{rate:.4f}",
                        f"{low:.4f}",
                        f"{high:.4f}",
                    ]
                )
                file.flush()
                print(
                    f"update {update} decisions {transitions} {minutes:.1f} min "
                    f"train {train:.3f} eval {rate:.3f} [{low:.3f}, {high:.3f}] "
                    f"scale {net.log_scale.exp().item():.1f}",
                    flush=True,
                )
                if rate > best:
                    best = rate
                    np.savez(args.out, **net.arrays())
                    print(f"  saved {args.out}", flush=True)
    plot(args.curve, image)
    return 0


def rollout(
    net: Net, arenas: list[Arena], prior_policy: HeuristicPolicy, steps: int
) -> dict[str, torch.Tensor]:
    xs, idss, priors, acts, logps, values, rewards, dones = ([] for _ in range(8))
    for _ in range(steps):
        x_all, i_all, p_all, a_all, l_all, v_all, r_all, d_all = ([] for _ in range(8))
        for arena in arenas:
            xt, it, pt = inputs(arena.batch, prior_policy)
            with torch.no_grad():
                logits, value = net(xt, it, pt)
                dist = torch.distributions.Categorical(logits=logits)
                action = dist.sample()
            chosen = it.gather(1, action[:, None])[:, 0]
            reward, done = arena.learner_step(chosen.numpy().astype(np.int64))
            x_all.append(xt), i_all.append(it), p_all.append(pt), a_all.append(action)
            l_all.append(dist.log_prob(action)), v_all.append(value)
            r_all.append(torch.from_numpy(reward)), d_all.append(torch.from_numpy(done))
        for store, part in zip(
            (xs, idss, priors, acts, logps, values, rewards, dones),
            (x_all, i_all, p_all, a_all, l_all, v_all, r_all, d_all),
            strict=True,
        ):
            store.append(torch.cat(part))
    with torch.no_grad():
        last = []
        for arena in arenas:
            last.append(net(*inputs(arena.batch, prior_policy))[1])
        next_value = torch.cat(last)
    values_t = torch.stack(values)
    rewards_t = torch.stack(rewards)
    dones_t = torch.stack(dones).float()
    advantages = torch.zeros_like(rewards_t)
    gae = torch.zeros_like(next_value)
    for t in reversed(range(steps)):
        following = next_value if t == steps - 1 else values_t[t + 1]
        delta = rewards_t[t] + following * (1 - dones_t[t]) - values_t[t]
        gae = delta + 0.95 * (1 - dones_t[t]) * gae
        advantages[t] = gae
    returns = advantages + values_t
    return {
        "x": torch.cat(xs),
        "ids": torch.cat(idss),
        "prior": torch.cat(priors),
        "action": torch.cat(acts),
        "logp": torch.cat(logps),
        "advantage": advantages.reshape(-1),
        "return": returns.reshape(-1),
    }


LEGAL = 64
"""Room for a decision's legal actions (at most 52 in the 2019 edition)."""


def inputs(batch: Batch, prior_policy: HeuristicPolicy) -> tuple[torch.Tensor, ...]:
    """The features, the legal ids (padded with -1) and their heuristic scores, per table."""
    obs, mask = batch.observation(), batch.legal_mask()
    x = features(obs, prior_policy.odds(obs))
    rows, cols, score = prior_policy.pair_scores(obs, mask)
    starts = np.searchsorted(rows, np.arange(len(obs)))
    at = np.arange(len(rows)) - starts[rows]
    ids = np.full((len(obs), LEGAL), -1, dtype=np.int64)
    prior = np.zeros((len(obs), LEGAL), dtype=np.float32)
    ids[rows, at] = cols
    prior[rows, at] = score / prior_policy.unit
    return torch.from_numpy(x), torch.from_numpy(ids), torch.from_numpy(prior)


def learn(
    net: Net,
    optimiser: torch.optim.Optimizer,
    data: dict[str, torch.Tensor],
    args: argparse.Namespace,
) -> None:
    size = data["x"].shape[0]
    advantage = data["advantage"]
    advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
    for _ in range(args.epochs):
        order = torch.randperm(size)
        for start in range(0, size, args.minibatch):
            rows = order[start : start + args.minibatch]
            logits, value = net(data["x"][rows], data["ids"][rows], data["prior"][rows])
            dist = torch.distributions.Categorical(logits=logits)
            logp = dist.log_prob(data["action"][rows])
            ratio = (logp - data["logp"][rows]).exp()
            adv = advantage[rows]
            policy_loss = -torch.min(ratio * adv, ratio.clamp(0.8, 1.2) * adv).mean()
            value_loss = (value - data["return"][rows]).pow(2).mean()
            loss = policy_loss + 0.5 * value_loss - args.entropy * dist.entropy().mean()
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            optimiser.step()


if __name__ == "__main__":
    sys.exit(main())
