"""Gymnasium's and PettingZoo's checkers on the batched environments.

- `FastVectorEnv`: Gymnasium (1.x) has no checker for vector environments, so its `check_env`
  runs on one sub-environment of a `FastVectorEnv(num_envs=1)` seen as a `gymnasium.Env`
  (`OneOfBatch`: the step that ends an episode returns its final observation, the next
  `reset` deals the next one, as the vector environment does in the same step), and the checks
  `check_env` makes — spaces, seeded determinism of reset and step, arrays not reused — are
  made here on the whole batch too, through `gymnasium.make_vec`.
- `GameBatch` is not itself a PettingZoo environment: `OneGameAEC` exposes one of its games,
  every seat played from outside, through PettingZoo's AEC API (the seat the game asks is the
  agent selected, its observation and mask are the batch's, every seat's rewards are the
  batch's), and `pettingzoo.test.api_test` and `seed_test` run on that. The kernel writes
  the observation of the seat it asks only, so an agent not asked observes what it was shown
  last with no legal action; when the game ends each seat observes its own final position
  (the adapter plays the game once per seat, each copy ending on that seat's observation).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import check_env
from pettingzoo import AECEnv
from pettingzoo.test import api_test, seed_test

import lastcard.rl  # noqa: F401  (registers lastcard/Uno-v0)
from lastcard.rl.observation import OBSERVATION_SIZE
from lastcard.rl.vector import FastVectorEnv, GameBatch


class OneOfBatch(gymnasium.Env[np.ndarray, np.int64]):
    """Sub-environment 0 of a `FastVectorEnv(num_envs=1)` as a `gymnasium.Env`."""

    def __init__(self, players: int = 2, opponents: str = "heuristic") -> None:
        self.vector = FastVectorEnv(1, players, opponents=opponents)
        self.observation_space = self.vector.single_observation_space
        self.action_space = self.vector.single_action_space

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        obs, info = self.vector.reset(seed=seed, options=options)
        return obs[0], {"action_mask": info["action_mask"][0]}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        obs, rewards, terminated, truncated, info = self.vector.step(np.array([action]))
        if terminated[0]:
            obs = info["final_obs"]
        return (
            obs[0],
            float(rewards[0]),
            bool(terminated[0]),
            bool(truncated[0]),
            {"action_mask": info["action_mask"][0]},
        )


@pytest.mark.parametrize(("players", "opponents"), [(2, "heuristic"), (3, "greedy"), (4, "random")])
def test_gymnasium_check_env_on_a_sub_environment(players: int, opponents: str) -> None:
    check_env(OneOfBatch(players, opponents), skip_render_check=True)


def test_gymnasium_checks_on_the_whole_batch() -> None:
    env = gymnasium.make_vec("lastcard/Uno-v0", num_envs=8)
    assert isinstance(env.unwrapped, FastVectorEnv)
    assert isinstance(env.single_observation_space, spaces.Box)
    assert env.single_observation_space.shape == (OBSERVATION_SIZE,)
    obs, info = env.reset(seed=5)
    again, _ = env.reset(seed=5)
    assert np.array_equal(obs, again)  # a seeded reset is deterministic
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    runs = []
    for _ in range(2):
        obs, info = env.reset(seed=11)
        seen = []
        for _ in range(200):
            legal = info["action_mask"].astype(bool)
            actions = np.array([rng.choice(np.flatnonzero(row)) for row in legal])
            previous = obs
            obs, rewards, terminated, truncated, info = env.step(actions)
            assert obs is not previous  # the arrays handed out are not written again
            assert env.observation_space.contains(obs)
            assert rewards.dtype.kind == "f" and np.isfinite(rewards).all()
            assert terminated.dtype == np.bool_ and not truncated.any()
            if terminated.any():
                assert np.array_equal(info["_final_obs"], terminated)
            seen.append((obs.copy(), rewards.copy(), terminated.copy()))
        runs.append(seen)
        rng = np.random.default_rng(0)
    for (a, ra, ta), (b, rb, tb) in zip(*runs, strict=True):  # a seeded run is deterministic
        assert np.array_equal(a, b) and np.array_equal(ra, rb) and np.array_equal(ta, tb)
    env.close()


class OneGameAEC(AECEnv[str, dict[str, np.ndarray], int]):
    """One game of a `GameBatch`, every seat played from outside, as a PettingZoo AEC
    environment (see the module docstring)."""

    metadata = {"name": "lastcard_game_batch_v0", "render_modes": []}  # noqa: RUF012

    def __init__(self, players: int = 2) -> None:
        super().__init__()
        # one copy of the game per seat: copy s ends on seat s's observation
        self.batch = GameBatch(players, players, None, bots=[None] * players)
        self.batch._obs_seat[:] = np.arange(players)
        self.players = players
        self.possible_agents = [f"player_{s}" for s in range(players)]
        actions = self.batch.pass_action + 1
        self._action_space = spaces.Discrete(actions)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (OBSERVATION_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self._seeds = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = seed if seed is not None else int(self._seeds.integers(0, 2**63))
        self.batch.start(np.arange(self.players), [game_seed] * self.players)
        self.agents = self.possible_agents[:]
        self._shown = {a: np.zeros(OBSERVATION_SIZE, np.float32) for a in self.agents}
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.infos = {a: {} for a in self.agents}
        self._update()

    def _update(self) -> None:
        batch = self.batch
        self.rewards = {a: float(batch.rewards[0, s]) for s, a in enumerate(self.agents)}
        over = bool(batch.over[0])
        self.terminations = dict.fromkeys(self.agents, over)
        self.truncations = dict.fromkeys(self.agents, False)
        if over:
            for s, agent in enumerate(self.possible_agents):
                self._shown[agent] = batch.obs[s].copy()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[int(batch.asked[0])]
            self._shown[self.agent_selection] = batch.obs[0].copy()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        asked = not self.batch.over[0] and agent == self.agent_selection
        mask = self.batch.mask[0] if asked else np.zeros_like(self.batch.mask[0])
        return {"observation": self._shown[agent].copy(), "action_mask": mask.copy()}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.batch.step(np.full(self.players, int(action)))
        assert not self.batch.illegal.any()
        self._update()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test_on_a_game_of_the_batch(players: int) -> None:
    api_test(OneGameAEC(players), num_cycles=400)


def test_pettingzoo_seed_test_on_a_game_of_the_batch() -> None:
    seed_test(lambda: OneGameAEC(3), num_cycles=200)


def test_the_copies_of_the_game_agree_and_end_on_each_seat() -> None:
    env = OneGameAEC(3)
    env.reset(seed=2)
    rng = np.random.default_rng(1)
    while not env.batch.over[0]:
        assert len(set(env.batch.asked.tolist())) == 1  # the copies play one game
        assert (env.batch.obs == env.batch.obs[0]).all()
        env.step(int(rng.choice(np.flatnonzero(env.batch.mask[0]))))
    assert (env.batch.winner == env.batch.winner[0]).all()
    finals = [env.observe(agent)["observation"] for agent in env.possible_agents]
    assert not np.array_equal(finals[0], finals[1])  # each seat's own view of the end
