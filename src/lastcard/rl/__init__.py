"""Reinforcement-learning environments under the real rules (the optional `rl` extra).

- `env(players, rules, reward=..., render_mode=...)`: the PettingZoo AEC environment
  `lastcard_v0`, every seat an agent (`lastcard.rl.aec`).
- `parallel_env(players, rules, reward=..., render_mode=...)`: the same game as a PettingZoo
  parallel environment, every live agent acting at every step (`lastcard.rl.parallel`).
- `SingleAgentEnv(players, rules, opponents=..., seat=...)`, registered with Gymnasium as
  `lastcard/Uno-v0`: one seat against bots (`lastcard.rl.single_agent`).
- `vector.FastVectorEnv` (`gymnasium.make_vec("lastcard/Uno-v0", num_envs=N)`) and
  `vector.GameBatch`: N games stepped per call on the compiled kernel, arrays in and out.
- `observation.observe(view)` and `observation.LAYOUT`: the observation of one seat, from its
  `PlayerView` alone; `seating`: who is asked next and the action mask; `rewards`: zero-sum
  rewards from the rules' scoring.
- `PolicyBot`, registered as the bot `ppo` (`make_bot("ppo:path=agent.npz", seed)`): a trained
  policy network played with NumPy, no torch (`lastcard.rl.policy`; examples/train_ppo.py
  trains one).

The environments play each hand on `lastcard.core.unchecked.FastGame` when the rules allow it
(`fast_path.fast_path_problem`), with the same results as stepping through the `Table` (their
`fast=False`); see docs/RL.md for the encodings, the agent order, rewards, seeding and speed.
"""

from __future__ import annotations

import gymnasium

from lastcard.bots import bot_names, register

from .aec import LastcardEnv, env
from .observation import LAYOUT, OBSERVATION_SIZE, observe
from .parallel import LastcardParallelEnv, parallel_env
from .policy import PolicyBot
from .single_agent import SingleAgentEnv

ENV_ID = "lastcard/Uno-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="lastcard.rl.single_agent:SingleAgentEnv",
        vector_entry_point="lastcard.rl.vector:FastVectorEnv",
    )
if "ppo" not in bot_names():
    register("ppo", PolicyBot)

__all__ = [
    "ENV_ID",
    "LAYOUT",
    "OBSERVATION_SIZE",
    "LastcardEnv",
    "LastcardParallelEnv",
    "PolicyBot",
    "SingleAgentEnv",
    "env",
    "observe",
    "parallel_env",
]
