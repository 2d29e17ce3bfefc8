"""Running the compiled kernel: its inputs and its results.

`play_games` plays games from given seeds and returns arrays; `simulate_fast` is `simulate`'s
twin, with the same seeds and the same statistics. Needs NumPy and numba (in every install).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from lastcard.bots import make_bot
from lastcard.bots.greedy import GreedyBot
from lastcard.bots.heuristic import HeuristicBot
from lastcard.bots.random_bot import RandomBot
from lastcard.core import Rules, rule_facts
from lastcard.core.action_index import ActionIndex, action_index
from lastcard.core.rng import STREAM_BOT, STREAM_GAME, fold_seed

from ..runner import DEFAULT_MAX_ACTIONS
from ..simulation_stats import ProgressHook, SimulationStats
from .support import FastUnsupportedError, unsupported


def rule_parameters(rules: Rules, max_actions: int) -> np.ndarray:
    """The kernel's rule array (`layout.R_*`) for `rules`, which it must cover."""
    from . import layout as k

    facts = rule_facts(rules)
    params = np.zeros(k.R_SIZE, dtype=np.int64)
    params[k.R_HAND_SIZE] = rules.hand_size
    params[k.R_TARGET] = rules.target_score or 0
    params[k.R_TURN_LIMIT] = facts.turn_limit or 0
    params[k.R_VOLUNTARY_DRAW] = facts.allows_voluntary_draw
    params[k.R_BLUFFING] = facts.allows_wd4_bluff
    params[k.R_TWO_PLAYER] = facts.reverse_skips_with_two
    params[k.R_DEALER_REDRAW_NON_NUMBER] = rules.dealer_draw_non_number == "redraw"
    params[k.R_DEALER_ROTATE] = rules.dealer_each_hand == "rotate"
    params[k.R_FIRST_REVERSE_DEALER_STARTS] = rules.first_reverse == "dealer_starts"
    params[k.R_FIRST_WILD] = ("first_player_chooses", "dealer_chooses", "redraw").index(
        rules.first_wild
    )
    params[k.R_FIRST_WD4_BOTTOM] = rules.first_wd4 == "bottom"
    params[k.R_MAX_ACTIONS] = max_actions
    params[k.R_STACKING] = ("off", "same", "mixed").index(rules.stacking)
    params[k.R_SEVEN_O] = bool(facts.numbers)  # Seven-O gives the 7s and 0s their effects
    params[k.R_JUMP_IN] = facts.allows_jump_in
    params[k.R_JUMP_IN_SELF] = facts.allows_jump_in_on_own_card
    return params


def habits(bots: Sequence[str]) -> np.ndarray:
    """The kernel's habit rows (`layout.H_*`), one per seat, read off the bots themselves."""
    from . import layout as k

    rows = np.zeros((len(bots), k.H_SIZE), dtype=np.float64)
    for seat, spec in enumerate(bots):
        bot = make_bot(spec, 0)
        row = rows[seat]
        if isinstance(bot, HeuristicBot):  # it always calls Uno and catches (no partners here)
            row[k.H_POLICY] = k.POLICY_HEURISTIC
            row[k.H_CALL_UNO] = True
            row[k.H_CATCH] = True
            row[k.H_BLUFF] = bot.bluff
            row[k.H_CHALLENGE] = bot.challenge
            row[k.H_CHALLENGE_THRESHOLD] = bot.challenge_threshold
            row[k.H_HOLD_WILDS] = bot.hold_wilds
            continue
        row[k.H_CALL_UNO] = bot.call_uno  # type: ignore[attr-defined]
        if isinstance(bot, GreedyBot):
            row[k.H_POLICY] = k.POLICY_GREEDY
            row[k.H_CATCH] = bot.catch
            row[k.H_BLUFF] = bot.bluff
            row[k.H_CHALLENGE] = bot.challenge
            row[k.H_STACK] = bot.stack
            row[k.H_JUMP_IN] = bot.jump_in
        else:
            assert isinstance(bot, RandomBot)
            row[k.H_POLICY] = k.POLICY_RANDOM
            row[k.H_CATCH_RATE] = bot.catch_rate
            row[k.H_VOLUNTARY] = bot.voluntary_draw
    return rows


def _play_bases(index: ActionIndex) -> np.ndarray:
    """The action index of each kind's first play variant (`R5`, `W:r`, `R7` untargeted)."""
    from lastcard.core.action_index import CARD_ORDER

    from .cards import KINDS, WD4, WILD

    bases = np.zeros(KINDS, dtype=np.int64)
    for kind in range(KINDS):
        code = CARD_ORDER[kind]
        bases[kind] = index.index(f"{code}:r" if kind in (WILD, WD4) else code)
    return bases


@dataclass(frozen=True)
class FastGames:
    """What the kernel played: one row per game (seats in columns where per seat)."""

    players: int
    winner: np.ndarray  # the seat that won, -1 when the action limit stopped the game
    hands: np.ndarray
    blocked: np.ndarray
    turns: np.ndarray
    actions: np.ndarray
    engine_draws: np.ndarray  # how many numbers the engine's generator gave
    hand_wins: np.ndarray  # [game, seat]: hands each seat went out of
    scores: np.ndarray  # [game, seat]: final totals
    # The first hand of each game (what `lastcard study` measures):
    first_player: np.ndarray  # the seat that took the first turn
    first_direction: np.ndarray  # 1 or -1 once the first discard acted
    first_discard: np.ndarray  # its kind (colour * 13 + face; 52 Wild)
    first_went_out: np.ndarray  # -1: blocked or stopped
    first_turns: np.ndarray
    first_dealer: np.ndarray
    first_hand: np.ndarray  # [game, layout.F_*, seat]: WD4s, bluffs, challenges, upheld,
    # hand values and points
    trace_seat: np.ndarray  # [game, k]: the seat of action k (with `trace`)
    trace_action: np.ndarray  # [game, k]: its action index
    # [game, h, HL_...]: hand h+1 of each game, for its first `hand_log` hands (`play_games`)
    hand_log: np.ndarray

    def stats(self) -> SimulationStats:
        """These games counted as `simulate` counts them (`seconds` left at 0)."""
        stats = SimulationStats(players=self.players)
        stats.games = len(self.winner)
        stats.unfinished = int(np.count_nonzero(self.winner < 0))
        stats.hands = int(self.hands.sum())
        stats.blocked_hands = int(self.blocked.sum())
        stats.turns = int(self.turns.sum())
        stats.actions = int(self.actions.sum())
        stats.hand_wins = [int(wins) for wins in self.hand_wins.sum(axis=0)]
        stats.game_wins = [int(np.count_nonzero(self.winner == s)) for s in range(self.players)]
        return stats

    def actions_of(self, game: int) -> list[tuple[int, str]]:
        """Game `game`'s traced actions as (seat, action code) pairs."""
        index = action_index(self.players)
        count = min(int(self.actions[game]), self.trace_seat.shape[1])
        return [
            (int(self.trace_seat[game, k]), index.action_at(int(self.trace_action[game, k])).code)
            for k in range(count)
        ]


def game_seeds(seed: int, start: int, count: int) -> np.ndarray:
    """`simulate.game_seed(seed, i)` for i in start..start+count-1, as 64-bit integers."""
    from .streams import stream_seeds

    return stream_seeds(np.uint64(fold_seed(seed)), STREAM_GAME, start, count)  # type: ignore[no-any-return]


def play_games(
    bots: Sequence[str],
    rules: Rules,
    seeds: np.ndarray,
    *,
    trace: int = 0,
    hand_log: int = 0,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    chunk: int = 32,
) -> FastGames:
    """Play one game per seed in `seeds` (64-bit game seeds) between `bots` under `rules`,
    exactly as `play_game(bots, rules, seed)` would; keep each game's first `trace` actions
    and the outcome of its first `hand_log` hands (`FastGames.hand_log`).

    Raises `FastUnsupportedError` when the kernel does not cover the configuration. Threads:
    numba's (`NUMBA_NUM_THREADS`, or `numba.set_num_threads`); results do not depend on them.
    """
    reason = unsupported(rules, bots)
    if reason is not None:
        raise FastUnsupportedError(reason)
    players = len(bots)
    rules.check_players(players)
    kernel = _kernel()
    from . import layout, streams

    seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
    games = seeds.shape[0]
    bot_seeds = streams.bot_seed_table(seeds, players, STREAM_BOT)
    index = action_index(players)
    rows = habits(bots)
    # The kernel compiles a loop with the heuristic's memory only for tables that need it.
    heuristic = bool((rows[:, layout.H_POLICY] == layout.POLICY_HEURISTIC).any())
    out = np.zeros((games, layout.O_SIZE), dtype=np.int64)
    hand_wins = np.zeros((games, players), dtype=np.int64)
    scores = np.zeros((games, players), dtype=np.int64)
    first_hand = np.zeros((games, layout.F_SIZE, players), dtype=np.int64)
    trace_seat = np.zeros((games, trace), dtype=np.int16)
    trace_action = np.zeros((games, trace), dtype=np.int16)
    log = np.zeros((games, hand_log, layout.HL_VALUES + players), dtype=np.int64)
    kernel.run_games(
        seeds,
        bot_seeds,
        rule_parameters(rules, max_actions),
        rows,
        _play_bases(index),
        index.index("draw"),
        out,
        hand_wins,
        scores,
        first_hand,
        trace_seat,
        trace_action,
        chunk,
        np.ones(1, dtype=np.int64) if heuristic else None,
        log,
    )
    return FastGames(
        players=players,
        winner=out[:, layout.O_WINNER],
        hands=out[:, layout.O_HANDS],
        blocked=out[:, layout.O_BLOCKED],
        turns=out[:, layout.O_TURNS],
        actions=out[:, layout.O_ACTIONS],
        engine_draws=out[:, layout.O_ENGINE_DRAWS],
        hand_wins=hand_wins,
        scores=scores,
        first_player=out[:, layout.O_FIRST_PLAYER],
        first_direction=out[:, layout.O_FIRST_DIRECTION],
        first_discard=out[:, layout.O_FIRST_DISCARD],
        first_went_out=out[:, layout.O_FIRST_WENT_OUT],
        first_turns=out[:, layout.O_FIRST_TURNS],
        first_dealer=out[:, layout.O_FIRST_DEALER],
        first_hand=first_hand,
        trace_seat=trace_seat,
        trace_action=trace_action,
        hand_log=log,
    )


def simulate_fast(
    bots: Sequence[str],
    rules: Rules | None = None,
    *,
    games: int,
    seed: int = 0,
    start: int = 0,
    on_game: ProgressHook | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    batch: int = 20_000,
) -> SimulationStats:
    """`simulate` on the kernel: the same games (same seeds), the same statistics; games
    `start` to `start + games - 1` of the run (a block of a run on workers)."""
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    rules = rules if rules is not None else Rules()
    stats = SimulationStats(players=len(bots))
    play_games(bots, rules, game_seeds(seed, 0, 1), max_actions=max_actions)  # compiled, warm
    began = time.perf_counter()
    done = 0
    while done < games:
        count = min(batch, games - done)
        seeds = game_seeds(seed, start + done, count)
        stats.add(play_games(bots, rules, seeds, max_actions=max_actions).stats())
        done += count
        if on_game is not None:
            on_game(done)
    stats.seconds = time.perf_counter() - began
    return stats


_compiled = False


def _kernel() -> Any:
    """The kernel module, imported on first use; says so on stderr when numba must compile it
    (the first run after an install or an upgrade: a few tens of seconds, then cached)."""
    global _compiled
    if not _compiled:
        _compiled = True
        if not _cache_present():
            clear_stale_cache(Path(__file__).parent)
            print(
                "lastcard: compiling the fast simulator (once; later runs start at once)",
                file=sys.stderr,
                flush=True,
            )
    from . import kernel

    return kernel


def _cache_present() -> bool:
    """Whether numba has cached the current kernel: an index file of `run_games` newer than
    every source file of the kernel, beside the module or in `NUMBA_CACHE_DIR`. (A guess that
    errs towards saying nothing: numba may also cache in the user's cache directory.)"""
    here = Path(__file__).parent
    places = [here / "__pycache__"]
    custom = os.environ.get("NUMBA_CACHE_DIR")
    if custom:
        places.append(Path(custom))
    edited = max(source.stat().st_mtime for source in here.glob("*.py"))
    return any(
        index.stat().st_mtime >= edited
        for place in places
        if place.is_dir()
        for index in place.rglob("kernel.run_games-*.nbi")
    )


def clear_stale_cache(here: Path) -> None:
    """Delete numba's cache files beside the kernel's modules (in `here`/__pycache__) that are
    older than the newest of those modules. numba checks only the file of the function it loads:
    after an edit to `lane.py` or `streams.py` alone it would load `run_games` compiled from the
    old code. Files it cannot delete (an installation it may not write) are left."""
    cache = here / "__pycache__"
    if not cache.is_dir():
        return
    edited = max(source.stat().st_mtime for source in here.glob("*.py"))
    for stored in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
        try:
            if stored.stat().st_mtime < edited:
                stored.unlink()
        except OSError:  # gone already (another process cleared it), or not ours to delete
            continue
