"""Train the heads-up agent shipped as the bot `expert`: PPO with self-play, a league of past
selves and the rule bots, on the compiled kernel's batched games.

    pip install -e '.[rl,train]'          # a CPU build of torch first (see docs/RL.md)
    python examples/train_expert.py --seed 1 --out out/expert --minutes 60
    python examples/train_expert.py --seed 1 --out out/expert --minutes 60 --resume
    python examples/train_expert.py ... --backend ray [--address HOST:PORT]
    python examples/train_expert.py --ship out/expert/best.npz src/lastcard/bots/expert.npz
    python examples/train_expert.py --players 4 --seed 1 --out out/expert4 --minutes 45

Each iteration plays single hands of the official rules (`Rules(target_score=None)`) with
`lastcard.rl.rollouts.collect` (NumPy and numba, no torch) against a mix of opponents —
`heuristic`, `greedy`, the learning policy itself (every seat's decisions are learnt from) and
a past self drawn from the league (a snapshot kept every `--league-every` iterations), in every
seat but the learner's — then
updates the policy with PPO (torch, CPU). The reward of a hand is its points (the rules'
scoring, `reward="hand"`: zero-sum, / 100) plus ±`--win-bonus` for winning or losing it, so
the agent learns to win hands and to win them big or lose them small.

The policy reads the version 1 observation and numbers (what `PolicyBot` plays, the format of
examples/models/ppo_heads_up.npz) and starts from `--init` (the shipped `ppo` agent), widened
to `--hidden` units per layer without changing what it computes; its observation
normalisation is kept fixed. `--players N` (3 to 10) trains for a table of N: the heads-up
`--init` is carried over (each of its outputs to the same action at N players, "catch" the
next seat to the new seats' catches; its inputs about seats a heads-up game never has start
unused) and the observation normalisation is measured afresh on a rollout against
`heuristic`, the first layer changed so that the network still computes what `--init` did on
what both games have. Rollouts spread over `--workers` Ray tasks with `--backend ray`
(`--address` joins a running cluster; without it Ray starts on this machine); `local` plays
them in this process.

Reproducible: every game's seed, the league draws, the minibatch order and torch's generator
come from `--seed` and the iteration number, so a run resumed from its checkpoint
(`--resume`: `checkpoint.pt`, written after every iteration) continues exactly as it would
have. Writes to `--out`: `checkpoint.pt`, `expert.npz` (the latest policy), `best.npz` (the
best measured against `heuristic`), `league/`, `curve.csv` (one row per iteration) and
`learning_curve.png`.
"""

from __future__ import annotations

import argparse
import csv
import os
import time

# One BLAS thread: the rollouts' small products only lose time to threads on a shared machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from lastcard.core import action_index
from lastcard.core.action_index import version_size
from lastcard.rl.policy import Policy, load_policy, save_policy
from lastcard.rl.rollouts import OBS, PAST, Rollout, collect, outputs, paired_hands

CURVE_FIELDS = (
    "iteration",
    "steps",
    "seconds",
    "rollout_win_heuristic",
    "rollout_win_greedy",
    "rollout_win_past",
    "points_per_hand_heuristic",
    "entropy",
    "eval_win_heuristic",
    "eval_points_for",
    "eval_points_against",
    "eval_win_greedy",
)


class Net(nn.Module):
    def __init__(self, hidden: int, out: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(OBS, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
        )
        self.head = nn.Linear(hidden, out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.body(x))


def widen(net: Net, init: Policy) -> None:
    """Copy `init` (2 tanh layers, possibly narrower) into `net` so that it computes the same
    logits: the new units' outgoing weights are 0 (their incoming ones stay random, small)."""
    (w0, b0), (w1, b1) = init.layers
    w_out, b_out = init.out
    h = w0.shape[1]
    with torch.no_grad():
        first, second = net.body[0], net.body[2]
        first.weight.mul_(0.1)
        first.weight[:h] = torch.from_numpy(w0.T)
        first.bias.zero_()
        first.bias[:h] = torch.from_numpy(b0)
        second.weight.zero_()
        second.weight[:h, :h] = torch.from_numpy(w1.T)
        second.bias.zero_()
        second.bias[:h] = torch.from_numpy(b1)
        net.head.weight.zero_()
        net.head.weight[:, :h] = torch.from_numpy(w_out.T)
        net.head.bias.copy_(torch.from_numpy(b_out))


def normalise(x: np.ndarray, mean: np.ndarray, var: np.ndarray, clip: float) -> np.ndarray:
    return np.clip((x - mean) / np.sqrt(var + 1e-8), -clip, clip).astype(np.float32)


def for_players(init: Policy, players: int, seed: int) -> Policy:
    """The heads-up `init` carried over to `players` seats (see the module docstring)."""
    if players == init.players:
        return init
    names = [str(a) for a in list(action_index(players))[: version_size(players, 1)]]
    old = [str(a) for a in list(action_index(init.players))[: version_size(init.players, 1)]]
    w_out, b_out = init.out
    width = w_out.shape[0]
    new_w = np.zeros((width, len(names) + 1), dtype=np.float32)
    new_b = np.full(len(names) + 1, -10.0, dtype=np.float32)
    for k, name in enumerate(names):
        source = name if name in old else ("catch 1" if name.startswith("catch ") else None)
        if source is not None:
            new_w[:, k] = w_out[:, old.index(source)]
            new_b[k] = b_out[old.index(source)]
    new_w[:, -1], new_b[-1] = w_out[:, -1], b_out[-1]  # PASS
    moved = Policy(
        init.layers, (new_w, new_b), init.activation, players, init.obs_mean, init.obs_var,
        init.obs_clip,
    )  # fmt: skip
    # the observation normalisation of this table, measured on its games
    seen = collect(moved, "heuristic", games=256, seed=seed).obs.astype(np.float64)
    mean = seen.mean(axis=0).astype(np.float32)
    var = seen.var(axis=0).astype(np.float32)
    (w0, b0), *rest = init.layers
    old_scale = np.sqrt(init.obs_var.astype(np.float64) + 1e-8)
    new_scale = np.sqrt(var.astype(np.float64) + 1e-8)
    used = init.obs_var > 1e-6  # inputs the heads-up game varies
    w = w0.astype(np.float64) * (new_scale / old_scale)[:, None]
    w[~used] = 0.0
    shift = (mean - init.obs_mean) / old_scale
    b = b0 + (shift[used] @ w0[used].astype(np.float64))
    first = (w.astype(np.float32), b.astype(np.float32))
    return Policy(
        (first, *rest), (new_w, new_b), init.activation, players, mean, var, init.obs_clip
    )


def export(net: Net, like: Policy) -> Policy:
    """The policy network as a `Policy` (NumPy), with `like`'s observation normalisation."""
    first, second = net.body[0], net.body[2]

    def pair(layer: nn.Linear) -> tuple[np.ndarray, np.ndarray]:
        return (
            layer.weight.detach().numpy().T.copy().astype(np.float32),
            layer.bias.detach().numpy().copy().astype(np.float32),
        )

    return Policy(
        (pair(first), pair(second)),
        pair(net.head),
        "tanh",
        like.players,
        like.obs_mean,
        like.obs_var,
        like.obs_clip,
    )


def advantages(
    rollout: Rollout, values: np.ndarray, gamma: float, lam: float
) -> tuple[np.ndarray, np.ndarray]:
    """GAE over each seat's decisions in order (every hand ends within the rollout)."""
    adv = np.zeros(len(values))
    for stream in np.unique(rollout.stream):
        rows = np.flatnonzero(rollout.stream == stream)
        running = 0.0
        next_value = 0.0
        for k in rows[::-1]:
            if rollout.done[k]:
                running, next_value = 0.0, 0.0
            delta = rollout.reward[k] + gamma * next_value - values[k]
            running = delta + gamma * lam * running
            adv[k] = running
            next_value = values[k]
    return adv, adv + values


def merge(rollouts: list[Rollout]) -> Rollout:
    offset = 0
    streams = []
    for r in rollouts:
        streams.append(r.stream + offset)
        offset += int(r.stream.max()) + 1 if len(r.stream) else 0
    return Rollout(
        obs=np.concatenate([r.obs for r in rollouts]),
        mask=np.concatenate([r.mask for r in rollouts]),
        action=np.concatenate([r.action for r in rollouts]),
        logp=np.concatenate([r.logp for r in rollouts]),
        reward=np.concatenate([r.reward for r in rollouts]),
        done=np.concatenate([r.done for r in rollouts]),
        stream=np.concatenate(streams),
        hands=sum(r.hands for r in rollouts),
        won=sum(r.won for r in rollouts),
        points=sum(r.points for r in rollouts),
    )


class Backend:
    """Where rollouts run: in this process, or as Ray tasks."""

    def __init__(self, name: str, address: str | None, workers: int) -> None:
        self.name = name
        if name == "ray":
            import ray

            if not ray.is_initialized():
                if address:
                    ray.init(address=address)
                else:
                    ray.init(num_cpus=workers, include_dashboard=False)
            self._remote = ray.remote(num_cpus=1)(collect)
            self._ray = ray

    def run(self, tasks: list[dict[str, Any]]) -> list[Rollout]:
        if self.name == "ray":
            return list(self._ray.get([self._remote.remote(**task) for task in tasks]))
        return [collect(**task) for task in tasks]


def plot(curve: Path, png: Path, players: int = 2) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = list(csv.DictReader(curve.open()))
    if not rows:
        return
    steps = np.array([float(r["steps"]) for r in rows]) / 1e6
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for key, label in (
        ("rollout_win_heuristic", "vs heuristic (sampled, rollouts)"),
        ("rollout_win_greedy", "vs greedy (sampled, rollouts)"),
        ("rollout_win_past", "vs a past self (sampled, rollouts)"),
    ):
        kept = [(s, float(r[key])) for s, r in zip(steps, rows, strict=True) if r[key]]
        if kept:
            ax.plot(*zip(*kept, strict=True), label=label, alpha=0.5, lw=1)
    evals = [(s, r) for s, r in zip(steps, rows, strict=True) if r["eval_win_heuristic"]]
    if evals:
        ax.plot(
            [s for s, _ in evals],
            [float(r["eval_win_heuristic"]) for _, r in evals],
            "o-",
            label="vs heuristic (argmax, deal-paired)",
        )
        ax.plot(
            [s for s, _ in evals],
            [float(r["eval_win_greedy"]) for _, r in evals],
            "s-",
            label="vs greedy (argmax, deal-paired)",
        )
    ax.axhline(1 / players, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("agent decisions (millions)")
    ax.set_ylabel("hands won")
    table = "heads-up" if players == 2 else f"{players} players, one seat"
    ax.set_title(f"expert: {table}, official rules, single hands")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=100)
    plt.close(fig)


def ship(source: Path, target: Path) -> None:
    """Write the policy in `source` to `target` with its weights in half precision (half the
    size; the bot computes in single precision all the same)."""
    policy = load_policy(source)

    def half(pair: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        return pair[0].astype(np.float16), pair[1].astype(np.float16)

    halved = Policy(
        tuple(half(layer) for layer in policy.layers),
        half(policy.out),
        policy.activation,
        policy.players,
        policy.obs_mean,
        policy.obs_var,
        policy.obs_clip,
    )
    save_policy(target, halved)
    print(f"wrote {target} ({target.stat().st_size:,} bytes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("out/expert"))
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this long")
    parser.add_argument("--iterations", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=2, help="seats at the table (2 to 10)")
    parser.add_argument("--init", type=Path, default=Path("examples/models/ppo_heads_up.npz"))
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--games", type=int, default=128, help="hands per rollout task")
    parser.add_argument(
        "--mix",
        default="heuristic,heuristic,heuristic,greedy,self,past",
        help="one rollout task per entry each iteration: a bot, self or past",
    )
    parser.add_argument("--lr", type=float, default=1e-4)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=2048)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.005)
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--win-bonus", type=float, default=0.5)
    parser.add_argument("--league-every", type=int, default=10)
    parser.add_argument("--eval-every", type=int, default=10)
    parser.add_argument("--eval-deals", type=int, default=2000)
    parser.add_argument("--backend", choices=("local", "ray"), default="local")
    parser.add_argument("--address", default=None, help="a Ray cluster to join")
    parser.add_argument("--workers", type=int, default=2, help="Ray tasks at once (local Ray)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument(
        "--ship",
        nargs=2,
        type=Path,
        metavar=("POLICY", "TARGET"),
        help="only write POLICY (an .npz) to TARGET in half precision (the bot's file)",
    )
    args = parser.parse_args()
    if args.ship:
        ship(*args.ship)
        return

    torch.set_num_threads(args.threads)
    torch.use_deterministic_algorithms(True)
    out = args.out
    (out / "league").mkdir(parents=True, exist_ok=True)
    if not 2 <= args.players <= 10:
        parser.error("--players is 2 to 10")
    init = for_players(load_policy(args.init), args.players, args.seed)
    torch.manual_seed(args.seed)
    policy_net = Net(args.hidden, outputs(args.players))
    value_net = Net(args.hidden, 1)
    widen(policy_net, init)
    params = list(policy_net.parameters()) + list(value_net.parameters())
    optimiser = torch.optim.Adam(params, lr=args.lr, eps=1e-5)
    iteration, steps, seconds, best = 0, 0, 0.0, -1.0
    checkpoint = out / "checkpoint.pt"
    curve = out / "curve.csv"
    if args.resume and checkpoint.exists():
        state = torch.load(checkpoint, weights_only=False)
        policy_net.load_state_dict(state["policy"])
        value_net.load_state_dict(state["value"])
        optimiser.load_state_dict(state["optimiser"])
        iteration, steps, seconds, best = (
            state["iteration"],
            state["steps"],
            state["seconds"],
            state["best"],
        )
        print(f"resumed at iteration {iteration}, {steps:,} decisions")
    elif not curve.exists() or not args.resume:
        with curve.open("w", newline="") as file:
            csv.writer(file).writerow(CURVE_FIELDS)
    backend = Backend(args.backend, args.address, args.workers)
    mix = args.mix.split(",")
    began = time.perf_counter() - seconds
    stop_at = time.perf_counter() + args.minutes * 60
    while iteration < args.iterations and time.perf_counter() < stop_at:
        rng = np.random.default_rng([args.seed, iteration])
        torch.manual_seed(args.seed * 1_000_003 + iteration)
        current = export(policy_net, init)
        league = sorted((out / "league").glob("*.npz"))
        tasks = []
        for k, opponent in enumerate(mix):
            task: dict[str, Any] = {
                "policy": current,
                "opponent": opponent,
                "games": args.games,
                "seed": int(rng.integers(2**62)) + k,
                "win_bonus": args.win_bonus,
            }
            if opponent == PAST:
                task["past"] = (
                    load_policy(league[int(rng.integers(len(league)))]) if league else current
                )
            tasks.append(task)
        rollouts = backend.run(tasks)
        data = merge(rollouts)
        obs = torch.from_numpy(normalise(data.obs, init.obs_mean, init.obs_var, init.obs_clip))
        with torch.no_grad():
            values = value_net(obs).squeeze(1).numpy().astype(np.float64)
        adv, returns = advantages(data, values, args.gamma, args.lam)
        adv_t = torch.from_numpy(((adv - adv.mean()) / (adv.std() + 1e-8)).astype(np.float32))
        ret_t = torch.from_numpy(returns.astype(np.float32))
        mask_t = torch.from_numpy(data.mask)
        act_t = torch.from_numpy(data.action)
        old_t = torch.from_numpy(data.logp.astype(np.float32))
        entropies = []
        for _ in range(args.epochs):
            order = rng.permutation(len(obs))
            for start in range(0, len(order), args.minibatch):
                rows = torch.from_numpy(order[start : start + args.minibatch])
                logits = policy_net(obs[rows]).masked_fill(~mask_t[rows], -1e9)
                logp_all = torch.log_softmax(logits, dim=1)
                logp = logp_all.gather(1, act_t[rows, None]).squeeze(1)
                probs = logp_all.exp()
                entropy = -(probs * logp_all).masked_fill(~mask_t[rows], 0.0).sum(1).mean()
                ratio = (logp - old_t[rows]).exp()
                a = adv_t[rows]
                policy_loss = -torch.min(
                    ratio * a, ratio.clamp(1 - args.clip, 1 + args.clip) * a
                ).mean()
                value_loss = (value_net(obs[rows]).squeeze(1) - ret_t[rows]).pow(2).mean()
                loss = policy_loss + 0.5 * value_loss - args.entropy * entropy
                optimiser.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(params, 0.5)
                optimiser.step()
                entropies.append(float(entropy.detach()))
        iteration += 1
        steps += len(obs)

        def rate(opponent: str, got: list[Rollout] = rollouts) -> str:
            chosen = [r for r, name in zip(got, mix, strict=True) if name == opponent]
            hands = sum(r.hands for r in chosen)
            return f"{sum(r.won for r in chosen) / hands:.4f}" if hands else ""

        heuristic_runs = [r for r, name in zip(rollouts, mix, strict=True) if name == "heuristic"]
        heuristic_hands = sum(r.hands for r in heuristic_runs)
        row: dict[str, Any] = {
            "iteration": iteration,
            "steps": steps,
            "seconds": round(time.perf_counter() - began, 1),
            "rollout_win_heuristic": rate("heuristic"),
            "rollout_win_greedy": rate("greedy"),
            "rollout_win_past": rate(PAST),
            "points_per_hand_heuristic": (
                f"{sum(r.points for r in heuristic_runs) / heuristic_hands:.2f}"
                if heuristic_hands
                else ""
            ),
            "entropy": f"{np.mean(entropies):.4f}",
            "eval_win_heuristic": "",
            "eval_points_for": "",
            "eval_points_against": "",
            "eval_win_greedy": "",
        }
        latest = export(policy_net, init)
        save_policy(out / "expert.npz", latest)
        if iteration % args.league_every == 0:
            save_policy(out / "league" / f"iteration-{iteration:05d}.npz", latest)
        if iteration % args.eval_every == 0:
            measured = paired_hands(latest, "heuristic", deals=args.eval_deals, seed=12345)
            against_greedy = paired_hands(latest, "greedy", deals=args.eval_deals, seed=12345)
            win = measured.won / measured.hands
            row["eval_win_heuristic"] = f"{win:.4f}"
            row["eval_points_for"] = f"{measured.points_for:.2f}"
            row["eval_points_against"] = f"{measured.points_against:.2f}"
            row["eval_win_greedy"] = f"{against_greedy.won / against_greedy.hands:.4f}"
            if win > best:
                best = win
                save_policy(out / "best.npz", latest)
        with curve.open("a", newline="") as file:
            csv.DictWriter(file, CURVE_FIELDS).writerow(row)
        torch.save(
            {
                "policy": policy_net.state_dict(),
                "value": value_net.state_dict(),
                "optimiser": optimiser.state_dict(),
                "iteration": iteration,
                "steps": steps,
                "seconds": time.perf_counter() - began,
                "best": best,
                "args": vars(args),
            },
            checkpoint,
        )
        print(
            f"iteration {iteration}: {steps:,} decisions, {row['seconds']} s, "
            f"vs heuristic {row['rollout_win_heuristic']} (eval {row['eval_win_heuristic']}), "
            f"entropy {row['entropy']}",
            flush=True,
        )
        if iteration % args.eval_every == 0:
            plot(curve, out / "learning_curve.png", args.players)
    plot(curve, out / "learning_curve.png", args.players)


if __name__ == "__main__":
    main()
