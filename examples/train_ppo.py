"""Train a masked PPO agent for heads-up Uno (official rules) and export it for `PolicyBot`.

    pip install -e '.[rl,train]'
    python examples/train_ppo.py --timesteps 6000000 --seed 1 --out out/ppo

sb3-contrib's MaskablePPO on CPU, over `lastcard/Uno-v0` with two players. Each episode is one
hand (`Rules(target_score=None)`) with `reward="game"`: +0.5 for winning it, -0.5 for losing,
so the agent learns to win hands, the figure the evaluation reports (points come along: the
hand's winner scores them all).

The opponents are a fixed mix, one per environment (`--opponents`, by default 2 random,
3 greedy and 3 heuristic), rather than a curriculum from random to greedy. The greedy and
heuristic bots are the ones worth beating, and a hand against them is short, so they give most
of the signal from the first update on; a few random opponents keep the agent from unlearning
what a weak, erratic player needs (random draws on purpose, so its hands run long and odd),
and a fixed mix has no schedule to tune. The observations are normalised with running means
(VecNormalize), which the export carries, so raw counts such as the stock's size do not
saturate the first layer.

Writes to `--out`: `ppo_heads_up.zip` (the sb3 model) and `vecnormalize.pkl` (to resume or
inspect with sb3), `ppo_heads_up.npz` (the actor for `lastcard.rl.PolicyBot`: no torch at
play time), `episodes.csv` (timestep, opponent, reward of every episode) and
`learning_curve.png`. A checkpoint of the `.zip` and `.npz` is written every
`--checkpoint-every` steps, so a run cut short still leaves an agent.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.utils import set_random_seed
from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize
from torch import nn

import lastcard.rl
from lastcard import Rules
from lastcard.rl.policy import Policy, save_policy

PLAYERS = 2
DEFAULT_OPPONENTS = "random,greedy,heuristic,greedy,heuristic,random,greedy,heuristic"


def make_env(opponent: str) -> Any:
    def build() -> gymnasium.Env[Any, Any]:
        env = gymnasium.make(
            lastcard.rl.ENV_ID,
            players=PLAYERS,
            rules=Rules(target_score=None),  # one hand per episode
            opponents=opponent,
            reward="game",
        )
        return Monitor(env)

    return build


class Progress(BaseCallback):
    """Collects every finished episode (timestep, opponent, reward), prints progress and
    writes checkpoints."""

    def __init__(self, opponents: list[str], out: Path, every: int, checkpoint_every: int) -> None:
        super().__init__()
        self.opponents, self.out = opponents, out
        self.every, self.checkpoint_every = every, checkpoint_every
        self.episodes: list[tuple[int, str, float]] = []
        self.started = time.perf_counter()
        self.next_print, self.next_checkpoint = every, checkpoint_every

    def _on_step(self) -> bool:
        for env_number, info in enumerate(self.locals["infos"]):
            episode = info.get("episode")
            if episode is not None:
                opponent = self.opponents[env_number]
                self.episodes.append((self.num_timesteps, opponent, float(episode["r"])))
        if self.num_timesteps >= self.next_print:
            self.next_print += self.every
            self.report()
        if self.num_timesteps >= self.next_checkpoint:
            self.next_checkpoint += self.checkpoint_every
            save_all(self.model, self.out)  # type: ignore[arg-type]
        return True

    def report(self) -> None:
        elapsed = time.perf_counter() - self.started
        parts = [f"{self.num_timesteps:>10,} steps", f"{self.num_timesteps / elapsed:6,.0f}/s"]
        for opponent in dict.fromkeys(self.opponents):
            recent = [r for _, o, r in self.episodes if o == opponent][-2000:]
            if recent:
                wins = sum(r > 0 for r in recent) / len(recent)
                parts.append(f"vs {opponent} {wins:.1%} of {len(recent)}")
        print(" · ".join(parts), flush=True)


def export_policy(model: MaskablePPO, normalizer: VecNormalize | None) -> Policy:
    """The actor of `model` (policy MLP and action head) as a NumPy `Policy`."""
    policy = model.policy
    linear = [m for m in policy.mlp_extractor.policy_net if isinstance(m, nn.Linear)]
    activations = {type(m) for m in policy.mlp_extractor.policy_net if not isinstance(m, nn.Linear)}
    names = {nn.Tanh: "tanh", nn.ReLU: "relu"}
    if len(activations) != 1 or next(iter(activations)) not in names:
        raise ValueError(f"cannot export activations {activations}")

    def pair(layer: nn.Linear) -> tuple[np.ndarray, np.ndarray]:
        weight = layer.weight.detach().cpu().numpy().T.astype(np.float32)
        return np.ascontiguousarray(weight), layer.bias.detach().cpu().numpy().astype(np.float32)

    mean = var = None
    clip = 10.0
    if normalizer is not None and normalizer.norm_obs:
        mean = normalizer.obs_rms.mean.astype(np.float32)
        var = normalizer.obs_rms.var.astype(np.float32)
        clip = float(normalizer.clip_obs)
    return Policy(
        layers=tuple(pair(layer) for layer in linear),
        out=pair(policy.action_net),
        activation=names[next(iter(activations))],
        players=PLAYERS,
        obs_mean=mean,
        obs_var=var,
        obs_clip=clip,
    )


def save_all(model: MaskablePPO, out: Path) -> None:
    normalizer = model.get_vec_normalize_env()
    model.save(out / "ppo_heads_up.zip")
    if normalizer is not None:
        normalizer.save(str(out / "vecnormalize.pkl"))
    save_policy(out / "ppo_heads_up.npz", export_policy(model, normalizer))


def plot_curve(episodes: list[tuple[int, str, float]], path: Path, window: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=120)
    for opponent in dict.fromkeys(o for _, o, _ in episodes):
        steps = np.array([t for t, o, _ in episodes if o == opponent])
        rewards = np.array([r for _, o, r in episodes if o == opponent])
        if len(rewards) == 0:
            continue
        # The mean of the last `window` episodes (of all of them, for the first ones), so the
        # curve starts with the first episode.
        sums = np.cumsum(np.concatenate([[0.0], rewards]))
        ends = np.arange(1, len(rewards) + 1)
        starts = np.maximum(ends - window, 0)
        ax.plot(steps, (sums[ends] - sums[starts]) / (ends - starts), label=f"vs {opponent}")
    ax.axhline(0.0, color="grey", linewidth=0.8, linestyle="--")
    ax.xaxis.set_major_formatter(lambda x, _: f"{x / 1e6:g}M" if x else "0")
    ax.set_xlabel("timesteps (agent decisions)")
    ax.set_ylabel(f"episode reward (mean of the last {window} hands)")
    ax.secondary_yaxis("right", functions=(lambda r: r + 0.5, lambda w: w - 0.5)).set_ylabel(
        "hand win rate"
    )
    ax.set_title("MaskablePPO, heads-up Uno (official rules), one hand per episode")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timesteps", type=int, default=2_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("out/ppo"))
    parser.add_argument(
        "--opponents",
        default=DEFAULT_OPPONENTS,
        help="one bot spec per environment, comma-separated (default: %(default)s)",
    )
    parser.add_argument("--hidden", type=int, nargs="+", default=[128, 128])
    parser.add_argument("--n-steps", type=int, default=256, help="steps per env per update")
    parser.add_argument("--batch-size", type=int, default=512)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--threads", type=int, default=2, help="torch threads")
    parser.add_argument("--print-every", type=int, default=50_000)
    parser.add_argument("--checkpoint-every", type=int, default=500_000)
    args = parser.parse_args()

    torch.set_num_threads(args.threads)
    set_random_seed(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    envs = VecNormalize(
        DummyVecEnv([make_env(o) for o in opponents]), norm_obs=True, norm_reward=False
    )
    envs.seed(args.seed)
    start = args.learning_rate
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        learning_rate=lambda left: start * max(left, 0.1),  # decays to a tenth of its start
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        gamma=args.gamma,
        gae_lambda=0.95,
        ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": {"pi": args.hidden, "vf": args.hidden}},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    print(
        f"MaskablePPO · {len(opponents)} envs ({', '.join(opponents)}) · net {args.hidden} · "
        f"{args.timesteps:,} steps · seed {args.seed} → {args.out}",
        flush=True,
    )
    progress = Progress(opponents, args.out, args.print_every, args.checkpoint_every)
    model.learn(total_timesteps=args.timesteps, callback=progress)
    progress.report()
    save_all(model, args.out)
    with open(args.out / "episodes.csv", "w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["timestep", "opponent", "reward"])
        writer.writerows(progress.episodes)
    plot_curve(progress.episodes, args.out / "learning_curve.png", window=2000)
    npz = args.out / "ppo_heads_up.npz"
    print(f"wrote {npz} ({npz.stat().st_size / 1024:.0f} KB), the model and the learning curve")


if __name__ == "__main__":
    main()
