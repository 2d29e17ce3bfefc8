"""`run_tournament`: configure, play every game on the workers, tally them in game order."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path

from lastcard.core import Rules

from ..parallel import run_tasks
from ..runner import DEFAULT_MAX_ACTIONS
from .config import TournamentConfig, check_config
from .output import TournamentResult
from .seating import balanced_games
from .tally import Tally
from .worker import game_tasks, play_tournament_game


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
) -> TournamentResult:
    """Play a tournament between `bots` (one per seat), seats balanced; see the package docstring.

    `records_path`: write every game's record there, one JSON object per line (a `GameRecord`
    with two more keys: `game`, its index, and `bots`, the bot at each seat).
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
    tally = Tally(config, ratings=ratings)
    keep = records_path is not None
    start = time.perf_counter()
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
    )
