"""`LastcardEnv`: the whole game as a PettingZoo AEC environment (`lastcard.rl.env()`).

Every seat is an agent, `player_0` .. `player_{n-1}`, sitting at a `lastcard.table.Table`
whose seats are all outside ones. The agent asked next (`agent_selection`) follows the table's
order (`lastcard.rl.seating`): a seat with an out-of-turn offer first, in seat order, with the
offered actions and `PASS`; then the seat to act. Between hands the environment deals on.

- Action space: `Discrete(action_index(players).size + 1)`, the fixed action numbering of
  `lastcard.core.action_index` followed by `PASS`.
- Observation space: `Dict(observation=Box(1156,), action_mask=Box(0, 1, (actions,), int8))`;
  the observation is `lastcard.rl.observation.observe` of the agent's `PlayerView` and the mask
  marks exactly the actions the agent may take now (all 0 for an agent that is not asked).
- Rewards: `lastcard.rl.rewards` (`reward="hand"` or `"game"`), zero-sum.
- Seeding: `reset(seed=s)` deals the game with seed `s` (the fast generator); the same seed and
  the same actions give the same game. Without a seed the next game's seed comes from a
  generator the last seed started. `reset(options={"dealer": d, "deck": [codes]})` fixes the
  dealer and stacks the top of the deck, as `lastcard.new_game` does.
- Speed: under the rules `lastcard.rl.fast_path` covers (`fast_path_problem(rules)` is None:
  the official rules and most presets) each hand is played on a `FastGame` and `table` (a
  `DeferredTable`) catches up when it is read; `fast_path` says whether this environment does
  so, and `fast=False` steps through the table every time. Both give the same observations,
  masks, rewards and agent order for the same seed and actions.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from lastcard.core import LastcardError, Phase, Rules, action_index
from lastcard.table import Table, fresh_seed

from .deferred_table import DeferredTable
from .fast_path import FastTable, fast_path_problem
from .observation import OBSERVATION_SIZE, Observation
from .position import Ask, TablePosition
from .render import table_text
from .rewards import game_rewards, hand_rewards
from .seating import action_mask
from .settings import checked_rules, table_options

Position = FastTable | TablePosition


class LastcardEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """Uno under the real rules, every seat an agent (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "lastcard_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        rules: Rules | str | None = None,
        *,
        reward: str = "hand",
        render_mode: str | None = None,
        fast: bool = True,
    ) -> None:
        super().__init__()
        self.rules = checked_rules(players, rules, reward, render_mode)
        # Hands on a `FastGame` when asked for and the rules allow it (see `lastcard.rl.fast_path`).
        self.fast_path = fast and fast_path_problem(self.rules) is None
        self.players = players
        self.reward_mode = reward
        self.render_mode = render_mode
        self.index = action_index(players)
        self.pass_action = self.index.size
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        actions = self.index.size + 1
        self._action_space = spaces.Discrete(actions)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (OBSERVATION_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.table: Table | None = None
        self._position: Position | None = None  # the game at `table`: fast path or reference
        # The seat asked now, with its mask (built once per turn: `observe` hands out copies),
        # and the mask of every agent not asked.
        self._ask: Ask | None = None
        self._no_mask = action_mask(self.index, None)
        self._seeds = np.random.default_rng(fresh_seed("fast"))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # -- the game -------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # A seed deals that game; without one, the next game's seed comes from a generator the
        # last seed started, so a seeded run of episodes stays reproducible.
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = seed if seed is not None else int(self._seeds.integers(0, 2**63))
        dealer, deck = table_options(options)
        seats = [None] * self.players
        if self.fast_path:
            deferred = DeferredTable(seats, self.rules, seed=game_seed, dealer=dealer, deck=deck)
            self.table, self._position = deferred, FastTable(deferred, self.index)
        else:
            table = Table(seats, self.rules, seed=game_seed, dealer=dealer, deck=deck)
            self.table, self._position = table, TablePosition(table, self.index)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._passed: set[int] = set()
        self._passed_ply = 0
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        position = self._game()
        seat = self._seat_of.get(agent)
        if seat is None:
            seat = self.possible_agents.index(agent)  # not an agent: list.index's ValueError
        ask = self._ask
        mask = ask.mask if ask is not None and ask.seat == seat else self._no_mask
        return {
            "observation": position.observation(seat),
            "action_mask": mask.copy(),  # a caller may write to it; the next one gets it whole
        }

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        position, ask = self._game(), self._ask
        assert ask is not None, "a live agent is always asked something"
        number = int(action)
        passing = number == self.pass_action
        if passing and not ask.may_pass:
            raise LastcardError(f"{agent} must decide now and may not pass")
        # Refused actions raise here, before any bookkeeping changes.
        hand_ended = not passing and position.submit(ask, number)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if passing:
            self._passed.add(ask.seat)
        elif hand_ended:
            self._hand_over()
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return table_text(self._game().state, self.possible_agents)

    def close(self) -> None:
        self.table = None
        self._position = None

    # -- for the parallel environment -------------------------------------------------------

    def _poll(self) -> list[Ask]:
        """Everyone the table asks at this position, in its poll order: each seat with an
        out-of-turn offer (with `PASS`), then the seat to act; empty between hands and after
        the game. `step` asks the same seats one by one as each passes."""
        position = self._game()
        asks: list[Ask] = []
        passed: set[int] = set()
        while (ask := position.ask(passed)) is not None:
            asks.append(ask)
            if not ask.may_pass:
                break
            passed.add(ask.seat)
        return asks

    def _observation(self, seat: int) -> Observation:
        return self._game().observation(seat)

    # -- internals ------------------------------------------------------------------------

    def _game(self) -> Position:
        if self._position is None:
            raise LastcardError("call reset() first")
        return self._position

    def _hand_over(self) -> None:
        position = self._game()
        state = position.state
        scores = hand_rewards(state, state.history[-1]) if self.reward_mode == "hand" else None
        if state.phase is Phase.GAME_OVER:
            if self.reward_mode == "game":
                scores = game_rewards(state)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            position.next_hand()
        if scores is not None:
            for agent, value in zip(self.possible_agents, scores, strict=True):
                self.rewards[agent] = value

    def _select(self) -> None:
        position = self._game()
        if position.ply != self._passed_ply:
            self._passed, self._passed_ply = set(), position.ply
        self._ask = ask = position.ask(self._passed)
        if ask is not None:
            self.agent_selection = self.possible_agents[ask.seat]
        elif self.agents:
            self.agent_selection = self.agents[0]  # the game is over: each agent steps out


def env(
    players: int = 2,
    rules: Rules | str | None = None,
    *,
    reward: str = "hand",
    render_mode: str | None = None,
    fast: bool = True,
) -> LastcardEnv:
    """The AEC environment `lastcard_v0` (see `LastcardEnv`)."""
    return LastcardEnv(players, rules, reward=reward, render_mode=render_mode, fast=fast)
