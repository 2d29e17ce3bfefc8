"""`SingleAgentEnv`: one seat against bots, as a Gymnasium environment (`lastcard/Uno-v0`).

The agent sits at `seat` of a `lastcard.table.Table`; the other seats are bots of one level
(`lastcard.bots.make_bot` names, e.g. `"random"`, `"greedy"`, `"heuristic"`), seeded from the
game's seed. Between the agent's decisions the bots play, in the table's order with one
refinement for the agent's out-of-turn offers: the bots' offers are polled first (in seat
order), then the agent is asked its own (it may `PASS`), then the seat to act decides. Between
hands the environment deals on by itself.

- Observation: `Box(1156,)`, `lastcard.rl.observation.observe` of the agent's view.
- Action: `Discrete(action_index(players).size + 1)` (the fixed numbering, then `PASS`);
  `action_masks()` gives the legal ones (the method sb3-contrib's `MaskablePPO` calls) and
  `info["action_mask"]` carries the same after `reset` and every `step`.
- Reward: the agent's share of `lastcard.rl.rewards` (`reward="hand"` or `"game"`); the episode
  ends with the game. An action outside the mask ends the episode at once with reward
  `illegal_reward` (-1: a lost game) and `info["illegal_action"]` True, nothing applied:
  Gymnasium's checker and agents that ignore the mask may send any action of the space.
- Seeding as in `lastcard.rl.aec` (and `reset(options={"dealer": d, "deck": [...]})`); the bots
  are seeded from the game's seed.
- Speed: under the rules `lastcard.rl.fast_path` covers, against bots that keep no memory of
  the game's events (no `observe` method: `random`, `eager`, `greedy`, ...), each hand is
  played on a `FastGame`, the bots choosing from the same views and offers as at the table, and
  `table` (a `DeferredTable`) catches up when it is read; `fast_path` says whether this
  environment does so, and `fast=False` plays through the table every time. Both give the same
  observations, masks, rewards and bot choices for the same seed and actions. Against bots
  that do remember (`heuristic`, the default), under the rules `lastcard.rl.vector` plays,
  the game runs on the compiled kernel instead (`compiled` True; one game of a
  `vector.GameBatch`, the kernel's `heuristic` choosing as the bot does), and `table` is
  built when it is read by replaying the agent's actions through the table (a `reset` with
  `options` plays that game at the table). tests/rl/test_vector.py checks the kernel's game
  against the table's step for step.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from lastcard.bots import Bot, make_bot
from lastcard.core import Action, LastcardError, Phase, Rules, action_index
from lastcard.core.errors import shown
from lastcard.table import BotMistakeError, Table, bot_seed

from .deferred_table import DeferredTable
from .fast_path import FastTable, fast_path_problem
from .observation import OBSERVATION_SIZE, Observation
from .position import TablePosition
from .render import table_text
from .rewards import game_rewards, hand_rewards
from .seating import Turn, action_mask
from .settings import checked_rules, table_options
from .vector import GameBatch, vector_problem


class SingleAgentEnv(gym.Env[Observation, np.int64]):
    """One seat of Uno under the real rules against bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium declares it so)

    def __init__(
        self,
        players: int = 2,
        rules: Rules | str | None = None,
        *,
        opponents: str = "heuristic",
        seat: int = 0,
        reward: str = "hand",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        fast: bool = True,
    ) -> None:
        self.rules = checked_rules(players, rules, reward, render_mode)
        if not 0 <= seat < players:
            raise LastcardError(f"seat {seat} is not a seat of a {players}-player game")
        # An unknown level is refused now, not at the first reset. A bot that observes events
        # needs the table's (a `FastGame` makes none): its games are played at the table.
        observes = hasattr(make_bot(opponents, 0), "observe")
        self.fast_path = fast and not observes and fast_path_problem(self.rules) is None
        # Bots that remember play on the compiled kernel, which keeps their memory itself.
        self.compiled = fast and observes and vector_problem(self.rules, [opponents]) is None
        self._batch: GameBatch | None = None
        self._replayed: SingleAgentEnv | None = None  # the table's game, replayed when read
        self._actions: list[int] = []  # the agent's actions in the compiled game
        self._game_seed = 0
        self._batch_game = False  # the game now is on the compiled kernel
        self.players, self.seat, self.opponents = players, seat, opponents
        self.reward_mode = reward
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.index = action_index(players)
        self.pass_action = self.index.size
        self.observation_space = spaces.Box(-np.inf, np.inf, (OBSERVATION_SIZE,), np.float32)
        self.action_space = spaces.Discrete(self.index.size + 1)
        self._table: Table | None = None
        self._position: FastTable | TablePosition | None = None  # the game at `table`
        self._bots: dict[int, Bot] = {}
        self._no_mask = action_mask(self.index, None)
        self._set_mask(None)
        self._passed_ply: int | None = None
        self._offers_passed_at: int | None = None  # the fast path's `Table.commit` of a pass
        self._pending_reward = 0.0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        # A seed deals that game; without one, the next game's seed comes from the generator
        # the last seed started (Gymnasium's convention), so a seeded run stays reproducible.
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63))
        dealer, deck = table_options(options)
        if self.compiled and dealer is None and deck is None:
            return self._reset_compiled(game_seed)
        self._batch_game = False
        while True:
            bots: list[Bot | None] = [
                None if s == self.seat else make_bot(self.opponents, bot_seed(game_seed, s))
                for s in range(self.players)
            ]
            if self.fast_path:
                deferred = DeferredTable(bots, self.rules, seed=game_seed, dealer=dealer, deck=deck)
                self._table, self._position = deferred, FastTable(deferred, self.index)
            else:
                table = Table(bots, self.rules, seed=game_seed, dealer=dealer, deck=deck)
                self._table, self._position = table, TablePosition(table, self.index)
            self._bots = {seat: bot for seat, bot in enumerate(bots) if bot is not None}
            self._passed_ply = self._offers_passed_at = None
            # The bots may end a hand before the agent decides anything: its reward is paid
            # with the agent's first step.
            self._pending_reward = self._play_until_asked()
            if self._asked:
                return self._observation(), self._info()
            # The bots ended the whole game (a single hand, say) without the agent deciding
            # anything: an episode needs a decision, so the next game is dealt.
            game_seed = int(self.np_random.integers(0, 2**63))
            dealer, deck = None, None

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self._batch_game:
            return self._step_compiled(int(action))
        position = self._game()
        if not self._asked:
            raise LastcardError("the game is over: call reset()")
        number = int(action)
        if not (0 <= number <= self.pass_action and self._mask[number]):
            self._set_mask(None)
            info = {**self._info(), "illegal_action": True}
            return self._observation(), self.illegal_reward, True, False, info
        reward, self._pending_reward = self._pending_reward, 0.0
        if number == self.pass_action:
            self._passed_ply = position.ply
        elif isinstance(position, FastTable):
            if position.push(self.seat, self.index.action_at(number)):
                reward += self._hand_over()
        else:
            table = position.table
            hands = len(table.state.history)
            table.submit(self.seat, self.index.action_at(number))
            reward += self._hand_over() if len(table.state.history) > hands else 0.0
        reward += self._play_until_asked()
        return self._observation(), reward, not self._asked, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal action numbers now, as booleans (all False once the game is over)."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        names = ["agent" if s == self.seat else self.opponents for s in range(self.players)]
        if self._batch_game:
            assert self.table is not None
            return table_text(self.table.state, names)
        return table_text(self._game().state, names)

    @property
    def table(self) -> Table | None:
        """The game at its `Table` (None before the first `reset`). On the compiled kernel it
        is built when read, by replaying the agent's actions at a table with the same seed."""
        if not self._batch_game:
            return self._table
        replayed = self._replayed
        if replayed is None or len(replayed._actions) > len(self._actions):
            replayed = SingleAgentEnv(
                self.players,
                self.rules,
                opponents=self.opponents,
                seat=self.seat,
                reward=self.reward_mode,
                illegal_reward=self.illegal_reward,
                fast=False,
            )
            replayed.reset(seed=self._game_seed)
            self._replayed = replayed
        for number in self._actions[len(replayed._actions) :]:
            replayed.step(number)
            replayed._actions.append(number)
        return replayed._table

    # -- the compiled kernel --------------------------------------------------------------

    def _reset_compiled(self, game_seed: int) -> tuple[Observation, dict[str, Any]]:
        if self._batch is None:
            bots = [None if s == self.seat else self.opponents for s in range(self.players)]
            self._batch = GameBatch(
                1, self.players, self.rules, bots=bots, reward=self.reward_mode, obs_seat=self.seat
            )
        batch = self._batch
        self._batch_game = True
        self._position = None
        while True:
            batch.start(np.zeros(1, dtype=np.int64), [game_seed])
            if not batch.over[0]:
                break
            # The bots ended the whole game before the agent decided anything: deal the next.
            game_seed = int(self.np_random.integers(0, 2**63))
        self._game_seed = game_seed
        self._actions = []
        self._replayed = None
        self._pending_reward = float(batch.rewards[0, self.seat])
        self._set_mask(batch.mask[0].copy())
        return batch.obs[0].copy(), self._info()

    def _step_compiled(self, number: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        batch = self._batch
        assert batch is not None
        if not self._asked:
            raise LastcardError("the game is over: call reset()")
        if not (0 <= number <= self.pass_action and self._mask[number]):
            self._set_mask(None)
            info = {**self._info(), "illegal_action": True}
            return batch.obs[0].copy(), self.illegal_reward, True, False, info
        reward, self._pending_reward = self._pending_reward, 0.0
        batch.step(np.array([number], dtype=np.int64))
        self._actions.append(number)
        reward += float(batch.rewards[0, self.seat])
        over = bool(batch.over[0])
        self._set_mask(None if over else batch.mask[0].copy())
        return batch.obs[0].copy(), reward, over, False, self._info()

    # -- internals ------------------------------------------------------------------------

    def _game(self) -> FastTable | TablePosition:
        if self._position is None:
            raise LastcardError("call reset() first")
        return self._position

    def _play_until_asked(self) -> float:
        """Let the bots play until the agent is asked something or the game ends; the agent's
        rewards meanwhile."""
        position = self._game()
        if isinstance(position, FastTable):
            return self._play_fast_until_asked(position)
        table = position.table
        reward = 0.0
        while True:
            state = table.state
            if state.phase is Phase.GAME_OVER:
                self._set_mask(None)
                return reward
            # Every path that ends a hand scores it and deals on (`_hand_over`), so a hand
            # is never found over here.
            assert state.phase is not Phase.HAND_OVER
            move = table.plan(decisions=False)  # the bots' out-of-turn offers first
            if move.passed:
                table.commit(move)  # marks the offers passed for this position
                if state.to_act == self.seat:
                    self._set_mask(
                        action_mask(self.index, Turn(self.seat, table.actions(self.seat), False))
                    )
                    return reward
                offer = table.actions(self.seat)  # out-of-turn: a late call, a catch, a jump-in
                if offer and self._passed_ply != table.ply:
                    self._set_mask(action_mask(self.index, Turn(self.seat, offer, True)))
                    return reward
                move = table.plan()  # the bot whose turn it is
            table.commit(move)
            if len(table.state.history) > len(state.history):
                reward += self._hand_over()

    def _play_fast_until_asked(self, position: FastTable) -> float:
        """`_play_until_asked` on the fast path: the same poll as `Table.plan` and
        `Table.commit` make above (the bots' offers in seat order, then the agent's own, then
        the seat to act), each bot shown the view and offer the table would show it."""
        reward = 0.0
        agent = self.seat
        while True:
            game = position.game
            if game is None:  # every hand that ends is dealt on by `_hand_over`: the game is over
                assert position.state.phase is Phase.GAME_OVER
                self._set_mask(None)
                return reward
            ply = position.ply
            move: tuple[int, Action | None] | None = None
            if self._offers_passed_at != ply and game.exposed is not None:
                for seat, bot in self._bots.items():
                    offer = position.offer(seat)
                    if offer:
                        choice = _choice(bot, seat, position, offer, may_pass=True)
                        if choice is not None:
                            move = seat, choice
                            break
            if move is None:
                self._offers_passed_at = ply
                position.bots_passed()
                to_act = game.to_act
                assert to_act is not None
                if to_act == agent:
                    self._set_mask(position.mask(agent, may_pass=False))
                    return reward
                if self._passed_ply != ply and position.offer(agent):
                    self._set_mask(position.mask(agent, may_pass=True))
                    return reward
                bot = self._bots[to_act]
                offer = position.decision(to_act)
                move = to_act, _choice(bot, to_act, position, offer, may_pass=False)
            seat, action = move
            assert action is not None  # the seat to act may not pass (`_choice` raises)
            if position.push(seat, action):
                reward += self._hand_over()

    def _hand_over(self) -> float:
        """The agent's reward for the hand that just ended; deals on unless the game is over."""
        position = self._game()
        state = position.state
        if self.reward_mode == "hand":
            reward = hand_rewards(state, state.history[-1])[self.seat]
        else:
            reward = game_rewards(state)[self.seat] if state.phase is Phase.GAME_OVER else 0.0
        if state.phase is Phase.HAND_OVER:
            position.next_hand()
        return reward

    def _observation(self) -> Observation:
        return self._game().observation(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask}

    def _set_mask(self, mask: npt.NDArray[np.int8] | None) -> None:
        """The agent is asked something with `mask`, or (None) nothing: the game is over, or
        an illegal action ended the episode."""
        # The mask is read three times a decision (the step's check, `info`, `action_masks`).
        self._asked = mask is not None
        self._mask = mask if mask is not None else self._no_mask.copy()


def _choice(
    bot: Bot, seat: int, position: FastTable, offer: tuple[Action, ...], *, may_pass: bool
) -> Action | None:
    """What `bot` at `seat` chooses from `offer`, checked as `Table` checks it."""
    choice = bot.choose(position.view(seat), offer, may_pass=may_pass)
    if choice is None:
        if may_pass:
            return None
        raise BotMistakeError(f"the bot at seat {seat} passed, but it must act now")
    if not any(choice is a for a in offer) and choice not in offer:
        codes = ", ".join(a.code for a in offer)
        said = repr(choice.code) if isinstance(choice, Action) else shown(choice)
        raise BotMistakeError(
            f"the bot at seat {seat} chose {said}, which was not offered: {codes}"
        )
    return choice
