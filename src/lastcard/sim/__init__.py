"""Running games between bots: one game (`play_game`), many (`simulate`), tournaments, the study.

- `runner`: `play_game`, one recorded game between bots.
- `simulate`: many games between the same seats, and their statistics (`lastcard simulate`).
- `parallel`: `run_tasks`, ordered and streaming work on several processes.
- `tournament`: `run_tournament`, games between bots with seats and neighbours balanced
  (`lastcard tournament`).
- `study`: the study's cells of bots, played and tallied (`lastcard study`).
- `fast`: the compiled simulator.

What the runs measured becomes reports and plots in `lastcard.analysis`; the statistics the
runs tally with are `lastcard.analysis.statistics` (re-exported here as before).

`sim` imports `lastcard.core`, `lastcard.bots`, `lastcard.table` and
`lastcard.analysis.statistics` only (DESIGN.md §1).
"""

from __future__ import annotations

from lastcard.analysis.statistics import (
    Histogram,
    RunningMean,
    binomial_p_value,
    one_sided_binomial_p,
    wilson_interval,
)

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
