"""`run_tournament`: configure, choose the engine, play every game on the workers, tally them in
game order."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from lastcard.core import Rules

from ..parallel import LocalBackend, default_backend, run_tasks
from ..runner import DEFAULT_MAX_ACTIONS
from .config import TournamentConfig, check_config
from .engine import tournament_engine
from .fast_games import fast_block_size, fast_blocks, play_fast_block
from .output import TournamentResult
from .seating import balanced_games
from .tally import Tally
from .worker import GameOutcome, game_tasks, play_tournament_game


def run_tournament(
    bots: Sequence[str],
    *,
    games: int,
    rules: Rules | None = None,
    rules_name: str | None = None,
    mode: str = "hands",
    seed: int = 0,
    workers: int = 1,
    records_path: Path | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: bool = True,
    ratings: bool = True,
    command: str | None = None,
    engine: str = "auto",
) -> TournamentResult:
    """Play a tournament between `bots` (one per seat), seats balanced; see the package docstring.

    `records_path`: write every game's record there, one JSON object per line (a `GameRecord`
    with two more keys: `game`, its index, and `bots`, the bot at each seat).

    `engine`: `"auto"` plays on the compiled simulator when it covers the tournament (single
    hands between random, eager and greedy bots under rules it plays: `tournament_engine`),
    else on the reference engine; `"fast"` insists (`FastUnsupportedError` when it cannot);
    `"reference"` never uses it. Both engines give the same results for the same seed; the
    result says which one played, and why `auto` fell back (`engine`, `engine_reason`).
    """
    rules = rules if rules is not None else Rules()
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    bots = tuple(b.strip() for b in bots)
    check_config(bots, rules, mode)
    config = TournamentConfig(
        bots=bots,
        games=balanced_games(games, len(bots)),
        games_requested=games,
        rules=rules,
        rules_name=rules_name if rules_name is not None else "custom",
        mode=mode,
        seed=seed,
        max_actions=max_actions,
    )
    keep = records_path is not None
    chosen, reason = tournament_engine(engine, config, keep_records=keep)
    tally = Tally(config, ratings=ratings)
    start = time.perf_counter()
    if chosen == "fast":
        outcomes = _fast_outcomes(config, workers, progress)
    else:
        outcomes = run_tasks(
            play_tournament_game,
            game_tasks(config, keep),
            workers=workers,
            description="tournament",
            progress=progress,
            total=config.games,
        )
    records = records_path.open("w", encoding="utf-8") if records_path is not None else None
    try:
        for outcome in outcomes:
            tally.add(outcome)
            if records is not None and outcome.record is not None:
                records.write(json.dumps(outcome.record, separators=(",", ":")) + "\n")
    finally:
        if records is not None:
            records.close()
    seconds = time.perf_counter() - start
    return TournamentResult(
        config=config,
        bots=tally.bot_stats(),
        ratings=tally.ratings(),
        null_win_rate=tally.null_win_rate,
        games=tally.games,
        finished=tally.finished,
        unfinished=tally.unfinished,
        hands=tally.hands,
        blocked_hands=tally.blocked_hands,
        actions=tally.actions,
        rated_games=tally.rated_games,
        seat_games=tally.seat_games,
        seat_wins=tally.seat_wins,
        position_games=tally.position_games,
        position_wins=tally.position_wins,
        turns=tally.turns,
        turns_per_hand=tally.turns_per_hand,
        lengths=tally.lengths,
        pairs=tally.pairs(),
        neighbours=tally.neighbour_games(),
        seconds=seconds,
        workers=workers,
        command=command,
        records_path=str(records_path) if records_path is not None else None,
        engine=chosen,
        engine_reason=reason,
    )


def _fast_outcomes(config: TournamentConfig, workers: int, progress: bool) -> Iterator[GameOutcome]:
    """The tournament's games played on the compiled simulator in blocks (`fast_games`), as
    `GameOutcome`s in game order."""
    backend = default_backend()
    in_process = workers == 1 and isinstance(backend, LocalBackend)
    parallelism = 1 if in_process else backend.parallelism(workers)
    size = fast_block_size(config.games, config.design_length, parallelism)
    blocks = fast_blocks(config, size, threads=None if in_process else 1)
    for block in run_tasks(
        play_fast_block,
        blocks,
        workers=workers,
        description=f"tournament, blocks of {size:,} games",
        progress=progress,
        total=-(-config.games // size),
        chunksize=1,
        backend=backend,
    ):
        yield from block.outcomes()
