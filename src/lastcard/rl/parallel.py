"""`LastcardParallelEnv`: the whole game as a PettingZoo parallel environment
(`lastcard.rl.parallel_env()`).

The same game, agents, spaces, observations, rewards and seeding as the AEC environment
(`lastcard.rl.aec`, which this one drives underneath), but every live agent acts at every step:

- **Masks.** The seat to act gets all its legal actions (never `PASS`); every other seat with an
  out-of-turn offer (a late Uno call, a catch, a jump-in) gets the offered actions and `PASS`;
  every other live agent gets `PASS` alone, a no-op. After the game all masks are 0.
- **Resolution.** The actions are read in the table's poll order: the seats with an offer in
  seat order 0, 1, ..., n-1, then the seat to act. The first action in that order that is not
  `PASS` is applied and every other one is discarded, as when two players shout "Uno!" at once
  and only one is heard. The seat to act never passes, so every step applies exactly one action.
  A seat whose action was discarded is asked again at the new position if it still has
  something to do there.
- **Relation to the AEC environment.** A step is the AEC steps it stands for: `PASS` for each
  offered seat before the one that acts, then that seat's action; the discarded actions are the
  ones the AEC environment would not have asked for at this position. So the same game played
  with the same choices ends with the same scores in both (a test plays one through both).
- **Actions outside the mask.** A live agent left out of `actions` passes. An action outside an
  agent's mask (a `PASS` from the seat to act, anything but `PASS` from an agent offered nothing,
  a number outside the space) ends the episode at once, nothing applied: every agent is
  terminated, each offender gets `illegal_reward` (-1 by default: a lost game) and
  `infos[agent]["illegal_action"]` True, the others 0. As in the single-agent environment: agents
  that ignore the mask, and PettingZoo's `parallel_seed_test`, may send any action of the space.
- Rewards are those of the step's applied action (zero-sum, `reward="hand"` or `"game"`);
  `infos` are empty dictionaries; between hands the environment deals on by itself.
- Speed: the AEC environment's fast path (`fast=True`, the default; `fast_path` says whether
  the rules allow it), with the same results as `fast=False`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv

from lastcard.core import LastcardError, Rules
from lastcard.table import Table

from .aec import LastcardEnv
from .position import Ask
from .seating import Turn, action_mask, next_turn

Observations = dict[str, dict[str, Any]]
StepResult = tuple[
    Observations,
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]


class LastcardParallelEnv(ParallelEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """Uno under the real rules, every seat an agent acting at every step (see the module
    docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "lastcard_v0", "render_modes": ["ansi"]}

    def __init__(
        self,
        players: int = 2,
        rules: Rules | str | None = None,
        *,
        reward: str = "hand",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        fast: bool = True,
    ) -> None:
        # The AEC environment checks the arguments, deals seeded games, scores hands and knows
        # the agent order; a step here is a few of its steps (on its fast path when `fast`).
        self._aec = LastcardEnv(players, rules, reward=reward, render_mode=render_mode, fast=fast)
        self.fast_path = self._aec.fast_path
        self.rules = self._aec.rules
        self.players = players
        self.reward_mode = reward
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.index = self._aec.index
        self.pass_action = self._aec.pass_action
        self.possible_agents: list[str] = self._aec.possible_agents[:]
        self.agents: list[str] = []
        self._asks: list[Ask] = []  # who is asked now, in the table's poll order
        self._no_mask = action_mask(self.index, None)
        self._pass_only = self._no_mask.copy()
        self._pass_only[self.pass_action] = 1
        self._masks: dict[str, npt.NDArray[np.int8]] = {}

    @property
    def table(self) -> Table | None:
        """The table of the game being played (None before `reset` and after `close`)."""
        return self._aec.table

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._aec.action_space(agent)

    # -- the game -------------------------------------------------------------------------

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, dict[str, Any]]]:
        self._aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        self._ask()
        return self._observations(self.agents), {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, Any]) -> StepResult:
        if not self.agents:
            raise LastcardError("no game is being played: call reset()")
        strangers = [agent for agent in actions if agent not in self._masks]
        if strangers:
            raise LastcardError(f"not live agents: {', '.join(map(str, strangers))}")
        live = self.agents
        numbers = {agent: int(actions.get(agent, self.pass_action)) for agent in live}
        offenders = [agent for agent in live if not self._allows(agent, numbers[agent])]
        if offenders:
            return self._end_for_illegal_actions(offenders)
        for ask in self._asks:
            agent = self.possible_agents[ask.seat]
            assert self._aec.agent_selection == agent, "both follow `seating.next_turn`"
            number = numbers[agent]
            self._aec.step(number)  # a PASS, or the one action this step applies
            if number != self.pass_action:
                break
        # Passes earn nothing: the last AEC step's rewards are the step's.
        rewards = {agent: self._aec.rewards[agent] for agent in live}
        over = all(self._aec.terminations.values())
        if over:
            self.agents = []
        self._ask()
        return (
            self._observations(live),
            rewards,
            dict.fromkeys(live, over),
            dict.fromkeys(live, False),
            {agent: {} for agent in live},
        )

    def render(self) -> str | None:
        return self._aec.render()

    def close(self) -> None:
        self._aec.close()
        self.agents = []
        self._ask()

    # -- internals ------------------------------------------------------------------------

    def _ask(self) -> None:
        """Everyone asked at this position and their masks: `PASS` alone for the live agents
        not asked, nothing for anyone once the game is over."""
        self._asks = self._aec._poll() if self.agents else []
        self._masks = dict.fromkeys(self.agents, self._pass_only)
        for ask in self._asks:
            self._masks[self.possible_agents[ask.seat]] = ask.mask

    def _allows(self, agent: str, number: int) -> bool:
        return 0 <= number <= self.pass_action and bool(self._masks[agent][number])

    def _observations(self, agents: list[str]) -> Observations:
        observation = self._aec._observation
        return {
            agent: {
                "observation": observation(seat),
                # A copy each: a caller may write to it, and agents asked nothing share one.
                "action_mask": self._masks.get(agent, self._no_mask).copy(),
            }
            for seat, agent in enumerate(self.possible_agents)
            if agent in agents
        }

    def _end_for_illegal_actions(self, offenders: list[str]) -> StepResult:
        live = self.agents
        self.agents = []
        self._ask()
        return (
            self._observations(live),
            {agent: self.illegal_reward if agent in offenders else 0.0 for agent in live},
            dict.fromkeys(live, True),
            dict.fromkeys(live, False),
            {agent: {"illegal_action": True} if agent in offenders else {} for agent in live},
        )


def poll(table: Table) -> list[Turn]:
    """Everyone the table asks at this position, in its poll order: each seat with an
    out-of-turn offer (offered actions and `PASS`), then the seat to act; empty between hands
    and after the game. The AEC environment asks the same seats one by one as each passes."""
    turns: list[Turn] = []
    passed: set[int] = set()
    while (turn := next_turn(table, frozenset(passed))) is not None:
        turns.append(turn)
        if not turn.may_pass:
            break
        passed.add(turn.seat)
    return turns


def parallel_env(
    players: int = 2,
    rules: Rules | str | None = None,
    *,
    reward: str = "hand",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    fast: bool = True,
) -> LastcardParallelEnv:
    """The parallel environment of `lastcard_v0` (see `LastcardParallelEnv`)."""
    return LastcardParallelEnv(
        players,
        rules,
        reward=reward,
        illegal_reward=illegal_reward,
        render_mode=render_mode,
        fast=fast,
    )
