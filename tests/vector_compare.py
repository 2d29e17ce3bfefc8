"""The batched environment (`lastcard.rl.vector.FastVectorEnv`) against the single-agent
environment through the table (`SingleAgentEnv(fast=False)`), episode for episode: shared by
tests/rl/test_vector.py and benchmarks/vector_exact.py.

Sub-environment i of a vector environment reset with seed s plays the episodes of a
`SingleAgentEnv` reset with seed s + i and then reset without a seed after each episode. Both
are given the same actions (random legal ones from a generator per sub-environment, now and
then one outside the mask), and every step must give the same observation, mask, reward,
termination and illegal flag; the final observation of an episode too.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lastcard.core import Rules
from lastcard.rl import SingleAgentEnv
from lastcard.rl.vector import FastVectorEnv


@dataclass
class Compared:
    episodes: int = 0
    steps: int = 0
    differences: int = 0
    first: str = ""


def compare(
    rules: Rules,
    players: int,
    opponents: str,
    *,
    seed: int,
    num_envs: int,
    episodes: int,
    seat: int = 0,
    reward: str = "hand",
    illegal_every: int = 0,
    threads: int = 1,
) -> Compared:
    """Play until `episodes` episodes have ended over `num_envs` sub-environments (each runs
    on until all are done), comparing every step; `illegal_every` > 0 sends an action
    outside the mask about once in that many steps."""
    vec = FastVectorEnv(
        num_envs, players, rules, opponents=opponents, seat=seat, reward=reward, threads=threads
    )
    refs = [
        SingleAgentEnv(players, rules, opponents=opponents, seat=seat, reward=reward, fast=False)
        for _ in range(num_envs)
    ]
    out = Compared()

    def differs(what: str, i: int) -> None:
        out.differences += 1
        if not out.first:
            out.first = f"{what} (sub-environment {i}, episode {out.episodes}, step {out.steps})"

    obs, info = vec.reset(seed=seed)
    ref_obs = []
    ref_masks = []
    for i, ref in enumerate(refs):
        o, inf = ref.reset(seed=seed + i)
        ref_obs.append(o)
        ref_masks.append(inf["action_mask"])
        if not np.array_equal(o, obs[i]):
            differs("first observation", i)
        if not np.array_equal(inf["action_mask"], info["action_mask"][i]):
            differs("first mask", i)
    pickers = [np.random.default_rng(seed * 1000 + i) for i in range(num_envs)]
    while out.episodes < episodes and out.differences == 0:
        actions = np.zeros(num_envs, dtype=np.int64)
        for i in range(num_envs):
            legal = np.flatnonzero(ref_masks[i])
            picker = pickers[i]
            if illegal_every and picker.integers(illegal_every) == 0:
                actions[i] = picker.integers(vec.pass_action + 1)
            else:
                actions[i] = picker.choice(legal)
        obs, rewards, terminated, _, info = vec.step(actions)
        out.steps += num_envs
        for i, ref in enumerate(refs):
            o, r, term, _, inf = ref.step(int(actions[i]))
            seen = info["final_obs"][i] if term and "final_obs" in info else obs[i]
            if not np.array_equal(o, seen):
                differs("observation", i)
            if r != rewards[i]:
                differs(f"reward {r} against {rewards[i]}", i)
            if term != terminated[i]:
                differs("termination", i)
            if bool(inf.get("illegal_action", False)) != bool(
                "illegal_action" in info and info["illegal_action"][i]
            ):
                differs("illegal flag", i)
            if term:
                out.episodes += 1
                o, inf = ref.reset()
                if not np.array_equal(o, obs[i]):
                    differs("first observation of the next episode", i)
            if not np.array_equal(inf["action_mask"], info["action_mask"][i]):
                differs("mask", i)
            ref_masks[i] = inf["action_mask"]
    return out
