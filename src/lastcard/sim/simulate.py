"""Many games between bots, and their statistics (`lastcard simulate`).

Each game is a whole game: hands are dealt until the rules' game end (the target score, or the
last player standing with elimination); a preset with `target_score=None` makes each game a
single hand. Game i is dealt with `game_seed(seed, i)` = `stream_seed(seed, STREAM_GAME, i)`, and
its bots are seeded from that (see `runner`), so a run is reproducible and does not depend on how
it is split up.

The statistics:

- games per second: wall-clock, the whole run including the bots' decisions;
- mean turns per hand: a *turn* is an action taken while a turn is awaited (phase AWAIT_TURN): a
  play, a draw (a draw followed by playing the drawn card is one turn) or a pass, jump-ins
  included; answering a Wild Draw Four or a stack, `keep`, `uno` and `catch` are not turns;
- each seat's share of hand wins: of the hands someone went out of (blocked hands have no
  winner and are counted apart), the fraction each seat went out of;
- each seat's share of game wins (a shared win counts for every winner).

With `workers` (or a Ray backend, `parallel.RayBackend`) the games are split into blocks of
consecutive indices, each played by `play_block` on a worker, and the blocks' statistics are
added up in order: every count is the same as in one process, for any number of workers and
either backend.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from lastcard.bots import BotFactory
from lastcard.core import Action, ActionKind, GameState, Phase, Rules, Transition
from lastcard.core.rng import STREAM_GAME, stream_seed

from .parallel import Backend, LocalBackend, default_backend, run_tasks
from .runner import DEFAULT_MAX_ACTIONS, play_game
from .simulation_stats import ProgressHook, SimulationStats

_TURN_KINDS = frozenset({ActionKind.PLAY, ActionKind.DRAW})
_BLOCKS_PER_WORKER = 8  # enough for the load to balance and the progress to move


def is_turn(before: GameState, action: Action) -> bool:
    """Whether `action`, taken in `before`, is a turn as the statistics count them (see the
    module docstring): a play or a draw while a turn is awaited."""
    return before.phase is Phase.AWAIT_TURN and action.kind in _TURN_KINDS


def game_seed(seed: int, index: int) -> int:
    """The seed game `index` of a run with base `seed` is dealt with: `stream_seed(seed,
    STREAM_GAME, index)`, two rounds of SplitMix64's mixing, so that a compiled simulator derives
    it as cheaply as it deals (`lastcard.core.rng.stream_seed`)."""
    return stream_seed(seed, STREAM_GAME, index)


@dataclass(frozen=True)
class GameBlock:
    """Games `start` to `start + count - 1` of a run: one task of a run on workers. It pickles
    when the bots are given by name (or by picklable factories)."""

    bots: tuple[BotFactory | str, ...]
    rules: Rules
    seed: int
    start: int
    count: int
    max_actions: int
    engine: str


def play_block(block: GameBlock) -> SimulationStats:
    """Play `block`'s games, each dealt as in a run of `simulate` (game i with
    `game_seed(seed, i)`), and count them."""
    indices = range(block.start, block.start + block.count)
    if block.engine == "fast":
        return _play_fast(block.bots, block.rules, block.seed, indices, block.max_actions)
    return _play_reference(block.bots, block.rules, block.seed, indices, None, block.max_actions)


def simulate(
    bots: Sequence[BotFactory | str],
    rules: Rules | None = None,
    *,
    games: int,
    seed: int = 0,
    on_game: ProgressHook | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    engine: str = "reference",
    workers: int = 1,
    backend: Backend | None = None,
) -> SimulationStats:
    """Play `games` games between `bots` (one per seat) and measure them.

    `on_game` is called after each game (for a progress bar, say; the fast engine calls it
    after each batch, and a run on workers after each block). `engine="fast"` plays the same
    games on the compiled simulator (`lastcard.sim.fast`; `choose_engine` says whether it can).
    `workers` and `backend` (by default `parallel.default_backend()`) say where the games are
    played: one worker of the local backend is this process; otherwise blocks of games run
    through `run_tasks` (`play_block`), and the bots must pickle. The counts do not depend on
    either; `seconds` is the wall clock of the whole run.
    """
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    if workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    rules = rules if rules is not None else Rules()
    if engine == "fast" and not all(isinstance(bot, str) for bot in bots):
        raise ValueError("the fast engine plays bots given by name")
    backend = backend if backend is not None else default_backend()
    if workers > 1 or not isinstance(backend, LocalBackend):
        return _simulate_in_blocks(
            bots, rules, games, seed, on_game, max_actions, engine, workers, backend
        )
    if engine == "fast":
        return _play_fast(bots, rules, seed, range(games), max_actions, on_game)
    return _play_reference(bots, rules, seed, range(games), on_game, max_actions)


def _simulate_in_blocks(
    bots: Sequence[BotFactory | str],
    rules: Rules,
    games: int,
    seed: int,
    on_game: ProgressHook | None,
    max_actions: int,
    engine: str,
    workers: int,
    backend: Backend,
) -> SimulationStats:
    """`simulate` on workers: blocks of consecutive games, their statistics added in order."""
    size = max(1, math.ceil(games / (backend.parallelism(workers) * _BLOCKS_PER_WORKER)))
    blocks = [
        GameBlock(tuple(bots), rules, seed, start, min(size, games - start), max_actions, engine)
        for start in range(0, games, size)
    ]
    stats = SimulationStats(players=len(bots))
    start = time.perf_counter()
    for played in run_tasks(
        play_block,
        blocks,
        workers=workers,
        description="simulate",
        progress=False,  # the caller's `on_game` shows the progress
        chunksize=1,
        backend=backend,
    ):
        stats.add(played)
        if on_game is not None:
            on_game(stats.games)
    stats.seconds = time.perf_counter() - start
    return stats


def _play_reference(
    bots: Sequence[BotFactory | str],
    rules: Rules,
    seed: int,
    indices: range,
    on_game: ProgressHook | None,
    max_actions: int,
) -> SimulationStats:
    """Games `indices` of a run on the reference engine; `on_game` gets the number played."""
    stats = SimulationStats(players=len(bots))
    turns = 0

    def count_turn(seat: int, action: Action, before: GameState, _: Transition) -> None:
        nonlocal turns
        turns += is_turn(before, action)

    start = time.perf_counter()
    for done, index in enumerate(indices, start=1):
        turns = 0
        record, state = play_game(
            bots, rules, game_seed(seed, index), on_step=count_turn, max_actions=max_actions
        )
        stats.add_game(state, turns, len(record.actions))
        if on_game is not None:
            on_game(done)
    stats.seconds = time.perf_counter() - start
    return stats


def _play_fast(
    bots: Sequence[BotFactory | str],
    rules: Rules,
    seed: int,
    indices: range,
    max_actions: int,
    on_game: ProgressHook | None = None,
) -> SimulationStats:
    """Games `indices` of a run on the compiled simulator (`simulate` checked that every bot is
    given by name); `on_game` gets the number played after each batch."""
    from .fast.run import simulate_fast  # NumPy and numba, imported only when asked for

    names = [bot for bot in bots if isinstance(bot, str)]
    return simulate_fast(
        names,
        rules,
        games=len(indices),
        seed=seed,
        start=indices.start,
        on_game=on_game,
        max_actions=max_actions,
    )


def simulate_with_progress(
    bots: Sequence[BotFactory | str],
    rules: Rules | None = None,
    *,
    games: int,
    seed: int = 0,
    console: Console | None = None,
    min_games: int = 20,
    engine: str = "reference",
    workers: int = 1,
    backend: Backend | None = None,
) -> SimulationStats:
    """`simulate` with a rich progress bar on `console` (stderr by default).

    The bar appears only for runs of at least `min_games` games, and only on a terminal: piped
    output stays clean.
    """
    console = console if console is not None else Console(stderr=True)
    if games < min_games or not console.is_terminal:
        return simulate(
            bots, rules, games=games, seed=seed, engine=engine, workers=workers, backend=backend
        )
    columns = (
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("simulate", total=games)
        return simulate(
            bots,
            rules,
            games=games,
            seed=seed,
            on_game=lambda done: progress.update(task, completed=done),
            engine=engine,
            workers=workers,
            backend=backend,
        )
