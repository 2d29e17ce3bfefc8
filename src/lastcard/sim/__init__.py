"""Running games between bots: one game (`play_game`), many (`simulate`), tournaments.

- `runner`: `play_game`, one recorded game between bots.
- `simulate`: many games between the same seats, and their statistics (`lastcard simulate`).
- `stats`: Wilson intervals, exact binomial tests, streaming means and histograms.
- `parallel`: `run_tasks`, ordered and streaming work on several processes.
- `tournament`: `run_tournament`, games between bots with seats and neighbours balanced
  (`lastcard tournament`);
  `report` writes its results.json, results.csv, report.md and plots (`plots`, matplotlib).

`sim` imports `lastcard.core`, `lastcard.bots` and `lastcard.table` only (DESIGN.md §1).
"""

from __future__ import annotations

from .parallel import run_tasks
from .runner import (
    DEFAULT_MAX_ACTIONS,
    BotMistakeError,
    EventHook,
    StepHook,
    bot_seed,
    play_game,
)
from .simulate import game_seed, simulate, simulate_with_progress
from .simulation_stats import SimulationStats
from .stats import (
    Histogram,
    RunningMean,
    binomial_p_value,
    one_sided_binomial_p,
    wilson_interval,
)
from .tournament import TournamentResult, run_tournament

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "BotMistakeError",
    "EventHook",
    "Histogram",
    "RunningMean",
    "SimulationStats",
    "StepHook",
    "TournamentResult",
    "binomial_p_value",
    "bot_seed",
    "game_seed",
    "one_sided_binomial_p",
    "play_game",
    "run_tasks",
    "run_tournament",
    "simulate",
    "simulate_with_progress",
    "wilson_interval",
]
