"""Batched environments on the compiled kernel: N games stepped per call inside numba.

- `FastVectorEnv` (a `gymnasium.vector.VectorEnv`, `lastcard/Uno-v0`'s vector entry point:
  `gymnasium.make_vec("lastcard/Uno-v0", num_envs=N)`): N copies of `SingleAgentEnv`, one
  seat against bots, observations `(N, 1156)` float32, rewards, terminations and masks as
  arrays (`info["action_mask"]`, `action_masks()`).
- `GameBatch`: the batched multi-agent form. Any seats of each game are played from outside
  (the AEC environment's agent order among them, the bots' offers first), the rest by the
  kernel's bots; each call answers every game's question and returns the next: which seat is
  asked, its observation and mask, and every seat's rewards meanwhile.

Both run `lastcard.sim.fast.env_kernel`: the kernel's game and bots (`random`, `eager`,
`greedy`, `heuristic`, with any options) under the rules both it and `FastGame` play (the
classic deck, no stacking, no Seven-O, no jump-ins, no teams, elimination or alternative
scoring); `vector_problem` says why anything else is refused (`FastUnsupportedError`). For the
same seed a sub-environment plays exactly the games, observations, masks and rewards of
`SingleAgentEnv(fast=False)` (tests/rl/test_vector.py plays thousands of episodes both ways;
benchmarks/rl_vector_exact.py many more).

Seeding: `reset(seed=s)` seeds sub-environment i with `s + i` (a list gives each its own), as
Gymnasium's vector environments do; each then deals its first game from its seed and every
later game from a generator that seed started, as `SingleAgentEnv.reset()` does. Episodes are
reset in the same step (`AutoresetMode.SAME_STEP`): the step that ends one returns the next
one's first observation, with the last one's in `info["final_obs"]` (`info["_final_obs"]` says
which). Rewards of bots' moves before the agent's first decision of a game are paid with its
first step, as in `SingleAgentEnv`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv

from lastcard.bots import make_bot
from lastcard.core import ActionIndex, ActionKind, LastcardError, Rules, action_index, rule_facts
from lastcard.core.action_index import CARD_ORDER
from lastcard.table import bot_seed

from .fast_path import fast_path_problem
from .observation import LAYOUT, OBSERVATION_SIZE
from .settings import checked_rules

Array = npt.NDArray[Any]

_KERNEL_BOTS = ("random", "eager", "greedy", "heuristic")


class FastUnsupportedError(LastcardError):
    """The batched environments do not play these rules or opponents."""

    code = "VECTOR_UNSUPPORTED"


def vector_problem(rules: Rules, opponents: Sequence[str]) -> str | None:
    """Why the batched environments cannot play `opponents` under `rules`, or None."""
    from lastcard.sim.fast import unsupported

    problem = fast_path_problem(rules)
    if problem is not None:
        return problem
    facts = rule_facts(rules)
    if facts.allows_stacking or facts.numbers:
        return "stacking and Seven-O"
    if rules.elimination or rules.teams is not None or rules.scoring != "standard":
        return "elimination, teams and alternative scoring"
    if rules.wild_downpour is not None:
        return "the Wild Downpour cards"
    for name in opponents:
        if not isinstance(name, str) or type(make_bot(name, 0)).__name__ not in (
            "RandomBot",
            "GreedyBot",
            "HeuristicBot",
        ):
            return f"the opponent {name!r} (the batched environments play {_KERNEL_BOTS})"
    return unsupported(rules, list(opponents) or ["random"])


@functools.cache
def _tables(index: ActionIndex) -> tuple[Array, Array, Array]:
    """(act, play_base, nums): what each action number means to the kernel, each kind's first
    play number, and the numbers masks are written with (`env_kernel`'s X_ and N_ columns)."""
    from lastcard.sim.fast import env_kernel as ek
    from lastcard.sim.fast import layout as k

    size = index.size
    act = np.full((size + 1, ek.X_SIZE), -1, dtype=np.int64)
    act[:, ek.X_COLOR] = 0
    act[:, ek.X_UNO] = 0
    colors = "rygb"
    letters = "RYGB"
    kind_of = {
        ActionKind.DRAW: k.A_DRAW,
        ActionKind.KEEP: k.A_KEEP,
        ActionKind.CHALLENGE: k.A_CHALLENGE,
        ActionKind.ACCEPT: k.A_ACCEPT,
        ActionKind.UNO: k.A_UNO,
        ActionKind.CATCH: k.A_CATCH,
        ActionKind.COLOR: k.A_COLOR,
    }
    code_of = {code: kind for kind, code in enumerate(CARD_ORDER)}
    for number, action in enumerate(index):
        if action.kind is ActionKind.PLAY:
            if action.target is not None or action.card is None:
                continue
            kind = code_of.get(action.card.code)
            if kind is None or kind >= 54:
                continue
            act[number, ek.X_KIND] = k.A_PLAY
            act[number, ek.X_CARD] = kind
            act[number, ek.X_COLOR] = letters.index(action.color.value) if action.color else 0
            act[number, ek.X_UNO] = action.uno
        elif action.kind in kind_of:
            act[number, ek.X_KIND] = kind_of[action.kind]
            if action.kind is ActionKind.COLOR:
                assert action.color is not None
                act[number, ek.X_COLOR] = letters.index(action.color.value)
    act[size, ek.X_KIND] = -1  # PASS
    # Numbers the kernel may not take (other decks' cards, targets, later versions' actions)
    # never reach it: they are outside every mask it writes.
    act[act[:, ek.X_KIND] < -1, ek.X_KIND] = -1
    play_base = np.zeros(54, dtype=np.int64)
    for kind in range(54):
        code = CARD_ORDER[kind]
        play_base[kind] = index.index(f"{code}:r" if kind >= 52 else code)
    n = index.index
    nums = np.array(
        [n("draw"), n("keep"), n("challenge"), n("accept")]
        + [n(f"color {c}") for c in colors]
        + [n("uno")]
        + [n(f"catch {s}") for s in range(index.players)],
        dtype=np.int64,
    )
    return act, play_base, nums


def _check_layout() -> None:
    from lastcard.sim.fast import env_kernel as ek

    for name, offset in (
        ("hand", ek.O_HAND),
        ("top", ek.O_TOP),
        ("discard", ek.O_DISCARD),
        ("drawn", ek.O_DRAWN),
        ("color", ek.O_COLOR),
        ("direction", ek.O_DIRECTION),
        ("phase", ek.O_PHASE),
        ("to_act", ek.O_TO_ACT),
        ("turn", ek.O_TURN),
        ("hand_sizes", ek.O_HAND_SIZES),
        ("active", ek.O_ACTIVE),
        ("exposed", ek.O_EXPOSED),
        ("uncaught", ek.O_UNCAUGHT),
        ("top_player", ek.O_TOP_PLAYER),
        ("dealer", ek.O_DEALER),
        ("scores", ek.O_SCORES),
        ("challenge", ek.O_CHALLENGE),
        ("counts", ek.O_COUNTS),
    ):
        assert LAYOUT[name].start == offset, name


class GameBatch:
    """N games on the compiled kernel, some seats played from outside (see the module
    docstring): the batched multi-agent form, and `FastVectorEnv`'s engine.

    `external[s]` says whether seat s is played from outside; the others are `bots[s]`
    (kernel bots by name). After `start` and `step`: `asked[g]` the seat asked in game g (-1:
    the game is over), `offer[g]` whether it may pass, `obs[g]` its observation (at the end
    `obs_seat`'s), `mask[g]` its mask, `rewards[g, s]` every seat's rewards since the last
    call, `over[g]`, `illegal[g]` (an action outside the mask: nothing applied, the game
    over), `decisions[g]` the answers given in the game so far."""

    def __init__(
        self,
        num_games: int,
        players: int = 2,
        rules: Rules | str | None = None,
        *,
        bots: Sequence[str | None],
        reward: str = "hand",
        obs_seat: int = 0,
        threads: int = 1,
    ) -> None:
        from lastcard.sim.fast import cards as kc
        from lastcard.sim.fast import env_kernel as ek
        from lastcard.sim.fast import layout as k
        from lastcard.sim.fast.run import habits, rule_parameters
        from lastcard.sim.fast.streams import _DECK_PAIRS

        self.rules = checked_rules(players, rules, reward, None)
        if len(bots) != players:
            raise LastcardError(f"one bot or None per seat: {players} seats")
        named = [b for b in bots if b is not None]
        problem = vector_problem(self.rules, named)
        if problem is not None:
            raise FastUnsupportedError(f"the batched environments cannot play this: {problem}")
        _check_layout()
        self._ek = ek
        self.num_games, self.players = num_games, players
        self.index = action_index(players)
        self.pass_action = self.index.size
        self.threads = threads
        n, p = num_games, players
        rows = habits([b if b is not None else "random" for b in bots])
        external = np.array([b is None for b in bots], dtype=np.bool_)
        rows[external, k.H_POLICY] = k.POLICY_RANDOM  # an outside seat keeps no bot memory
        self._heuristic = bool((rows[~external, k.H_POLICY] == k.POLICY_HEURISTIC).any())
        self._habits = np.ascontiguousarray(np.broadcast_to(rows, (n, *rows.shape)))
        self._external = np.ascontiguousarray(np.broadcast_to(external, (n, p)))
        self._rules = rule_parameters(self.rules, 0)
        self._reward_game = reward == "game"
        self._act, self._play_base, self._nums = _tables(self.index)
        self._deck = np.array(kc._DECK, dtype=np.int8)
        self._match = kc._MATCH
        kinds = kc.KINDS
        self._st = np.zeros((n, ek.S_SIZE), dtype=np.int64)
        self._seeds = np.zeros(n, dtype=np.uint64)
        self._counters = np.zeros(n, dtype=np.uint64)
        self._bot_seeds = np.zeros((n, p), dtype=np.uint64)
        self._bot_counters = np.zeros((n, 2 * p), dtype=np.uint64)
        self._hands = np.zeros((n, p, kinds), dtype=np.int64)
        self._masks = np.zeros((n, p), dtype=np.uint64)
        self._sizes = np.zeros((n, p), dtype=np.int64)
        self._stock = np.zeros((n, kc.DECK_SIZE), dtype=np.int8)
        self._discard = np.zeros((n, kc.DECK_SIZE), dtype=np.int8)
        self._pool = np.zeros((n, kc.DECK_SIZE), dtype=np.int8)
        self._values = np.zeros((n, p), dtype=np.int64)
        self._contenders = np.zeros((n, p), dtype=np.int64)
        self._swaps = np.zeros((n, 2 * _DECK_PAIRS), dtype=np.int64)
        self._void = np.zeros((n, p, p, 4), dtype=np.int64)
        self._known = np.zeros((n, p, p, k.KNOWN_SIZE), dtype=np.int64)
        self._memory = np.zeros((n, p, k.M_SIZE), dtype=np.int64)
        self._shown = np.zeros((n, kinds), dtype=np.int64)
        self.scores = np.zeros((n, p), dtype=np.int64)
        self.rewards = np.zeros((n, p), dtype=np.float64)
        self.illegal = np.zeros(n, dtype=np.bool_)
        self.mask = np.zeros((n, self.pass_action + 1), dtype=np.int8)
        self.obs = np.zeros((n, OBSERVATION_SIZE), dtype=np.float32)
        self._obs_seat = np.full(n, obs_seat, dtype=np.int64)
        self._actions = np.zeros(n, dtype=np.int64)
        self._starts = np.zeros(n, dtype=np.bool_)
        self._all = np.arange(n, dtype=np.int64)

    # -- what the games ask ---------------------------------------------------------------

    @property
    def asked(self) -> Array:
        return self._st[:, self._ek.S_ASKED]

    @property
    def offer(self) -> Array:
        return self._st[:, self._ek.S_OFFER].astype(bool)

    @property
    def over(self) -> Array:
        return self._st[:, self._ek.S_OVER].astype(bool)

    @property
    def decisions(self) -> Array:
        return self._st[:, self._ek.S_DECISIONS]

    @property
    def winner(self) -> Array:
        return self._st[:, self._ek.S_WINNER]

    # -- playing --------------------------------------------------------------------------

    def start(self, games: Array, seeds: Sequence[int] | Array) -> None:
        """Deal a new game in each of `games` from its seed (a table's game seed: the game
        `Table(..., seed=seed)` deals, its bots seeded as the table seeds them) and play to
        its first question."""
        games = np.asarray(games, dtype=np.int64)
        for g, seed in zip(games.tolist(), seeds, strict=True):
            self._seeds[g] = np.uint64(int(seed))
            for s in range(self.players):
                self._bot_seeds[g, s] = np.uint64(bot_seed(int(seed), s))
        self._starts[:] = False
        self._starts[games] = True
        self._run(games)
        self._starts[games] = False

    def step(self, actions: Array, games: Array | None = None) -> None:
        """Answer each game's question with `actions[g]` (every game, or those of `games`;
        a game that is over is left as it is)."""
        self._actions[:] = np.asarray(actions, dtype=np.int64)
        self._run(self._all if games is None else np.asarray(games, dtype=np.int64))

    def _run(self, games: Array) -> None:
        ek = self._ek
        run = ek.step_games_parallel if self.threads > 1 else ek.step_games
        run(
            games, self._actions, self._starts, self._obs_seat, self._st, self._seeds,
            self._counters, self._bot_seeds, self._bot_counters, self._rules, self.players,
            self._habits, self._external, self._hands, self._masks, self._sizes, self._stock,
            self._discard, self._pool, self._values, self._contenders, self._swaps, self._deck,
            self._void, self._known, self._memory, self._shown, self._heuristic, self._match,
            self.scores, self._reward_game, self.rewards, self.illegal, self._act,
            self._play_base, self._nums, self.pass_action, self.mask, self.obs,
        )  # fmt: skip


class FastVectorEnv(VectorEnv[Array, Array, Array]):
    """N games of one seat against bots on the compiled kernel (see the module docstring):
    `SingleAgentEnv`'s game, stepped N at a time."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 64,
        players: int = 2,
        rules: Rules | str | None = None,
        *,
        opponents: str = "heuristic",
        seat: int = 0,
        reward: str = "hand",
        illegal_reward: float = -1.0,
        threads: int = 1,
    ) -> None:
        if not 0 <= seat < players:
            raise LastcardError(f"seat {seat} is not a seat of a {players}-player game")
        bots = [None if s == seat else opponents for s in range(players)]
        self.batch = GameBatch(
            num_envs, players, rules, bots=bots, reward=reward, obs_seat=seat, threads=threads
        )
        self.num_envs = num_envs
        self.players, self.seat, self.opponents = players, seat, opponents
        self.rules = self.batch.rules
        self.illegal_reward = illegal_reward
        self.index = self.batch.index
        self.pass_action = self.batch.pass_action
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (OBSERVATION_SIZE,), np.float32)
        self.single_action_space = spaces.Discrete(self.index.size + 1)
        self.observation_space = spaces.Box(
            -np.inf, np.inf, (num_envs, OBSERVATION_SIZE), np.float32
        )
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.index.size + 1))
        self._generators: list[np.random.Generator | None] = [None] * num_envs
        self._pending = np.zeros(num_envs, dtype=np.float64)
        self._needs_reset = np.ones(num_envs, dtype=np.bool_)

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Array, dict[str, Any]]:
        if options:
            raise LastcardError("the batched environment takes no reset options")
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = (
                [None] * self.num_envs if seed is None else [seed + i for i in range(self.num_envs)]
            )
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise LastcardError(f"one seed per sub-environment: {self.num_envs}")
        game_seeds = []
        for i, s in enumerate(seeds):
            if s is not None or self._generators[i] is None:
                self._generators[i], _ = seeding.np_random(s)
            game_seeds.append(s if s is not None else self._next_seed(i))
        self._pending[:] = 0.0
        self._deal(np.arange(self.num_envs), game_seeds)
        return self.batch.obs.copy(), self._info()

    def step(self, actions: Array) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        batch = self.batch
        batch.step(actions)  # an action outside the mask leaves the observation as it was
        rewards = batch.rewards[:, self.seat] + self._pending
        self._pending[:] = 0.0
        illegal = batch.illegal.copy()
        info: dict[str, Any] = {}
        if illegal.any():
            rewards[illegal] = self.illegal_reward
            info["illegal_action"] = illegal
            info["_illegal_action"] = illegal
        terminated = batch.over.copy()
        obs = batch.obs.copy()
        done = np.flatnonzero(terminated)
        if done.size:
            final_obs = np.zeros_like(obs)
            final_obs[done] = obs[done]
            info["final_obs"] = final_obs
            info["_final_obs"] = terminated.copy()
            self._deal(done, [self._next_seed(int(i)) for i in done])
            obs[done] = batch.obs[done]
        info.update(self._info())
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return obs, rewards, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal action numbers of every sub-environment now, as booleans."""
        return self.batch.mask.astype(bool)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.batch.mask.copy()}

    def _next_seed(self, i: int) -> int:
        generator = self._generators[i]
        assert generator is not None
        return int(generator.integers(0, 2**63))

    def _deal(self, games: Array, seeds: Sequence[int]) -> None:
        """New games in `games`; one whose bots end it before the agent decides anything is
        dealt again from the next seed, as `SingleAgentEnv.reset` does."""
        batch = self.batch
        games = np.asarray(games, dtype=np.int64)
        seeds = list(seeds)
        while games.size:
            batch.start(games, seeds)
            self._pending[games] = batch.rewards[games, self.seat]
            again = games[batch.over[games]]
            seeds = [self._next_seed(int(i)) for i in again]
            games = again
