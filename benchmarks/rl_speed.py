"""How fast do the RL environments step? Optionally next to RLCard's Uno environment.

Each way plays whole episodes with uniformly random legal actions (from the action mask) and
counts environment steps (one `step` call = one step):

- ``AEC``: `lastcard.rl.env(players, rules)`, every seat an agent (PettingZoo's loop: `last`,
  then `step`); a step is one agent's decision, out-of-turn offers and passes included;
- ``parallel``: `lastcard.rl.parallel_env(players, rules)`, every live agent acting at every step;
  a step is one `step` call, which applies exactly one action (the passes and discarded
  actions sent with it are part of it); an agent whose mask holds `PASS` alone passes without a
  draw from the generator;
- ``single-agent``: `gymnasium.make("lastcard/Uno-v0", opponents=...)`, one seat against bots; a
  step is one decision of the agent, the bots' moves in between included in its time;
- ``vector xN``: Gymnasium's `AsyncVectorEnv` of N single-agent envs (``--envs``, one process
  each), the way to use more than one core; every env's step counts;
- ``batched xN`` (``--batch N``, default 256): `lastcard.rl.vector.FastVectorEnv`, N
  single-agent games stepped per call inside numba (one thread), the same opponents; every
  game's step counts, and the random legal actions are picked for all N at once (a uniform
  pick among each mask's legal numbers); ``batched xN, 2 threads`` the same on numba's two
  threads (``--threads``);
- ``AEC table``, ``single-agent table`` (``--reference``): the same two with ``fast=False``,
  every step through the `Table` (the reference path the fast path is checked against;
  under rules the fast path does not cover, the two rows of each pair are the same path);
- ``rlcard`` (``--vs-rlcard``, RLCard 1.2 installed: ``pip install -e '.[bench]'``): its Uno
  environment, ``env.step`` with a random legal action, the same player count. RLCard plays
  simpler rules (no Uno call, no challenge, no scoring: an episode is one hand), so steps/s is
  the comparable figure, not episodes/s.

Ways are interleaved run by run; min / median / max over the runs are printed, and the ratios
of the medians to RLCard's (and of each fast path to its reference) measured in the same run.

Run: ``python benchmarks/rl_speed.py [--players 2] [--rules official] [--steps 20000] [--runs 3]
[--batch 256] [--batch-steps 400000] [--threads 2] [--vs-rlcard] [--reference]``.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
import warnings
from collections.abc import Callable

import gymnasium as gym
import numba
import numpy as np

import lastcard.rl


def aec_steps(players: int, rules: str, steps: int, seed: int, fast: bool = True) -> float:
    env = lastcard.rl.env(players, rules, fast=fast)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    start = time.perf_counter()
    for _ in range(steps):
        if not env.agents:
            env.reset()
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)  # type: ignore[arg-type]
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return steps / (time.perf_counter() - start)


def parallel_steps(players: int, rules: str, steps: int, seed: int) -> float:
    env = lastcard.rl.parallel_env(players, rules)
    rng = np.random.default_rng(seed)
    observations, _ = env.reset(seed=seed)
    start = time.perf_counter()
    for _ in range(steps):
        if not env.agents:
            observations, _ = env.reset()
        actions = {}
        for agent, obs in observations.items():
            legal = np.flatnonzero(obs["action_mask"])
            actions[agent] = int(legal[0] if legal.size == 1 else rng.choice(legal))
        observations, _, _, _, _ = env.step(actions)
    return steps / (time.perf_counter() - start)


def single_agent_steps(
    players: int, rules: str, opponents: str, steps: int, seed: int, fast: bool = True
) -> float:
    env = gym.make("lastcard/Uno-v0", players=players, rules=rules, opponents=opponents, fast=fast)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    start = time.perf_counter()
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            _, info = env.reset()
    return steps / (time.perf_counter() - start)


def vector_steps(
    players: int, rules: str, opponents: str, envs: int, steps: int, seed: int
) -> float:
    """Gymnasium's asynchronous vector env: `envs` single-agent envs, one process each; a step
    of all of them counts `envs` steps."""
    vec = gym.make_vec(
        "lastcard/Uno-v0",
        num_envs=envs,
        vectorization_mode="async",
        players=players,
        rules=rules,
        opponents=opponents,
    )
    rng = np.random.default_rng(seed)
    _, info = vec.reset(seed=seed)
    start = time.perf_counter()
    for _ in range(steps // envs):
        masks = info["action_mask"]
        # A finished env has an empty mask; its next step only resets it (Gymnasium's
        # next-step autoreset), whatever the action.
        actions = np.array(
            [rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks]
        )
        _, _, _, _, info = vec.step(actions)
    rate = (steps // envs) * envs / (time.perf_counter() - start)
    vec.close()
    return rate


@numba.njit(cache=True)
def uniform_legal(masks: np.ndarray, draws: np.ndarray) -> np.ndarray:
    """For each row of `masks`, its legal number that `draws[row]` (in [0, 1)) falls on:
    uniform among them (the batched way's agent; compiled, as the environment is)."""
    picks = np.zeros(masks.shape[0], dtype=np.int64)
    for row in range(masks.shape[0]):
        legal = 0
        for number in range(masks.shape[1]):
            legal += masks[row, number] != 0
        k = int(draws[row] * legal)
        for number in range(masks.shape[1]):
            if masks[row, number] != 0:
                if k == 0:
                    picks[row] = number
                    break
                k -= 1
    return picks


def batched_steps(
    players: int, rules: str, opponents: str, envs: int, steps: int, seed: int, threads: int
) -> float:
    """`FastVectorEnv`: `envs` games a call on the compiled kernel; a call counts `envs`."""
    from lastcard.rl.vector import FastVectorEnv

    vec = FastVectorEnv(envs, players, rules, opponents=opponents, threads=threads)
    rng = np.random.default_rng(seed)
    _, info = vec.reset(seed=seed)
    vec.step(np.argmax(info["action_mask"], axis=1))  # compiled and warm
    _, info = vec.reset(seed=seed)
    calls = max(1, steps // envs)
    start = time.perf_counter()
    for _ in range(calls):
        _, _, _, _, info = vec.step(uniform_legal(info["action_mask"], rng.random(envs)))
    return calls * envs / (time.perf_counter() - start)


def rlcard_steps(players: int, steps: int, seed: int) -> float:
    rlcard = importlib.import_module("rlcard")
    env = rlcard.make("uno", config={"seed": seed, "game_num_players": players})
    if env.num_players != players:  # RLCard 1.2 ignores game_num_players for Uno
        env.game.configure({"game_num_players": players})
        env.num_players = players
    rng = np.random.default_rng(seed)
    state, _ = env.reset()
    start = time.perf_counter()
    for _ in range(steps):
        state, _ = env.step(int(rng.choice(list(state["legal_actions"]))))
        if env.is_over():
            state, _ = env.reset()
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, help="seats (default 2)")
    parser.add_argument("--rules", default="official", help="preset (default official)")
    parser.add_argument("--opponents", default="random", help="bots of the single-agent env")
    parser.add_argument("--steps", type=int, default=20_000, help="steps per run (default 20000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per way (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--envs", type=int, default=2, help="envs of the vector way (default 2)")
    parser.add_argument("--batch", type=int, default=256, help="games of the batched way")
    parser.add_argument(
        "--batch-steps", type=int, default=400_000, help="steps per run of the batched way"
    )
    parser.add_argument("--threads", type=int, default=2, help="threads of the batched way")
    parser.add_argument("--vs-rlcard", action="store_true", help="also time RLCard's Uno env")
    parser.add_argument(
        "--reference", action="store_true", help="also time the table path (fast=False)"
    )
    args = parser.parse_args()
    warnings.filterwarnings("ignore")

    ways: dict[str, Callable[[int], float]] = {
        "AEC": lambda seed: aec_steps(args.players, args.rules, args.steps, seed),
        "parallel": lambda seed: parallel_steps(args.players, args.rules, args.steps, seed),
        "single-agent": lambda seed: single_agent_steps(
            args.players, args.rules, args.opponents, args.steps, seed
        ),
        f"vector x{args.envs}": lambda seed: vector_steps(
            args.players, args.rules, args.opponents, args.envs, args.steps, seed
        ),
        f"batched x{args.batch}": lambda seed: batched_steps(
            args.players, args.rules, args.opponents, args.batch, args.batch_steps, seed, 1
        ),
        f"batched x{args.batch}, {args.threads} threads": lambda seed: batched_steps(
            args.players,
            args.rules,
            args.opponents,
            args.batch,
            args.batch_steps,
            seed,
            args.threads,
        ),
    }
    if args.reference:
        ways["AEC table"] = lambda seed: aec_steps(
            args.players, args.rules, args.steps, seed, fast=False
        )
        ways["single-agent table"] = lambda seed: single_agent_steps(
            args.players, args.rules, args.opponents, args.steps, seed, fast=False
        )
    if args.vs_rlcard:
        ways["rlcard"] = lambda seed: rlcard_steps(args.players, args.steps, seed)
    rates: dict[str, list[float]] = {name: [] for name in ways}
    for run in range(args.runs):
        print(f"run {run + 1}/{args.runs}", file=sys.stderr)
        for name, way in ways.items():
            rates[name].append(way(args.seed + run))
    print(
        f"{args.players} players, {args.rules} rules, single-agent opponents {args.opponents}, "
        f"{args.steps:,} steps x {args.runs} runs"
    )
    print(f"{'env':<18} {'min':>9} {'median':>9} {'max':>9}  steps/s")
    for name, values in rates.items():
        low, mid, high = min(values), statistics.median(values), max(values)
        print(f"{name:<18} {low:>9,.0f} {mid:>9,.0f} {high:>9,.0f}")
    medians = {name: statistics.median(values) for name, values in rates.items()}
    batched = (f"batched x{args.batch}", f"batched x{args.batch}, {args.threads} threads")
    pairs = [(name, "rlcard") for name in ("AEC", "single-agent", "parallel", *batched)]
    pairs += [(batched[1], batched[0])]
    pairs += [(name, f"{name} table") for name in ("AEC", "single-agent")]
    for ours, theirs in pairs:
        if theirs in medians:
            print(f"{ours} / {theirs} (medians): {medians[ours] / medians[theirs]:.2f}")


if __name__ == "__main__":
    main()
